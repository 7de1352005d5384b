#!/usr/bin/env python3
"""Search agreement: for positions of SGF games, the move of each arm's search against a
reference search's move. Arms are hoshi commands; one fresh process per search."""
import json, os, re, subprocess
from concurrent.futures import ThreadPoolExecutor

def moves(path):
    return re.findall(r";([BW])\[([a-z]{0,2})\]", open(path).read())

def positions(files):
    out = []
    for k, path in enumerate(sorted(files)):
        mv = moves(path)
        ply = 6 + (k * 7) % 30
        if ply >= len(mv):
            continue
        # The engine's own SGF loader sets up the position before move ply + 1.
        gtp = f"loadsgf {os.path.abspath(path)} {ply + 1}\ngenmove {mv[ply][0]}\n"
        out.append((os.path.basename(path) + f":{ply}", gtp))
    return out

def search(cmd, gtp, cpu=None):
    pre = ["taskset", "-c", str(cpu)] if cpu is not None else []
    p = subprocess.run(pre + cmd.split(), input=gtp, capture_output=True, text=True)
    got = re.findall(r"^= (\S+)", p.stdout, re.M)
    return got[-1].upper() if got else None

def run_arm(cmd, jobs, parallel):
    res = [None] * len(jobs)
    if parallel:
        with ThreadPoolExecutor(2) as ex:
            futs = [ex.submit(search, cmd, g, i % 2) for i, g in enumerate(jobs)]
            res = [f.result() for f in futs]
    else:
        res = [search(cmd, g) for g in jobs]
    return res

if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--sgf", nargs="+")
    ap.add_argument("--ref")
    ap.add_argument("--arm", action="append", default=[], help="name=command (command with {seed}); suffix '@2' for a two-thread arm run alone")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--out", default="agree.json")
    a = ap.parse_args()
    pos = positions(a.sgf)
    state = json.load(open(a.out)) if os.path.exists(a.out) else {}
    if "ref" not in state:
        state["ref"] = run_arm(a.ref, [g for _, g in pos], True)
        state["names"] = [n for n, _ in pos]
        json.dump(state, open(a.out, "w"))
    ref = state["ref"]
    print("reference done", len(ref), flush=True)
    for spec in a.arm:
        name, cmd = spec.split("=", 1)
        alone = name.endswith("@2")
        for s in range(1, a.seeds + 1):
            key = f"{name}#{s}"
            if key in state:
                continue
            state[key] = run_arm(cmd.replace("{seed}", str(s)), [g for _, g in pos], not alone)
            json.dump(state, open(a.out, "w"))
            agree = sum(x == y for x, y in zip(state[key], ref))
            print(key, agree, "/", len(ref), flush=True)
    # Summary: each arm's agreement, and its difference from the first arm paired by
    # position (the standard error over positions, each the mean over its seeds).
    def per_position(name):
        keys = [k for k in state if k.startswith(name + "#")]
        return [sum(state[k][i] == ref[i] for k in keys) / len(keys) for i in range(len(ref))]
    names = [spec.split("=", 1)[0] for spec in a.arm]
    first = per_position(names[0])
    for name in names:
        keys = [k for k in state if k.startswith(name + "#")]
        n = len(keys) * len(ref)
        k = sum(sum(x == y for x, y in zip(state[key], ref)) for key in keys)
        line = f"{name}: {k}/{n} = {100 * k / n:.1f}%"
        if name != names[0]:
            d = [x - y for x, y in zip(per_position(name), first)]
            mean = sum(d) / len(d)
            var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
            line += f", {100 * mean:+.1f} ± {100 * (var / len(d)) ** 0.5:.1f} points against {names[0]}"
        print(line)
