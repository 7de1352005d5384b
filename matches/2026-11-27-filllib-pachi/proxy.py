#!/usr/bin/env python3
"""GTP proxy: gives an engine without loadsgf/reg_genmove (Pachi) GNU Go's loadsgf, by
setting up the position stone by stone (ko state and prisoners are lost). Calibration only."""
import subprocess, sys
eng = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
gg = subprocess.Popen(['/usr/games/gnugo','--mode','gtp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
def ask(p, cmd):
    p.stdin.write(cmd + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if l == '': break
        if l.strip() == '' and out: break
        if l.strip() == '' : continue
        out.append(l.rstrip('\n'))
    return "\n".join(out)
for line in sys.stdin:
    t = line.split()
    if not t: continue
    cid = ''
    if t[0].isdigit():
        cid = t[0]; t = t[1:]; line = ' '.join(t)
    out = sys.stdout
    class W:
        def write(self, r):
            if cid and r[:1] in '=?': r = r[0] + cid + r[1:]
            out.write(r)
        def flush(self): out.flush()
    pr = lambda r, flush=True: (W().write(r + "\n"), out.flush())
    if t[0] == 'loadsgf':
        r = ask(gg, line.strip())
        size = ask(gg, 'query_boardsize')[2:].strip()
        komi = ask(gg, 'get_komi')[2:].strip()
        ask(eng, 'boardsize ' + size); ask(eng, 'clear_board'); ask(eng, 'komi ' + komi)
        for col in ('black', 'white'):
            for s in ask(gg, 'list_stones ' + col)[2:].split():
                ask(eng, f'play {col} {s}')
        pr(r)
    elif t[0] == 'reg_genmove':
        r = ask(eng, 'genmove ' + t[1])
        ask(eng, 'undo')
        pr(r)
    elif t[0] == 'quit':
        ask(eng, 'quit'); pr("="); break
    else:
        pr(ask(eng, line.strip()))
