# Rules through GTP: captures, snapback, suicide per rule set, ko, superko.
# Diagrams and reasoning: src/go/rules_tests.rs. Run with gogui-regress from this folder.

boardsize 5
clear_board
komi 0
kgs-rules chinese

# Two black chains share their last liberty B1.
play b a1
play b c1
play w a2
play w c2
play w d1
10 play w b1
#? []
20 list_stones black
#? []
30 captures white
#? [2]

# Snapback: black captures one stone and loses three.
clear_board
play w a3
play w b3
play w c2
play w c1
play b a2
play b b2
40 play w a1
#? []
50 play b b1
#? []
60 play w a1
#? []
70 captures white
#? [3]

# Single-stone suicide is illegal under every rule set.
clear_board
play w b1
play w a2
80 is_legal b a1
#? [0]
90 play b a1
#? [\? illegal move]

# Multi-stone suicide: illegal in Chinese rules, legal in Tromp-Taylor. (Black's stone
# goes first: otherwise the suicide would recreate the earlier white-only position, which
# positional superko forbids.)
clear_board
play b a2
play w a3
play w b2
play w b1
100 play b a1
#? [\? illegal move]
kgs-rules tromp-taylor
110 play b a1
#? []
120 list_stones black
#? []
130 captures white
#? [2]
kgs-rules new_zealand
clear_board
play b a2
play w a3
play w b2
play w b1
140 is_legal b a1
#? [1]

# Ko: no immediate recapture; recapture after a move elsewhere.
kgs-rules chinese
clear_board
play b b3
play b a2
play b b1
play w c3
play w b2
play w d2
play w c1
150 play b c2
#? []
160 play w b2
#? [\? illegal move]
170 is_legal w b2
#? [0]
play w e5
play b e4
180 play w b2
#? []
190 list_stones black
#? [B1 A2 B3 E4]

# Triple ko: the cycle is forbidden by positional superko, allowed by simple ko.
boardsize 9
clear_board
play b b8
play w c8
play b a7
play w b7
play w d7
play b b6
play w c6
play b b3
play w c3
play b g3
play w h3
play b a2
play w b2
play w d2
play b f2
play b h2
play w j2
play b b1
play w c1
play b g1
play w h1
play b c2
play w g2
play b c7
play w b2
play b h2
200 play w b7
#? [\? illegal move]
kgs-rules japanese
210 play w b7
#? []

# The same cycle with one pass recreates the start with white to move: positional
# superko forbids black's last capture, situational superko allows it.
undo
kgs-rules chinese
undo
play b pass
play w b7
220 play b h2
#? [\? illegal move]
kgs-rules new_zealand
230 play b h2
#? []
