#!/bin/bash
D="$(cd "$(dirname "$0")" && pwd)"
cd /work/main
run() { # arm core first extra
taskset -c $2 python3 scripts/match.py --rules japanese --engine "/tmp/hoshi-1dde9806 --max-time-per-move 0.5 --lag 0 --rules japanese --threads 1 $4" --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --komi 6.5 --games 12 --first-game $3 --sgf-dir $D/$1$3 > $D/$1$3.log 2>&1
}
( run guard 0 1 ""; run guard 0 13 "" ) &
( run noguard 1 1 "--param playout_seki_guard=0"; run noguard 1 13 "--param playout_seki_guard=0" ) &
wait

