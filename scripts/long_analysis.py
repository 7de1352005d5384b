#!/usr/bin/env python3
"""Long analysis under a memory cap: runs `kata-analyze` on one position for a while and
samples, every interval, the engine's resident memory (VmRSS from /proc), the root's
visits (the sum of the candidates' visits) and the best move. Shows that the tree is
reclaimed under --max-memory instead of freezing.

    scripts/long_analysis.py --engine "target/release/hoshi --max-memory 64 -v" \
        --seconds 300 --moves "Q16 D4 Q3 D16 R5" > /tmp/capped.txt

Prints one line per sample (seconds, RSS MiB, root visits, best move, its visits), then a
summary: the largest RSS and the final best move. The engine's stderr goes to
--stderr FILE (its info log says when reclaiming starts).
"""

import argparse
import os
import shlex
import subprocess
import sys
import threading
import time


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def parse_info(line):
    """(root visits, best move, best visits) from a kata-analyze info line."""
    entries = line.split("info ")[1:]
    total, best, best_visits = 0, None, 0
    for e in entries:
        words = e.split()
        fields = dict(zip(words[0::2], words[1::2]))
        visits = int(fields.get("visits", 0))
        total += visits
        if fields.get("order") == "0":
            best, best_visits = fields.get("move"), visits
    return total, best, best_visits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--interval", type=float, default=5, help="sampling interval, seconds")
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--moves", default="", help="moves played from the empty board, alternating from black")
    ap.add_argument("--stderr", default="/dev/null")
    args = ap.parse_args()

    err = open(args.stderr, "w")
    p = subprocess.Popen(shlex.split(args.engine), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=err, text=True, bufsize=1)

    def send(cmd):
        p.stdin.write(cmd + "\n")
        p.stdin.flush()

    def reply():
        lines = []
        while True:
            line = p.stdout.readline()
            if line == "":
                sys.exit("engine closed stdout")
            if line.strip() == "" and lines:
                return "".join(lines)
            if line.strip():
                lines.append(line)

    send(f"boardsize {args.size}")
    reply()
    send("clear_board")
    reply()
    color = "b"
    for mv in args.moves.split():
        send(f"play {color} {mv}")
        r = reply()
        if not r.startswith("="):
            sys.exit(f"play {color} {mv}: {r}")
        color = "w" if color == "b" else "b"

    latest = {"line": None}

    def reader():
        for line in p.stdout:
            if line.startswith("info "):
                latest["line"] = line

    # Info lines come more often than samples are taken, so each sample reads a fresh one.
    send(f"kata-analyze {max(10, min(100, int(args.interval * 50)))}")
    first = p.stdout.readline()
    assert first.startswith("="), first
    t = threading.Thread(target=reader, daemon=True)
    t.start()
    start = time.time()
    max_rss = 0.0
    print("seconds rss_mib root_visits best best_visits", flush=True)
    while time.time() - start < args.seconds:
        time.sleep(0.25)
        max_rss = max(max_rss, rss_mib(p.pid))
        elapsed = time.time() - start
        if elapsed >= args.interval * (1 + getattr(main, "samples", 0)):
            main.samples = getattr(main, "samples", 0) + 1
            line = latest["line"]
            if line:
                total, best, bv = parse_info(line)
                print(f"{elapsed:7.1f} {rss_mib(p.pid):7.1f} {total:11d} {best} {bv}", flush=True)
    send("quit")
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
    line = latest["line"]
    total, best, bv = parse_info(line) if line else (0, None, 0)
    print(f"max_rss_mib {max_rss:.1f}")
    print(f"final root_visits {total} best {best} best_visits {bv}")


if __name__ == "__main__":
    main()
