//! Lists the walled-in problems of a position (`go::solve::Problem::all`) with the
//! solver's answer both ways, the positions each question read, and, for a problem whose
//! fate depends on who moves first, the moves that settle it. A diagnostic for the pass
//! decision and the reading before the search (GNU Go's filllib suite):
//!
//! ```sh
//! cargo run --release --example problems -- ../shared/suites/gnugo/games/filllib1.sgf 54 200000
//! ```
//!
//! Arguments: the SGF file, the move to stop before (as `loadsgf`), and the positions a
//! question may read (the engine's pass decision allows `SOLVE_QUESTION_NODES`). With
//! `--answers-only` anywhere among them, the settling moves are not read: the answers and
//! their positions alone, a measure of the solver's cost over many positions.

use std::io::Write;

use hoshi::go::solve::{MAX_REGION_EMPTY, Problem, SOLVE_QUESTION_NODES, Solver};
use hoshi::go::{Board, Rules};
use hoshi::sgf::{Defaults, decode, load};

fn main() {
    if let Err(e) = run() {
        eprintln!("problems: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let answers_only = args.iter().any(|a| a == "--answers-only");
    args.retain(|a| a != "--answers-only");
    let path = args
        .first()
        .ok_or("usage: problems FILE.sgf [MOVE] [NODES] [--answers-only]")?;
    let number = |i: usize| -> Result<Option<usize>, String> {
        args.get(i)
            .map(|s| s.parse::<usize>().map_err(|e| format!("{s}: {e}")))
            .transpose()
    };
    let before = number(1)?;
    let per_question = number(2)?.map_or(SOLVE_QUESTION_NODES, |n| n as u32);
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let rules = Rules::parse("japanese").ok_or("no japanese rules")?;
    let game = load(&decode(&bytes), Defaults { rules, komi: 6.5 }, before)?;
    let board = game.board();
    let geo = game.geometry();
    let mut out = std::io::stdout().lock();
    for pr in Problem::all(board, MAX_REGION_EMPTY) {
        let mut solver = Solver::with_budget(per_question);
        let enemy_first = solver.lives(board, &pr, pr.defender.opp(), false);
        let enemy_nodes = solver.nodes();
        let owner_first = solver.lives(board, &pr, pr.defender, false);
        writeln!(
            out,
            "{} {:?}, {} stones, {} empty points: lives {enemy_first:?} with the enemy first \
             ({enemy_nodes} positions), {owner_first:?} with its owner first ({} positions)",
            geo.vertex(pr.target),
            pr.defender,
            board.chain_walk(pr.target).count(),
            pr.empty,
            solver.nodes()
        )?;
        if enemy_first != owner_first && !answers_only {
            settling_moves(&mut out, board, &pr, &mut solver)?;
        }
    }
    Ok(())
}

/// Prints the moves of either side on the problem's points after which the problem reads
/// settled for the mover, the other side to move.
fn settling_moves(
    out: &mut dyn Write,
    board: &Board,
    pr: &Problem,
    solver: &mut Solver,
) -> std::io::Result<()> {
    let name = |p| board.geometry().vertex(p);
    for &p in pr.points() {
        for c in [pr.defender, pr.defender.opp()] {
            if !board.is_legal(p, c, false) {
                continue;
            }
            let mut after = board.clone();
            after.play(p, c);
            if after.color_at(pr.target).is_none() {
                writeln!(out, "    {c:?} {} captures the target", name(p))?;
                continue;
            }
            // A stone played on a weak wall's liberty outside can widen the region.
            let Some(next) = Problem::enclosing(&after, pr.target, MAX_REGION_EMPTY + 4) else {
                continue;
            };
            let lives = solver.lives(&after, &next, c.opp(), false);
            if lives == Some(c == pr.defender) {
                writeln!(out, "    {c:?} {} settles it (lives {lives:?})", name(p))?;
            }
        }
    }
    Ok(())
}
