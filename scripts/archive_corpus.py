#!/usr/bin/env python3
"""Gather a training corpus for `hoshi train` from the match archive (`matches/`): the games
listed in a list file (one SGF path per line, relative to the repository's root), copied
into one folder under names that keep their record (`record_arm_gameNNN.sgf`), as
`hoshi train --corpus` reads one folder.

With --folders, the list is written first: every SGF under the matching record folders
whose board size and komi are the ones given, sorted by path. A list once written fixes the
corpus: later matches in the same folders do not change it.

Example (the 9x9 table of 2026-12-06, from games where both engines thought about 1 s a
move or more):
  scripts/archive_corpus.py --list corpus/archive-9x9.txt --out /tmp/archive \\
      --folders '*pachi-2s*' '*pachi-equal-time*' 2026-12-05-9x9-read3-2s 2026-12-05-9x9-two-lib-2s
  git show 98ad8ba2:src/search/gammas.txt > /tmp/g0.txt       # the fit's base: the table before
  cargo run --release -- train --corpus /tmp/archive --out g.txt --base /tmp/g0.txt \\
      --groups shape,capture,escape,self_atari,atari,last,last2,line,diamond --iterations 15 --min-seen 20
(g.txt's strengths are src/search/gammas.txt's; README, The learned prior.)
"""

import argparse
import fnmatch
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import sgf_komi, sgf_size  # noqa: E402  (the records match.py writes)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def matching_games(folders, size, komi, exclude=()):
    """Repository-relative paths of the SGFs under matches/<folder> for each folder glob
    (but the folders matching a glob of `exclude`), with board size `size` and komi `komi`,
    sorted."""
    records = sorted(d for d in os.listdir(os.path.join(ROOT, "matches"))
                     if any(fnmatch.fnmatch(d, f) for f in folders)
                     and not any(fnmatch.fnmatch(d, x) for x in exclude))
    found = []
    for record in records:
        for dirpath, _, files in os.walk(os.path.join(ROOT, "matches", record)):
            for name in files:
                if not name.endswith(".sgf"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if sgf_size(text) == size and sgf_komi(text) == komi:
                    found.append(os.path.relpath(path, ROOT))
    return sorted(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", required=True, help="list file (written with --folders)")
    ap.add_argument("--out", required=True, help="folder to copy the games into")
    ap.add_argument("--folders", nargs="*", help="record folder globs under matches/")
    ap.add_argument("--exclude", nargs="*", default=[],
                    help="record folder globs that --folders leaves out (e.g. a test set)")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    args = ap.parse_args()
    if args.folders:
        games = matching_games(args.folders, args.size, args.komi, args.exclude)
        with open(args.list, "w") as f:
            f.writelines(g + "\n" for g in games)
    with open(args.list) as f:
        games = [line.strip() for line in f if line.strip()]
    os.makedirs(args.out, exist_ok=True)
    names = set()
    for g in games:
        parts = g.split(os.sep)
        name = "_".join(parts[1:] if parts[0] == "matches" else parts)
        if name in names:
            sys.exit(f"two games would be copied to {name}")
        names.add(name)
        src = os.path.join(ROOT, g)
        if not os.path.isfile(src):
            sys.exit(f"{g}: no such game")
        shutil.copyfile(src, os.path.join(args.out, name))
    print(f"{len(games)} games in {args.out}")


if __name__ == "__main__":
    main()
