//! `scripts/tune.py`, the SPSA tuner, drives the real binary: two short 5×5 iterations of
//! hoshi against itself (GNU Go as referee), then checks the log: each parameter moved by
//! rate · c · sign · (score of the + game − score of the − game), a resumed run starts from
//! the last line, and a malformed parameter spec is refused.

use std::process::Output;

mod common;

use serde_json::Value;

fn tune(log: &std::path::Path, extra: &[&str]) -> Output {
    let hoshi = env!("CARGO_BIN_EXE_hoshi");
    let engine = format!("{hoshi} --playouts 50 --threads 1 --seed 3");
    let mut args = vec![
        "scripts/tune.py",
        "--engine",
        &engine,
        "--opponent",
        &engine,
        "--size",
        "5",
        "--komi",
        "0.5",
        "--param",
        "playout_save:40:10:0:1000",
        "--param",
        "prior_even:10:4:0:100",
        "--rate",
        "0.5",
        "--log",
        log.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    common::python_script(&args)
}

fn lines(log: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn spsa_steps_follow_the_games_and_resume_from_the_log() {
    common::gnugo();
    let dir = common::scratch_dir("tune");
    let log = dir.join("tune.jsonl");

    let out = tune(&log, &["--iterations", "2"]);
    common::succeeded(&out);
    let out = tune(&log, &["--iterations", "1", "--resume"]);
    let stdout = common::succeeded(&out);
    assert!(stdout.contains("final: --param playout_save="), "{stdout}");

    let records = lines(&log);
    assert_eq!(records.len(), 3);
    let cs = [("playout_save", 10.0), ("prior_even", 4.0)];
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["iteration"].as_u64(), Some(k as u64));
        assert_eq!(r["engine_black"].as_bool(), Some(k % 2 == 0));
        let diff = r["plus"]["score"].as_f64().unwrap() - r["minus"]["score"].as_f64().unwrap();
        for (name, c) in cs {
            let before = r["before"][name].as_f64().unwrap();
            let after = r["after"][name].as_f64().unwrap();
            let sign = r["signs"][name].as_f64().unwrap();
            assert!(sign == 1.0 || sign == -1.0);
            assert!(
                (after - (before + 0.5 * c * sign * diff)).abs() < 1e-9,
                "{r}"
            );
        }
        if k > 0 {
            // Each iteration starts where the one before ended, across the resume too.
            assert_eq!(r["before"], records[k - 1]["after"]);
        }
    }

    let bad = tune(&log, &["--iterations", "1", "--param", "rave_equiv:1:2"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("name:start:c:lo:hi"));
    assert_eq!(lines(&log).len(), 3, "a refused run writes nothing");
    let _ = std::fs::remove_dir_all(&dir);
}
