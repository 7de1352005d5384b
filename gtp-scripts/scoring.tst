# Scoring with dead stones found by the engine (Monte Carlo ownership).
# Black wall on column D, white wall on column F, dame on column E; a dead white stone at
# B7 inside black's area and a dead black stone at G5 inside white's area.

boardsize 8
komi 0
kgs-rules japanese
play b d1
play b d2
play b d3
play b d4
play b d5
play b d6
play b d7
play b d8
play w f1
play w f2
play w f3
play w f4
play w f5
play w f6
play w f7
play w f8
play w b7
play b g5

# Territory: (24 + 1 prisoner) - (16 + 1 prisoner).
10 final_score
#? [B\+8]
20 final_status_list dead
#? [B7\nG5|G5\nB7]
30 final_status_list seki
#? []

# Area: 8 + 24 against 8 + 16.
kgs-rules chinese
40 final_score
#? [B\+8]
komi 8.5
50 final_score
#? [W\+0\.5]
komi 8
60 final_score
#? [0]

# Captures count as prisoners under territory scoring.
kgs-rules japanese
komi 0
play b c7
play b a7
play b b8
70 play b b6
#? []
80 captures black
#? [1]
# Black filled four points of its own territory: 20 + 1 - (16 + 1).
90 final_score
#? [B\+4]
