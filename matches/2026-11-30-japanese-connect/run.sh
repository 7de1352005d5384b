#!/bin/bash
D=/tmp/ja/conn; mkdir -p $D
cd /work/main
run() { # arm core first bin
taskset -c $2 python3 scripts/match.py --rules japanese --engine "$4 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1" --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games 12 --first-game $3 --sgf-dir $D/$1$3 > $D/$1$3.log 2>&1
}
( run conn 0 1 /tmp/hoshi-conn2; run conn 0 13 /tmp/hoshi-conn2 ) &
( run main 1 1 /tmp/hoshi-ec40; run main 1 13 /tmp/hoshi-ec40 ) &
wait
echo done > $D/done
