#!/bin/bash
# usage: ja2.sh RUN  (Japanese 9x9 vs GNU Go L10 at 0.5 s, arms floor (hoshi-fl) / head (hoshi-aq2), 24 games each)
R=$1; D=/tmp/ja/$R; mkdir -p $D
cd /work/main
run() { # arm bin core first
taskset -c $3 python3 scripts/match.py --rules japanese --engine "$2 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games 12 --first-game $4 --sgf-dir $D/$1$4 > $D/$1$4.log 2>&1
}
( run floor /tmp/hoshi-fl 0 1; run floor /tmp/hoshi-fl 0 13 ) &
( run head /tmp/hoshi-aq2 1 1; run head /tmp/hoshi-aq2 1 13 ) &
wait
echo done > $D/done
