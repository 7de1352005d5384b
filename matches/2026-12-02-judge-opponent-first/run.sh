#!/bin/bash
# /tmp/hoshi-base: release build of 377db5b8 (before); /tmp/hoshi-judge: release build of
# this commit. 9x9 Japanese games against GNU Go level 10, side by side.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --rules japanese \
  --a "/tmp/hoshi-base --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --b "/tmp/hoshi-judge --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games ${GAMES:-24} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
