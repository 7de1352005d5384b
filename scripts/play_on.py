#!/usr/bin/env python3
"""Plays on from the positions where the engine resigned in a match record: what its
resignations cost.

For each gameNNN.sgf of --sgf-dir (a record of match.py: odd games have the engine black)
whose result is a resignation by the engine, the game is set up again to the resigned
position, the engine to move, and played to its end with the same two engines as match.py
plays games (GNU Go referee). Give the engine a command that does not resign (hoshi
`--no-resign`): each game it then wins was lost by its resignation.

    scripts/play_on.py --sgf-dir matches/X/sgf --engine "hoshi --no-resign ..." \\
        --opponent "pachi ..." [--games N] [--first N] [--out-sgf DIR]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import (Engine, default_referee, game_line, gtp_vertex, play_game,  # noqa: E402
                   sgf_komi, sgf_moves, sgf_size, win_rate, write_sgf)


def resigned(sgf_dir):
    """(game number, engine black, size, komi, moves as (colour, GTP vertex)) of each game
    of the record the engine resigned, in game order (the size and komi are the record's,
    SZ and KM)."""
    games = []
    for name in sorted(os.listdir(sgf_dir)):
        m = re.fullmatch(r"game(\d+)\.sgf", name)
        if not m:
            continue
        number = int(m.group(1))
        text = open(os.path.join(sgf_dir, name)).read()
        size = sgf_size(text)
        komi = sgf_komi(text)
        engine_black = number % 2 == 1
        result = (re.findall(r"RE\[([^]]*)\]", text) or [""])[0]
        if result != ("W+R" if engine_black else "B+R"):
            continue
        moves = [(c.lower(), gtp_vertex(p, size)) for c, p in sgf_moves(text)]
        ours = "b" if engine_black else "w"
        to_move = "b" if len(moves) % 2 == 0 else "w"
        if to_move != ours:
            raise ValueError(f"{name}: the engine resigned, but it is not its turn")
        games.append((number, engine_black, size, komi, moves))
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sgf-dir", required=True, help="the match record's SGF directory")
    ap.add_argument("--engine", required=True, help="the engine that resigned, not resigning")
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--rules", choices=["chinese", "japanese"], default="chinese")
    ap.add_argument("--komi", type=float, help="instead of each record's KM")
    ap.add_argument("--first", type=int, default=0,
                    help="skip this many resigned games (to run in chunks)")
    ap.add_argument("--games", type=int, help="play on from at most this many")
    ap.add_argument("--out-sgf", help="write the games played on here (same names)")
    args = ap.parse_args()
    try:
        todo = resigned(args.sgf_dir)[args.first:]
    except ValueError as e:
        sys.exit(f"play_on.py: {e}")
    if args.games is not None:
        todo = todo[: args.games]
    engine, opponent = Engine(args.engine), Engine(args.opponent)
    referee = Engine(default_referee(args.rules))
    wins = 0
    for number, engine_black, size, komi, start in todo:
        if args.komi is not None:
            komi = args.komi
        result, moves, worst = play_game(engine, opponent, referee, engine_black, size,
                                         komi, 3 * size * size, start=start)
        won, line = game_line(number, engine_black, result, moves, worst)
        wins += won
        print(f"{line}; played on from move {len(start) + 1}", flush=True)
        if args.out_sgf:
            write_sgf(args.out_sgf, size, komi, args.engine, args.opponent, number,
                      engine_black, result, moves, args.rules.capitalize())
    n = len(todo)
    if n:
        p, se = win_rate(wins, n)
        print(f"engine won {wins} of {n} resigned games played on: {100 * p:.1f}% ± "
              f"{100 * se:.1f}% (one standard error)")
    for e in (engine, opponent, referee):
        e.close()


if __name__ == "__main__":
    sys.exit(main())
