import re,sys,glob,statistics
for d in sys.argv[1:]:
    wins=0; n=0; margins=[]; early=0; early_games=0
    for f in sorted(glob.glob(d)):
        s=open(f).read()
        hc='B' if 'hoshi' in re.search(r'PB\[([^\]]*)\]',s).group(1) else 'W'
        re_=re.search(r'RE\[([^\]]*)\]',s).group(1)
        mv=re.findall(r';([BW])\[([a-z]*)\]',s)
        n+=1
        m=re.match(r'([BW])\+([\d.]+|R)',re_)
        if m:
            win = m.group(1)==hc; wins+=win
            if m.group(2)!='R': margins.append(float(m.group(2))*(1 if win else -1))
        e=sum(1 for i,(c,x) in enumerate(mv) if c==hc and x=="" and len(mv)-i>10)
        early+=e; early_games+= e>0
    print(d, f"{wins}/{n}", "median margin", statistics.median(margins) if margins else None, "mean", round(statistics.mean(margins),1) if margins else None, "early passes", early, "in", early_games, "games")
