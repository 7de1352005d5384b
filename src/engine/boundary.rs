//! Boundary points late in a decided game under territory rules (`Engine::decide`): where
//! the search would pass (or mend, or fill a dame), a safe stone that closes a small
//! region touching both colours, so that points of it become one side's territory as the
//! count sees the position with the dead stones judged (`Judgement`). GNU Go's
//! end-of-game suite (filllib cases 19 and 20: A13, which closes white's A14-A15 or keeps
//! it open) asks for such a point before any capture of a dead stone or dame; the search's
//! playouts, at a point or two, rarely tell it from a pass.
//!
//! Each point's value is its swing: the count after `c`'s stone there less the count after
//! the opponent's (or as it stands, where the opponent cannot play it safely), both with
//! the same dead stones taken off, from `c`'s side.

use super::decide::Judgement;
use crate::go::reading::Reader;
use crate::go::score;
use crate::go::tactics::plays_safely;
use crate::go::{Board, Color, Game, Move, Point};

/// The largest mixed region (points) whose points are read as boundary points: the gaps
/// left at the end of a game. A larger one is an open area whose count after one stone
/// says nothing of its split.
pub(super) const MAX_BOUNDARY_REGION: u32 = 12;

/// The least swing (points) of a boundary move: a point in gote, one either side.
pub(super) const MIN_SWING: f64 = 2.0;

/// Positions the reader may visit per question (is the stone safe).
const READ_BUDGET: u32 = 2000;

/// The count of `board` from `c`'s side under territory rules, with the stones on `dead`
/// taken off (where they still stand), `seki` as judged, and the prisoners taken so far
/// (`score::territory_count`, without komi: swings are differences).
fn margin(board: &Board, dead: &[Point], seki: &[Point], c: Color) -> f64 {
    let black = score::territory_count(board, dead, seki);
    if c == Color::Black { black } else { -black }
}

/// The board after `x`'s stone at `p`, and the dead stones then: the judged ones still
/// standing, and the stone itself if it joins a dead own stone. `None` when the stone is
/// illegal or unsafe (fewer than two liberties, or captured by reading).
fn after_stone(
    board: &Board,
    p: Point,
    x: Color,
    judged: &Judgement,
    reader: &mut Reader,
) -> Option<(Board, Vec<Point>)> {
    if !plays_safely(board, p, x) || reader.attack_after(board, p, x).is_some() {
        return None;
    }
    let joins_dead = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(x) && judged.is_dead(n));
    let mut after = board.clone();
    after.play(p, x);
    let mut dead: Vec<Point> = judged
        .dead()
        .iter()
        .copied()
        .filter(|&q| after.color_at(q).is_some())
        .collect();
    if joins_dead {
        dead.push(p);
    }
    Some((after, dead))
}

/// The swing of `c`'s stone at `p` (see the module's note), if `p` is an empty point of a
/// small mixed region (`MAX_BOUNDARY_REGION`, no seki) where `c`'s stone is safe.
fn swing_at(
    board: &Board,
    p: Point,
    c: Color,
    judged: &Judgement,
    now: f64,
    reader: &mut Reader,
) -> Option<f64> {
    let r = judged.region(p)?;
    if r.borders != crate::go::point::BLACK | crate::go::point::WHITE
        || r.touches_seki
        || r.size > MAX_BOUNDARY_REGION
    {
        return None;
    }
    let seki = judged.seki();
    let (own, own_dead) = after_stone(board, p, c, judged, reader)?;
    let mine = margin(&own, &own_dead, seki, c);
    let theirs = after_stone(board, p, c.opp(), judged, reader)
        .map_or(now, |(b, d)| margin(&b, &d, seki, c));
    Some(mine - theirs)
}

/// The boundary move of `c` with the largest swing of `MIN_SWING` or more, with its swing:
/// an empty point of a region of at most `MAX_BOUNDARY_REGION` points that touches living
/// stones of both colours, where `c`'s stone is safe.
pub(super) fn boundary_move(game: &Game, c: Color, judged: &Judgement) -> Option<(Move, f64)> {
    let board = game.board();
    let mut reader = Reader::with_budget(READ_BUDGET);
    let now = margin(board, judged.dead(), judged.seki(), c);
    let mut best: Option<(f64, Point)> = None;
    for p in game.legal_points(c) {
        let Some(swing) = swing_at(board, p, c, judged, now, &mut reader) else {
            continue;
        };
        log::trace!("boundary {p:?}: swing {swing}");
        if swing >= MIN_SWING && best.is_none_or(|(s, _)| swing > s) {
            best = Some((swing, p));
        }
    }
    best.map(|(s, p)| (Move::Play(p), s))
}

/// The swing of `c`'s move `mv` as a boundary point (0 where it is none).
pub(super) fn move_swing(game: &Game, c: Color, judged: &Judgement, mv: Move) -> f64 {
    let Move::Play(p) = mv else {
        return 0.0;
    };
    let board = game.board();
    let mut reader = Reader::with_budget(READ_BUDGET);
    let now = margin(board, judged.dead(), judged.seki(), c);
    swing_at(board, p, c, judged, now, &mut reader).unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};
    use crate::ownership;

    fn judged(game: &Game, dead: Vec<Point>) -> Judgement {
        let st = ownership::Statuses {
            dead,
            ..ownership::Statuses::default()
        };
        Judgement::new(game.board(), &st)
    }

    /// The position of `walls(gap)` under Japanese rules, `c` to move.
    fn game(gap: char, c: Color) -> Game {
        Game::from_diagram(&walls(gap), Rules::new(RuleSet::Japanese), 6.5, c).unwrap()
    }

    /// White's two-eyed group in the top left, black's wall around it; `gap` at A5.
    fn walls(gap: char) -> String {
        format!(
            ". O . O . O X
             . O O O O O X
             {gap} O X X X X X
             X X X . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . ."
        )
    }

    #[test]
    fn a_point_that_closes_a_gap_in_a_wall_is_worth_two_either_side() {
        // A5 closes white's A7-A6 (two points of territory for white; black's stone
        // there, joining A4, leaves them open): a swing of two for either side. White's
        // A6 would gain one point (A7), A7 none.
        for c in [Color::White, Color::Black] {
            let game = game('.', c);
            let g = game.board().geometry();
            let j = judged(&game, vec![]);
            let (mv, swing) = boundary_move(&game, c, &j).unwrap();
            assert_eq!(mv, Move::Play(g.point(0, 4)), "{c:?}");
            assert_eq!(swing, 2.0);
        }
    }

    #[test]
    fn a_move_swings_as_a_boundary_point_or_not_at_all() {
        // The gap A5 swings two; G1, in black's open area, is no boundary point; a pass none.
        let game = game('.', Color::White);
        let g = game.board().geometry();
        let j = judged(&game, vec![]);
        let at = |x, y| Move::Play(g.point(x, y));
        assert_eq!(move_swing(&game, Color::White, &j, at(0, 4)), 2.0);
        assert_eq!(move_swing(&game, Color::White, &j, at(6, 0)), 0.0);
        assert_eq!(move_swing(&game, Color::White, &j, Move::Pass), 0.0);
    }

    #[test]
    fn no_boundary_point_in_a_closed_position() {
        // With A5 white's, every region touches one colour only.
        let game = game('O', Color::White);
        let j = judged(&game, vec![]);
        assert_eq!(boundary_move(&game, Color::White, &j), None);
        assert_eq!(boundary_move(&game, Color::Black, &j), None);
    }

    #[test]
    fn a_stone_joining_dead_stones_closes_nothing() {
        // With white's group judged dead, the top left is black's: no gap to close.
        let game = game('.', Color::Black);
        let b = game.board();
        let dead: Vec<Point> = b
            .geometry()
            .points()
            .filter(|&p| b.color_at(p) == Some(Color::White))
            .collect();
        let j = judged(&game, dead);
        assert_eq!(boundary_move(&game, Color::Black, &j), None);
        assert_eq!(boundary_move(&game, Color::White, &j), None);
    }
}
