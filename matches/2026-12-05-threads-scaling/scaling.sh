#!/bin/bash
# Whole-process wall time of one genmove at fixed playouts, 1 and 2 threads, both engines.
H=${H:-/tmp/hoshi-5ac842b9}
printf 'boardsize 9\nclear_board\ngenmove b\n' > /tmp/e9.gtp
printf 'boardsize 19\nclear_board\ngenmove b\n' > /tmp/e19.gtp
for r in 1 2 3; do
  for size in 9 19; do
    n=$([ $size = 9 ] && echo 60000 || echo 20000)
    for t in 1 2; do
      s=$(date +%s.%N); $H --playouts $n --max-time-per-move 600 --threads $t < /tmp/e$size.gtp > /dev/null 2>&1; e=$(date +%s.%N)
      echo "hoshi size=$size playouts=$n threads=$t $(echo "$e - $s" | bc)"
      s=$(date +%s.%N); /tmp/pachi/pachi -t =$n -d 0 threads=$t < /tmp/e$size.gtp > /dev/null 2>&1; e=$(date +%s.%N)
      echo "pachi size=$size playouts=$n threads=$t $(echo "$e - $s" | bc)"
    done
  done
done
