#!/bin/bash
# The decided-search band (DECIDED_OUTSIDE) on top: /tmp/hoshi-base (377db5b8) against
# /tmp/hoshi-judge2 (the band's commit), as run.sh.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --rules japanese \
  --a "/tmp/hoshi-base --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --b "/tmp/hoshi-judge2 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games ${GAMES:-24} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-band1}" > "$D/${RUN:-band1}.out" 2>&1
