//! A minimal GTP client for tests: starts a process and exchanges commands over pipes.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// A GTP answer: success flag and body (without the `=`/`?` and id).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub ok: bool,
    pub body: String,
}

pub mod regress;

/// Runs one of the project's Python scripts (`scripts/...`, the first of `args`) from the
/// crate's root, as a user would.
pub fn python_script(args: &[&str]) -> std::process::Output {
    Command::new("python3")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs")
}

/// The standard output of a command that must have succeeded; fails the test with its
/// standard output and error when it did not.
pub fn succeeded(out: &std::process::Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{:?} failed: {stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The path of GNU Go (Debian's `gnugo` package), the referee and differential oracle of
/// several tests; fails the test with the install command when it is missing.
pub fn gnugo() -> &'static str {
    const GNUGO: &str = "/usr/games/gnugo";
    assert!(
        std::path::Path::new(GNUGO).exists(),
        "GNU Go is required for this test: apt-get install -y gnugo"
    );
    GNUGO
}

/// A fresh, empty scratch folder for one test: `hoshi-<name>-<pid>` under the system's
/// temporary folder, whatever an earlier run left there removed first.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hoshi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch folder is made");
    dir
}

/// Runs `program` with `args` on all of `input` (then end of input) and returns what it
/// wrote to stdout and to stderr.
pub fn run(program: &str, args: &[&str], input: &[u8]) -> (String, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the program");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("write the input");
    let out = child.wait_with_output().expect("the program ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

impl Gtp {
    pub fn spawn(program: &str, args: &[&str]) -> std::io::Result<Gtp> {
        Gtp::spawn_in(program, args, std::path::Path::new("."))
    }

    /// Starts `program` with `dir` as its working directory.
    pub fn spawn_in(program: &str, args: &[&str], dir: &std::path::Path) -> std::io::Result<Gtp> {
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Gtp {
            child,
            stdin,
            stdout,
        })
    }

    /// CPU seconds (user + system) the engine process has used so far, from /proc.
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the engine's /proc stat");
        let after = stat.rsplit(')').next().expect("stat line");
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks = |k: usize| fields[k].parse::<f64>().expect("a tick count");
        (ticks(11) + ticks(12)) / 100.0
    }

    /// Sends raw bytes (may hold several lines).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to engine");
        self.stdin.flush().expect("flush to engine");
    }

    /// Reads one response: lines up to the blank line that ends it.
    pub fn read_reply(&mut self) -> Reply {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read from engine");
            assert!(n > 0, "engine closed stdout; so far: {text:?}");
            if line == "\n" && !text.is_empty() {
                break;
            }
            if line == "\n" {
                continue;
            }
            text.push_str(&line);
        }
        let ok = text.starts_with('=');
        assert!(ok || text.starts_with('?'), "not a GTP response: {text:?}");
        let body = text[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        Reply {
            ok,
            body: body.trim().to_string(),
        }
    }

    pub fn send(&mut self, command: &str) -> Reply {
        self.send_raw(format!("{command}\n").as_bytes());
        self.read_reply()
    }

    /// Sends a command that must succeed and returns its body.
    pub fn ok(&mut self, command: &str) -> String {
        let r = self.send(command);
        assert!(r.ok, "{command} failed: {}", r.body);
        r.body
    }

    pub fn close(mut self) -> std::process::ExitStatus {
        let _ = self.stdin.write_all(b"quit\n");
        drop(self.stdin);
        self.child.wait().expect("wait for engine")
    }
}
