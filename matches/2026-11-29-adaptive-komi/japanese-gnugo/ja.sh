#!/bin/bash
# usage: ja.sh RUN  (Japanese 9x9 vs GNU Go L10 at 0.5 s, arms ak / off, 24 games each)
R=$1; D=/tmp/ja/$R; mkdir -p $D
cd /work/main
run() { # arm core first extra
taskset -c $2 python3 scripts/match.py --rules japanese --engine "/tmp/hoshi-aq2 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1 $4" --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games 12 --first-game $3 --sgf-dir $D/$1$3 > $D/$1$3.log 2>&1
}
( run ak 0 1 ""; run ak 0 13 "" ) &
( run off 1 1 "--param adaptive_from=11"; run off 1 13 "--param adaptive_from=11" ) &
wait
echo done > $D/done
