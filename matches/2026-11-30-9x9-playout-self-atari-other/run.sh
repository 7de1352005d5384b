#!/bin/bash
cd "$(dirname "$0")/../.."
D=matches/2026-11-30-9x9-playout-self-atari-other
python3 scripts/ab.py --a "/tmp/hoshi-redir --max-time-per-move 0.25 --threads 1 --lag 0" \
  --b "/tmp/hoshi-redir --max-time-per-move 0.25 --threads 1 --lag 0 --param playout_self_atari_other=100" \
  --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --komi 7.5 --games ${GAMES:-120} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir $D/${RUN:-run1} > $D/${RUN:-run1}.out 2>&1
