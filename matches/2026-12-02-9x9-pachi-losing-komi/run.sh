#!/bin/bash
# /tmp/hoshi-lost: release build of 68b31c8f with the losing adaptive komi
# (adaptive_lost_rate, default 0.1 in the trial); a turns it off. Side by side against Pachi
# at 1,250 playouts, 9x9, Chinese.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --a "/tmp/hoshi-lost --max-time-per-move 0.25 --threads 1 --lag 0 --param adaptive_lost_rate=0" \
  --b "/tmp/hoshi-lost --max-time-per-move 0.25 --threads 1 --lag 0" \
  --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --komi 7.5 --games ${GAMES:-120} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
