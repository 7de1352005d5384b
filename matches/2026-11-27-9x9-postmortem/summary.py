#!/usr/bin/env python3
"""summary.py OUT...: per judged game (hoshi black in odd games), where Pachi's judged win
rate for hoshi fell for good, and the largest drops across hoshi's own moves."""
import sys, re, math
for f in sys.argv[1:]:
    g = int(re.search(r'game(\d+)', f).group(1)); hc = 'B' if g % 2 else 'W'
    rows = [l.split() for l in open(f)]
    wr = [float(r[2]) if hc == 'B' else 1 - float(r[2]) for r in rows]
    ok = [i for i, x in enumerate(wr) if not math.isnan(x)]
    # last ply at which hoshi was judged at 40% or better
    last_ok = max([i for i in ok if wr[i] >= 0.40], default=-1)
    drops = []
    for i, r in enumerate(rows[:-1]):
        if r[1] != hc or math.isnan(wr[i]) or math.isnan(wr[i + 1]): continue
        drops.append((wr[i] - wr[i + 1], int(r[0]), r[4], r[3], wr[i], wr[i + 1]))
    drops.sort(reverse=True)
    big = "; ".join(f"ply {d[1]} {d[2]} (Pachi: {d[3]}) {d[4]:.2f}->{d[5]:.2f}" for d in drops[:2])
    print(f"game {g:3d} hoshi {hc}, {len(rows)} plies, judged >= 40% last at ply {last_ok + 1}; largest drops: {big}")
