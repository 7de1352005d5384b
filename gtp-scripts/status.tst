# Dead stones, seki and scoring on the classic end-of-game cases, judged by the engine's
# Monte Carlo ownership. Positions in games/ (9x9, komi 0.5); each SGF's comment says what
# it shows. Expected results were worked out by hand and agree with GNU Go 3.8's
# final_status_list and (area) final_score, except where noted.

# Dead stones inside territory: white C8 and G8 in black's area, black E2 in white's.
loadsgf games/dead_in_territory.sgf
10 final_status_list dead
#? [E2\nC8\nG8]
11 final_status_list seki
#? []
12 final_status_list alive
#? [!.*(C8|G8|E2).*]
# Japanese: black 30 territory + 2 prisoners, white 25 + 1 (GNU Go: B+5.5).
kgs-rules japanese
13 final_score
#? [B\+5\.5]
# Chinese: black's area 45 against white's 36 (GNU Go: B+8.5).
kgs-rules chinese
14 final_score
#? [B\+8\.5]

# Seki: white's corner (eye A9) and black's group (eye E9) share C9; nothing is dead.
loadsgf games/seki.sgf
20 final_status_list dead
#? []
21 final_status_list seki
#? [A7 B7 C7 D7 E7 F7 D8 E8 F8 D9 F9\nA8 B8 C8 B9]
# Japanese: no territory in seki, so A9 and E9 count for nobody: 20 - 18.
kgs-rules japanese
22 final_score
#? [B\+1\.5]
# Chinese: the seki eyes are area (E9 black, A9 white), C9 is neutral: 42 - 38.
kgs-rules chinese
23 final_score
#? [B\+3\.5]

# False eye: white's corner group has one real eye (A9); C9 is false, because D9-E9 can
# be captured there. The whole group is dead.
loadsgf games/false_eye.sgf
30 final_status_list dead
#? [A8 B8 C8 B9\nD9 E9]
31 final_status_list seki
#? []
# Chinese: 45 against 36. Japanese: black 29 territory + 6 prisoners against 27.
kgs-rules chinese
32 final_score
#? [B\+8\.5]
kgs-rules japanese
33 final_score
#? [B\+7\.5]

# Bent four in the corner: white's corner group (eye space A9 B9 C9 A8) is dead under
# Japanese rules by rule, and under area rules because black can remove every ko threat
# before starting the bent-four ko. Random playouts fight that ko as if both sides had
# threats and keep the group alive in most of them, so the status estimate applies the
# ruling to this shape itself (GNU Go agrees). Chinese: 54 against 27. Japanese: black 37
# territory + 6 prisoners against 18.
loadsgf games/bent_four.sgf
40 final_status_list dead
#? [A7 B7 B8 C8 D8 D9]
kgs-rules chinese
41 final_score
#? [B\+26\.5]
kgs-rules japanese
42 final_score
#? [B\+24\.5]

# Dame: black's wall on column D, white's on column F; column E belongs to nobody under
# either count, so the board is even and komi decides. (GNU Go's Chinese final_score says
# B+0.5: it fills the nine dame in turn first, black getting five.)
loadsgf games/dame.sgf
50 final_status_list dead
#? []
kgs-rules japanese
51 final_score
#? [W\+0\.5]
kgs-rules chinese
52 final_score
#? [W\+0\.5]
komi 0
53 final_score
#? [0]

# Dame next to eyes: black's chain has five one-point eyes and otherwise only the dame of
# column C, which either side can fill safely: no seki (a seki's shared liberty is one
# neither side can fill), so the eyes are black's territory. Japanese: 5 against 36.
loadsgf games/dame_eyes.sgf
60 final_status_list seki
#? []
61 final_status_list dead
#? []
kgs-rules japanese
62 final_score
#? [W\+31\.5]
