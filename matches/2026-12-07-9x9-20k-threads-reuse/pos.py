#!/usr/bin/env python3
"""Writes a GTP file: the first N moves of a game (a record match.py wrote), then genmove for
the side to move. Usage: pos.py GAME.sgf N OUT.gtp (exit status 1 if the game is not longer
than N moves)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts"))
from match import gtp_vertex, sgf_komi, sgf_moves, sgf_size  # noqa: E402

sgf, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(sgf) as f:
    text = f.read()
size = sgf_size(text)
moves = sgf_moves(text)
if len(moves) <= n:
    sys.exit(1)
lines = ["boardsize %d" % size, "clear_board", "komi %g" % sgf_komi(text)]
lines += ["play %s %s" % (c, gtp_vertex(p, size)) for c, p in moves[:n]]
lines += ["genmove %s" % ("W" if moves[n - 1][0] == "B" else "B"), "quit"]
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
