//! Prior knowledge: virtual visits and wins a child gets when it is created (michi's
//! scheme), so the tree tries likely moves first. By default an even prior, won visits
//! from the learned move model (`features`; `prior_learned`, or `prior_learned_large` from
//! 13×13 up), weighed as Pachi weighs its pattern prior, and won visits for the moves that
//! reading (`go::reading`) shows save or take a short chain next to the last move
//! (`read_bonuses`). Lost visits for a move into a chain that reading shows captured
//! (`read_maluses`) are off by default. The hand-set terms of the first versions stay as
//! parameters, off by default (they won fewer games against Pachi): bonuses for captures,
//! ladder-safe escapes from atari, 3x3 patterns and moves near the last one, maluses for
//! self-atari and first/second-line moves in empty areas. The weights are `Params`.

use super::features::{Gammas, StoneDistance, features};
use super::params::{LARGE_SIZE, Params, by_size};
use super::patterns;
use crate::go::point::EMPTY;
use crate::go::reading::{Defense, Points, Reader};
use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Move, Point};

/// The learned prior's weight on `board`: `prior_learned`, or `prior_learned_large` on
/// boards with the region group (13×13 and up), raised there in the opening by
/// `prior_opening_boost` over the first `prior_opening_stones` stones.
pub(super) fn learned_weight(board: &Board, params: &Params) -> f32 {
    let size = board.geometry().size();
    let weight = by_size(size, params.prior_learned, params.prior_learned_large);
    if size < LARGE_SIZE || params.prior_opening_stones == 0 {
        return weight;
    }
    let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
    let left = 1.0 - stones as f32 / params.prior_opening_stones as f32;
    weight * (1.0 + params.prior_opening_boost * left.max(0.0))
}

/// The even prior's visits on `board`: `prior_even`, or `prior_even_large` from 13×13 up.
pub(super) fn even_weight(board: &Board, params: &Params) -> f32 {
    by_size(
        board.geometry().size(),
        params.prior_even,
        params.prior_even_large,
    )
}

/// Each move's share of the position's strength under the learned model
/// (`features::Gammas::builtin` for the board's size), in the order of `moves` (pass: 0);
/// empty when the learned prior is off (`learned_weight` 0).
pub(super) fn learned_shares(
    board: &Board,
    color: Color,
    moves: &[Move],
    last: [Option<Point>; 2],
    ladder: &mut Ladder,
    params: &Params,
) -> Vec<f32> {
    if learned_weight(board, params) <= 0.0 {
        return Vec::new();
    }
    let gammas = Gammas::builtin(board.geometry().size());
    let near = StoneDistance::new(board);
    let mut shares: Vec<f32> = moves
        .iter()
        .map(|&mv| match mv {
            Move::Play(p) => gammas.strength(&features(board, p, color, last, &near, ladder)),
            Move::Pass => 0.0,
        })
        .collect();
    let total: f32 = shares.iter().sum();
    if total > 0.0 {
        shares.iter_mut().for_each(|s| *s /= total);
    }
    shares
}

thread_local! {
    /// The prior's reader (`read_bonuses`), one per search thread.
    static READER: std::cell::RefCell<Reader> = std::cell::RefCell::new(Reader::new());
}

/// Won visits from reading for `color`'s moves, by point (`prior_read_save`,
/// `prior_read_take`): for each chain of `prior_read_libs` liberties or fewer at or next to
/// the last move (and the one before it, with `prior_read_near` 2), the move that saves it
/// (own chains the opponent could capture) or captures it (enemy chains their owner could
/// save). Empty when both weights are 0.
pub(super) fn read_bonuses(
    board: &Board,
    color: Color,
    last: [Option<Point>; 2],
    params: &Params,
) -> Vec<(Point, f32)> {
    let mut out = Vec::new();
    if params.prior_read_save == 0.0 && params.prior_read_take == 0.0 {
        return out;
    }
    let max_libs = params.prior_read_libs as usize;
    let near = last.iter().take(params.prior_read_near as usize).flatten();
    let mut heads = Points::<10>::default();
    for &l in near {
        if board.color_at(l).is_none() {
            continue;
        }
        for q in std::iter::once(l).chain(board.neighbors(l)) {
            if board.color_at(q).is_some() && board.libs_upto(q, max_libs + 1) <= max_libs {
                heads.add(board.chain_head(q));
            }
        }
    }
    if heads.as_slice().is_empty() {
        return out;
    }
    READER.with(|r| {
        let mut r = r.borrow_mut();
        r.set_budget(params.prior_read_budget);
        for &h in heads.as_slice() {
            if board.color_at(h) == Some(color) {
                if params.prior_read_save != 0.0
                    && let Defense::By(m) = r.defend(board, h)
                {
                    out.push((m, params.prior_read_save));
                }
            } else if params.prior_read_take != 0.0
                && let (Some(m), Defense::By(_)) = r.read(board, h)
            {
                out.push((m, params.prior_read_take));
            }
        }
    });
    out
}

/// Lost visits from reading for `color`'s moves, by point (`prior_read_malus`):
/// a move that joins own stones into a chain of `prior_read_libs` liberties or fewer, which
/// the opponent, moving next, can then capture however `color` answers. Empty when the weight
/// is 0.
pub(super) fn read_maluses(
    board: &Board,
    color: Color,
    moves: &[Move],
    params: &Params,
) -> Vec<(Point, f32)> {
    let mut out = Vec::new();
    if params.prior_read_malus == 0.0 {
        return out;
    }
    let max_libs = params.prior_read_libs as usize;
    READER.with(|r| {
        let mut r = r.borrow_mut();
        r.set_budget(params.prior_read_budget);
        for &mv in moves {
            let Move::Play(p) = mv else { continue };
            // A lone stone that can be taken is often a probe or a sacrifice: only chains
            // the move joins are read.
            let (libs, stones) = board.libs_after(p, color, max_libs + 1);
            if libs > max_libs || stones < 2 {
                continue;
            }
            if r.attack_after(board, p, color).is_some() {
                out.push((p, params.prior_read_malus));
            }
        }
    });
    out
}

/// Prior knowledge for `color` playing `mv` on `board`: (virtual visits, virtual wins).
/// `learned` is the move's share under the learned model (see `learned_shares`).
#[allow(clippy::too_many_arguments)]
pub(super) fn prior(
    board: &Board,
    color: Color,
    mv: Move,
    last: Option<Point>,
    only_pass: bool,
    learned: f32,
    ladder: &mut Ladder,
    params: &Params,
) -> (f32, f32) {
    let mut visits = even_weight(board, params);
    let mut wins = visits / 2.0;
    let Move::Play(p) = mv else {
        return if only_pass {
            (visits, wins)
        } else {
            (visits, params.prior_pass_wins)
        };
    };
    // The learned model: won visits growing with the square root of the move's share, as
    // Pachi weighs its pattern prior.
    let bonus = learned_weight(board, params) * learned.sqrt();
    visits += bonus;
    wins += bonus;
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
    // The ladder read, the self-atari test and the empty-area scan are skipped when their
    // weight is 0 (the default): they would add nothing.
    if saves && params.prior_save != 0.0 && ladder.escapes(board, p, color) {
        visits += params.prior_save;
        wins += params.prior_save;
    }
    if params.prior_self_atari != 0.0 && captured == 0 && board.libs_after(p, color, 2).0 < 2 {
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
    let line = geo.line(p);
    if params.prior_empty_area != 0.0 && geo.size() >= 7 && line <= 3 && empty_area(board, p, 3) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_rewards_the_save_and_the_take_next_to_the_last_move() {
        // White's last move C3 leaves black C4-D4 with two liberties, D3 and E4. GNU Go's
        // `attack C4` answers E4 (the chain is then chased to the edge); black, to move,
        // extends there to four liberties.
        let b = crate::go::reading::chased_to_the_edge();
        let g = b.geometry();
        let c3 = g.point(2, 2);
        let e4 = g.point(4, 3);
        let on = Params {
            prior_read_save: 40.0,
            prior_read_take: 30.0,
            // The chase to the edge takes more than the default budget to read.
            prior_read_budget: 4000,
            ..Params::default()
        };
        assert_eq!(
            read_bonuses(&b, Color::Black, [Some(c3), None], &on),
            vec![(e4, 40.0)]
        );
        assert_eq!(
            read_bonuses(&b, Color::White, [Some(c3), None], &on),
            vec![(e4, 30.0)]
        );
        // Once white has played E4 the chain cannot be saved: nothing to reward either way.
        let mut taken = b.clone();
        taken.play(e4, Color::White);
        assert!(read_bonuses(&taken, Color::Black, [Some(e4), None], &on).is_empty());
        assert!(read_bonuses(&taken, Color::White, [Some(e4), None], &on).is_empty());
        // Off with both weights 0, and nothing without a last stone.
        let off = Params {
            prior_read_save: 0.0,
            prior_read_take: 0.0,
            ..on
        };
        assert!(read_bonuses(&b, Color::Black, [Some(c3), None], &off).is_empty());
        assert!(read_bonuses(&b, Color::Black, [None, None], &on).is_empty());
    }

    #[test]
    fn reading_penalises_an_extension_into_a_working_ladder() {
        // Black C3 is in atari at D3, and the ladder works unless a black stone stands on
        // its path (G7).
        let b = crate::go::reading::ladder_from_c3();
        let g = b.geometry();
        let moves = [
            Move::Play(g.point(7, 7)),
            Move::Play(g.point(3, 2)),
            Move::Pass,
            Move::Play(g.point(5, 5)),
        ];
        let on = Params {
            prior_read_malus: 25.0,
            // The ladder takes more than the default budget to read.
            prior_read_budget: 4000,
            ..Params::default()
        };
        assert_eq!(
            read_maluses(&b, Color::Black, &moves, &on),
            vec![(g.point(3, 2), 25.0)]
        );
        let mut broken = b.clone();
        broken.play(g.point(6, 6), Color::Black);
        assert!(read_maluses(&broken, Color::Black, &moves, &on).is_empty());
        // Off by default.
        assert!(read_maluses(&b, Color::Black, &moves, &Params::default()).is_empty());
    }

    #[test]
    fn reading_looks_next_to_the_move_before_the_last_with_prior_read_near_2() {
        // The 7x7 chase with white's last move at A2, far away, and the one before it at
        // C5, next to black's C4-D4: the chain is read only with `prior_read_near` 2.
        let mut b = crate::go::reading::chased_to_the_edge();
        let g = b.geometry();
        let far = g.point(0, 1);
        b.play(far, Color::White);
        let c5 = g.point(2, 4);
        let e4 = g.point(4, 3);
        let one = Params {
            prior_read_budget: 4000,
            ..Params::default()
        };
        let two = Params {
            prior_read_near: 2,
            ..one
        };
        assert!(read_bonuses(&b, Color::Black, [Some(far), Some(c5)], &one).is_empty());
        assert_eq!(
            read_bonuses(&b, Color::Black, [Some(far), Some(c5)], &two),
            vec![(e4, 40.0)]
        );
    }

    #[test]
    fn reading_takes_chains_of_three_liberties_with_prior_read_libs_3() {
        // Black B2-C2 has three liberties (B1, C1, D2) under white's wall, white's last
        // move B3. White at D2 would capture it; black at D2 gets out with four.
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . O O O .
             O X X . .
             . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        let b3 = g.point(1, 2);
        let d2 = g.point(3, 1);
        let two = Params {
            prior_read_budget: 4000,
            ..Params::default()
        };
        let three = Params {
            prior_read_libs: 3,
            ..two
        };
        assert!(read_bonuses(&b, Color::Black, [Some(b3), None], &two).is_empty());
        assert_eq!(
            read_bonuses(&b, Color::Black, [Some(b3), None], &three),
            vec![(d2, 40.0)]
        );
        assert_eq!(
            read_bonuses(&b, Color::White, [Some(b3), None], &three).len(),
            1
        );
    }

    #[test]
    fn the_learned_shares_sum_to_one_and_favour_a_capture_turned_into_won_visits() {
        // White's D4 is in atari at E4, the last move black's D3.
        let b = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        let mut moves: Vec<Move> = (0..b.empty_count())
            .map(|k| Move::Play(b.empty_at(k)))
            .collect();
        moves.push(Move::Pass);
        let last = [Some(g.point(3, 2)), None];
        let mut ladder = Ladder::new();
        let params = Params {
            prior_learned: 100.0,
            ..Params::default()
        };
        let shares = learned_shares(&b, Color::Black, &moves, last, &mut ladder, &params);
        assert_eq!(shares.len(), moves.len());
        assert!((shares.iter().sum::<f32>() - 1.0).abs() < 1e-3);
        assert_eq!(shares.last(), Some(&0.0));
        let capture = moves
            .iter()
            .position(|&m| m == Move::Play(g.point(4, 3)))
            .unwrap();
        // Well above an even share of the 45 points.
        let even = 1.0 / (moves.len() - 1) as f32;
        assert!(
            shares[capture] > 2.0 * even,
            "{} vs {even}",
            shares[capture]
        );
        // The share turns into won visits; off, nothing is computed.
        let (v0, w0) = prior(
            &b,
            Color::Black,
            moves[capture],
            last[0],
            false,
            0.0,
            &mut ladder,
            &params,
        );
        let (v1, w1) = prior(
            &b,
            Color::Black,
            moves[capture],
            last[0],
            false,
            shares[capture],
            &mut ladder,
            &params,
        );
        assert!(v1 > v0 && w1 - w0 > 10.0, "{v0} {w0} {v1} {w1}");
        let off = Params {
            prior_learned: 0.0,
            ..Params::default()
        };
        let none = learned_shares(&b, Color::Black, &moves, last, &mut ladder, &off);
        assert!(none.is_empty());
        // Large boards weigh the prior by their own parameter.
        let weights = Params {
            prior_learned: 7.0,
            prior_learned_large: 11.0,
            prior_opening_stones: 0,
            ..Params::default()
        };
        assert_eq!(learned_weight(&b, &weights), 7.0);
        let big = Board::new(19).unwrap();
        assert_eq!(learned_weight(&big, &weights), 11.0);
        assert_eq!(learned_weight(&Board::new(13).unwrap(), &weights), 11.0);
        // The opening boost: (1 + boost) on the empty large board, falling linearly with
        // the stones, gone at `prior_opening_stones`; never below 13×13.
        let opening = Params {
            prior_opening_boost: 3.0,
            prior_opening_stones: 4,
            ..weights
        };
        let mut big = Board::new(19).unwrap();
        let mut small = Board::new(9).unwrap();
        assert_eq!(learned_weight(&big, &opening), 44.0);
        assert_eq!(learned_weight(&small, &opening), 7.0);
        let mut color = Color::Black;
        for (i, (x, y)) in [(3, 3), (15, 15), (3, 15), (15, 3), (9, 9)]
            .into_iter()
            .enumerate()
        {
            let expected = 11.0 * (1.0 + 3.0 * (1.0 - (i as f32 / 4.0)).max(0.0));
            assert_eq!(learned_weight(&big, &opening), expected, "{i} stones");
            big.play(big.geometry().point(x, y), color);
            small.play(small.geometry().point(x / 2, y / 2), color);
            assert_eq!(learned_weight(&small, &opening), 7.0);
            color = color.opp();
        }
        assert_eq!(learned_weight(&big, &opening), 11.0);
        // The compiled-in table is a real fit: shapes and every tactical group (the big
        // shapes on large boards only).
        use crate::search::features::{BIG, GROUPS};
        for size in [9, 19] {
            let table = Gammas::builtin(size);
            let large = size >= crate::search::params::LARGE_SIZE;
            assert!((0..GROUPS).all(|g| g == BIG || !table.groups[g].is_empty()));
            assert_eq!(table.groups[BIG].is_empty(), !large);
            assert!(table.groups[0].len() > 100);
        }
        // 13×13 and up read the table fitted to 19×19 games, smaller boards the 9×9 one.
        assert!(std::ptr::eq(Gammas::builtin(13), Gammas::builtin(19)));
        assert!(std::ptr::eq(Gammas::builtin(7), Gammas::builtin(9)));
        assert!(!std::ptr::eq(Gammas::builtin(9), Gammas::builtin(19)));
    }
}
