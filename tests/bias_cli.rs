//! `hoshi bias` end to end, with `scripts/bias_positions.py` writing its positions: a game
//! and a reference's judgement of each position become the positions file; the playouts
//! (and a search of them) judge a won 7×7 position won and a lost one lost, and the summary
//! scores the references that agree; a bad positions file is an error that names the line.

use std::path::Path;
use std::process::{Command, Output};

mod common;

/// `hoshi bias FILE ARGS...`.
fn bias(file: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hoshi"))
        .arg("bias")
        .arg(file)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn bias_judges_the_positions_the_script_writes() {
    let dir = common::scratch_dir("bias");
    // Black walls off the left four columns of 7×7, white the right two (columns d and f).
    let mut sgf = String::from("(;GM[1]SZ[7]KM[7.5]");
    for row in 0..7u8 {
        let r = (b'a' + row) as char;
        sgf += &format!(";B[d{r}];W[f{r}]");
    }
    sgf += ")";
    std::fs::write(dir.join("game001.sgf"), sgf).unwrap();
    // The reference before each of the 14 moves: black to move before the 13th, judged
    // won (90%), and white to move before the 14th, judged lost (10%): both agree.
    let mut values: Vec<String> = (0..12).map(|_| "[50.0, \"D4\"]".to_string()).collect();
    values.push("[90.0, \"D1\"]".into());
    values.push("[10.0, \"F1\"]".into());
    let json = format!("{{\"game001.sgf\": [{}]}}", values.join(", "));
    std::fs::write(dir.join("ref.json"), json).unwrap();
    let script = common::python_script(&[
        "scripts/bias_positions.py",
        "--sgf-dir",
        dir.to_str().unwrap(),
        "--from-ply",
        "12",
        dir.join("ref.json").to_str().unwrap(),
    ]);
    let positions = common::succeeded(&script);
    let lines: Vec<&str> = positions.lines().collect();
    assert_eq!(lines.len(), 2, "{positions}");
    assert!(
        lines[1].starts_with("7 7.5 0.100 b D7 w F7 ") && lines[1].ends_with("# game001.sgf 13"),
        "{positions}"
    );
    let file = dir.join("positions.txt");
    std::fs::write(&file, &positions).unwrap();
    let run = bias(&file, &["--playouts", "300", "--threads", "2", "--each"]);
    let out = common::succeeded(&run);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Each position: reference, playout value, difference, name.
    let value = |line: &str| {
        line.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    assert!(lines[0].ends_with("game001.sgf 12"), "{out}");
    assert!(value(lines[0]) > 0.7, "black to move has won: {out}");
    assert!(value(lines[1]) < 0.3, "white to move has lost: {out}");
    assert!(
        lines[2].starts_with("positions 2 playouts 300 mse ")
            && lines[2].contains(" decisive 2 agree 1.000 "),
        "{out}"
    );
    // Judged by searches instead: the same verdicts.
    let run = bias(&file, &["--playouts", "300", "--threads", "2", "--search"]);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && out.contains(" decisive 2 agree 1.000 "),
        "{out}"
    );
    std::fs::write(&file, "7 7.5 0.5 b D7\n7 7.5 0.5 b D7 w D7\n").unwrap();
    let bad = bias(&file, &[]);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("hoshi bias:") && err.contains("line 2"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
