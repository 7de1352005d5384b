#!/bin/bash
# duel.sh DIR GAMES "B command" "A command": B against A (random seeds), GAMES split over
# two streams pinned to cores 0 and 1; B is "engine" in match.py, black in odd games.
dir=$1; games=$2; b=$3; a=$4
mkdir -p $dir
R=/work/main/matches/2026-11-26-9x9-selfplay-threads2/rseed.sh
half=$((games/2))
taskset -c 0 python3 /work/main/scripts/match.py --engine "$R $b" --opponent "$R $a" --size 9 --games $half --first-game 1 --sgf-dir $dir/sgf > $dir/s0.log 2>&1 &
taskset -c 1 python3 /work/main/scripts/match.py --engine "$R $b" --opponent "$R $a" --size 9 --games $half --first-game $((half+1)) --sgf-dir $dir/sgf > $dir/s1.log 2>&1 &
wait
cat $dir/s0.log $dir/s1.log | grep '^game' | awk '/win/{w++} {n++} END{p=w/n; printf "B won %d of %d: %.1f%% +- %.1f%%\n", w, n, 100*p, 100*sqrt(p*(1-p)/n)}' | tee $dir/result.txt
