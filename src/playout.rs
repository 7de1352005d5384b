//! Random playouts on a board copy: the inner loop of the Monte Carlo search.
//!
//! The light policy plays uniformly at random among legal moves that do not fill the mover's
//! own true eye (`Board::is_true_eye`): it picks a random empty point and scans the empty list
//! cyclically from there. Playouts ignore superko (simple ko only) and forbid suicide.

use rand::Rng;
use rand::rngs::SmallRng;

use crate::go::{Board, Color, Point};

/// How a playout ended.
#[derive(Copy, Clone, Debug)]
pub struct PlayoutResult {
    /// Area margin before komi, black minus white (see `fast_area_margin`).
    pub margin: i32,
    /// Moves played (passes included).
    pub moves: u32,
    /// Whether the playout ended by two passes (not by the move cap).
    pub finished: bool,
}

/// A move for `c` by the light policy, or `None` if it must pass.
#[inline(always)]
pub fn light_move(board: &Board, c: Color, rng: &mut SmallRng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    // Multiply-shift: a uniform index without a division (bias below 2^-20 for n < 2^12).
    let start = ((rng.next_u32() as u64 * n as u64) >> 32) as usize;
    (start..n)
        .chain(0..start)
        .find_map(|k| board.playout_candidate(k, c))
}

/// Plays light-policy moves from `board` with `to_move` first until two passes in a row or
/// `max_moves`, then counts the area margin. `on_move` sees every stone played (AMAF).
pub fn light_playout(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut SmallRng,
    max_moves: u32,
    mut on_move: impl FnMut(Point, Color),
) -> PlayoutResult {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match light_move(board, to_move, rng) {
            Some(p) => {
                board.play(p, to_move);
                on_move(p, to_move);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        moves += 1;
        to_move = to_move.opp();
    }
    PlayoutResult {
        margin: board.fast_area_margin(),
        moves,
        finished: passes >= 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::score;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_in_two_passes_with_a_valid_board() {
        let mut rng = SmallRng::seed_from_u64(1);
        for size in [5, 9, 13, 19] {
            for _ in 0..20 {
                let mut b = Board::new(size).unwrap();
                let r = light_playout(
                    &mut b,
                    Color::Black,
                    &mut rng,
                    3 * (size * size) as u32,
                    |_, _| {},
                );
                assert!(r.finished);
                b.check_invariants().unwrap();
                // It stopped because neither side has a light-policy move left.
                assert_eq!(light_move(&b, Color::Black, &mut rng), None);
                assert_eq!(light_move(&b, Color::White, &mut rng), None);
                // The fast count equals the exact area count at the end of a playout.
                let exact = score::count(&b, &[], &[]).area_margin();
                assert_eq!(r.margin as f64, exact, "\n{b:?}");
            }
        }
    }

    #[test]
    fn playout_candidate_agrees_with_legality_and_the_eye_test() {
        let mut rng = SmallRng::seed_from_u64(11);
        for size in [2, 3, 5, 9, 19] {
            for _ in 0..10 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..(3 * size * size) {
                    for color in [Color::Black, Color::White] {
                        for k in 0..b.empty_count() {
                            let p = b.empty_at(k);
                            let expected = !b.is_true_eye(p, color) && b.is_legal(p, color, false);
                            assert_eq!(
                                b.playout_candidate(k, color).is_some(),
                                expected,
                                "\n{b:?}"
                            );
                        }
                    }
                    match light_move(&b, c, &mut rng) {
                        Some(p) => {
                            b.play(p, c);
                        }
                        None => b.pass(),
                    }
                    c = c.opp();
                }
            }
        }
    }

    #[test]
    fn light_policy_never_fills_a_true_eye() {
        let b = Board::from_diagram(
            ". X . . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        let eye = b.geometry().point(0, 4);
        for _ in 0..200 {
            assert_ne!(light_move(&b, Color::Black, &mut rng), Some(eye));
        }
    }
}
