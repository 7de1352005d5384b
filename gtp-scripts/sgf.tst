# loadsgf and printsgf with SGF files authored for these tests (games/).

10 loadsgf games/ko.sgf 1
#? [black]
20 list_stones white
#? [C1 B2 D2 C3]
30 loadsgf games/ko.sgf 2
#? [white]
40 is_legal w b2
#? [0]
50 loadsgf games/ko.sgf
#? [black]
60 list_stones white
#? [C1 B2 D2 C3 E5]
70 get_komi
#? [0.5]
80 printsgf
#? [\(;GM\[1\]FF\[4\].*SZ\[5\]KM\[0\.5\]RU\[Chinese\].*;B\[cd\];W\[ea\];B\[eb\];W\[bd\]\)]

# Handicap from HA/AB; tt is a pass on boards up to 19x19.
90 loadsgf games/handicap.sgf
#? [white]
100 list_stones black
#? [C3 G7]
110 printsgf
#? [.*HA\[2\].*;W\[ee\];B\[\]\)]

# Errors leave the game as it was.
120 loadsgf games/truncated.sgf
#? [\? cannot load file]
130 loadsgf games/no-such-file.sgf
#? [\? cannot load file]
140 loadsgf games/ko.sgf two
#? [\? syntax error]
150 list_stones black
#? [C3 G7]
