#!/usr/bin/env python3
"""New playouts per move in a clock game, from the engines' stderr logs.
hoshi (-v): 'N playouts in Xs ...' lines (this search's playouts).
Pachi (-d 3): '<pre-simulated K games>' (the kept tree's playouts) before a search,
'genmove in Xs' at its end, and the '[N] best ...' line printed just after that, whose N
is the root's final count (kept playouts included)."""
import re, sys, statistics as st

def hoshi(path):
    out = []
    for line in open(path, errors="replace"):
        m = re.search(r"(\d+) playouts in ([\d.]+)s", line)
        if m:
            out.append((int(m.group(1)), float(m.group(2))))
    return out

def pachi(path):
    moves, pre, last = [], 0, None
    for line in open(path, errors="replace"):
        m = re.match(r"<pre-simulated (\d+) games>", line)
        if m:
            pre = int(m.group(1)); continue
        m = re.match(r"\[(\d+)\] best", line)
        if m:
            if last is not None:
                moves.append((int(m.group(1)), pre, last))
                pre, last = 0, None
            continue
        m = re.search(r"genmove in ([\d.]+)s", line)
        if m:
            last = float(m.group(1))
    return moves

h = hoshi(sys.argv[1]); p = pachi(sys.argv[2])
print(f"hoshi: {len(h)} moves, median new playouts {st.median(x for x,_ in h):.0f}, mean {st.mean(x for x,_ in h):.0f}, mean time {st.mean(t for _,t in h):.2f} s")
print(f"pachi: {len(p)} moves, median root playouts {st.median(r for r,_,_ in p):.0f}, median pre-simulated {st.median(q for _,q,_ in p):.0f}, "
      f"median new {st.median(r-q for r,q,_ in p):.0f}, mean new {st.mean(r-q for r,q,_ in p):.0f}, mean time {st.mean(t for *_,t in p):.2f} s")
