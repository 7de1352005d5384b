#!/bin/bash
# /tmp/hoshi-decided15: release build of the commit after 5be75774 (decided band 15%-85%). 9x9 Japanese against GNU Go level 10 at
# 2 s a move, one thread, two streams of 12 games side by side (cores 0 and 1).
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
for k in 0 1; do
  taskset -c $k python3 scripts/match.py --rules japanese \
    --engine "/tmp/hoshi-decided15 --max-time-per-move 2 --lag 0 --rules japanese --threads 1" \
    --opponent "/usr/games/gnugo --mode gtp --level 10 --japanese-rules" --size 9 --komi 6.5 \
    --games 12 --first-game $((${FIRST:-1} + 12 * k)) --sgf-dir "$D/sgf" > "$D/match${FIRST:-1}-$k.log" 2>&1 &
done
wait
