#!/bin/bash
# /tmp/hoshi-dame: release build of this commit. Arm a passes where arm b fills a dame
# (--param fill_dame=0 against the default), 9x9 Japanese games against GNU Go level 10.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --rules japanese \
  --a "/tmp/hoshi-dame --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1 --param fill_dame=0" \
  --b "/tmp/hoshi-dame --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games ${GAMES:-24} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
