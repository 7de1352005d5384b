# Playing for points in decided games (issue 14): the score utility, territory counting in
# the playouts, passing, seki and dead stones. Positions in games/ (9x9); each SGF's
# comment says what it shows.

# A weakness to mend: black connects at E5, or white captures there and breaks in. The game
# is decided either way (black wins), so only points tell the moves apart.
loadsgf games/mend.sgf
kgs-rules japanese
10 reg_genmove b
#? [E5]
11 reg_genmove w
#? [E5]
kgs-rules chinese
12 reg_genmove b
#? [E5]
13 reg_genmove w
#? [E5]

# The last points under area rules: the nine dame of column E are a point each. The game is
# decided by komi, yet the side that wins should fill them. The side that has lost may try
# an invasion (the playouts rate one above a dame), but never fills its own area.
# Known failure (22, and 20 in substance): the playouts let an invasion of a three-column
# area live often (the margins' spread is about 20 points), so a stone inside one's own
# area, which spoils those invasions, takes all the visits and no dame is tried. 20 passed
# at this script's seed and order from the false-eye fix (2026-11-30) to the 9x9 table
# refitted to the match archive (2026-12-06), by luck; it plays B4 since. 22 passed
# at this script's seed and order from 2026-11-25 (rave_equiv 1000) to the reading prior
# (2026-11-27), by luck: run alone at 2,000 playouts white fills a dame in 3 of seeds 1-10
# with the reading prior (0 of 10 before it, 2 of 10 before rave_equiv 1000).
loadsgf games/dame.sgf
kgs-rules chinese
komi -30.5
20 reg_genmove b
#? [E\d]*
21 reg_genmove w
#? [!F\d|G\d|H\d|J\d]
komi 30.5
22 reg_genmove w
#? [E\d]*
23 reg_genmove b
#? [!A\d|B\d|C\d|D\d]
# Under territory rules a dame is worth nothing and a stone in one's own area costs a
# point: a dame or a pass. 25 failed at this script's seed and order from the seki guard
# (2026-11-30: white invaded black's three columns at B4) to the false-eye fix the same day;
# the case is a coin toss at 2,000 playouts in this sequence: over seeds 1-6 of the script
# it failed at 2 seeds for each of e16cf117 and the guard's build (run alone, 8 of 8 for
# both).
kgs-rules japanese
komi 0.5
24 reg_genmove b
#? [E\d|pass]
25 reg_genmove w
#? [E\d|pass]

# A settled board under territory rules (black wins by 8.5): every move costs a point, so
# the winner passes; the loser never fills its own area (rows 1-4). White's invasion of
# black's area (C7), 30 points ahead, a coin toss at 2,000 playouts from the seki guard
# (2026-11-30) on, is a prisoner given since `invasion_ownership` (2026-12-02); the loser's
# invasion gives way to a pass, not to a stone in its own area.
loadsgf games/settled.sgf
kgs-rules japanese
30 reg_genmove w
#? [!.*[1-4]]
komi -30.5
31 reg_genmove b
#? [pass]
komi 30.5
32 reg_genmove w
#? [pass]
33 reg_genmove b
#? [!.*[5-9]]

# A stone left to the count: white's E8 is in atari at E9 and could extend there, but only
# to two liberties on the edge, joining nothing and threatening no black chain (black's
# wall has dozens of liberties). Under territory rules taking it spends a point of black's
# own territory for nothing: black passes, as GNU Go 3.8 does (`--japanese-rules`).
loadsgf games/take.sgf
kgs-rules japanese
35 reg_genmove b
#? [pass]

# A ko threat to mend: black A2 has two liberties; white A1 would be a throw-in that black
# can take back at B1 only as a ko. Under territory rules black mends before passing.
loadsgf games/ko_threat.sgf
kgs-rules japanese
36 reg_genmove b
#? [A3|A1]
# The same after white's pass: passing would end the game, but where the players dispute
# the dead stones (KGS, OGS) play resumes, and the threat with it.
play w pass
37 reg_genmove b
#? [A3|A1]

# Seki: C9 is the shared liberty; a stone there by either side is a self-atari that gives
# the seki away.
loadsgf games/seki.sgf
kgs-rules japanese
40 reg_genmove b
#? [!C9]
# Known failure until 2026-11-27: White is behind (about 20% in the search), and C9,
# though it gives Black
# five stones and about 8 points, raises White's win rate in the playouts by a point or
# two (Black's captured corner is a large eye space the playouts can misplay). The search
# picks C9 in 6 of 20 seeds at 2,000 or 5,000 playouts with the priors before 2026-11-25
# (prior_learned 60, prior_even 3), and in 1 of 20 at 2,000 and 10 of 20 at 5,000 with
# the learned prior's weights of 2026-11-25: a lost game's search plays for variance, not
# points (issue 14). With the reading prior (2026-11-27) white picks C9 in 0 of seeds 1-10
# at 2,000 playouts (B3 or C3, saving its own chains): no longer marked known.
41 reg_genmove w
#? [!C9]
kgs-rules chinese
42 reg_genmove b
#? [!C9]
43 reg_genmove w
#? [!C9]

# Dead stones under Tromp-Taylor: every stone on the board counts, so after white passes,
# black captures white's dead C8 and G8 before passing; under Chinese rules they are
# removed by agreement, and passing wins.
loadsgf games/dead_in_territory.sgf
kgs-rules tromp-taylor
play w pass
50 reg_genmove b
#? [!pass]
kgs-rules chinese
51 reg_genmove b
#? [pass]
# Under Japanese rules too: taking C8 or G8 now would fill a point of black's territory.
kgs-rules japanese
52 reg_genmove b
#? [pass]

# A dead stone with two liberties inside one's own territory: black F8 would put white's
# E8 in atari, but E8 is dead as it stands, and under territory rules the stone spends a
# point of black's area. Komi decides the game, so the win rate cannot tell the moves
# apart; black passes.
loadsgf games/dead_atari.sgf
kgs-rules japanese
60 reg_genmove b
#? [pass]

# An open border in a won game under territory rules (from a game against GNU Go): white's
# best move holds the top (B8, C8), so the search's playouts give white the top; after a
# pass black's hane takes it. Never pass here: the points a pass loses decide the game.
loadsgf games/border.sgf
kgs-rules japanese
komi 6.5
70 reg_genmove w
#? [!pass]

# A dead chain not to extend (hoshi's game against GNU Go, 2026-12-02): white's G5-H5 has
# two liberties inside black's area, and a stone at H6 or J5 would give it three, but it is
# dead with them or without them (black's in 90% of the playouts); the extension is a
# prisoner more, and lost the game by half a point. Before the check of the chain's
# ownership (engine::mend, CHAIN_LOST) white extended at 2,000 playouts at 8 of seeds 1-8.
loadsgf games/dead_extension.sgf 54
kgs-rules japanese
80 reg_genmove w
#? [pass]

# A capture that frees nothing (after filllib case 40): white's E8, in atari at E7 inside
# black's area, could extend there to two liberties, but that joins nothing, and the black
# stone beside it with two liberties (E9) cannot be put in atari (D9 and F9 are
# self-ataris for white). The stone is dead as it stands, and taking it spends a point of
# black's territory, which here loses the game: black passes, as GNU Go 3.8 does. Before
# `touches_chain_in_reach` (2026-12-04) black took it at 2,000 playouts at seeds 3, 5
# and 6 of 1-6, as a capture freeing a chain of two liberties.
loadsgf games/idle_capture.sgf
kgs-rules japanese
90 reg_genmove b
#? [pass]

# A boundary point in gote under territory rules (after filllib cases 19 and 20): A9-A8-A7
# touches white's two-eyed group and black's A6. Black's A7 leaves A9 and A8 dame (black
# wins by 3.5), white's closes them (by 1.5): two points for either side, the game decided
# both ways; every other move fills one's own territory. Not a pass. The search finds A7
# here by itself (2,000 playouts, seeds 1-6, before engine::boundary as after); where it
# would pass, `boundary_move` plays it.
loadsgf games/boundary.sgf
kgs-rules japanese
100 reg_genmove b
#? [A7]
101 reg_genmove w
#? [A7]
