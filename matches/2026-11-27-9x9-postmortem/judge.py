#!/usr/bin/env python3
"""judge.py SGF PLAYOUTS: Pachi's win rate for the side to move at every ply of SGF
(Pachi -t =PLAYOUTS, one thread, a fresh board per position), one line per ply:
ply color-to-move black-winrate pachi-best played."""
import subprocess, sys, re
sgf, playouts = sys.argv[1], sys.argv[2]
text = open(sgf).read()
size = int(re.search(r'SZ\[(\d+)\]', text).group(1))
komi = re.search(r'KM\[([-\d.]+)\]', text).group(1)
moves = re.findall(r';([BW])\[([a-z]*)\]', text)
cols = "ABCDEFGHJKLMNOPQRST"
def vertex(m):
    if not m or (size <= 19 and m == "tt"): return "pass"
    return cols[ord(m[0]) - 97] + str(size - (ord(m[1]) - 97))
p = subprocess.Popen(["/tmp/pachi/pachi", "-t", "=" + playouts, "-d", "0", "threads=1"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
def cmd(c):
    p.stdin.write(c + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if l == "": raise SystemExit("pachi died")
        if l.strip() == "":
            if out: return " ".join(out)
            continue
        out.append(l.strip())
for k in range(len(moves)):
    cmd("clear_board"); cmd(f"boardsize {size}"); cmd(f"komi {komi}")
    for c, m in moves[:k]:
        cmd(f"play {c} {vertex(m)}")
    c, m = moves[k]
    best = cmd(f"genmove {c}")[2:]
    res = cmd("pachi-result")[2:].split()
    wr = float(res[3]) if len(res) > 3 else float("nan")
    bwr = wr if c == "B" else 1 - wr
    print(f"{k+1} {c} {bwr:.3f} {best} {vertex(m)}", flush=True)
