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
//!
//! A walled-in group that reading (`go::solve`) shows dead even with its owner moving
//! first has its region (its stones and empty points) counted for the attacker at the end
//! of every playout, whatever stands there then. Playouts judge a capturing race of an
//! eyeless chain, or a group with too little eye space, by chance; where they give the dead
//! group a fighting chance, every move of either side in it looks worth something, and
//! read out none is. The region stays open: a move there may still matter to a wall chain
//! around it, and the points at a group's edge are still endgame. (A group that lives is
//! not forced: its edge is endgame and dame too.)

use std::time::Instant;

use super::playout::area_owner;
use crate::go::point::{BLACK, EMPTY, MAX_POINTS, WHITE};
use crate::go::solve::{MAX_REGION_EMPTY, Problem, SOLVE_QUESTION_NODES, Solver};
use crate::go::{Board, Color, Game, PassAlive, Point, Scoring};

/// The reading a search does before it starts (`Settled::new`): at most `nodes` positions
/// in all, none after `deadline`.
#[derive(Copy, Clone, Debug)]
pub(super) struct Reading {
    pub nodes: u32,
    pub deadline: Option<Instant>,
}

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
    /// Points counted for one side at the end of every playout whatever stands there then
    /// (the regions of groups read dead), with that side's sign.
    forced: Vec<(Point, i32)>,
    /// Per point: whether it is in `forced`.
    forced_mask: Vec<bool>,
}

impl Settled {
    /// The pass-alive territory of `game`'s position, and the regions of the groups that
    /// `reading` shows dead (only with the heavy playouts, under territory rules). With `in_playouts` false (playouts that do not respect closed
    /// points) only the regions of pass-alive territory without dead stones are closed:
    /// the area count gives their points to the owner as they stand, and the playouts'
    /// own moves there change nothing that counts.
    pub(super) fn new(game: &Game, in_playouts: bool, reading: Reading) -> Settled {
        let board = game.board();
        let pa = PassAlive::of(board, game.rules().suicide);
        let mut settled = Settled {
            closed: vec![false; MAX_POINTS],
            any: false,
            fixes: Vec::new(),
            margin_fix: 0,
            forced: Vec::new(),
            forced_mask: vec![false; MAX_POINTS],
        };
        let keep_dead = in_playouts && game.rules().removes_dead_stones();
        if !pa.is_empty() {
            settled.close_pass_alive(board, &pa, keep_dead);
        }
        // Under area rules, where the count is of stones and territory alike, the playouts
        // already play the dead group out, and against Pachi on 9×9 forcing the regions
        // lost games (27 of 53 against 37 of 52 without, at 0.25 s a move; a region is
        // forced on the reading's assumption that the wall chains live, which fights in
        // the middle game do not keep). Under territory rules it decides the pass.
        let territory = game.rules().scoring == Scoring::Territory;
        if keep_dead && territory && reading.nodes > 0 {
            settled.force_dead_groups(board, &pa, game.rules().suicide, reading);
        }
        settled
    }

    /// Closes pass-alive territory (`keep_dead`: also the regions holding dead stones).
    fn close_pass_alive(&mut self, board: &Board, pa: &PassAlive, keep_dead: bool) {
        let settled = self;
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
    }

    /// Counts for the attacker, in every playout, the regions of the walled-in groups that
    /// reading shows dead with their owner moving first (`Problem::enclosing`,
    /// `Solver::lives`; the small problems read first). A region is forced only when every
    /// defender chain in it reads dead, no wall chain around it does (a dead wall is
    /// captured from outside the problem, which the reading does not see), and every wall
    /// chain with a liberty in it is safe (pass-alive, not walled in, or read to live with
    /// its enemy first): the reading of the group took such a chain to live, and one in a
    /// race of its own may die and save the group. A wall chain whose own eye space lies
    /// inside the region is exempt: it stands or falls with the attacker, who wins here.
    fn force_dead_groups(
        &mut self,
        board: &Board,
        pa: &PassAlive,
        suicide_allowed: bool,
        reading: Reading,
    ) {
        let mut solver =
            Solver::budgeted(SOLVE_QUESTION_NODES, reading.nodes).until(reading.deadline);
        // The problem of each walled-in chain, by its head.
        let mut problems: Vec<Option<Problem>> = vec![None; MAX_POINTS];
        let mut heads = Vec::new();
        for pr in Problem::all(board, MAX_REGION_EMPTY) {
            let h = pr.target;
            if pa.owner(h).is_none() {
                heads.push(h);
                problems[h.idx()] = Some(pr);
            }
        }
        // The small problems first: they read fastest, and the budget goes further.
        heads.sort_by_key(|h| problems[h.idx()].as_ref().map_or(0, |pr| pr.region().len()));
        let mut dead = vec![false; MAX_POINTS];
        let mut dead_heads = Vec::new();
        for &h in &heads {
            let Some(pr) = &problems[h.idx()] else {
                continue;
            };
            if pr.region().iter().any(|&p| self.closed[p.idx()]) {
                continue;
            }
            if solver.lives(board, pr, pr.defender, suicide_allowed) == Some(false) {
                for s in board.chain_walk(h) {
                    dead[s.idx()] = true;
                }
                dead_heads.push(h);
            }
        }
        // Whether each chain lives with its enemy first, asked only of walls that need it.
        let mut lives_first: Vec<Option<Option<bool>>> = vec![None; MAX_POINTS];
        let mut forced_groups = 0;
        for &h in &dead_heads {
            let Some(pr) = &problems[h.idx()] else {
                continue;
            };
            let attacker = pr.defender.opp();
            let in_region = |p: Point| pr.region().binary_search(&p).is_ok();
            let whole = pr
                .region()
                .iter()
                .all(|&p| board.color_at(p) != Some(pr.defender) || dead[p.idx()]);
            let open = pr
                .region()
                .iter()
                .all(|&p| !self.closed[p.idx()] && !self.forced_mask[p.idx()]);
            if !(whole && open) {
                continue;
            }
            let mut walls_safe = true;
            for &p in pr.points() {
                if board.color_at(p) != Some(attacker) || board.chain_head(p) != p {
                    continue;
                }
                let wall = &problems[p.idx()];
                // A chain whose own eye space lies inside the region stands or falls with
                // the attacker, who wins here.
                let inside = wall.as_ref().is_some_and(|w| {
                    w.region()
                        .iter()
                        .all(|&q| board.color_at(q).is_some() || in_region(q))
                });
                if inside {
                    continue;
                }
                if dead[p.idx()] {
                    walls_safe = false;
                    break;
                }
                let frozen = board.chain_liberties(p).into_iter().any(in_region);
                if !frozen || pa.is_alive_stone(board, p) {
                    continue;
                }
                let Some(wall) = wall else {
                    // Not walled in: open to the rest of the board.
                    continue;
                };
                let lives = *lives_first[p.idx()].get_or_insert_with(|| {
                    solver.lives(board, wall, wall.defender.opp(), suicide_allowed)
                });
                if lives != Some(true) {
                    walls_safe = false;
                    break;
                }
            }
            if !walls_safe {
                continue;
            }
            forced_groups += 1;
            log::trace!(
                "{} dead: its region counted for {attacker:?}",
                board.geometry().vertex(h)
            );
            let want = sign(attacker);
            for &p in pr.region() {
                self.forced.push((p, want));
                self.forced_mask[p.idx()] = true;
            }
        }
        log::debug!(
            "reading before the search: {} of {} walled-in chains dead, {forced_groups} \
             regions counted for the attacker ({} points)",
            dead_heads.len(),
            heads.len(),
            self.forced.len()
        );
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

    /// What to add to the area margin (black minus white) of a playout that ended on
    /// `end`: the closed regions' fix, and the forced points' (each counted for its side
    /// whatever stands there).
    #[inline]
    pub(super) fn margin_fix(&self, end: &Board) -> i32 {
        let mut fix = self.margin_fix;
        for &(p, want) in &self.forced {
            fix += want - area_count(end, p);
        }
        fix
    }

    /// Corrects the ownership counts (`add_ownership`) of a playout that ended on `end`:
    /// the closed regions' and the forced points'.
    pub(super) fn fix_ownership(&self, end: &Board, sums: &mut [i32]) {
        for &(p, d) in &self.fixes {
            sums[p.idx()] += d;
        }
        for &(p, want) in &self.forced {
            sums[p.idx()] += want - area_count(end, p);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};

    fn settled(diagram: &str, rules: RuleSet, nodes: u32) -> (Game, Settled) {
        let g = Game::from_diagram(diagram, Rules::new(rules), 0.5, Color::Black).unwrap();
        let reading = Reading {
            nodes,
            deadline: None,
        };
        let s = Settled::new(&g, true, reading);
        (g, s)
    }

    fn forced_points(g: &Game, s: &Settled) -> Vec<String> {
        let geo = g.geometry();
        geo.points()
            .filter(|&p| s.forced_mask[p.idx()])
            .map(|p| geo.vertex(p))
            .collect()
    }

    /// White's A2 has three points of room in the corner, too few to live even moving
    /// first; black's wall is open to the board.
    const DEAD_IN_THE_CORNER: &str = ". . . . . . .
                                      . . . . . . .
                                      . . . . . . .
                                      . . . . . . .
                                      X X X . . . .
                                      O . X . . . .
                                      . . X . . . .";

    #[test]
    fn a_group_read_dead_is_counted_for_the_attacker() {
        let (g, s) = settled(DEAD_IN_THE_CORNER, RuleSet::Japanese, 30_000);
        let mut forced = forced_points(&g, &s);
        forced.sort();
        assert_eq!(forced, ["A1", "A2", "B1", "B2"]);
        // Nothing is closed: a move there is still a move (it may matter to a wall).
        assert!(g.geometry().points().all(|p| !s.closed(p)));
        // As the board stands: A2 (white, +2), A1 (white's by the count, +2), B2 (neither,
        // +1); B1 is black's already. Once black takes A2, nothing is left to fix; had
        // white lived there in a playout, the points would still be black's.
        let board = g.board();
        assert_eq!(s.margin_fix(board), 5);
        let mut sums = vec![0; MAX_POINTS];
        s.fix_ownership(board, &mut sums);
        assert_eq!(sums.iter().sum::<i32>(), 5);
        let mut taken = board.clone();
        taken.play(g.geometry().point(1, 1), Color::Black);
        taken.play(g.geometry().point(0, 0), Color::Black);
        assert_eq!(taken.color_at(g.geometry().point(0, 1)), None);
        assert_eq!(s.margin_fix(&taken), 0);
        // Rules that count stones as they stand need the stone captured: nothing forced.
        let (g, s) = settled(DEAD_IN_THE_CORNER, RuleSet::TrompTaylor, 30_000);
        assert!(forced_points(&g, &s).is_empty());
        assert_eq!(s.margin_fix(g.board()), 0);
        // Nor under area rules.
        let (g, s) = settled(DEAD_IN_THE_CORNER, RuleSet::Chinese, 30_000);
        assert!(forced_points(&g, &s).is_empty());
        // No reading, nothing forced.
        let (g, s) = settled(DEAD_IN_THE_CORNER, RuleSet::Japanese, 0);
        assert!(forced_points(&g, &s).is_empty());
    }

    // The capturing race of `go::solve`'s fixtures: white's chain C1–J3 dies whoever moves
    // first; black's H1 reads dead too, but its region holds two of white's liberties
    // (G1, J1).
    use crate::go::solve::fixtures::RACE;

    #[test]
    fn a_region_is_counted_only_where_no_other_race_decides_it() {
        // Read to the end, white's chain is dead: its region is black's (H1 stands inside
        // it, with the attacker).
        let (g, s) = settled(RACE, RuleSet::Japanese, 100_000);
        let forced = forced_points(&g, &s);
        for p in ["B1", "F3", "G1", "J1", "F4", "F5", "C1", "J3"] {
            assert!(forced.contains(&p.to_string()), "{p}: {forced:?}");
        }
        assert!(!forced.contains(&"H1".to_string()), "{forced:?}");
        // Within a budget too small for the race, white's chain is unknown: H1's region
        // (G1, J1) is not given to white, whose chain may yet die with those liberties.
        let (g, s) = settled(RACE, RuleSet::Japanese, 2_000);
        let forced = forced_points(&g, &s);
        assert!(forced.is_empty(), "{forced:?}");
    }
}
