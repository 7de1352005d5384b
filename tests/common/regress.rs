//! A runner with gogui-regress semantics: numbered commands are tests; the following
//! `#? [regex]` line must match the whole response, ignoring case (`[!regex]` must not
//! match); a trailing `*` marks a known failure. Unnumbered commands set up the position;
//! their responses are not checked. Runs with the script's directory as working directory
//! (relative SGF paths).
#![allow(dead_code)]

use std::path::Path;

use super::Gtp;

#[derive(Debug, Default)]
pub struct Summary {
    pub passed: usize,
    pub failed: Vec<String>,
    pub expected_failures: usize,
    pub unexpected_passes: Vec<String>,
}

/// Expected pattern of a `#?` line: (regex source, negated, known failure).
fn expectation(line: &str) -> Option<(String, bool, bool)> {
    let rest = line.strip_prefix("#?")?.trim();
    let known = rest.ends_with('*');
    let rest = rest.trim_end_matches('*').trim();
    let inner = rest.strip_prefix('[')?.strip_suffix(']')?;
    let (negate, pattern) = match inner.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, inner),
    };
    Some((pattern.to_string(), negate, known))
}

pub fn run_script(program: &str, args: &[&str], script: &Path) -> Summary {
    let text = std::fs::read_to_string(script).expect("read script");
    run_text(
        program,
        args,
        &text,
        script.parent().expect("script directory"),
    )
}

/// Runs script `text` with `dir` as the engine's working directory.
pub fn run_text(program: &str, args: &[&str], text: &str, dir: &Path) -> Summary {
    let mut engine = Gtp::spawn_in(program, args, dir).expect("start engine");
    let mut summary = Summary::default();
    let mut pending: Option<(String, String)> = None; // (test id + command, response)
    for raw in text.lines() {
        let line = raw.trim();
        if let Some((pattern, negate, known)) = expectation(line) {
            let Some((label, response)) = pending.take() else {
                continue;
            };
            // Case-insensitive: GTP vertices and `pass` are (GNU Go answers `PASS`, and its
            // suites expect it; hoshi answers `pass`, as KataGo and Pachi do).
            let re = regex::Regex::new(&format!("(?i)^(?:{pattern})$")).expect("valid regex");
            let ok = re.is_match(&response) != negate;
            let label = format!(
                "{label} -> {response:?}, expected [{}{pattern}]",
                if negate { "!" } else { "" }
            );
            match (ok, known) {
                (true, false) => summary.passed += 1,
                (true, true) => summary.unexpected_passes.push(label),
                (false, true) => summary.expected_failures += 1,
                (false, false) => summary.failed.push(label),
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let reply = engine.send(line);
        let first = line.split_whitespace().next().unwrap_or("");
        if first.bytes().all(|b| b.is_ascii_digit()) {
            let body = if reply.ok {
                reply.body
            } else {
                format!("? {}", reply.body)
            };
            pending = Some((line.to_string(), body));
        }
    }
    engine.close();
    summary
}
