#!/usr/bin/env python3
"""Measure two settings of an engine side by side against one opponent (an A/B match).

Both arms play the same game numbers in turn, game by game: game k of arm A, then game k
of arm B (and of the optional arms C and D, each compared with A), each with the engine
black in odd games, so the arms share colours, machine load and time of day, and a stop
at any point leaves them even (or one game apart). Each worker plays its share of the game
numbers (worker w of W: games w+1, w+1+W, ...) with its own engines, pinned to its own
core when --cpus is given, so a two-worker run fills two cores with one game each. Games are scored as in match.py (a GNU Go referee after two
passes; resignations as they come). The per-game lines go to DIR/a.log, DIR/b.log, ... in
match.py's format, SGFs to DIR/a/, DIR/b/, ..., and the tally of each arm, with its
difference from A in standard errors, to stdout at the end. With --rules japanese the
referee counts territory (give the engines the rules in their commands too). An arm may
have an opponent of its own (--opponent-b, ...), for arms that change both engines' setting
alike, such as the threads each thinks on.

Example (hoshi with and without the opening boost against Pachi on 19x19, 5 s a move):
  scripts/ab.py --a "target/release/hoshi --max-time-per-move 5 --threads 1" \\
      --b "target/release/hoshi --max-time-per-move 5 --threads 1 --param prior_opening_stones=0" \\
      --opponent "/tmp/pachi/pachi -t 5 -d 0 threads=1" --size 19 --games 20 \\
      --workers 2 --cpus 0,1 --dir /tmp/boost
"""
import argparse
import math
import multiprocessing
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, default_referee, game_line, play_game, win_rate, write_sgf  # noqa: E402

ALL_ARMS = ("a", "b", "c", "d")


def commands_of(args):
    """Each arm given on the command line, in order, with its engine command."""
    return {arm: getattr(args, arm) for arm in ALL_ARMS if getattr(args, arm)}


def opponents_of(args):
    """Each arm's opponent command: its own (--opponent-b, ...) or the common one."""
    return {arm: getattr(args, f"opponent_{arm}", None) or args.opponent
            for arm in commands_of(args)}


def worker(args, index):
    """Plays this worker's game numbers for every arm, appending to the arms' logs."""
    if args.cpus:
        cpu = args.cpus[index % len(args.cpus)]
        os.sched_setaffinity(0, {cpu})
    commands = commands_of(args)
    engines = {arm: Engine(command) for arm, command in commands.items()}
    opponent_commands = opponents_of(args)
    opponents = {command: Engine(command) for command in set(opponent_commands.values())}
    referee = Engine(args.referee)
    try:
        for g in range(args.first_game - 1 + index, args.first_game - 1 + args.games, args.workers):
            engine_black = g % 2 == 0
            for arm in commands:
                opponent = opponents[opponent_commands[arm]]
                result, moves, worst = play_game(engines[arm], opponent, referee, engine_black,
                                                 args.size, args.komi, 3 * args.size * args.size)
                _, line = game_line(g + 1, engine_black, result, moves, worst)
                with open(os.path.join(args.dir, f"{arm}.log"), "a") as f:
                    f.write(line + "\n")
                write_sgf(os.path.join(args.dir, arm), args.size, args.komi, commands[arm],
                          opponent_commands[arm], g + 1, engine_black, result, moves,
                          args.rules.capitalize())
    finally:
        for e in (*engines.values(), *opponents.values(), referee):
            e.close()


def tally(path):
    """(wins, games) from the per-game lines of a log."""
    wins = games = 0
    if os.path.exists(path):
        for line in open(path):
            m = re.match(r"game \d+: .*, (win|loss), ", line)
            if m:
                games += 1
                wins += m.group(1) == "win"
    return wins, games


def report(directory, labels):
    """Each arm's win rate with its standard error, and each other arm's difference from A."""
    rates = {}
    for arm in labels:
        wins, games = tally(os.path.join(directory, f"{arm}.log"))
        p, se = win_rate(wins, games)
        rates[arm] = (p, se, games)
        print(f"{arm} ({labels[arm]}): {wins} of {games}: {100 * p:.1f}% ± {100 * se:.1f}%")
    pa, sa, na = rates["a"]
    for arm in list(labels)[1:]:
        pb, sb, nb = rates[arm]
        se = math.sqrt(sa * sa + sb * sb)
        if na and nb and se > 0:
            print(f"a - {arm}: {100 * (pa - pb):+.1f} points, {(pa - pb) / se:+.1f} standard errors")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", required=True, help="engine command of arm A")
    ap.add_argument("--b", required=True, help="engine command of arm B")
    ap.add_argument("--c", help="engine command of an optional arm C")
    ap.add_argument("--d", help="engine command of an optional arm D (with C)")
    ap.add_argument("--opponent", required=True)
    for arm in ALL_ARMS[1:]:
        ap.add_argument(f"--opponent-{arm}",
                        help=f"arm {arm.upper()}'s own opponent command (default: --opponent), "
                             "for arms that differ in the setting of both engines, such as "
                             "their threads")
    ap.add_argument("--rules", choices=["chinese", "japanese"], default="chinese",
                    help="the rules the referee scores by (and the SGFs' RU); give the engines "
                         "theirs in their commands (hoshi --rules japanese)")
    ap.add_argument("--referee", help="referee command (default: GNU Go with --rules)")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--games", type=int, default=10, help="games per arm, fixed in advance")
    ap.add_argument("--first-game", type=int, default=1,
                    help="number of the first game, to go on with a match run in parts")
    ap.add_argument("--workers", type=int, default=1, help="games at a time per arm")
    ap.add_argument("--cpus", type=lambda s: [int(x) for x in s.split(",")],
                    help="comma-separated cores, one per worker (taken in turn)")
    ap.add_argument("--dir", required=True, help="folder for the logs and SGFs")
    ap.add_argument("--report", action="store_true",
                    help="only print the tally of the games already in --dir")
    args = ap.parse_args()
    if args.d and not args.c:
        ap.error("--d needs --c")
    if args.referee is None:
        args.referee = default_referee(args.rules)
    labels = commands_of(args)
    if not args.report:
        if args.games < 1 or args.workers < 1:
            ap.error("--games and --workers must be at least 1")
        os.makedirs(args.dir, exist_ok=True)
        procs = [multiprocessing.Process(target=worker, args=(args, w))
                 for w in range(args.workers)]
        for p in procs:
            p.start()
        failed = 0
        for p in procs:
            p.join()
            failed += p.exitcode != 0
        if failed:
            print(f"{failed} worker(s) failed; the tally counts the games they finished",
                  file=sys.stderr)
    report(args.dir, labels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
