#!/bin/bash
# hoshi on two threads against hoshi on one, the same playouts a move (self-play, 9x9).
python3 /work/main/scripts/match.py --engine "/tmp/hoshi-c7652a8 --playouts 5000 --max-time-per-move 30 --threads 2" \
   --opponent "/tmp/hoshi-c7652a8 --playouts 5000 --max-time-per-move 30 --threads 1" \
   --size 9 --games 200 --sgf-dir sgf > log 2>&1
