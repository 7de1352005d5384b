#!/usr/bin/env python3
"""Playouts per move at the 2 s clock: for positions of SGF games, each engine's genmove with
its match command; hoshi's count from its log line, Pachi's from its -d 2 summary."""
import re, subprocess, sys, time
HOSHI = "/tmp/hoshi-5ac842b9 --max-time-per-move 2"
PACHI = "/tmp/pachi/pachi -t 2 -d 2 threads=2"
def moves(path):
    text = open(path).read()
    return re.findall(r";([BW])\[([a-z]{0,2})\]", text)
def vertex(m):
    if not m: return "pass"
    x = ord(m[0]) - 97; y = ord(m[1]) - 97
    return "ABCDEFGHJ"[x] + str(9 - y)
def run(cmd, gtp, env=None):
    t = time.time()
    p = subprocess.run(cmd.split(), input=gtp, capture_output=True, text=True, env=env)
    return time.time() - t, p.stderr
import os
env = dict(os.environ, RUST_LOG="info")
for path in sys.argv[1:]:
    mv = moves(path)
    for ply in (10, 20, 30):
        if ply >= len(mv): continue
        gtp = "boardsize 9\nclear_board\nkomi 7.5\n" + "".join(
            f"play {c} {vertex(m)}\n" for c, m in mv[:ply])
        color = "b" if ply % 2 == 0 else "w"
        gtp += f"genmove {color}\n"
        th, eh = run(HOSHI, gtp, env)
        hp = re.findall(r"(\d+) playouts in ([0-9.]+)s", eh)
        tp, ep = run(PACHI, gtp)
        pp = re.findall(r"\((\d+)/(\d+) games\)", ep)
        print(os.path.basename(path), ply, "hoshi", hp[-1] if hp else None,
              "pachi", pp[-1][1] if pp else None, "%.2f" % tp, flush=True)
