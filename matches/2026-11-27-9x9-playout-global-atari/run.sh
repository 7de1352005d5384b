#!/bin/bash
# 9x9, 5,000 playouts against Pachi 1,250; global atari 90 vs control, chunks of 10 interleaved
cd /work/main
for k in $(seq 0 14); do
  f=$((10*k+1))
  for arm in control gatari90; do
    if [ $arm = control ]; then P=""; else P="--param playout_global_atari=90"; fi
    python3 scripts/match.py --engine "/tmp/hoshi-gatari --playouts 5000 --threads 1 $P" \
      --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --games 10 --first-game $f \
      --sgf-dir /work/hoshi-scratch/gatari/$arm >> /work/hoshi-scratch/gatari/$arm.log 2>&1
  done
done
