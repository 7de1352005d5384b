#!/usr/bin/env python3
"""curve.py SGF COLOR PLAYOUTS: hoshi's win rate for COLOR (hoshi's side) before each of its moves."""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts"))
from match import Engine  # noqa: E402  (the project's GTP pipe)
sgf, color, playouts = sys.argv[1], sys.argv[2], sys.argv[3]
moves = re.findall(r';([BW])\[([a-z]*)\]', open(sgf).read())
cmd = Engine(f"/tmp/hoshi-lmalus --playouts {playouts} --threads 2 --no-tree-reuse").ok
col = 'B' if color == 'black' else 'W'
for k, (c, m) in enumerate(moves):
    if c != col: continue
    cmd(f"loadsgf {sgf} {k+1}")
    mv = cmd(f"reg_genmove {color}")
    s = cmd("hoshi-search_summary").split("\n")[0]
    wr = re.search(r'(\d+\.\d)%', s).group(1)
    played = "ABCDEFGHJ"[ord(m[0])-97] + str(9-(ord(m[1])-97)) if m else "pass"
    print(f"move {k+1}: played {played}, long search {mv} {wr}%  | = {s[:58]}", flush=True)
