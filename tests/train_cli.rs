//! `hoshi train` end to end: fits a table to a few games of the checked-in corpus, writes
//! it, and reports prediction on the held-apart game; a missing corpus is an error;
//! `--winners` fits only the winners' moves.

use std::path::Path;
use std::process::Command;

mod common;

fn hoshi() -> &'static str {
    env!("CARGO_BIN_EXE_hoshi")
}

/// Runs `hoshi train --corpus games --out out` with `args`, asserts that it succeeded and
/// returns its report (stdout).
fn train(games: &Path, out: &Path, args: &[&str]) -> String {
    let run = Command::new(hoshi())
        .args(["train", "--corpus"])
        .arg(games)
        .arg("--out")
        .arg(out)
        .args(args)
        .output()
        .unwrap();
    common::succeeded(&run)
}

#[test]
fn train_writes_a_table_and_reports_prediction() {
    let dir = common::scratch_dir("train");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/gnugo");
    let mut names: Vec<_> = std::fs::read_dir(corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".sgf"))
        .collect();
    names.sort();
    for p in names.iter().take(6) {
        std::fs::copy(p, games.join(p.file_name().unwrap())).unwrap();
    }
    let out = dir.join("gammas.txt");
    let report = train(
        &games,
        &out,
        &["--iterations", "3", "--holdout", "3", "--min-seen", "1"],
    );
    assert!(report.starts_with("6 games, "), "{report}");
    assert!(report.contains("held apart"), "{report}");
    let table = std::fs::read_to_string(&out).unwrap();
    assert!(table.lines().any(|l| l.starts_with("shape ")), "{table}");
    assert!(table.lines().any(|l| l.starts_with("capture ")), "{table}");
    let missing = Command::new(hoshi())
        .args(["train", "--corpus"])
        .arg(dir.join("nothing-here"))
        .arg("--out")
        .arg(dir.join("x.txt"))
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("hoshi train:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn winners_fits_only_the_winners_moves() {
    let dir = common::scratch_dir("train-winners");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    for (name, text) in [
        ("a.sgf", "(;GM[1]FF[4]SZ[9]RE[B+R];B[ee];W[ec];B[gc];W[cg])"),
        (
            "b.sgf",
            "(;GM[1]FF[4]SZ[9]RE[W+2.5];B[cc];W[gg];B[cg];W[gc];B[dd])",
        ),
        ("c.sgf", "(;GM[1]FF[4]SZ[9]RE[?];B[ee];W[dd])"),
    ] {
        std::fs::write(games.join(name), text).unwrap();
    }
    let out = dir.join("gammas.txt");
    let fit = ["--iterations", "2", "--holdout", "0", "--min-seen", "1"];
    // Every move: 4 + 5 + 2 positions.
    let all = train(&games, &out, &fit);
    assert!(all.starts_with("3 games, 11 positions"), "{all}");
    // Black's two moves of a.sgf, white's two of b.sgf; c.sgf names no winner.
    let winners = train(&games, &out, &[&fit[..], &["--winners"]].concat());
    assert!(winners.starts_with("2 games, 4 positions"), "{winners}");
    std::fs::remove_dir_all(&dir).unwrap();
}
