# Ending the game. games/settled.sgf: every point is settled (black's area above the
# walls, white's below), komi 0.5, black to move.

# Under territory rules a move inside one's own territory loses a point: pass. Black's
# invasion of white's three rows (D2), a coin toss at 2,000 playouts from the false-eye fix
# in the playouts (2026-11-30) on, is a prisoner given since `invasion_ownership`
# (2026-12-02): a lone stone in a region walled in and owned by the opponent.
loadsgf games/settled.sgf
kgs-rules japanese
10 reg_genmove b
#? [pass]

# After the opponent passes, passing ends the game with a win: pass.
kgs-rules chinese
play w pass
20 reg_genmove b
#? [pass]
21 final_score
#? [B\+8\.5]

# Cleanup (KGS): no dead stones left to capture, so pass.
30 kgs-genmove_cleanup b
#? [pass]

# games/race.sgf: a capturing race read to the end (white's eyeless chain dies whoever
# moves first; black lives). With the region counted for black in every playout, no move
# of white's there gains anything, and under territory rules white passes; so does black.
# The reading may take the move's time here: a debug build reads too slowly for a tenth.
loadsgf games/race.sgf
kgs-rules japanese
hoshi-param search_solve_share 1
40 reg_genmove w
#? [pass]
41 reg_genmove b
#? [pass]

# games/seki_only.sgf: a seki is all that is left (black's D2-F2 and white's ring share
# their only liberties C2 and G2). Filling either puts one's own chain in atari beside the
# other's, and the other takes first. Under area rules, where hoshi passes only when no
# move does better, both sides pass; so they do under territory rules.
loadsgf games/seki_only.sgf
kgs-rules chinese
50 reg_genmove w
#? [pass]
51 reg_genmove b
#? [pass]
52 final_score
#? [B\+46\.5]
kgs-rules japanese
53 reg_genmove w
#? [pass]
54 reg_genmove b
#? [pass]
55 final_score
#? [B\+1\.5]

# games/backfill.sgf (hoshi's own position): every group is settled, and white's D7 has
# two liberties, C7 inside white's area and the dame E7 between it and black. White E7
# would stand in atari with D7, black E7 is safe and puts D7 in atari: under territory
# rules white connects at C7 before passing (the backfill GNU Go 3.8 plays too) and black
# fills the dame E7 (GNU Go: C7, E7). Without the dame fill (`--param fill_dame=0`) white
# passes.
loadsgf games/backfill.sgf
kgs-rules japanese
60 reg_genmove w
#? [C7]
61 reg_genmove b
#? [E7]

# games/threat.sgf (hoshi's own position): every group is settled but for the top left.
# White's A9 and B8 have two liberties each, A8 and B9. Black's A8 now would stand in
# atari, but after black's A7 it puts A9 and B8 in atari together, and white's B9 then
# leaves A9-B9-B8-C9 one liberty (D9): under territory rules black plays the threat A7
# before passing (`Mend::Threat`; GNU Go 3.8: A7, and D9 for white). Before the threat
# was a mend (b2e82afb) black passed here at seeds 1 to 5.
loadsgf games/threat.sgf
kgs-rules japanese
70 reg_genmove b
#? [A7]
