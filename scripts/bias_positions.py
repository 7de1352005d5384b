#!/usr/bin/env python3
"""Writes a `hoshi bias` positions file from games and a reference's judgement of them.

The judgement is a JSON object {"gameNNN.sgf": [[win_percent, move], ...]}, one entry a
position (the side to move's win rate before move k), as written by
matches/2026-12-06-9x9-2s-swing/swing.py with Pachi as the evaluator. Each position from
--from-ply on becomes a line: size, komi, reference (0..1), the moves, and a comment naming
the game and ply.

    scripts/bias_positions.py --sgf-dir DIR --komi 7.5 --from-ply 6 J.json ... > positions.txt
"""
import argparse, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import gtp_vertex, sgf_moves, sgf_size  # noqa: E402  (the records match.py writes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("judgements", nargs="+")
    ap.add_argument("--sgf-dir", required=True)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--from-ply", type=int, default=6)
    args = ap.parse_args()
    lines = 0
    for path in args.judgements:
        for game, values in sorted(json.load(open(path)).items()):
            text = open(os.path.join(args.sgf_dir, game)).read()
            size = sgf_size(text)
            try:
                mv = sgf_moves(text)
            except ValueError as e:
                sys.exit(f"{game}: {e}")
            for k, (value, _) in enumerate(values[: len(mv)]):
                if k < args.from_ply or value is None:
                    continue
                played = " ".join(f"{c.lower()} {gtp_vertex(m, size)}" for c, m in mv[:k])
                print(f"{size} {args.komi} {value / 100:.3f} {played}  # {game} {k}")
                lines += 1
    print(f"{lines} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
