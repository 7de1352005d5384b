# Protocol: identity, ids, errors, listing.

10 protocol_version
#? [2]
20 name
#? [hoshi]
30 known_command genmove
#? [true]
40 known_command no_such_command
#? [false]
50 no_such_command
#? [\? unknown command]
60 boardsize 0
#? [\? unacceptable size]
70 boardsize 26
#? [\? unacceptable size]
80 boardsize 25
#? []
90 komi abc
#? [\? syntax error]
100 komi -3.5
#? []
110 get_komi
#? [-3.5]
120 play b a26
#? [\? illegal move]
130 play b a25
#? []
140 play b i5
#? [\? syntax error]
150 undo
#? []
160 undo
#? [\? cannot undo]
170 list_commands
#? [(?s).*lz-analyze.*]
