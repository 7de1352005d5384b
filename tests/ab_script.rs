//! `scripts/ab.py`, the side-by-side match, drives the real binary: two arms of two 5×5
//! games each against hoshi, on two workers, GNU Go as referee; then checks that both arms
//! played the same game numbers with the same colours, wrote their SGFs, and that the tally
//! printed (and reprinted by `--report`) counts the logged wins; a count of 0 is refused.
//! Under `--rules japanese` the SGFs say so (the referee is then GNU Go `--japanese-rules`).

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

fn ab(dir: &Path, extra: &[&str]) -> Output {
    ab_with(dir, "", extra)
}

/// `ab`, with `engines` added to each engine's command line.
fn ab_with(dir: &Path, engines: &str, extra: &[&str]) -> Output {
    let hoshi = env!("CARGO_BIN_EXE_hoshi");
    let a = format!("{hoshi} --playouts 50 --threads 1 --seed 3 {engines}");
    let b = format!("{hoshi} --playouts 50 --threads 1 --seed 4 --param score_utility=0 {engines}");
    let opponent = format!("{hoshi} --playouts 50 --threads 1 --seed 5 {engines}");
    let mut args = vec![
        "scripts/ab.py",
        "--a",
        &a,
        "--b",
        &b,
        "--opponent",
        &opponent,
        "--size",
        "5",
        "--komi",
        "0.5",
        "--dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    common::python_script(&args)
}

/// A fresh scratch folder named after `tag` and the process, once GNU Go (the referee) is
/// known to be there.
fn scratch_dir(tag: &str) -> PathBuf {
    common::gnugo();
    common::scratch_dir(&format!("ab{tag}"))
}

/// (game number, engine colour) of each of an arm's games (`games`).
fn numbers_and_colours(games: &[(u32, String, bool)]) -> Vec<(u32, String)> {
    games
        .iter()
        .map(|(n, colour, _)| (*n, colour.clone()))
        .collect()
}

/// (game number, engine colour, won) per line of an arm's log.
fn games(log: &Path) -> Vec<(u32, String, bool)> {
    let mut out: Vec<(u32, String, bool)> = std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| {
            let (head, rest) = l.split_once(": engine ").unwrap();
            let number = head.trim_start_matches("game ").parse().unwrap();
            let colour = rest.split(',').next().unwrap().to_string();
            (number, colour, rest.contains(", win,"))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn both_arms_play_the_same_games_and_the_tally_counts_them() {
    let dir = scratch_dir("");
    let stdout = common::succeeded(&ab(&dir, &["--games", "2", "--workers", "2"]));
    let a = games(&dir.join("a.log"));
    let b = games(&dir.join("b.log"));
    assert_eq!(
        numbers_and_colours(&a),
        vec![(1, "black".to_string()), (2, "white".to_string())]
    );
    assert_eq!(numbers_and_colours(&a), numbers_and_colours(&b));
    for arm in ["a", "b"] {
        for n in 1..=2 {
            let sgf = std::fs::read_to_string(dir.join(arm).join(format!("game{n:03}.sgf")))
                .expect("an SGF per game");
            assert!(sgf.starts_with("(;GM[1]FF[4]SZ[5]"), "{sgf}");
        }
    }
    let wins = |g: &[(u32, String, bool)]| g.iter().filter(|x| x.2).count();
    let line = |arm: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(&format!("{arm} (")))
            .unwrap_or_else(|| panic!("no tally for arm {arm}: {stdout}"))
            .to_string()
    };
    assert!(
        line("a").contains(&format!(": {} of 2:", wins(&a))),
        "{stdout}"
    );
    assert!(
        line("b").contains(&format!(": {} of 2:", wins(&b))),
        "{stdout}"
    );
    // The tally alone, from the logs.
    let again = ab(&dir, &["--report"]);
    assert!(again.status.success());
    assert_eq!(String::from_utf8_lossy(&again.stdout), stdout);
    // A count fixed at nothing is refused.
    let refused = ab(&dir, &["--games", "0"]);
    assert!(!refused.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_third_arm_plays_the_same_games_and_is_compared_with_a() {
    let dir = scratch_dir("-c");
    let c = format!(
        "{} --playouts 50 --threads 1 --seed 6",
        env!("CARGO_BIN_EXE_hoshi")
    );
    let stdout = common::succeeded(&ab(&dir, &["--c", &c, "--games", "2", "--workers", "1"]));
    let c_games = numbers_and_colours(&games(&dir.join("c.log")));
    assert_eq!(c_games.len(), 2);
    assert_eq!(numbers_and_colours(&games(&dir.join("a.log"))), c_games);
    assert!(stdout.lines().any(|l| l.starts_with("c (")), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("a - c: ")), "{stdout}");
    // A fourth arm needs a third.
    let refused = ab(&dir, &["--d", &c, "--report"]);
    assert!(!refused.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn japanese_rules_reach_the_referee_and_the_sgfs() {
    let dir = scratch_dir("-ja");
    let japanese = "--rules japanese";
    common::succeeded(&ab_with(
        &dir,
        japanese,
        &["--rules", "japanese", "--games", "1"],
    ));
    for arm in ["a", "b"] {
        let sgf = std::fs::read_to_string(dir.join(arm).join("game001.sgf")).unwrap();
        assert!(sgf.contains("RU[Japanese]"), "{sgf}");
        assert_eq!(games(&dir.join(format!("{arm}.log"))).len(), 1);
    }
    // An unknown rule set is refused before any game.
    let refused = ab_with(&dir, japanese, &["--rules", "ing"]);
    assert!(!refused.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}
