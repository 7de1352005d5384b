#!/usr/bin/env python3
"""curve.py SGF COLOR PLAYOUTS: hoshi's win rate for COLOR (hoshi's side) before each of its moves."""
import subprocess, sys, re
sgf, color, playouts = sys.argv[1], sys.argv[2], sys.argv[3]
moves = re.findall(r';([BW])\[([a-z]*)\]', open(sgf).read())
p = subprocess.Popen(["/tmp/hoshi-lmalus", "--playouts", playouts, "--threads", "2", "--no-tree-reuse"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
def cmd(c):
    p.stdin.write(c + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if l.strip() == "" and out: break
        if l.strip(): out.append(l.rstrip())
    return out
col = 'B' if color == 'black' else 'W'
for k, (c, m) in enumerate(moves):
    if c != col: continue
    cmd(f"loadsgf {sgf} {k+1}")
    mv = cmd(f"reg_genmove {color}")[0][2:]
    s = cmd("hoshi-search_summary")[0]
    wr = re.search(r'(\d+\.\d)%', s).group(1)
    played = "ABCDEFGHJ"[ord(m[0])-97] + str(9-(ord(m[1])-97)) if m else "pass"
    print(f"move {k+1}: played {played}, long search {mv} {wr}%  | {s[:60]}", flush=True)
