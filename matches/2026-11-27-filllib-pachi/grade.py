#!/usr/bin/env python3
"""grade.py SUITE.tst RESPONSES: score reg_genmove answers (from the proxy's output) against the suite."""
import re, sys
tst, resp = sys.argv[1:3]
exp = {}; cur = None
for l in open(tst):
    t = l.split()
    if t and t[0].isdigit() and len(t) > 1: cur = (t[0], t[1])
    elif l.startswith('#?') and cur and cur[1] == 'reg_genmove':
        m = re.match(r'#\?\s*\[(!?)(.*)\](\*?)', l.strip()); exp[cur[0]] = m.groups(); cur = None
ans = {m.group(1): m.group(2).strip() for m in re.finditer(r'^=(\d+)\s*(.*)$', open(resp).read(), re.M)}
ok = 0; n = 0; fails = []
for k, (neg, pat, known) in exp.items():
    if k not in ans: continue
    n += 1; good = bool(re.fullmatch(f'(?i){pat}', ans[k])) != (neg == '!')
    ok += good
    if not good: fails.append(f'{k}:{ans[k]}[{pat}]{known}')
print(f'{ok} of {n} passed'); print(' '.join(fails))
