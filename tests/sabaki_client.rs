//! Runs clients/sabaki/test.mjs: hoshi driven by Sabaki's own GTP library (@sabaki/gtp)
//! under Node's test runner. Installs the pinned npm dependencies if they are missing.
//! Fails (never skips) when Node or npm is unavailable.

use std::path::Path;
use std::process::Command;

mod common;

#[test]
fn sabaki_gtp_client() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/sabaki");
    if !dir.join("node_modules/@sabaki/gtp").exists() {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("npm is required for the Sabaki client test");
        assert!(status.success(), "npm ci failed in clients/sabaki");
    }
    let out = Command::new("node")
        .args(["--test", "test.mjs"])
        .current_dir(&dir)
        .env("HOSHI", env!("CARGO_BIN_EXE_hoshi"))
        .output()
        .expect("node is required for the Sabaki client test");
    let text = common::succeeded(&out);
    assert!(text.contains("# pass 5"), "{text}");
}
