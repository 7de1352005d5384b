#!/bin/bash
# The solver's cost over GNU Go's end-of-game and scoring suites: every walled-in problem of
# every position that filllib.tst and score.tst load, read both ways at the engine's
# per-question budget (examples/problems --answers-only). Prints the questions, how many
# the budget left unanswered, and the positions read in all; the answers go to OUT.
#
#   cargo build --release --example problems
#   scripts/solver-suite.sh [SUITES_DIR] [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
suites=${1:-$here/../shared/suites/gnugo}
out=${2:-/tmp/solver-suite.txt}
problems=${PROBLEMS:-$here/target/release/examples/problems}
cd "$suites"
grep -h '^loadsgf' filllib.tst score.tst | sort -u | awk '{print $2 ($3 == "" ? "" : " " $3)}' |
    xargs -P2 -L1 sh -c "'$problems' \"\$0\" \$1 --answers-only | sed \"s|^|\$0 \$1: |\"" |
    sort > "$out"
awk '{ n += 2; u += gsub(/None/, "None");
       for (i = 1; i <= NF; i++) if ($i ~ /^\([0-9]+$/) { gsub(/\(/, "", $i); s += $i } }
     END { print "questions", n, "unknown", u, "positions", s }' "$out"
