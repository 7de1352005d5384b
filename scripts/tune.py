#!/usr/bin/env python3
"""Tune hoshi's search parameters (`Params`) by SPSA over games against an opponent.

Each iteration draws a random sign per parameter, sets the engine's parameters to
theta + c*sign in one game and theta - c*sign in another (through the GTP command
`hoshi-param`, so the engine processes live through the whole run), plays both against the
opponent with the engine on the same colour (alternating between iterations), and moves
each parameter by rate * c * sign * (score(+) - score(-)): towards the side that won when
the two games differ, not at all when they agree. With --workers 2 (the default) the two
games of an iteration run in parallel, each worker with its own engine, opponent and
referee processes.

Every iteration is appended to --log as one JSON line (theta before, signs, the two
results); --resume continues from the last line of the log. The final theta is printed as
`--param name=value` flags to measure with scripts/match.py, which is what decides whether
a tuned value stays.

Example (playout weights against Pachi at a fixed number of playouts):
  scripts/tune.py --engine "target/release/hoshi --playouts 5000 --threads 1" \\
      --opponent "/tmp/pachi/pachi -t =1250 -d 0 threads=1" \\
      --param playout_capture:60:20:0:1000 --param playout_pattern:12:4:0:1000 \\
      --iterations 300 --log /tmp/tune.jsonl
"""
import argparse
import json
import os
import random
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, default_referee, play_game  # noqa: E402


class Spec:
    """One tuned parameter: name, start value, perturbation c, bounds, integer or not."""

    def __init__(self, text):
        parts = text.split(":")
        if len(parts) != 5:
            raise argparse.ArgumentTypeError(
                f"{text!r}: expected name:start:c:lo:hi (e.g. playout_save:40:10:0:1000)")
        self.name = parts[0]
        try:
            self.start, self.c, self.lo, self.hi = (float(x) for x in parts[1:])
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: start, c, lo and hi must be numbers")
        if not (self.lo <= self.start <= self.hi) or self.c <= 0:
            raise argparse.ArgumentTypeError(f"{text!r}: need lo <= start <= hi and c > 0")
        self.integer = not any("." in x or "e" in x.lower() for x in parts[1:])

    def clamp(self, v):
        return min(self.hi, max(self.lo, v))

    def text(self, v):
        """The value as the engine takes it: integer parameters are rounded."""
        v = self.clamp(v)
        return str(int(round(v))) if self.integer else f"{v:.4g}"


def score(result, engine_black):
    """1 for an engine win, 0 for a loss, 0.5 for a jigo (B+0 / W+0 / 0)."""
    if result.startswith("B+") or result.startswith("W+"):
        if result[2:] in ("0", "0.0"):
            return 0.5
        return 1.0 if result.startswith("B+") == engine_black else 0.0
    return 0.5


class Worker:
    def __init__(self, args):
        self.engine = Engine(args.engine)
        self.opponent = Engine(args.opponent)
        self.referee = Engine(args.referee)
        self.args = args

    def play(self, specs, theta, engine_black, out, slot):
        for s, v in zip(specs, theta):
            self.engine.ok(f"hoshi-param {s.name} {s.text(v)}")
        result, moves, _ = play_game(self.engine, self.opponent, self.referee, engine_black,
                                     self.args.size, self.args.komi,
                                     3 * self.args.size * self.args.size)
        out[slot] = (result, len(moves))

    def close(self):
        for e in (self.engine, self.opponent, self.referee):
            e.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="hoshi command (speaks hoshi-param)")
    ap.add_argument("--opponent", required=True)
    ap.add_argument("--referee", default=default_referee("chinese"))
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--param", type=Spec, action="append", required=True,
                    help="name:start:c:lo:hi (repeat for each parameter); all five "
                         "whole numbers tune an integer (values sent rounded), a decimal "
                         "point anywhere (prior_even:10.0:3:0:100) a real number")
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--rate", type=float, default=0.2,
                    help="step per decisive pair, as a share of c (default 0.2)")
    ap.add_argument("--workers", type=int, choices=(1, 2), default=2,
                    help="2: the two games of an iteration in parallel")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", required=True, help="JSON lines, one per iteration")
    ap.add_argument("--resume", action="store_true", help="continue from the log's last line")
    args = ap.parse_args()

    specs = args.param
    theta = [s.start for s in specs]
    first = 0
    if args.resume and os.path.exists(args.log):
        with open(args.log) as f:
            lines = [json.loads(x) for x in f if x.strip()]
        if lines:
            last = lines[-1]
            theta = [last["after"][s.name] for s in specs]
            first = last["iteration"] + 1
    rng = random.Random(args.seed * 1_000_003 + first)
    workers = [Worker(args) for _ in range(args.workers)]
    plus_wins = minus_wins = 0
    try:
        for k in range(first, first + args.iterations):
            signs = [rng.choice((-1, 1)) for _ in specs]
            plus = [s.clamp(v + sg * s.c) for s, v, sg in zip(specs, theta, signs)]
            minus = [s.clamp(v - sg * s.c) for s, v, sg in zip(specs, theta, signs)]
            engine_black = k % 2 == 0
            out = [None, None]
            if args.workers == 2:
                threads = [threading.Thread(target=w.play, args=(specs, t, engine_black, out, i))
                           for i, (w, t) in enumerate(zip(workers, (plus, minus)))]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
            else:
                workers[0].play(specs, plus, engine_black, out, 0)
                workers[0].play(specs, minus, engine_black, out, 1)
            if out[0] is None or out[1] is None:
                raise RuntimeError("a game failed; see the engines' commands")
            sp, sm = score(out[0][0], engine_black), score(out[1][0], engine_black)
            plus_wins += sp
            minus_wins += sm
            before = {s.name: v for s, v in zip(specs, theta)}
            theta = [s.clamp(v + args.rate * s.c * sg * (sp - sm))
                     for s, v, sg in zip(specs, theta, signs)]
            record = {
                "iteration": k,
                "engine_black": engine_black,
                "before": before,
                "signs": {s.name: sg for s, sg in zip(specs, signs)},
                "plus": {"result": out[0][0], "moves": out[0][1], "score": sp},
                "minus": {"result": out[1][0], "moves": out[1][1], "score": sm},
                "after": {s.name: v for s, v in zip(specs, theta)},
            }
            with open(args.log, "a") as f:
                f.write(json.dumps(record) + "\n")
            print(f"iteration {k}: +{sp:g} -{sm:g}  " +
                  " ".join(f"{s.name}={s.text(v)}" for s, v in zip(specs, theta)), flush=True)
    finally:
        for w in workers:
            w.close()
    n = args.iterations
    print(f"games won: {plus_wins:g} of {n} (+ side), {minus_wins:g} of {n} (- side)")
    print("final: " + " ".join(f"--param {s.name}={s.text(v)}" for s, v in zip(specs, theta)))


if __name__ == "__main__":
    sys.exit(main())
