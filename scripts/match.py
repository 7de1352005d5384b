#!/usr/bin/env python3
"""Play matches between two GTP engines and report the first engine's score.

Colours alternate; every game is scored by a referee engine (GNU Go by default, which
finds dead stones itself) after two passes; resignations and move-cap games are counted
as they end. Writes one SGF per game when --sgf-dir is given.

Example (hoshi against GNU Go level 10 on 9x9, 2 s a move):
  scripts/match.py --engine "target/release/hoshi --max-time-per-move 2 --lag 0" \
      --opponent "gnugo --mode gtp --level 10 --chinese-rules" --size 9 --games 50
"""
import argparse
import math
import os
import re
import shlex
import subprocess
import sys
import time


class Engine:
    def __init__(self, command, stderr=subprocess.DEVNULL, env=None):
        """Starts `command`; its stderr goes to `stderr` (discarded by default), and it runs
        in `env` (this process's environment by default)."""
        self.command = command
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr, env=env,
                                     text=True, bufsize=1)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"{self.command!r} died on {line!r}")
            if out.strip() == "" and lines:
                break
            if out.strip() == "":
                continue
            lines.append(out.rstrip("\n"))
        text = "\n".join(lines)
        ok = text.startswith("=")
        return ok, text[1:].strip()

    def ok(self, line):
        ok, body = self.send(line)
        if not ok:
            raise RuntimeError(f"{self.command!r}: {line!r} failed: {body}")
        return body

    def close(self):
        try:
            self.send("quit")
        except Exception:
            pass
        self.proc.wait(timeout=10)


# GTP's column letters (no I) and SGF's coordinate letters, up to 25x25.
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SGF_LETTERS = "abcdefghijklmnopqrstuvwxy"


def sgf_point(vertex, size):
    if vertex.lower() == "pass":
        return ""
    x = GTP_COLUMNS.index(vertex[0].upper())
    y = size - int(vertex[1:])
    return SGF_LETTERS[x] + SGF_LETTERS[y]


def gtp_vertex(point, size):
    """The GTP vertex of an SGF point (the inverse of `sgf_point`); "" or "tt" is a pass."""
    if point == "" or (point == "tt" and size <= 19):
        return "pass"
    return f"{GTP_COLUMNS[SGF_LETTERS.index(point[0])]}{size - SGF_LETTERS.index(point[1])}"


def sgf_size(text):
    """The board size of an SGF record (SZ; 19 when absent, as SGF says)."""
    return int((re.findall(r"SZ\[(\d+)\]", text) or ["19"])[0])


def sgf_komi(text):
    """The komi of an SGF record (KM; 0 when absent)."""
    return float((re.findall(r"KM\[([^]]*)\]", text) or ["0"])[0])


def sgf_moves(text):
    """The moves of a record match.py wrote (no variations or set-up stones), as (colour,
    SGF point) pairs: "" is a pass."""
    if re.search(r"A[BW]\[", text):
        raise ValueError("set-up stones are not supported")
    return re.findall(r";([BW])\[([a-z]{0,2})\]", text)


def play_game(engine, opponent, referee, engine_black, size, komi, max_moves, clock=None,
              start=()):
    """Plays one game and returns (result, moves, slowest genmove per colour). `clock`, if
    given, keeps the engine's time: `clock.before(color)` is called before each of the
    engine's genmoves and `clock.after(color, seconds)` after it, which may end the game
    by returning a result (a loss on time). `start`, if given, is the game so far as
    (colour, vertex) pairs, black first and alternating (passes included): all three
    engines are told them and the game goes on from there (they count among `moves`)."""
    black, white = (engine, opponent) if engine_black else (opponent, engine)
    ours = "b" if engine_black else "w"
    for e in (engine, opponent, referee):
        e.ok(f"boardsize {size}")
        e.ok("clear_board")
        e.ok(f"komi {komi}")
    moves = list(start)
    for c, vertex in moves:
        for e in (engine, opponent, referee):
            e.ok(f"play {c} {vertex}")
    passes = 1 if moves and moves[-1][1].lower() == "pass" else 0
    color = "b" if len(moves) % 2 == 0 else "w"
    worst = {"b": 0.0, "w": 0.0}
    result = None
    while len(moves) < max_moves:
        mover, other = (black, white) if color == "b" else (white, black)
        timed = clock is not None and color == ours
        if timed:
            clock.before(color)
        start = time.monotonic()
        vertex = mover.ok(f"genmove {color}")
        spent = time.monotonic() - start
        worst[color] = max(worst[color], spent)
        if timed:
            result = clock.after(color, spent)
            if result is not None:
                break
        if vertex.lower() == "resign":
            result = ("W" if color == "b" else "B") + "+R"
            break
        other.ok(f"play {color} {vertex}")
        referee.ok(f"play {color} {vertex}")
        moves.append((color, vertex))
        passes = passes + 1 if vertex.lower() == "pass" else 0
        if passes >= 2:
            break
        color = "w" if color == "b" else "b"
    if result is None:
        result = referee.ok("final_score")
    return result, moves, worst


def default_referee(rules):
    """The referee command when none is given: GNU Go counting by `rules`."""
    return f"/usr/games/gnugo --mode gtp --{rules}-rules"


def win_rate(wins, games):
    """(share won, its standard error) of `wins` in `games`; (0, 0) for no games."""
    if not games:
        return 0.0, 0.0
    p = wins / games
    return p, math.sqrt(p * (1 - p) / games)


def game_line(number, engine_black, result, moves, worst):
    """Whether the engine won game `number`, and the game's log line (the format the tallies
    of match.py, ab.py and the match records read)."""
    ours = "b" if engine_black else "w"
    won = result.startswith("B+") if engine_black else result.startswith("W+")
    line = (f"game {number}: engine {'black' if engine_black else 'white'}, {len(moves)} moves, "
            f"{result}, {'win' if won else 'loss'}, slowest engine move {worst[ours]:.2f} s")
    return won, line


def write_sgf(sgf_dir, size, komi, engine, opponent, number, engine_black, result, moves,
              rules="Chinese"):
    """Writes game `number` as sgf_dir/gameNNN.sgf."""
    os.makedirs(sgf_dir, exist_ok=True)
    body = "".join(f";{c.upper()}[{sgf_point(v, size)}]" for c, v in moves)
    pb, pw = (engine, opponent) if engine_black else (opponent, engine)
    with open(os.path.join(sgf_dir, f"game{number:03}.sgf"), "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[{size}]KM[{komi}]RU[{rules}]PB[{pb}]PW[{pw}]"
                f"RE[{result}]{body})\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="command of the engine measured")
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--rules", choices=["chinese", "japanese"], default="chinese",
                    help="the rules the referee scores by (and the SGF's RU); give the engines "
                         "theirs in their commands (hoshi --rules japanese)")
    ap.add_argument("--referee", help="referee command (default: GNU Go with --rules)")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--games", type=int, default=10,
                    help="games this run plays, from --first-game on")
    ap.add_argument("--sgf-dir")
    ap.add_argument("--first-game", type=int, default=1,
                    help="number of the first game, for a match run in chunks: colours and SGF "
                         "names follow the overall game number (odd: engine black); games 35-60 "
                         "of a 60-game match are --first-game 35 --games 26")
    args = ap.parse_args()
    if args.referee is None:
        args.referee = default_referee(args.rules)
    engine, opponent, referee = Engine(args.engine), Engine(args.opponent), Engine(args.referee)
    wins = 0
    slowest = 0.0
    for k in range(args.games):
        g = args.first_game - 1 + k
        engine_black = g % 2 == 0
        result, moves, worst = play_game(engine, opponent, referee, engine_black, args.size,
                                         args.komi, 3 * args.size * args.size)
        slowest = max(slowest, worst["b" if engine_black else "w"])
        won, line = game_line(g + 1, engine_black, result, moves, worst)
        wins += won
        print(line, flush=True)
        if args.sgf_dir:
            write_sgf(args.sgf_dir, args.size, args.komi, args.engine, args.opponent, g + 1,
                      engine_black, result, moves, args.rules.capitalize())
    n = args.games
    p, se = win_rate(wins, n)
    print(f"engine won {wins} of {n}: {100 * p:.1f}% ± {100 * se:.1f}% (one standard error); "
          f"slowest engine move {slowest:.2f} s")
    for e in (engine, opponent, referee):
        e.close()


if __name__ == "__main__":
    sys.exit(main())
