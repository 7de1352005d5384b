//! The engine never loses on time: whole games under 1-second byo-yomi, driven over GTP
//! with `time_left` before every move as a server sends it, timing every `genmove` from the
//! command's last byte to the response's end. No answer may come later than the period.

mod common;

use std::time::{Duration, Instant};

use common::Gtp;

/// Plays hoshi against itself on `size` until two passes, a resignation or `max_moves`,
/// with `setup` sent first; returns the slowest genmove and the number of moves.
fn play_game(args: &[&str], size: usize, setup: &[&str], max_moves: usize) -> (Duration, usize) {
    let mut e = Gtp::spawn(env!("CARGO_BIN_EXE_hoshi"), args).expect("start hoshi");
    e.ok(&format!("boardsize {size}"));
    e.ok("clear_board");
    for cmd in setup {
        e.ok(cmd);
    }
    let mut worst = Duration::ZERO;
    let mut passes = 0;
    let mut moves = 0;
    for k in 0..max_moves {
        let color = if k % 2 == 0 { "b" } else { "w" };
        // In byo-yomi from the start: one full period and one period left.
        e.ok(&format!("time_left {color} 1 1"));
        let start = Instant::now();
        let mv = e.ok(&format!("genmove {color}"));
        let took = start.elapsed();
        worst = worst.max(took);
        moves += 1;
        match mv.as_str() {
            "resign" => break,
            "pass" => passes += 1,
            _ => passes = 0,
        }
        if passes == 2 {
            break;
        }
    }
    e.close();
    (worst, moves)
}

#[test]
fn no_move_is_later_than_one_second_byoyomi() {
    let period = Duration::from_secs(1);
    // Japanese byo-yomi, 1 s periods, with the learned margin.
    let (worst, moves) = play_game(&[], 9, &["kgs-time_settings byoyomi 0 1 3"], 160);
    eprintln!("9x9 byo-yomi 1 s: {moves} moves, slowest genmove {worst:?}");
    assert!(
        moves >= 20,
        "the game ended too early to tell: {moves} moves"
    );
    assert!(worst < period, "a move took {worst:?}");
    // Canadian, 1 stone per 1 s period (GTP time_settings), a fixed margin of 0.1 s, on
    // 13x13 where the dead-stone estimate before passing costs most.
    let (worst, moves) = play_game(&["--lag", "0.1"], 13, &["time_settings 0 1 1"], 30);
    eprintln!("13x13 Canadian 1 s / 1 stone, --lag 0.1: {moves} moves, slowest genmove {worst:?}");
    assert!(worst < period, "a move took {worst:?}");
}

#[test]
fn a_fixed_playout_count_keeps_to_the_clock() {
    // `--playouts` far beyond what a second holds: the clock still bounds every move.
    let period = Duration::from_secs(1);
    let args = ["--playouts", "100000000", "--threads", "1"];
    let (worst, moves) = play_game(&args, 9, &["kgs-time_settings byoyomi 0 1 3"], 6);
    eprintln!("9x9 byo-yomi 1 s, --playouts 1e8: {moves} moves, slowest genmove {worst:?}");
    assert!(worst < period, "a move took {worst:?}");
}

/// stderr of hoshi with `args`, after `boardsize 9` and one `genmove b`.
fn stderr_of_one_genmove(args: &[&str]) -> String {
    let input = b"boardsize 9\ngenmove b\nquit\n";
    common::run(env!("CARGO_BIN_EXE_hoshi"), args, input).1
}

#[test]
fn a_playout_count_cut_short_by_time_is_reported() {
    let cut = stderr_of_one_genmove(&["--playouts", "100000000", "--max-time-per-move", "0.2"]);
    assert!(cut.contains("playouts: the time limit"), "{cut}");
    let full = stderr_of_one_genmove(&["--playouts", "200", "--threads", "1"]);
    assert!(!full.contains("the time limit"), "{full}");
}
