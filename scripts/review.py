#!/usr/bin/env python3
"""Replay match games and ask hoshi and a judge engine for their win rate before each of
hoshi's moves: where the two disagree, and where hoshi's moves lose by the judge's count.

For every SGF given, the script walks the game's moves; before each move played by the
side whose player name (PB/PW) contains `--hoshi-name` (default "hoshi"), from move
`--from-move` on, it asks both engines for a move on that position and reads the win rate
each reports on stderr, for the side to move (hoshi's side):

- hoshi's `INFO hoshi::search ... best <move> <p>%` log line (the script sets
  RUST_LOG=info for both engines);
- Pachi's `*** WINNER is <move> with score <p>%` line (run it with `-d 2`).

Either engine may be hoshi or Pachi. hoshi is asked with `reg_genmove`; the judge with
`genmove` then `undo` (Pachi has no `reg_genmove`), and no `undo` after a resignation.

One line per position goes to stdout, tab separated: the SGF path, the move number, hoshi's
colour, the move hoshi played in the game, hoshi's choice now and its rate, the judge's
choice and its rate. `--summary` reads such lines back: per phase of the game, the mean
fall of the judge's rate from one of hoshi's turns to the next (what hoshi's move and the
reply cost, by the judge), and the largest such falls.

    scripts/review.py --hoshi "/tmp/hoshi-full --playouts 80000 --threads 1 --no-tree-reuse" \\
        --judge "/tmp/pachi/pachi -t =28000 -d 2 threads=1,reset_tree=1" games/*.sgf > review.tsv
    scripts/review.py --summary review.tsv
"""

import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, gtp_vertex, sgf_komi, sgf_moves, sgf_size  # noqa: E402

RATES = (
    re.compile(r"best (\S+) ([0-9.]+)%"),
    re.compile(r"\*\*\* WINNER is (\S+) with score ([0-9.]+)%"),
)
PHASES = ((1, 19), (20, 29), (30, 39), (40, 10_000))


def sgf_player(text, prop):
    """A player's name in an SGF record (PB or PW; "" when absent)."""
    return (re.findall(prop + r"\[([^]]*)\]", text) or [""])[0]


class Logged:
    """An engine over GTP (`match.Engine`) with RUST_LOG=info, its stderr kept in a
    temporary file that `rate` reads on from where it last stopped."""

    def __init__(self, command):
        self.err = tempfile.TemporaryFile(mode="w+")
        self.engine = Engine(command, stderr=self.err, env=dict(os.environ, RUST_LOG="info"))
        self.read_from = 0

    def rate(self):
        """The last move and win rate the engine logged since the previous call."""
        self.err.flush()
        self.err.seek(self.read_from)
        text = self.err.read()
        self.read_from = self.err.tell()
        found = [(m.start(), m.group(1), float(m.group(2))) for r in RATES for m in r.finditer(text)]
        if not found:
            return "?", float("nan")
        _, move, rate = max(found)
        return move, rate


def review(args):
    for path in args.sgf:
        with open(path) as f:
            text = f.read()
        size, komi = sgf_size(text), sgf_komi(text)
        moves = [(c, gtp_vertex(p, size)) for c, p in sgf_moves(text)]
        pb, pw = sgf_player(text, "PB"), sgf_player(text, "PW")
        colour = "B" if args.hoshi_name in pb else "W" if args.hoshi_name in pw else None
        if colour is None:
            print(f"{path}: no player named {args.hoshi_name!r}", file=sys.stderr)
            continue
        hoshi, judge = Logged(args.hoshi), Logged(args.judge)
        for e in (hoshi, judge):
            for line in (f"boardsize {size}", "clear_board", f"komi {komi}"):
                e.engine.ok(line)
        for number, (mover, move) in enumerate(moves, start=1):
            if mover == colour and number >= args.from_move:
                word = mover.lower()
                hoshi.rate()
                hoshi.engine.ok(f"reg_genmove {word}")
                h_move, h_rate = hoshi.rate()
                judge.rate()
                if judge.engine.ok(f"genmove {word}").lower() != "resign":
                    judge.engine.ok("undo")
                j_move, j_rate = judge.rate()
                row = [path, str(number), mover, move, h_move, f"{h_rate:.1f}", j_move, f"{j_rate:.1f}"]
                print("\t".join(row), flush=True)
            for e in (hoshi, judge):
                e.engine.ok(f"play {mover} {move}")
        hoshi.engine.close()
        judge.engine.close()


def summary(args):
    games = {}
    for path in args.sgf:
        with open(path) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 8:
                    continue
                game, number, _, played, h_move, h_rate, j_move, j_rate = parts
                games.setdefault(game, []).append(
                    (int(number), played, h_move, float(h_rate), j_move, float(j_rate))
                )
    falls = []
    for game, rows in games.items():
        for a, b in zip(rows, rows[1:]):
            falls.append((a[5] - b[5], game, a, b))
    print(f"{len(games)} games, {sum(len(r) for r in games.values())} positions")
    print("moves    positions  mean fall of the judge's rate  played != judge's choice")
    for lo, hi in PHASES:
        here = [f for f in falls if lo <= f[2][0] <= hi]
        if here:
            mean = sum(f[0] for f in here) / len(here)
            differ = sum(1 for f in here if f[2][1] != f[2][4])
            name = f"{lo}-{hi}" if hi < 10_000 else f"{lo}+"
            print(f"{name:8s} {len(here):9d}  {mean:29.2f}  {differ:24d}")
    print(f"largest falls ({args.top}):")
    falls.sort(key=lambda f: -f[0])
    for fall, game, a, b in falls[: args.top]:
        print(
            f"{fall:5.1f} {game} move {a[0]}: played {a[1]}, hoshi {a[2]} {a[3]:.1f}, "
            f"judge {a[4]} {a[5]:.1f}, then {b[5]:.1f}"
        )


def main():
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--hoshi", help="hoshi's command line")
    p.add_argument("--judge", help="the judge's command line (Pachi with -d 2, or hoshi)")
    p.add_argument("--hoshi-name", default="hoshi", help="text in PB or PW naming hoshi")
    p.add_argument("--from-move", type=int, default=1, help="first move number reviewed")
    p.add_argument("--summary", action="store_true", help="read review lines and sum them up")
    p.add_argument("--top", type=int, default=20, help="largest falls listed by --summary")
    p.add_argument("sgf", nargs="+", help="SGF files (review lines with --summary)")
    args = p.parse_args()
    if args.summary:
        summary(args)
    elif not args.hoshi or not args.judge:
        p.error("--hoshi and --judge are needed")
    else:
        review(args)


if __name__ == "__main__":
    main()
