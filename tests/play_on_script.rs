//! `scripts/play_on.py` drives the real binary: from a match record of four 5×5 games, it
//! plays on from the two the engine resigned (one as black, one as white) and from no other,
//! each from its resigned position with the engine to move, GNU Go as referee; the games it
//! writes begin with the record's moves, and its tally counts the logged wins. A record
//! whose engine resigned out of turn is refused.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

/// A fresh scratch folder named after `tag` and the process, with `games` written to its
/// `sgf/` as (file name, result, SGF moves), once GNU Go is known to be there.
fn record(tag: &str, games: &[(&str, &str, &str)]) -> PathBuf {
    common::gnugo();
    let dir = common::scratch_dir(&format!("playon{tag}"));
    std::fs::create_dir_all(dir.join("sgf")).unwrap();
    for (name, result, moves) in games {
        std::fs::write(
            dir.join("sgf").join(name),
            format!("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]PB[x]PW[y]RE[{result}]{moves})\n"),
        )
        .unwrap();
    }
    dir
}

fn play_on(dir: &Path, extra: &[&str]) -> Output {
    let hoshi = env!("CARGO_BIN_EXE_hoshi");
    let engine = format!("{hoshi} --playouts 50 --threads 1 --seed 3 --no-resign");
    let opponent = format!("{hoshi} --playouts 50 --threads 1 --seed 5");
    let sgf = dir.join("sgf");
    let out = dir.join("out");
    let mut args = vec![
        "scripts/play_on.py",
        "--sgf-dir",
        sgf.to_str().unwrap(),
        "--engine",
        &engine,
        "--opponent",
        &opponent,
        "--out-sgf",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    common::python_script(&args)
}

const GAMES: [(&str, &str, &str); 4] = [
    // Odd games have the engine black: it resigned, black to move.
    ("game001.sgf", "W+R", ";B[cc];W[bb]"),
    // Even games have it white: it resigned, white to move.
    ("game002.sgf", "B+R", ";B[cc];W[bc];B[cb]"),
    // The engine won this one, and lost the next on the count: neither is played on.
    ("game003.sgf", "B+R", ";B[cc];W[bb]"),
    ("game004.sgf", "B+2.5", ";B[cc];W[bb];B[]"),
];

#[test]
fn the_games_the_engine_resigned_are_played_on_from_where_it_resigned() {
    let dir = record("", &GAMES);
    let out = play_on(&dir, &[]);
    let stdout = common::succeeded(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("game 1: engine black, "), "{stdout}");
    assert!(lines[0].ends_with("; played on from move 3"), "{stdout}");
    assert!(lines[1].starts_with("game 2: engine white, "), "{stdout}");
    assert!(lines[1].ends_with("; played on from move 4"), "{stdout}");
    let wins = lines[..2].iter().filter(|l| l.contains(", win,")).count();
    assert!(
        lines[2].starts_with(&format!("engine won {wins} of 2 resigned games played on:")),
        "{stdout}"
    );
    for (n, start, resigned) in [
        (1, ";B[cc];W[bb];B[", "W+R]"),
        (2, ";B[cc];W[bc];B[cb];W[", "B+R]"),
    ] {
        let sgf = std::fs::read_to_string(dir.join("out").join(format!("game{n:03}.sgf")))
            .expect("an SGF per game played on");
        let body = &sgf[sgf.find(";B[").expect("moves")..];
        assert!(body.starts_with(start), "{sgf}");
        // The record's komi, KM.
        assert!(sgf.contains("KM[0.5]"), "{sgf}");
        // Played to its end, by two passes or the opponent's resignation: never the
        // engine's.
        let result = &sgf[sgf.find("RE[").unwrap() + 3..];
        assert!(!result.starts_with(resigned), "{sgf}");
    }
    assert!(!dir.join("out").join("game003.sgf").exists());
    // In chunks: the second resigned game alone.
    let second = play_on(&dir, &["--first", "1", "--games", "1"]);
    let stdout = String::from_utf8_lossy(&second.stdout).into_owned();
    assert!(second.status.success(), "{stdout}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.starts_with("game 2: engine white, "), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_resignation_out_of_turn_is_refused() {
    // Game 1 has the engine black, but white is to move after three moves.
    let dir = record("-bad", &[("game001.sgf", "W+R", ";B[cc];W[bb];B[dd]")]);
    let out = play_on(&dir, &[]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not its turn"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
