#!/bin/bash
# playouts a move of each engine on the same positions, fresh processes
for f in /tmp/diag/p-*.gtp; do
  h=$(RUST_LOG=info /tmp/hoshi-full --max-time-per-move 1 < $f 2>&1 >/dev/null | grep -o '[0-9]* playouts in [0-9.]*s' | tail -1)
  h1=$(RUST_LOG=info /tmp/hoshi-full --threads 1 --max-time-per-move 1 < $f 2>&1 >/dev/null | grep -o '[0-9]* playouts in [0-9.]*s' | tail -1)
  p=$(/tmp/pachi/pachi -t 2 -d 2 threads=2 < $f 2>&1 >/dev/null | grep -E 'WINNER|genmove in' | tr '\n' ' ')
  echo "$(basename $f) | hoshi2: $h | hoshi1: $h1 | pachi: $p"
done
