#!/usr/bin/env python3
"""Writes GTP files: the first N moves of a game, then genmove for the side to move."""
import re, sys, os
sgf, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
text = open(sgf).read()
size = int(re.search(r'SZ\[(\d+)\]', text).group(1))
komi = re.search(r'KM\[([\d.]+)\]', text).group(1)
moves = re.findall(r';([BW])\[([a-z]{0,2})\]', text)
if len(moves) <= n:
    sys.exit(1)
letters = "ABCDEFGHJKLMNOPQRST"
lines = [f"boardsize {size}", "clear_board", f"komi {komi}"]
for c, m in moves[:n]:
    if m == "" or m == "tt":
        v = "pass"
    else:
        x, y = ord(m[0]) - 97, ord(m[1]) - 97
        v = f"{letters[x]}{size - y}"
    lines.append(f"play {c} {v}")
nxt = "W" if moves[n - 1][0] == "B" else "B"
lines.append(f"genmove {nxt}")
lines.append("quit")
open(out, "w").write("\n".join(lines) + "\n")
