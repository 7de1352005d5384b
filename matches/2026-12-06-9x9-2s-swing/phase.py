import json, re
P = json.load(open('./pachi.json'))
def view(ev, k, hb):
    v = ev[k][0]
    if v is None: return None
    return v if ((k % 2 == 0) == hb) else 100 - v
phases = [(0, 10), (10, 20), (20, 30), (30, 40), (40, 50), (50, 200)]
hs = {p: [] for p in phases}; ps = {p: [] for p in phases}
for g in P:
    n = int(re.findall(r"\d+", g)[0]); hb = n % 2 == 1
    pe = [view(P[g], k, hb) for k in range(len(P[g]))]
    for k in range(len(pe) - 1):
        if pe[k] is None or pe[k+1] is None: continue
        if pe[k] < 10 or pe[k] > 90: continue   # decided positions say little
        d = pe[k] - pe[k+1]   # loss for hoshi over ply k
        ph = next(p for p in phases if p[0] <= k < p[1])
        if (k % 2 == 0) == hb: hs[ph].append(d)
        else: ps[ph].append(-d)
for ph in phases:
    h, p = hs[ph], ps[ph]
    m = lambda x: sum(x) / len(x) if x else 0
    print(f"plies {ph}: hoshi moves {len(h)} mean loss {m(h):+.1f}, sum {sum(h):.0f}; pachi moves {len(p)} mean loss {m(p):+.1f}")
