import json, re
P = json.load(open('./pachi.json')); H = json.load(open('./hoshi.json'))
def view(ev, k, hb):
    v = ev[k][0]
    if v is None: return None
    return v if ((k % 2 == 0) == hb) else 100 - v
tot = {'delusion': 0, 'blunder': 0, 'early': 0}
for g in sorted(P):
    n = int(re.findall(r"\d+", g)[0]); hb = n % 2 == 1
    pe = [view(P[g], k, hb) for k in range(len(P[g]))]
    he = [view(H[g], k, hb) for k in range(len(H[g]))]
    # Pachi's view falls below 30 for good at ply lp; hoshi's own at hl
    lp = next((k for k in range(len(pe)) if all(x is None or x < 30 for x in pe[k:])), len(pe))
    hl = next((k for k in range(len(he)) if all(x is None or x < 30 for x in he[k:])), len(he))
    # last ply where pachi's view of hoshi was >= 50
    last_even = max([k for k in range(len(pe)) if pe[k] is not None and pe[k] >= 50] or [0])
    print(f"{g} {'B' if hb else 'W'} plies {len(pe)}: pachi<50 after ply {last_even}, pachi<30 from {lp}, hoshi<30 from {hl}, lag {hl-lp}; hoshi view at pachi's ply {lp}: {he[lp] if lp < len(he) else None}")
