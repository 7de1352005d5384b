#!/usr/bin/env python3
"""Fit Elo = c + a*log2(hoshi playouts) - b*log2(Pachi playouts) to hoshi's fixed-count
results against Pachi (one thread each, 9x9), by maximum likelihood on a grid, and print the
best fit and the profile of a and of b (the rise of the negative log-likelihood; 1.92 is
the edge of a 95% interval)."""
import math

# (hoshi playouts in thousands, Pachi playouts in thousands, hoshi wins, games)
DATA = [
    (10, 10, 35, 60),    # ../2026-12-07-9x9-pachi-10k-table/
    (20, 5, 414, 660),   # earlier runs, see ../2026-12-07-9x9-20k-threads-reuse/
    (20, 28, 23, 60),    # ../2026-12-07-9x9-20k-vs-28k/
    (80, 28, 30, 60),    # ../2026-12-07-9x9-80k-scaling/
    (20, 14, 35, 60),    # this run
]


def nll(c, a, b):
    s = 0.0
    for h, p, w, n in DATA:
        q = 1 / (1 + 10 ** (-(c + a * math.log2(h) - b * math.log2(p)) / 400))
        s -= w * math.log(q) + (n - w) * math.log(1 - q)
    return s


CS, AS, BS = range(-300, 301, 5), range(-50, 201, 5), range(0, 251, 5)
best = min((nll(c, a, b), c, a, b) for c in CS for a in AS for b in BS)
print("best: c %d a %d b %d" % best[1:])
for a in range(0, 141, 20):
    m = min((nll(c, a, b), b) for c in CS for b in BS)
    print("a %3d: +%.2f (b %d)" % (a, m[0] - best[0], m[1]))
for b in range(20, 161, 20):
    m = min((nll(c, a, b), a) for c in CS for a in AS)
    print("b %3d: +%.2f (a %d)" % (b, m[0] - best[0], m[1]))
