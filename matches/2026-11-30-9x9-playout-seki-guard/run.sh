#!/bin/bash
cd "$(dirname "$0")"
python3 /work/main/scripts/ab.py --a "/tmp/hoshi-1dde9806 --max-time-per-move 0.25 --threads 1 --lag 0 --param playout_seki_guard=0" \
  --b "/tmp/hoshi-1dde9806 --max-time-per-move 0.25 --threads 1 --lag 0" \
  --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --komi 7.5 --games 120 \
  --workers 2 --cpus 0,1 --dir run2 > run2/out.txt 2>&1
echo done >> run2/out.txt
