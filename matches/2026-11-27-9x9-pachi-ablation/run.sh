#!/bin/bash
# Pachi with parts switched off, against hoshi at fixed playouts (core 0).
H="/tmp/hoshi-c7652a8 --playouts 5000 --max-time-per-move 30 --threads 1"
for v in light:threads=1,playout=light nopat:threads=1,prior=pattern=0 base:threads=1; do
  name=${v%%:*}; args=${v#*:}
  mkdir -p $name
  taskset -c 0 python3 /work/main/scripts/match.py --engine "$H" --opponent "/tmp/pachi/pachi -t =1250 -d 0 $args" \
     --size 9 --games 60 --sgf-dir $name/sgf > $name/log 2>&1
done
