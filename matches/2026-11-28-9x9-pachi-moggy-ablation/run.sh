#!/bin/bash
# Pachi moggy rules switched off one at a time, against hoshi df3bda51 at fixed playouts.
cd /work/hoshi-scratch/abl
H="/tmp/hoshi-df3b --playouts 5000 --max-time-per-move 30 --threads 1"
run() { core=$1; shift
  for v in "$@"; do
    name=${v%%:*}; args=${v#*:}
    mkdir -p $name
    taskset -c $core python3 /work/main/scripts/match.py --engine "$H" --opponent "/tmp/pachi/pachi -t =1250 -d 0 $args" \
       --size 9 --komi 7.5 --games 60 --sgf-dir $name/sgf > $name/log 2>&1
  done
}
run 0 base:threads=1 no2lib:threads=1,playout=moggy:atarirate=0 nosa:threads=1,playout=moggy:selfatarirate=0 nonlib:threads=1,playout=moggy:nlibrate=0 &
run 1 noeyefix:threads=1,playout=moggy:eyefixrate=0 nopat3:threads=1,playout=moggy:patternrate=0 noko:threads=1,playout=moggy:korate=0 nonakade:threads=1,playout=moggy:nakaderate=0 &
wait
echo done > done
