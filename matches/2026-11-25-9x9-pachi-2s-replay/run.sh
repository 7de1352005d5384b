#!/bin/bash
# Alternating replay at 2 s/move against Pachi -t 2: game k with 5b0bda1, then game k with cce214a.
cd /work/main
for k in $(seq 1 60); do
  for arm in 5b0bda1 cce214a; do
    d=/work/hoshi-scratch/r2s/$arm; mkdir -p $d
    python3 scripts/match.py --engine "/tmp/hoshi-$arm --max-time-per-move 2" \
      --opponent "/tmp/pachi/pachi -t 2 -d 0 threads=2" --size 9 --games 1 --first-game $k \
      --sgf-dir $d/sgf >> $d/log.txt 2>&1
  done
done
