#!/bin/bash
# run.sh NAME BIN : 60 games (30 at seed 1 from game 1, 30 at seed 2 from game 31) against the base
NAME=$1; BIN=$2; BASE=/tmp/hoshi-7fdc691
mkdir -p $NAME
cd /work/main
for K in ${KS:-1 31}; do S=$((K/30+1));
python3 scripts/match.py --engine "$BIN --playouts 5000 --threads 1 --rules japanese --no-resign --seed $S" \
  --opponent "$BASE --playouts 5000 --threads 1 --rules japanese --no-resign --seed $S" \
  --referee "/usr/games/gnugo --mode gtp --japanese-rules" --komi 6.5 --size 9 --games 30 \
  --sgf-dir /work/hoshi-scratch/jp2/$NAME --first-game $K >> /work/hoshi-scratch/jp2/$NAME/log.txt 2>&1
done
