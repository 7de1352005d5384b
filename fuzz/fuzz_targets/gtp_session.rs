//! A whole GTP session from arbitrary bytes: every line must get exactly one well-formed
//! response and nothing may panic. Sessions naming the SGF file commands are skipped so the
//! fuzzer never reads or writes files.
#![no_main]

use hoshi::engine::{Engine, Options};
use hoshi::gtp::input::{Input, preprocess};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let touches_files = data
        .split(|&b| b == b'\n')
        .filter_map(preprocess)
        .any(|line| line.to_ascii_lowercase().contains("sgf"));
    if touches_files {
        return;
    }
    let opts = Options {
        size: 9,
        playouts: Some(8),
        max_time_per_move: 0.05,
        status_playouts: 16,
        threads: 2,
        ponder: true,
        max_memory_mb: 16,
        ..Options::default()
    };
    let mut engine = Engine::new(opts).expect("valid options");
    let mut input = Input::spawn(std::io::Cursor::new(data.to_vec()));
    let mut out = Vec::new();
    hoshi::gtp::serve(&mut engine, &mut input, &mut out);
    input.join_reader();
    let text = String::from_utf8_lossy(&out);
    for response in text.split("\n\n").filter(|r| !r.is_empty()) {
        assert!(
            response.starts_with('=') || response.starts_with('?'),
            "malformed response {response:?}"
        );
    }
    engine
        .game()
        .board()
        .check_invariants()
        .expect("board consistent");
});
