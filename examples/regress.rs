//! Runs gogui-regress scripts against an engine and prints pass counts per file, with the
//! same runner (and semantics) as tests/gtp_scripts.rs. Used to measure hoshi on GNU Go's
//! regression suites:
//!
//! ```sh
//! cargo run --release --example regress -- "target/release/hoshi --max-time-per-move 2" \
//!     ../shared/suites/gnugo/9x9.tst ../shared/suites/gnugo/score.tst
//! ```
//!
//! Only `reg_genmove` and `final_score` tests are counted: GNU Go's own internals
//! (owl_attack, dragon_status, ...) are skipped, as are setup commands hoshi lacks.

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: regress \"ENGINE COMMAND\" SCRIPT.tst...");
        std::process::exit(2);
    }
    let words: Vec<&str> = args[0].split_whitespace().collect();
    let (program, engine_args) = words.split_first().expect("an engine command");
    let program = std::fs::canonicalize(program).unwrap_or_else(|_| program.into());
    let program = program.to_string_lossy().to_string();
    let (mut total_pass, mut total) = (0, 0);
    for script in &args[1..] {
        let path = Path::new(script);
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let s = common::regress::run_text(&program, engine_args, &filtered(path), dir);
        let n = s.passed + s.failed.len() + s.expected_failures + s.unexpected_passes.len();
        let pass = s.passed + s.unexpected_passes.len();
        println!("{script}: {pass} of {n} passed");
        for f in &s.failed {
            println!("  FAIL {f}");
        }
        for f in &s.unexpected_passes {
            println!("  PASS (known failure) {f}");
        }
        total_pass += pass;
        total += n;
    }
    println!("total: {total_pass} of {total} passed");
}

/// The script with only setup commands and the engine-independent tests (`reg_genmove`,
/// `final_score`) kept.
fn filtered(script: &Path) -> String {
    let text = std::fs::read_to_string(script).expect("read script");
    let mut out = String::new();
    let mut keep_expectation = false;
    for line in text.lines() {
        let t = line.trim();
        let first = t.split_whitespace().next().unwrap_or("");
        if t.starts_with("#?") {
            if keep_expectation {
                out.push_str(line);
                out.push('\n');
            }
            keep_expectation = false;
        } else if first.bytes().all(|b| b.is_ascii_digit()) && !first.is_empty() {
            let cmd = t.split_whitespace().nth(1).unwrap_or("");
            keep_expectation = matches!(cmd, "reg_genmove" | "final_score");
            if keep_expectation {
                out.push_str(line);
                out.push('\n');
            }
        } else if matches!(
            first,
            "loadsgf" | "boardsize" | "clear_board" | "komi" | "play" | "kgs-rules"
        ) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
