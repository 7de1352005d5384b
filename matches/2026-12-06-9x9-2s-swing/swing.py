#!/usr/bin/env python3
"""Win-rate curves of lost games: for each position of each game, the side to move's win
rate by a fixed search of an evaluator (Pachi or hoshi), one fresh process each."""
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

COLS = "ABCDEFGHJKLMNOPQRST"
def moves(path):
    return re.findall(r";([BW])\[([a-z]{0,2})\]", open(path).read())
def vertex(m, size=9):
    if m in ("", "tt") and size <= 19:
        return "pass"
    return f"{COLS[ord(m[0]) - 97]}{size - (ord(m[1]) - 97)}"

def gtp(mv, k):
    lines = ["boardsize 9", "clear_board", "komi 7.5"]
    lines += [f"play {c} {vertex(m)}" for c, m in mv[:k]]
    nxt = "b" if k % 2 == 0 else "w"
    if k < len(mv):
        nxt = mv[k][0].lower()
    lines.append(f"genmove {nxt}")
    return "\n".join(lines) + "\n"

def evaluate(cmd, text, cpu):
    p = subprocess.run(["taskset", "-c", str(cpu)] + cmd.split(), input=text,
                       capture_output=True, text=True)
    move = re.findall(r"^= (\S+)", p.stdout, re.M)
    move = move[-1] if move else None
    if "pachi" in cmd:
        w = re.findall(r"best ([\d.]+)%", p.stderr)
    else:
        w = re.findall(r"best \S+ ([\d.]+)%", p.stderr)
    return (float(w[-1]) if w else None, move)

if __name__ == "__main__":
    out, cmd, cpu = sys.argv[1], sys.argv[2], int(sys.argv[3])
    files = sys.argv[4:]
    state = json.load(open(out)) if os.path.exists(out) else {}
    for f in files:
        key = os.path.basename(f)
        if key in state:
            continue
        mv = moves(f)
        state[key] = [evaluate(cmd, gtp(mv, k), cpu) for k in range(len(mv))]
        json.dump(state, open(out, "w"))
        print(key, flush=True)
