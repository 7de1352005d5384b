#!/bin/bash
# hoshi 0a826846 (/tmp/hoshi-head) against the same with the race-winning atari read in the
# mending before a pass (/tmp/hoshi-race), 9x9 Japanese games against GNU Go level 10.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --rules japanese \
  --a "/tmp/hoshi-head --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --b "/tmp/hoshi-race --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games ${GAMES:-24} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
