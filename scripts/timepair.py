#!/usr/bin/env python3
"""Time two commands as whole processes in turn (A B A B ...) and report the ratio A/B.

Each run's wall time is measured around the child process, after one warm-up run of
each. The machine's speed drifts, so the figure to quote is the median of the
pair-by-pair ratios, not either command's own time. Standard input, when given, is
a file every run reads from its start; output is discarded.

Example (a build against main's, a 20,000-playout genmove in a game's middle):
  printf 'loadsgf %s 30\\ngenmove b\\n' "$PWD/matches/2026-12-05-9x9-pachi-2s/sgf/game001.sgf" > /tmp/g30.gtp
  scripts/timepair.py --runs 8 --cpu 1 --stdin /tmp/g30.gtp \\
      --a "/tmp/hoshi-new --playouts 20000 --threads 1 --seed 3 --max-time-per-move 600" \\
      --b "/tmp/hoshi-old --playouts 20000 --threads 1 --seed 3 --max-time-per-move 600"
"""
import argparse
import shlex
import statistics
import subprocess
import time


def run(command, stdin_path, cpu):
    """Wall seconds of one run of `command`."""
    argv = shlex.split(command)
    if cpu is not None:
        argv = ["taskset", "-c", str(cpu)] + argv
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    status = proc.wait()
    wall = time.monotonic() - start
    if stdin_path:
        stdin.close()
    if status != 0:
        raise SystemExit(f"{command!r} exited with status {status}")
    return wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="first command")
    ap.add_argument("--b", required=True, help="second command")
    ap.add_argument("--runs", type=int, default=8, help="counted pairs")
    ap.add_argument("--cpu", type=int, help="pin every run to this processor")
    ap.add_argument("--stdin", help="file given as every run's standard input")
    args = ap.parse_args()
    run(args.a, args.stdin, args.cpu)
    run(args.b, args.stdin, args.cpu)
    walls = {"a": [], "b": []}
    ratios = []
    for _ in range(args.runs):
        wa = run(args.a, args.stdin, args.cpu)
        wb = run(args.b, args.stdin, args.cpu)
        walls["a"].append(wa)
        walls["b"].append(wb)
        ratios.append(wa / wb)
    for arm in ("a", "b"):
        w = walls[arm]
        print(f"{arm} wall s: min {min(w):.3f} median {statistics.median(w):.3f} max {max(w):.3f}")
    print(f"a/b wall: min {min(ratios):.4f} median {statistics.median(ratios):.4f} "
          f"max {max(ratios):.4f} ({args.runs} pairs)")


if __name__ == "__main__":
    main()
