#!/bin/bash
# /tmp/hoshi-c0: release build of 4688b059 (before); /tmp/hoshi-cl50: release build of this
# commit (no extension or connection of an own chain the opponent owns in most playouts).
# 9x9 Japanese games against GNU Go level 10, side by side.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --rules japanese \
  --a "/tmp/hoshi-c0 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --b "/tmp/hoshi-cl50 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" \
  --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games ${GAMES:-24} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
