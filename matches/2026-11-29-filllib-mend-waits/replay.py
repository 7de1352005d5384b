import subprocess, sys, glob, re, os
D = "/work/main/matches/2026-11-29-filllib-mend-waits/japanese-gnugo"
bins = {"main": "/tmp/hoshi-1ccf", "waits": "/tmp/hoshi-mw2"}
def cmds(sgf):
    txt = open(sgf).read()
    moves = re.findall(r";([BW])\[([a-z]*)\]", txt)
    g = int(os.path.basename(sgf)[4:7])
    hoshi = "B" if g % 2 == 1 else "W"
    out = []
    for i, (c, m) in enumerate(moves):
        if c == hoshi:
            out.append(f"loadsgf {sgf} {i+1}\ngenmove {c.lower()}\n")
    return out
total = diff = 0
rows = []
for sgf in sorted(glob.glob(D + "/*/game*.sgf")):
    cs = cmds(sgf)
    res = {}
    for k, b in bins.items():
        p = subprocess.run([b, "--playouts", "3000", "--seed", "1", "--threads", "1", "--rules", "japanese", "--max-time-per-move", "60"], input="".join(cs), capture_output=True, text=True)
        res[k] = [l for l in p.stdout.split("\n") if l.startswith("= ") and not l.startswith("= black") and not l.startswith("= white")]
    for i, (a, b) in enumerate(zip(res["main"], res["waits"])):
        total += 1
        if a != b:
            diff += 1
            rows.append(f"{sgf.split('/')[-2]}/{os.path.basename(sgf)} #{i}: main {a} waits {b}")
print(total, diff)
print("\n".join(rows))
