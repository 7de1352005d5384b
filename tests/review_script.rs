//! `scripts/review.py` drives the real binary: it replays two 5×5 games and, before each
//! of hoshi's moves, reads hoshi's and the judge's choice and win rate from their logs.
//! With hoshi as its own judge (same seed) the two agree at every position, which holds
//! only if the judge's `genmove` and `undo` leave it on the game's position. A Pachi-like
//! judge (a small fake that logs `*** WINNER is ...` and resigns at one position) is read
//! as well, and its resignation is not undone. `--summary` sums the lines up.

use std::path::{Path, PathBuf};

mod common;

const GAMES: [(&str, &str); 2] = [
    // hoshi black: reviewed before moves 1, 3 and 5.
    (
        "g1.sgf",
        "PB[hoshi]PW[other]RE[W+R];B[cc];W[bb];B[bc];W[cb];B[dc];W[db]",
    ),
    // hoshi white ("hoshi x"): before moves 2 and 4 (a pass).
    (
        "g2.sgf",
        "PB[other]PW[hoshi x]RE[B+R];B[cc];W[bb];B[bc];W[];B[dc]",
    ),
];

fn games(tag: &str) -> PathBuf {
    let dir = common::scratch_dir(&format!("review{tag}"));
    for (name, body) in GAMES {
        std::fs::write(
            dir.join(name),
            format!("(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]{body})\n"),
        )
        .unwrap();
    }
    dir
}

fn review(dir: &Path, judge: &str, extra: &[&str]) -> Vec<Vec<String>> {
    let hoshi = format!(
        "{} --playouts 60 --threads 1 --seed 3",
        env!("CARGO_BIN_EXE_hoshi")
    );
    let g1 = dir.join("g1.sgf");
    let g2 = dir.join("g2.sgf");
    let mut args = vec!["scripts/review.py", "--hoshi", &hoshi, "--judge", judge];
    args.extend_from_slice(extra);
    args.extend([g1.to_str().unwrap(), g2.to_str().unwrap()]);
    let stdout = common::succeeded(&common::python_script(&args));
    stdout
        .lines()
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

fn rate(text: &str) -> f64 {
    let r: f64 = text.parse().expect("a win rate");
    assert!((0.0..=100.0).contains(&r), "{text}");
    r
}

#[test]
fn hoshi_as_its_own_judge_agrees_at_every_position_of_hoshis_turns() {
    let dir = games("");
    let judge = format!(
        "{} --playouts 60 --threads 1 --seed 3",
        env!("CARGO_BIN_EXE_hoshi")
    );
    let rows = review(&dir, &judge, &[]);
    let seen: Vec<(String, &str, &str)> = rows
        .iter()
        .map(|r| {
            let file = Path::new(&r[0]).file_name().unwrap().to_str().unwrap();
            (file.to_owned(), r[1].as_str(), r[3].as_str())
        })
        .collect();
    let want = [
        ("g1.sgf", "1", "C3"),
        ("g1.sgf", "3", "B3"),
        ("g1.sgf", "5", "D3"),
        ("g2.sgf", "2", "B4"),
        ("g2.sgf", "4", "pass"),
    ];
    assert_eq!(seen.len(), want.len(), "{rows:?}");
    for ((f, n, m), (wf, wn, wm)) in seen.iter().zip(want) {
        assert_eq!((f.as_str(), *n, *m), (wf, wn, wm), "{rows:?}");
    }
    for r in &rows {
        assert_eq!(r.len(), 8, "{r:?}");
        assert_eq!(r[2], if r[0].ends_with("g1.sgf") { "B" } else { "W" });
        // Same engine, same seed, same position: the same choice and rate.
        assert_eq!(r[4], r[6], "{rows:?}");
        assert_eq!(rate(&r[5]), rate(&r[7]), "{rows:?}");
    }

    let later = review(&dir, &judge, &["--from-move", "3"]);
    let numbers: Vec<&str> = later.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(numbers, ["3", "5", "4"], "{later:?}");

    let tsv = dir.join("review.tsv");
    let text: Vec<String> = rows.iter().map(|r| r.join("\t") + "\n").collect();
    std::fs::write(&tsv, text.concat()).unwrap();
    let out = common::succeeded(&common::python_script(&[
        "scripts/review.py",
        "--summary",
        "--top",
        "2",
        tsv.to_str().unwrap(),
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "2 games, 5 positions", "{out}");
    // Three falls: two in g1 (1 to 3, 3 to 5) and one in g2 (2 to 4), all before move 20.
    assert!(lines[2].starts_with("1-19             3 "), "{out}");
    assert_eq!(lines[3], "largest falls (2):", "{out}");
    assert_eq!(lines.len(), 6, "{out}");
}

/// A judge that speaks like Pachi at `-d 2`: it logs `*** WINNER is <move> with score
/// <p>%` for each `genmove` (60 less 10 a stone on the board: it counts plays and undos),
/// and plays C3, but resigns where two stones stand; an `undo` with nothing to undo is an
/// error.
const FAKE_JUDGE: &str = r#"
import sys
stones = 0
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    reply = "= "
    if cmd[0] == "quit":
        print("= \n", flush=True)
        break
    if cmd[0] == "play":
        stones += 1
    elif cmd[0] == "undo":
        if stones == 0:
            reply = "? cannot undo"
        stones -= 1
    elif cmd[0] == "genmove":
        move = "resign" if stones == 2 else "C3"
        score = 60.0 - 10 * stones
        print(f"*** WINNER is {move} with score {score:.1f}% (1/2 games)", file=sys.stderr, flush=True)
        if move != "resign":
            stones += 1
        reply = "= " + move
    print(reply + "\n", flush=True)
"#;

#[test]
fn a_pachi_like_judge_is_read_and_its_resignation_is_not_undone() {
    let dir = games("pachi");
    let fake = dir.join("judge.py");
    std::fs::write(&fake, FAKE_JUDGE).unwrap();
    let rows = review(&dir, &format!("python3 {}", fake.display()), &[]);
    let judged: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r[1].as_str(), r[6].as_str(), r[7].as_str()))
        .collect();
    // Stones before hoshi's turns: g1 0, 2, 4; g2 1, 3. The resignation at move 3 leaves
    // the board as it was: an undo there would take a game move back, and the judge would
    // count three stones, not four, before move 5.
    assert_eq!(
        judged,
        [
            ("1", "C3", "60.0"),
            ("3", "resign", "40.0"),
            ("5", "C3", "20.0"),
            ("2", "C3", "50.0"),
            ("4", "C3", "30.0"),
        ],
        "{rows:?}"
    );
}
