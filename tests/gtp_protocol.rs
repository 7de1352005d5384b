//! Drives the real `hoshi` binary over stdin/stdout: every command, error paths, hostile
//! input, interrupt, streaming analysis and end of input.

mod common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Gtp;

fn hoshi() -> &'static str {
    env!("CARGO_BIN_EXE_hoshi")
}

fn engine() -> Gtp {
    Gtp::spawn(
        hoshi(),
        &["--playouts", "300", "--seed", "5", "--threads", "1"],
    )
    .expect("start hoshi")
}

/// Runs a whole session from bytes and returns stdout and the exit status.
fn session(input: &[u8], args: &[&str]) -> (String, std::process::ExitStatus) {
    let mut child = Command::new(hoshi())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    writer.join().unwrap();
    (out, child.wait().unwrap())
}

#[test]
fn identity_and_command_list() {
    let mut e = engine();
    assert_eq!(e.ok("protocol_version"), "2");
    assert_eq!(e.ok("name"), "hoshi");
    assert!(!e.ok("version").is_empty());
    let list = e.ok("list_commands");
    for c in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "final_score",
        "final_status_list",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "time_settings",
        "time_left",
        "kgs-time_settings",
        "kgs-genmove_cleanup",
        "kgs-rules",
        "kgs-game_over",
        "reg_genmove",
        "list_stones",
        "is_legal",
        "all_legal",
        "captures",
        "cputime",
        "gogui-analyze_commands",
        "gogui-interrupt",
        "lz-analyze",
        "kata-analyze",
        "lz-genmove_analyze",
        "kata-genmove_analyze",
        "showboard",
        "get_komi",
    ] {
        assert!(list.lines().any(|l| l == c), "{c} not listed");
        assert_eq!(e.ok(&format!("known_command {c}")), "true");
    }
    assert_eq!(e.ok("known_command frobnicate"), "false");
    assert!(e.close().success());
}

#[test]
fn ids_are_echoed_on_success_and_failure() {
    let (out, status) = session(b"7 name\n8 frobnicate\n9 boardsize 1\n10\n", &[]);
    assert_eq!(
        out,
        "=7 hoshi\n\n?8 unknown command\n\n?9 unacceptable size\n\n?10 syntax error\n\n"
    );
    assert!(status.success());
}

#[test]
fn board_commands_and_errors_keep_state() {
    let mut e = engine();
    e.ok("boardsize 9");
    e.ok("clear_board");
    e.ok("komi 6.5");
    assert_eq!(e.ok("get_komi"), "6.5");
    e.ok("play b e5");
    e.ok("play white D4");
    assert_eq!(e.send("play b e5").body, "illegal move");
    assert_eq!(e.send("play b z9").body, "illegal move");
    assert_eq!(e.send("play b e").body, "syntax error");
    assert_eq!(e.send("play purple e4").body, "syntax error");
    assert_eq!(e.send("play b").body, "syntax error");
    assert_eq!(
        e.send("boardsize 99999999999999999999").body,
        "unacceptable size"
    );
    assert_eq!(e.send("boardsize 26").body, "unacceptable size");
    assert_eq!(e.send("boardsize nine").body, "syntax error");
    assert_eq!(e.send("komi 1e400").body, "syntax error");
    assert_eq!(e.send("komi nan").body, "syntax error");
    assert_eq!(e.send("time_left b -5 0").body, "syntax error");
    assert_eq!(e.send("time_settings 10 -1 0").body, "syntax error");
    // Nothing above changed the position.
    assert_eq!(e.ok("list_stones black"), "E5");
    assert_eq!(e.ok("list_stones white"), "D4");
    assert_eq!(e.ok("get_komi"), "6.5");
    assert_eq!(e.ok("is_legal b e5"), "0");
    assert_eq!(e.ok("is_legal b f5"), "1");
    assert_eq!(e.ok("captures black"), "0");
    assert_eq!(e.ok("all_legal b").split_whitespace().count(), 79);
    e.ok("undo");
    e.ok("undo");
    assert_eq!(e.send("undo").body, "cannot undo");
    assert_eq!(e.ok("list_stones black"), "");
    let board = e.ok("showboard");
    assert!(board.contains("A B C D E F G H J"), "{board}");
    assert!(e.close().success());
}

#[test]
fn captures_are_counted() {
    let mut e = engine();
    e.ok("boardsize 5");
    for m in ["b a1", "w a2", "b c3", "w b1"] {
        e.ok(&format!("play {m}"));
    }
    assert_eq!(e.ok("captures white"), "1");
    assert_eq!(e.ok("list_stones black"), "C3");
}

#[test]
fn handicap_commands() {
    let mut e = engine();
    e.ok("boardsize 19");
    assert_eq!(e.ok("fixed_handicap 9"), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    assert_eq!(e.send("fixed_handicap 2").body, "board not empty");
    e.ok("clear_board");
    assert_eq!(e.send("fixed_handicap 10").body, "invalid number of stones");
    assert_eq!(e.send("fixed_handicap 1").body, "invalid number of stones");
    assert_eq!(
        e.send("fixed_handicap 99999999999999999999999").body,
        "invalid number of stones"
    );
    assert_eq!(e.send("fixed_handicap two").body, "syntax error");
    assert_eq!(e.ok("place_free_handicap 3").split_whitespace().count(), 3);
    e.ok("clear_board");
    assert_eq!(e.send("set_free_handicap D4 D4").body, "bad vertex list");
    assert_eq!(e.send("set_free_handicap D4").body, "bad vertex list");
    assert_eq!(e.send("set_free_handicap D4 pass").body, "bad vertex list");
    e.ok("set_free_handicap D4 Q16 K10");
    assert_eq!(e.ok("list_stones black"), "D4 K10 Q16");
    e.ok("boardsize 9");
    assert_eq!(e.ok("fixed_handicap 5"), "C3 G7 C7 G3 E5");
    e.ok("boardsize 5");
    assert_eq!(e.send("fixed_handicap 2").body, "invalid number of stones");
    assert_eq!(e.ok("place_free_handicap 2").split_whitespace().count(), 2);
}

#[test]
fn genmove_plays_legal_moves_and_scores_a_finished_game() {
    let mut e = engine();
    e.ok("boardsize 7");
    e.ok("komi 0.5");
    let mut passes = 0;
    let mut color = "b";
    for _ in 0..200 {
        let m = e.ok(&format!("genmove {color}"));
        assert!(m == "pass" || m == "resign" || m.len() >= 2, "{m}");
        if m == "resign" {
            return;
        }
        passes = if m == "pass" { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        color = if color == "b" { "w" } else { "b" };
    }
    assert_eq!(passes, 2, "the game should end by two passes");
    let score = e.ok("final_score");
    assert!(
        score.starts_with("B+") || score.starts_with("W+") || score == "0",
        "{score}"
    );
    let dead = e.ok("final_status_list dead");
    let alive = e.ok("final_status_list alive");
    assert!(!alive.is_empty(), "{alive} / {dead}");
    assert_eq!(e.send("final_status_list undead").body, "syntax error");
}

#[test]
fn reg_genmove_does_not_play() {
    let mut e = engine();
    e.ok("boardsize 9");
    let m = e.ok("reg_genmove b");
    assert!(m.len() >= 2);
    assert_eq!(e.ok("list_stones black"), "");
}

#[test]
fn clock_commands() {
    let mut e = engine();
    e.ok("time_settings 600 30 5");
    e.ok("time_settings 0 1 0");
    e.ok("kgs-time_settings byoyomi 60 10 3");
    e.ok("kgs-time_settings canadian 60 300 25");
    e.ok("kgs-time_settings absolute 300");
    e.ok("kgs-time_settings none");
    assert_eq!(e.send("kgs-time_settings byoyomi 60").body, "syntax error");
    assert_eq!(e.send("kgs-time_settings sudden").body, "syntax error");
    e.ok("time_left b 30 3");
    e.ok("time_left white 0 0");
    e.ok("kgs-rules japanese");
    e.ok("kgs-rules chinese extra args");
    assert!(!e.send("kgs-rules ing").ok);
    e.ok("kgs-game_over");
    let t: f64 = e.ok("cputime").parse().unwrap();
    assert!(t >= 0.0);
}

#[test]
fn hostile_input_gets_errors_and_the_engine_keeps_serving() {
    let mut input = Vec::new();
    input.extend_from_slice(b"boardsize 9\n");
    input.extend_from_slice(b"play b e5\n");
    input.extend_from_slice(b"\x00\x01\x02\xff\xfe garbage \x80\n");
    input.extend_from_slice(b"play b \xff\xfe\n");
    input.extend_from_slice(&vec![b'a'; 1_100_000]);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"genmove\n");
    input.extend_from_slice(b"time_settings 1e999 0 0\n");
    input.extend_from_slice(b"fixed_handicap 99999999999999999999999\n");
    input.extend_from_slice(b"lz-analyze b 50 bogus\n");
    input.extend_from_slice(b"play b e5 extra\n");
    input.extend_from_slice(b"\r\n\t\n   \n# comment\n");
    input.extend_from_slice(b"list_stones\tblack\r\n");
    let (out, status) = session(&input, &["--playouts", "50"]);
    assert!(status.success());
    let responses: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(responses.len(), 11, "{out}");
    for r in &responses[2..10] {
        assert!(r.starts_with('?'), "{r}");
    }
    assert_eq!(responses[4], "? line too long");
    assert_eq!(responses[7], "? board not empty");
    assert_eq!(responses[10], "= E5");
}

#[test]
fn end_of_input_exits_cleanly_and_quit_exits_zero() {
    let (out, status) = session(b"name\n", &[]);
    assert_eq!(out, "= hoshi\n\n");
    assert!(status.success());
    let (out, status) = session(b"quit\nname\n", &[]);
    assert_eq!(out, "=\n\n");
    assert!(status.success());
    let (out, status) = session(b"", &[]);
    assert_eq!(out, "");
    assert!(status.success());
}

#[test]
fn interrupt_stops_a_long_genmove() {
    // Ten minutes a move unless interrupted.
    let mut e = Gtp::spawn(hoshi(), &["--max-time-per-move", "600", "--threads", "1"]).unwrap();
    e.ok("boardsize 9");
    let start = Instant::now();
    e.send_raw(b"genmove b\n");
    std::thread::sleep(Duration::from_millis(500));
    e.send_raw(b"# interrupt\n");
    let r = e.read_reply();
    assert!(r.ok && r.body.len() >= 2, "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(e.ok("list_stones black"), r.body.to_uppercase());
}

/// Parses analysis lines the way Sabaki does: `info` entries, each with key/value pairs and
/// a trailing `pv` list; `ownership` after the last entry.
fn parse_info(line: &str) -> (Vec<Vec<(String, String)>>, Vec<f64>) {
    let (entries, ownership) = match line.split_once(" ownership ") {
        Some((a, b)) => (
            a,
            b.split_whitespace().map(|v| v.parse().unwrap()).collect(),
        ),
        None => (line, vec![]),
    };
    let mut out = Vec::new();
    for chunk in entries.split("info ").filter(|c| !c.trim().is_empty()) {
        let (kv, pv) = chunk.split_once(" pv ").expect("pv");
        let words: Vec<&str> = kv.split_whitespace().collect();
        assert_eq!(words.len() % 2, 0, "{kv}");
        let mut fields: Vec<(String, String)> = words
            .chunks(2)
            .map(|p| (p[0].to_string(), p[1].to_string()))
            .collect();
        fields.push(("pv".into(), pv.trim().to_string()));
        out.push(fields);
    }
    (out, ownership)
}

fn field<'a>(entry: &'a [(String, String)], key: &str) -> &'a str {
    &entry
        .iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("no {key}"))
        .1
}

#[test]
fn lz_analyze_streams_until_the_next_command() {
    let mut e = Gtp::spawn(hoshi(), &["--threads", "1"]).unwrap();
    e.ok("boardsize 9");
    e.send_raw(b"lz-analyze b 10\n");
    std::thread::sleep(Duration::from_millis(600));
    e.send_raw(b"name\n");
    let r = e.read_reply();
    assert!(r.ok);
    let lines: Vec<&str> = r.body.lines().filter(|l| l.starts_with("info")).collect();
    assert!(lines.len() >= 3, "{r:?}");
    let (entries, _) = parse_info(lines.last().unwrap());
    assert!(!entries.is_empty());
    for (i, entry) in entries.iter().enumerate() {
        let wr: i64 = field(entry, "winrate").parse().unwrap();
        assert!((0..=10000).contains(&wr));
        let _: u64 = field(entry, "visits").parse().unwrap();
        let _: i64 = field(entry, "prior").parse().unwrap();
        let _: i64 = field(entry, "lcb").parse().unwrap();
        assert_eq!(field(entry, "order"), i.to_string());
        assert!(!field(entry, "pv").contains("pass") || field(entry, "move") == "pass");
    }
    assert_eq!(e.read_reply().body, "hoshi");
}

#[test]
fn kata_analyze_reports_floats_and_ownership() {
    let mut e = Gtp::spawn(hoshi(), &["--threads", "1"]).unwrap();
    e.ok("boardsize 9");
    e.send_raw(b"kata-analyze 20 ownership true\n");
    std::thread::sleep(Duration::from_millis(600));
    e.send_raw(b"name\n");
    let r = e.read_reply();
    let last = r
        .body
        .lines()
        .rfind(|l| l.starts_with("info"))
        .expect("info lines");
    let (entries, ownership) = parse_info(last);
    assert_eq!(ownership.len(), 81);
    assert!(ownership.iter().all(|v| (-1.0..=1.0).contains(v)));
    let wr: f64 = field(&entries[0], "winrate").parse().unwrap();
    assert!((0.0..=1.0).contains(&wr));
    let _: f64 = field(&entries[0], "scoreLead").parse().unwrap();
    // The score's spread and the priors are the search's own, not placeholders.
    let stdev: f64 = field(&entries[0], "scoreStdev").parse().unwrap();
    assert!(stdev > 0.0, "{last}");
    let priors: Vec<f64> = entries
        .iter()
        .map(|e| field(e, "prior").parse().unwrap())
        .collect();
    assert!(priors.iter().all(|p| (0.0..=1.0).contains(p)));
    assert!(priors.windows(2).any(|w| w[0] != w[1]), "{priors:?}");
    assert_eq!(e.read_reply().body, "hoshi");
}

#[test]
fn genmove_analyze_ends_with_a_play_line() {
    let mut e = engine();
    e.ok("boardsize 9");
    let r = e.send("lz-genmove_analyze b 5");
    let last = r.body.lines().last().unwrap();
    assert!(last.starts_with("play "), "{r:?}");
    let mv = last.trim_start_matches("play ").to_uppercase();
    assert_eq!(e.ok("list_stones black"), mv);
    let r = e.send("kata-genmove_analyze w 5");
    assert!(r.body.lines().last().unwrap().starts_with("play "));
}

#[test]
fn gogui_analyze_commands_answer() {
    let mut e = engine();
    e.ok("boardsize 9");
    e.ok("play b e5");
    let list = e.ok("gogui-analyze_commands");
    let types: Vec<&str> = list.lines().map(|l| l.split('/').next().unwrap()).collect();
    assert_eq!(types, ["gfx", "gfx", "gfx", "string", "string", "param"]);
    for line in list.lines() {
        let cmd = line.split('/').nth(2).unwrap();
        assert_eq!(e.ok(&format!("known_command {cmd}")), "true");
        let r = e.send(cmd);
        assert!(r.ok, "{cmd}: {r:?}");
    }
    assert!(e.ok("hoshi-ownership").starts_with("INFLUENCE A1 "));
    // Best moves: LABEL vertex/percent pairs on empty points, a SQUARE on the best, TEXT.
    let gfx = e.ok("hoshi-best_moves");
    let lines: Vec<&str> = gfx.lines().collect();
    assert_eq!(lines.len(), 3, "{gfx}");
    let label: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(label[0], "LABEL");
    assert!(label.len() >= 3 && label.len() % 2 == 1, "{gfx}");
    for pair in label[1..].chunks(2) {
        assert_ne!(pair[0], "E5", "labels only empty points");
        let pct: u32 = pair[1].parse().unwrap();
        assert!(pct <= 100);
    }
    assert_eq!(lines[1], format!("SQUARE {}", label[1]));
    assert!(lines[2].starts_with("TEXT white to play: "), "{gfx}");
    // The variation starts with white (to move) and alternates.
    let var = e.ok("hoshi-pv");
    let tokens: Vec<&str> = var.lines().next().unwrap().split(' ').collect();
    assert_eq!(tokens[0], "VAR");
    for (k, pair) in tokens[1..].chunks(2).enumerate() {
        assert_eq!(pair[0], if k % 2 == 0 { "w" } else { "b" }, "{var}");
    }
    let summary = e.ok("hoshi-search_summary");
    assert!(
        summary.lines().last().unwrap().starts_with("PV "),
        "{summary}"
    );
    // Nothing was played.
    assert_eq!(e.ok("list_stones white"), "");
}

#[test]
fn ponder_thinks_between_commands_and_yields_at_once() {
    let mut e = Gtp::spawn(
        hoshi(),
        &["--ponder", "--max-time-per-move", "0.3", "--threads", "1"],
    )
    .expect("start hoshi");
    e.ok("boardsize 9");
    e.ok("genmove b");
    // Any command stops the pondering; it resumes only after the next genmove.
    e.ok("name");
    let idle_start = e.cpu_seconds();
    std::thread::sleep(Duration::from_millis(500));
    let idle = e.cpu_seconds() - idle_start;
    assert!(idle < 0.15, "pondering went on after a command: {idle} s");
    // White replies on a point the (time-dependent) moves so far left free.
    let reply = |e: &mut Gtp| {
        let stones = format!(
            "{} {}",
            e.ok("list_stones black"),
            e.ok("list_stones white")
        )
        .to_lowercase();
        ["e5", "d5", "f5", "c3", "g7"]
            .into_iter()
            .find(|v| !stones.split_whitespace().any(|s| s == *v))
            .unwrap()
    };
    let first = reply(&mut e);
    e.ok(&format!("play w {first}"));
    e.ok("genmove b");
    let ponder_start = e.cpu_seconds();
    std::thread::sleep(Duration::from_millis(1000));
    let pondered = e.cpu_seconds() - ponder_start;
    assert!(pondered > 0.3, "pondering used {pondered} s of CPU in 1 s");
    let start = Instant::now();
    e.ok("name");
    assert!(
        start.elapsed() < Duration::from_millis(300),
        "slow to yield: {:?}",
        start.elapsed()
    );
    // The pondered tree is used after the opponent's move.
    let second = reply(&mut e);
    e.ok(&format!("play w {second}"));
    let mv = e.ok("genmove b");
    assert!(mv.len() >= 2, "{mv}");
}

#[test]
fn gogui_live_graphics_go_to_stderr_during_genmove() {
    let args = [
        "--max-time-per-move",
        "1.2",
        "--threads",
        "1",
        "--gogui-live",
    ];
    let (stdout, stderr) = common::run(hoshi(), &args, b"boardsize 9\ngenmove b\nquit\n");
    assert!(stdout.starts_with("=\n\n= "), "{stdout}");
    assert!(!stdout.contains("gogui-gfx"), "graphics never go to stdout");
    let blocks: Vec<&str> = stderr.split("gogui-gfx:\n").skip(1).collect();
    assert!(!blocks.is_empty(), "{stderr}");
    for b in blocks {
        let body = b.split("\n\n").next().unwrap();
        for line in body.lines() {
            let cmd = line.split(' ').next().unwrap();
            assert!(["LABEL", "SQUARE", "TEXT", "VAR"].contains(&cmd), "{line}");
        }
    }
}

#[test]
fn printsgf_to_a_file_loads_back() {
    let dir = common::scratch_dir("sgf");
    let path = dir.join("game.sgf");
    let path = path.to_str().unwrap();
    let mut e = engine();
    e.ok("boardsize 9");
    e.ok("komi 5.5");
    e.ok("fixed_handicap 2");
    for m in ["w e5", "b d4", "w pass"] {
        e.ok(&format!("play {m}"));
    }
    e.ok(&format!("printsgf {path}"));
    e.ok("clear_board");
    assert_eq!(e.ok(&format!("loadsgf {path}")), "black");
    assert_eq!(e.ok("list_stones black"), "C3 D4 G7");
    assert_eq!(e.ok("list_stones white"), "E5");
    assert_eq!(e.ok("get_komi"), "5.5");
    let text = e.ok("printsgf");
    assert!(
        text.contains("HA[2]") && text.ends_with(";W[ee];B[df];W[])"),
        "{text}"
    );
    assert_eq!(
        e.send("printsgf /nonexistent-dir/x.sgf").body,
        "cannot write file"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The moves of the first `VAR` line of `hoshi-pv`.
fn pv_moves(e: &mut Gtp) -> usize {
    let var = e.ok("hoshi-pv");
    let line = var.lines().find(|l| l.starts_with("VAR ")).unwrap_or("VAR");
    (line.split(' ').count() - 1) / 2
}

#[test]
fn params_are_listed_set_and_reach_the_search() {
    let mut e = engine();
    e.ok("boardsize 9");
    e.ok("play b e5");
    // GoGui's param format: one `[string] name value` line per tuning value, as many as
    // `hoshi --param help` lists.
    let list = e.ok("hoshi-param");
    let help = Command::new(hoshi())
        .args(["--param", "help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let help = String::from_utf8(help.stdout).unwrap();
    assert_eq!(list.lines().count(), help.lines().count());
    assert!(
        list.lines()
            .all(|l| l.starts_with("[string] ") && l.split(' ').count() == 3)
    );
    assert!(list.contains("[string] expand_visits 8"), "{list}");
    assert!(help.contains("expand_visits"), "{help}");
    // With the default expansion threshold the PV runs several moves deep...
    assert!(pv_moves(&mut e) >= 2);
    // ...and a node that never reaches the threshold never gets children.
    e.ok("hoshi-param expand_visits 1000000");
    assert_eq!(e.ok("hoshi-param expand_visits"), "1000000");
    assert_eq!(pv_moves(&mut e), 1);
    // Bad settings are errors that change nothing; the engine keeps serving.
    for bad in [
        "hoshi-param expand_visits -3",
        "hoshi-param expand_visits 1.5",
        "hoshi-param rave_equiv nan",
        "hoshi-param no_such_param 1",
        "hoshi-param no_such_param",
        "hoshi-param a b c",
    ] {
        assert!(!e.send(bad).ok, "{bad}");
    }
    assert_eq!(e.ok("hoshi-param expand_visits"), "1000000");
    e.ok("hoshi-param expand_visits 8");
    assert!(pv_moves(&mut e) >= 2);
    e.close();
    // The same from the command line.
    let mut e = Gtp::spawn(
        hoshi(),
        &[
            "--playouts",
            "300",
            "--threads",
            "1",
            "--param",
            "expand_visits=1000000",
        ],
    )
    .unwrap();
    e.ok("boardsize 9");
    e.ok("play b e5");
    assert_eq!(pv_moves(&mut e), 1);
    e.close();
    let bad = Command::new(hoshi())
        .args(["--param", "expand_visits=x"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn status_playouts_set_the_effort_of_the_dead_stone_judgement() {
    // A few stones on 9×9 (black B2 under white's C3-D3): the judged ownership is
    // reproducible for one count of judging playouts and moves with the count.
    let input =
        b"boardsize 9\nplay b E5\nplay w C3\nplay b C4\nplay w D3\nplay b B2\nhoshi-ownership\n";
    let ownership = |n: &str| {
        let (out, status) = session(input, &["--seed", "3", "--status-playouts", n]);
        assert!(status.success());
        out.lines()
            .find(|l| l.starts_with("= INFLUENCE"))
            .expect("an ownership answer")
            .to_string()
    };
    assert_eq!(ownership("200"), ownership("200"));
    assert_ne!(ownership("200"), ownership("3000"));
}
