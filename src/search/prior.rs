//! Prior knowledge: virtual visits and wins a child gets when it is created (michi's
//! scheme), so the tree tries likely moves first. An even prior, bonuses for captures,
//! ladder-safe escapes from atari, 3x3 patterns and moves near the last one, maluses for
//! self-atari and first/second-line moves in empty areas. The weights are `Params`.

use super::params::Params;
use super::patterns;
use crate::go::point::EMPTY;
use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Move, Point};

/// Prior knowledge for `color` playing `mv` on `board`: (virtual visits, virtual wins).
pub(super) fn prior(
    board: &Board,
    color: Color,
    mv: Move,
    last: Option<Point>,
    only_pass: bool,
    ladder: &mut Ladder,
    params: &Params,
) -> (f32, f32) {
    let mut visits = params.prior_even;
    let mut wins = params.prior_even / 2.0;
    let Move::Play(p) = mv else {
        return if only_pass {
            (visits, wins)
        } else {
            (visits, params.prior_pass_wins)
        };
    };
    // Captures (enemy neighbours in atari) and escapes (own neighbours in atari whose
    // liberty this is, when the extension escapes the ladder).
    let mut captured = 0;
    let mut saves = false;
    for n in board.neighbors(p) {
        match board.color_at(n) {
            Some(c) if c != color && board.atari_liberty(n) == Some(p) => {
                captured += board.chain(n).stones as u32;
            }
            Some(c) if c == color && board.atari_liberty(n) == Some(p) => saves = true,
            _ => {}
        }
    }
    if captured > 0 {
        let bonus = if captured == 1 {
            params.prior_capture_one
        } else {
            params.prior_capture_many
        };
        visits += bonus;
        wins += bonus;
    }
    if saves && ladder.escapes(board, p, color) {
        visits += params.prior_save;
        wins += params.prior_save;
    }
    if captured == 0 && board.libs_after(p, color, 2).0 < 2 {
        visits += params.prior_self_atari;
    }
    if patterns::matches(board.neighborhood(p)) {
        visits += params.prior_pattern;
        wins += params.prior_pattern;
    }
    if let Some(l) = last {
        let geo = board.geometry();
        let ((x0, y0), (x1, y1)) = (geo.coords(l), geo.coords(p));
        let d = x0.abs_diff(x1) + y0.abs_diff(y1);
        if (1..=3).contains(&d) {
            let bonus = [
                params.prior_near_last_1,
                params.prior_near_last_2,
                params.prior_near_last_3,
            ][d - 1];
            visits += bonus;
            wins += bonus;
        }
    }
    // First and second line far from any stone: poor; third line there: good.
    let geo = board.geometry();
    let (x, y) = geo.coords(p);
    let size = geo.size();
    let line = 1 + x.min(y).min(size - 1 - x).min(size - 1 - y);
    if size >= 7 && line <= 3 && empty_area(board, p, 3) {
        visits += params.prior_empty_area;
        if line == 3 {
            wins += params.prior_empty_area;
        }
    }
    (visits, wins)
}

/// Whether no stone lies within Manhattan distance `r` of `p`.
fn empty_area(board: &Board, p: Point, r: usize) -> bool {
    let geo = board.geometry();
    let (px, py) = geo.coords(p);
    let n = geo.size();
    for y in py.saturating_sub(r)..=(py + r).min(n - 1) {
        for x in px.saturating_sub(r)..=(px + r).min(n - 1) {
            if px.abs_diff(x) + py.abs_diff(y) <= r && board.cell(geo.point(x, y)) != EMPTY {
                return false;
            }
        }
    }
    true
}
