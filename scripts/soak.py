#!/usr/bin/env python3
"""Time soak: games of an engine against an opponent under a real clock kept by this
controller, as a server keeps it. Before each of the engine's moves it sends `time_left`
(as kgsGtp does); it times every `genmove` from the command's last byte to the end of the
answer and charges that to the engine's clock. A move longer than the time it had left
in its period (or main time plus periods) is a move over the period; with no periods
left it loses on time. The opponent plays without a clock.

Clocks: `byoyomi:MAIN:PERIOD:PERIODS` (Japanese, sent as kgs-time_settings) or
`canadian:MAIN:PERIOD:STONES` (sent as GTP time_settings).

    scripts/soak.py --engine "target/release/hoshi" \\
        --opponent "/usr/games/gnugo --mode gtp --level 10" --size 9 --games 20 \\
        --clock byoyomi:0:1:3 [--load 2]

--load N keeps N busy processes running during the games (a loaded machine). Prints a
line per game: result, the engine's moves, its slowest answer, the share of the period it
used (mean and largest) and moves over the period; then a summary.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402
from match import Engine, default_referee, win_rate  # noqa: E402


class Clock:
    def __init__(self, spec):
        kind, main, period, count = spec.split(":")
        self.kind = kind
        self.main, self.period, self.count0 = float(main), float(period), int(count)
        if kind not in ("byoyomi", "canadian"):
            raise SystemExit(f"unknown clock {kind}")
        self.reset()

    def reset(self):
        self.main_left = self.main
        self.in_overtime = self.main <= 0
        self.left = self.period if self.in_overtime else self.main
        self.count = self.count0 if self.in_overtime else 0
        self.lost = False

    def settings_command(self):
        if self.kind == "byoyomi":
            return f"kgs-time_settings byoyomi {self.main:g} {self.period:g} {self.count0}"
        return f"time_settings {self.main:g} {self.period:g} {self.count0}"

    def time_left(self, color):
        return f"time_left {color} {self.left:.3f} {self.count if self.in_overtime else 0}"

    def period_time(self):
        """The time one move may take in overtime: the period (byo-yomi) or what is left
        of it (Canadian)."""
        return self.left

    def charge(self, spent):
        """Charges a move; returns True if it went over the period it was in."""
        over = False
        if not self.in_overtime:
            if spent <= self.left:
                self.left -= spent
                return False
            spent -= self.left
            self.in_overtime = True
            self.left, self.count = self.period, self.count0
        if self.kind == "byoyomi":
            while spent > self.left:
                over = True
                spent -= self.period
                self.count -= 1
                if self.count <= 0:
                    self.lost = True
                    return True
            self.left = self.period  # a move within the period resets it
        else:
            if spent > self.left:
                self.lost = True
                return True
            self.left -= spent
            self.count -= 1
            if self.count == 0:
                self.left, self.count = self.period, self.count0
        return over


class Timekeeper:
    """The `clock` hooks of match.play_game: sends `time_left` before each of the engine's
    moves, charges each answer to the clock, and counts what the soak reports."""

    def __init__(self, engine, clock):
        self.engine, self.clock = engine, clock
        self.slowest, self.shares, self.over, self.moves = 0.0, [], 0, 0
        self.allowed = None

    def before(self, color):
        self.engine.ok(self.clock.time_left(color))
        self.allowed = self.clock.period_time() if self.clock.in_overtime else None

    def after(self, color, spent):
        self.moves += 1
        self.slowest = max(self.slowest, spent)
        if self.allowed:
            self.shares.append(spent / self.allowed)
        if self.clock.charge(spent):
            self.over += 1
        if self.clock.lost:
            return ("W" if color == "b" else "B") + "+T"
        return None


def play_game(engine, opponent, referee, engine_black, size, komi, clock, max_moves):
    # The clock settings survive the new game that match.play_game starts.
    clock.reset()
    engine.ok(clock.settings_command())
    keeper = Timekeeper(engine, clock)
    result, moves, _ = match.play_game(engine, opponent, referee, engine_black, size, komi,
                                       max_moves, keeper)
    stats = {"slowest": keeper.slowest, "shares": keeper.shares, "over": keeper.over,
             "moves": keeper.moves}
    return result, moves, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--referee", default=default_referee("chinese"))
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first-game", type=int, default=1)
    ap.add_argument("--clock", required=True)
    ap.add_argument("--load", type=int, default=0, help="busy processes kept running")
    ap.add_argument("--sgf-dir")
    args = ap.parse_args()
    burners = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.load)]
    clock = Clock(args.clock)
    engine, opponent, referee = Engine(args.engine), Engine(args.opponent), Engine(args.referee)
    wins = losses_on_time = over_total = moves_total = 0
    slowest = 0.0
    shares = []
    try:
        for k in range(args.games):
            g = args.first_game - 1 + k
            engine_black = g % 2 == 0
            result, moves, st = play_game(engine, opponent, referee, engine_black, args.size,
                                          args.komi, clock, 3 * args.size * args.size)
            won = result.startswith("B+") if engine_black else result.startswith("W+")
            wins += won
            lost_on_time = result.endswith("+T") and not won
            losses_on_time += lost_on_time
            over_total += st["over"]
            moves_total += st["moves"]
            slowest = max(slowest, st["slowest"])
            shares += st["shares"]
            mean = sum(st["shares"]) / len(st["shares"]) if st["shares"] else 0.0
            top = max(st["shares"]) if st["shares"] else 0.0
            print(f"game {g + 1}: engine {'black' if engine_black else 'white'}, {len(moves)} moves, "
                  f"{result}, {'win' if won else 'loss'}; engine moves {st['moves']}, slowest "
                  f"{st['slowest']:.3f} s, period used mean {100 * mean:.0f}% max {100 * top:.0f}%, "
                  f"over the period {st['over']}", flush=True)
            if args.sgf_dir:
                match.write_sgf(args.sgf_dir, args.size, args.komi, args.engine, args.opponent,
                                g + 1, engine_black, result, moves)
    finally:
        for b in burners:
            b.kill()
        for e in (engine, opponent, referee):
            e.close()
    n = args.games
    mean = sum(shares) / len(shares) if shares else 0.0
    p, se = win_rate(wins, n)
    print(f"{n} games, engine won {wins} ({100 * p:.1f}% ± {100 * se:.1f}%); "
          f"{moves_total} engine moves, {over_total} over the period, {losses_on_time} lost on time; "
          f"slowest {slowest:.3f} s; period used mean {100 * mean:.0f}%, max "
          f"{100 * (max(shares) if shares else 0):.0f}%")


if __name__ == "__main__":
    sys.exit(main())
