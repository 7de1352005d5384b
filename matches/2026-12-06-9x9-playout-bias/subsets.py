#!/usr/bin/env python3
"""The `hoshi bias --each` outputs of each/ by subsets: the games hoshi lost and won (odd
games hoshi black), and all but game 14 (whose 40 late positions dominate the error)."""
import glob, os, re

SGF = os.path.join(os.path.dirname(__file__), "../2026-12-05-9x9-pachi-2s-fast/sgf")


def hoshi_won(game):
    text = open(os.path.join(SGF, game)).read()
    winner = re.search(r"RE\[([BW])\+", text).group(1)
    hoshi = "B" if int(re.search(r"(\d+)", game).group(1)) % 2 == 1 else "W"
    return winner == hoshi


def stats(rows):
    n = len(rows)
    mse = sum((v - r) ** 2 for r, v, _ in rows) / n
    dec = [(r, v) for r, v, _ in rows if abs(r - 0.5) >= 0.2]
    fav = [v if r > 0.5 else 1 - v for r, v in dec]
    return f"{n:5} mse {mse:.4f} dec {len(dec):4} agree {sum(f > 0.5 for f in fav) / len(dec):.3f} fav {sum(fav) / len(dec):.3f}"


won = {}
for path in sorted(glob.glob(os.path.join(os.path.dirname(__file__), "each/*.txt"))):
    rows = []
    for line in open(path):
        w = line.split()
        if len(w) == 5 and not line.startswith("positions"):
            rows.append((float(w[0]), float(w[1]), w[3]))
    for _, _, g in rows:
        if g not in won:
            won[g] = hoshi_won(g)
    name = os.path.basename(path)[:-4]
    print(f"{name:15} all {stats(rows)}")
    print(f"{'':15} lost {stats([x for x in rows if not won[x[2]]])}")
    print(f"{'':15} won {stats([x for x in rows if won[x[2]]])}")
    print(f"{'':15} no14 {stats([x for x in rows if x[2] != 'game014.sgf'])}")
