#!/usr/bin/env python3
"""Playouts per move at the 2 s clock: for positions of SGF games, each engine's genmove with
its match command; hoshi's count from its log line, Pachi's from its -d 2 summary."""
import os
import re
import subprocess
import sys
import time

HOSHI = "/tmp/hoshi-5ac842b9 --max-time-per-move 2"
PACHI = "/tmp/pachi/pachi -t 2 -d 2 threads=2"


def moves(path):
    return re.findall(r";([BW])\[([a-z]{0,2})\]", open(path).read())


def vertex(m):
    if not m:
        return "pass"
    return "ABCDEFGHJ"[ord(m[0]) - 97] + str(9 - (ord(m[1]) - 97))


def run(cmd, gtp, env=None):
    """Wall seconds and standard error of one run of `cmd` on `gtp`."""
    t = time.time()
    p = subprocess.run(cmd.split(), input=gtp, capture_output=True, text=True, env=env)
    return time.time() - t, p.stderr


env = dict(os.environ, RUST_LOG="info")
for path in sys.argv[1:]:
    mv = moves(path)
    for ply in (10, 20, 30):
        if ply >= len(mv):
            continue
        gtp = "boardsize 9\nclear_board\nkomi 7.5\n" + "".join(
            f"play {c} {vertex(m)}\n" for c, m in mv[:ply])
        # The colour that played the game's next move.
        gtp += f"genmove {mv[ply][0]}\n"
        _, eh = run(HOSHI, gtp, env)
        hp = re.findall(r"(\d+) playouts in ([0-9.]+)s", eh)
        tp, ep = run(PACHI, gtp)
        pp = re.findall(r"\((\d+)/(\d+) games\)", ep)
        print(os.path.basename(path), ply, "hoshi", hp[-1] if hp else None,
              "pachi", pp[-1][1] if pp else None, "%.2f" % tp, flush=True)
