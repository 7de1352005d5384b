#!/bin/bash
# /tmp/hoshi-dame4: release build of 684801f3; /tmp/hoshi-eyes: the same with the reader's
# eye test (this commit). Side by side against Pachi at 1,250 playouts, 9x9, Chinese.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --a "/tmp/hoshi-dame4 --max-time-per-move 0.25 --threads 1 --lag 0" \
  --b "/tmp/hoshi-eyes --max-time-per-move 0.25 --threads 1 --lag 0" \
  --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --komi 7.5 --games ${GAMES:-120} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
