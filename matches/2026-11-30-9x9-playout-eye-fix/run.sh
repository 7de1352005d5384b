#!/bin/bash
# /tmp/hoshi-eyefix: release build of the patch in this folder; arm b fixes false eyes in 60%.
D="$(cd "$(dirname "$0")" && pwd)"
cd "$D/../.."
python3 scripts/ab.py --a "/tmp/hoshi-eyefix --max-time-per-move 0.25 --threads 1 --lag 0" \
  --b "/tmp/hoshi-eyefix --max-time-per-move 0.25 --threads 1 --lag 0 --param playout_eye_fix=60" \
  --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" --size 9 --komi 7.5 --games ${GAMES:-120} \
  --first-game ${FIRST:-1} --workers 2 --cpus 0,1 --dir "$D/${RUN:-run1}" > "$D/${RUN:-run1}.out" 2>&1
