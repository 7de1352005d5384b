//! Runs every gogui-regress script in gtp-scripts/ against the real binary (one thread,
//! fixed seed and playouts) and fails on any unexpected result.

mod common;

use common::regress::run_script;

#[test]
fn all_gtp_scripts_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-scripts");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .expect("gtp-scripts directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    scripts.sort();
    assert!(
        scripts.len() >= 4,
        "expected the rules/handicap/scoring/protocol scripts"
    );
    let args = ["--playouts", "2000", "--seed", "1", "--threads", "1"];
    let mut problems = Vec::new();
    let mut total = 0;
    for s in &scripts {
        let sum = run_script(env!("CARGO_BIN_EXE_hoshi"), &args, s);
        let name = s.file_name().unwrap().to_string_lossy().to_string();
        eprintln!(
            "{name}: {} passed, {} failed, {} known failures, {} unexpected passes",
            sum.passed,
            sum.failed.len(),
            sum.expected_failures,
            sum.unexpected_passes.len()
        );
        total += sum.passed + sum.failed.len();
        problems.extend(sum.failed.into_iter().map(|f| format!("{name}: FAIL {f}")));
        problems.extend(
            sum.unexpected_passes
                .into_iter()
                .map(|f| format!("{name}: unexpected pass {f}")),
        );
    }
    assert!(total >= 40, "only {total} tests ran");
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}
