#!/bin/bash
# boost on vs off, 19x19 5 s/move against Pachi, one thread each, interleaved game by game
cd /work/main
for g in $(seq 1 40); do
  for c in on off; do
    if [ $c = on ]; then P=""; else P="--param prior_opening_stones=0"; fi
    echo "=== $c game $g $(date +%T)" >> /work/hoshi-scratch/boost5s/$c.log
    python3 scripts/match.py --engine "/tmp/hoshi-6e6a21f --max-time-per-move 5 --threads 1 $P" \
      --opponent "/tmp/pachi/pachi -t 5 -d 0 threads=1" --size 19 --games 1 --first-game $g \
      --sgf-dir /work/hoshi-scratch/boost5s/$c >> /work/hoshi-scratch/boost5s/$c.log 2>&1
  done
done
