//! Pass-alive territory at the root (`go::PassAlive`, Benson's unconditional life), as
//! the search uses it: no move of either side on its empty points, in the tree or the
//! playouts, since a stone there gains nothing under any rule set (the enemy's dies, the
//! owner's fills its own area). Playouts then leave those regions as they are, so their
//! count is known at the root: dead enemy stones inside stay on the board to the end, and
//! the area count of the playouts (`Board::fast_area_margin`) is corrected to give their
//! points to the owner.
//!
//! Rules that count stones as they stand (Tromp-Taylor) need the dead stones captured, so
//! there only the regions without any are closed.

use super::playout::area_owner;
use crate::go::point::{BLACK, EMPTY, MAX_POINTS, WHITE};
use crate::go::{Board, Color, Game, PassAlive, Point};

/// The closed points of a search and the count's correction.
pub(super) struct Settled {
    /// Per point: no stone of either colour may go there.
    closed: Vec<bool>,
    any: bool,
    /// Per point, what to add to the playouts' ownership count (owner's sign less what
    /// the area count gives the point as it stands).
    fixes: Vec<(Point, i32)>,
    /// The sum of `fixes`: what to add to the area margin of every playout.
    margin_fix: i32,
}

impl Settled {
    /// The pass-alive territory of `game`'s position. With `in_playouts` false (playouts
    /// that do not respect closed points) only the regions without dead stones are
    /// closed: the area count gives their points to the owner as they stand, and the
    /// playouts' own moves there change nothing that counts.
    pub(super) fn new(game: &Game, in_playouts: bool) -> Settled {
        let board = game.board();
        let pa = PassAlive::of(board, game.rules().suicide);
        let mut settled = Settled {
            closed: vec![false; MAX_POINTS],
            any: false,
            fixes: Vec::new(),
            margin_fix: 0,
        };
        if pa.is_empty() {
            return settled;
        }
        let keep_dead = in_playouts && game.rules().removes_dead_stones();
        for p in board.geometry().points() {
            let Some(owner) = pa.owner(p) else {
                continue;
            };
            if board.color_at(p) == Some(owner) || (pa.holds_dead(p) && !keep_dead) {
                continue;
            }
            if board.cell(p) == EMPTY {
                settled.closed[p.idx()] = true;
                settled.any = true;
            }
            let want = sign(owner);
            let counted = area_count(board, p);
            if want != counted {
                settled.fixes.push((p, want - counted));
                settled.margin_fix += want - counted;
            }
        }
        log::debug!(
            "pass-alive territory: {} points closed, margin fix {}",
            settled.closed.iter().filter(|&&x| x).count(),
            settled.margin_fix
        );
        if log::log_enabled!(log::Level::Trace) {
            let closed: Vec<String> = board
                .geometry()
                .points()
                .filter(|p| settled.closed[p.idx()])
                .map(|p| board.geometry().vertex(p))
                .collect();
            log::trace!("closed points: {}", closed.join(" "));
        }
        settled
    }

    /// Whether `p` is closed to both colours.
    #[inline]
    pub(super) fn closed(&self, p: Point) -> bool {
        self.any && self.closed[p.idx()]
    }

    /// Whether any point is closed.
    pub(super) fn any(&self) -> bool {
        self.any
    }

    /// The closed-point mask the playouts take (`Playouts::close`).
    pub(super) fn mask(&self) -> &[bool] {
        &self.closed
    }

    /// What to add to a playout's area margin (black minus white).
    pub(super) fn margin_fix(&self) -> i32 {
        self.margin_fix
    }

    /// Corrects a playout's ownership counts (`add_ownership`) on the closed regions.
    pub(super) fn fix_ownership(&self, sums: &mut [i32]) {
        for &(p, d) in &self.fixes {
            sums[p.idx()] += d;
        }
    }
}

fn sign(c: Color) -> i32 {
    match c {
        Color::Black => 1,
        Color::White => -1,
    }
}

/// What the playouts' area count (`fast_area_margin`, `add_ownership`) gives `p`.
fn area_count(board: &Board, p: Point) -> i32 {
    match area_owner(board, p) {
        BLACK => 1,
        WHITE => -1,
        _ => 0,
    }
}
