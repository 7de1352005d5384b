#!/usr/bin/env python3
"""Generate a training corpus for hoshi's move-prediction priors: self-play games of a GTP
engine (GNU Go by default), one SGF per game.

Each game starts from a few random stones placed as setup (AB/AW) on lines 3-5, so that
a deterministic engine still plays a different game every time; every move after them is
the engine's own, and those are what `hoshi train` learns from. Games end at two passes,
a resignation or the move cap.

Example (40 games of GNU Go level 1 on 19x19 into corpus/):
  scripts/corpus.py --out corpus --size 19 --games 40 --engine "gnugo --mode gtp --level 1"
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import GTP_COLUMNS, Engine, sgf_point  # noqa: E402  (GTP pipe, SGF points)


def vertex(x, y, size):
    """GTP vertex of column x, row y counted from the top (as in SGF)."""
    return f"{GTP_COLUMNS[x]}{size - y}"


def setup_stones(rng, size, per_colour):
    """Random distinct GTP vertices on lines 3-5 (or anywhere when the board is small)."""
    lo, hi = (2, min(4, size // 2)) if size >= 9 else (0, size - 1)
    points = [vertex(x, y, size) for x in range(size) for y in range(size)
              if lo <= min(x, y, size - 1 - x, size - 1 - y) <= hi]
    chosen = rng.sample(points, 2 * per_colour)
    return chosen[:per_colour], chosen[per_colour:]


def play_game(engine, size, komi, rng, per_colour, max_moves):
    black, white = setup_stones(rng, size, per_colour)
    engine.ok(f"boardsize {size}")
    engine.ok("clear_board")
    engine.ok(f"komi {komi}")
    for v in black:
        engine.ok(f"play b {v}")
    for v in white:
        engine.ok(f"play w {v}")
    moves = []
    colour = "b"
    passes = 0
    result = "?"
    while len(moves) < max_moves:
        v = engine.ok(f"genmove {colour}")
        if v.lower() == "resign":
            result = ("W" if colour == "b" else "B") + "+R"
            break
        moves.append((colour, v))
        passes = passes + 1 if v.lower() == "pass" else 0
        if passes == 2:
            break
        colour = "w" if colour == "b" else "b"
    return black, white, moves, result


def write_sgf(path, size, komi, engine_command, black, white, moves, result):
    parts = [f"(;GM[1]FF[4]SZ[{size}]KM[{komi}]RU[Chinese]",
             f"PB[{engine_command}]PW[{engine_command}]RE[{result}]"]
    if black:
        parts.append("AB" + "".join(f"[{sgf_point(v, size)}]" for v in black))
    if white:
        parts.append("AW" + "".join(f"[{sgf_point(v, size)}]" for v in white))
    for colour, v in moves:
        parts.append(f";{colour.upper()}[{sgf_point(v, size)}]")
    parts.append(")\n")
    with open(path, "w") as f:
        f.write("".join(parts))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="directory for the SGFs")
    ap.add_argument("--engine", default="gnugo --mode gtp --level 1")
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--setup", type=int, default=2, help="random stones per colour")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=1, help="number of the first game")
    ap.add_argument("--max-moves", type=int, default=0,
                    help="stop each game after this many moves (0: three times the points; "
                    "a short cap gives a corpus of openings)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    max_moves = args.max_moves or 3 * args.size * args.size
    engine = Engine(args.engine)
    try:
        for g in range(args.first, args.first + args.games):
            rng = random.Random(args.seed * 1_000_003 + g)
            black, white, moves, result = play_game(engine, args.size, args.komi, rng,
                                                    args.setup, max_moves)
            path = os.path.join(args.out, f"{args.size}x{args.size}-{g:05d}.sgf")
            write_sgf(path, args.size, args.komi, args.engine, black, white, moves, result)
            print(f"{path}: {len(moves)} moves, {result}", flush=True)
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
