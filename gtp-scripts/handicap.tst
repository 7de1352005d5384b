# Handicap placement: the GTP fixed table, free placement, errors.

boardsize 19
clear_board
10 fixed_handicap 2
#? [D4 Q16]
clear_board
20 fixed_handicap 5
#? [D4 Q16 D16 Q4 K10]
clear_board
30 fixed_handicap 8
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16]
40 fixed_handicap 2
#? [\? board not empty]
clear_board
50 fixed_handicap 10
#? [\? invalid number of stones]

boardsize 13
60 fixed_handicap 9
#? [D4 K10 D10 K4 D7 K7 G4 G10 G7]

boardsize 9
70 fixed_handicap 4
#? [C3 G7 C7 G3]
clear_board
80 fixed_handicap 6
#? [C3 G7 C7 G3 C5 G5]

boardsize 10
90 fixed_handicap 4
#? [C3 H8 C8 H3]
clear_board
100 fixed_handicap 5
#? [\? invalid number of stones]

boardsize 7
110 fixed_handicap 4
#? [C3 E5 C5 E3]
boardsize 6
120 fixed_handicap 2
#? [\? invalid number of stones]

# Free placement: star points first, then spread out; exactly the count asked.
boardsize 19
130 place_free_handicap 4
#? [D4 Q16 D16 Q4]
clear_board
140 place_free_handicap 12
#? [D4 Q16 D16 Q4 D10 Q10 K4 K16 K10( [A-T][0-9]+){3}]
clear_board
150 place_free_handicap 1
#? [\? invalid number of stones]
boardsize 5
160 place_free_handicap 24
#? [([A-E][1-5] ?){24}]

# After handicap white is to move: black's next stone is its first move.
boardsize 9
set_free_handicap C3 G7
170 list_stones black
#? [C3 G7]
180 set_free_handicap E5 E6
#? [\? board not empty]
