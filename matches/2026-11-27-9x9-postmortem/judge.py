#!/usr/bin/env python3
"""judge.py SGF PLAYOUTS: Pachi's win rate for the side to move at every ply of SGF
(Pachi -t =PLAYOUTS, one thread, a fresh board per position), one line per ply:
ply color-to-move black-winrate pachi-best played."""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts"))
from match import Engine  # noqa: E402  (the project's GTP pipe)
sgf, playouts = sys.argv[1], sys.argv[2]
text = open(sgf).read()
size = int(re.search(r'SZ\[(\d+)\]', text).group(1))
komi = re.search(r'KM\[([-\d.]+)\]', text).group(1)
moves = re.findall(r';([BW])\[([a-z]*)\]', text)
cols = "ABCDEFGHJKLMNOPQRST"
def vertex(m):
    if not m or (size <= 19 and m == "tt"): return "pass"
    return cols[ord(m[0]) - 97] + str(size - (ord(m[1]) - 97))
pachi = Engine(f"/tmp/pachi/pachi -t ={playouts} -d 0 threads=1")
cmd = pachi.ok
for k in range(len(moves)):
    cmd("clear_board"); cmd(f"boardsize {size}"); cmd(f"komi {komi}")
    for c, m in moves[:k]:
        cmd(f"play {c} {vertex(m)}")
    c, m = moves[k]
    best = cmd(f"genmove {c}")
    ok, body = pachi.send("pachi-result")
    res = body.split() if ok else []
    wr = float(res[3]) if len(res) > 3 else float("nan")
    bwr = wr if c == "B" else 1 - wr
    print(f"{k+1} {c} {bwr:.3f} {best} {vertex(m)}", flush=True)
