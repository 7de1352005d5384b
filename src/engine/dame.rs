//! Dame before a pass under territory rules (`Engine::decide`): where the search and the
//! mending (`mend`) would pass, fill a neutral point between living stones of both colours,
//! or first the liberty that lets it be filled safely (a backfill), as GNU Go does before
//! it passes (the idea of its `fill_liberty`, which GNU Go's end-of-game suite, filllib,
//! tests). A dame is worth nothing under territory counting, but one left open may be the
//! opponent's atari: filled in time by a stone that reading shows cannot be captured, it
//! costs nothing and settles the liberties at the end.
//!
//! Who a neighbour of a point stands for: a living stone for its colour, a dead one (the
//! opponent owns its point in 70% of the search's playouts or more, `SETTLED`) for the
//! other, and an unsettled one for neither (no point next to it is a dame yet); an empty
//! point for a colour with a living stone next to it where the other colour cannot play
//! safely. A dame has neighbours standing for both colours. Reads the board
//! (`go::reading`) and the search's ownership (`Report`).

use std::cmp::Reverse;

use super::mend::{rated_below_pass, touching_chains};
use crate::go::point::{EMPTY, MAX_POINTS};
use crate::go::reading::Reader;
use crate::go::tactics::takes_as_ko;
use crate::go::{Board, Color, Game, Move, Point};
use crate::search::Report;

/// Mean ownership at or above which a stone is its own side's (living) and at or below
/// whose negative it is the other side's (dead): one side owns its point in 70% of the
/// search's playouts or more. A stone in between is unsettled, and no point next to it is a
/// dame yet. (Counting every stone above -0.5 as living, black's stones of filllib case 5,
/// which GNU Go reads dead and the playouts give white in 60%, stood for black, and black
/// filled a "dame" inside white's area; at 0, case 10's white stones, dead by GNU Go and
/// owned by black in under half the playouts at one seed, did the same.)
const SETTLED: f64 = 0.4;

/// Positions the reader may visit per question: the chains read have three liberties or
/// fewer (`go::reading::READ_LIBS`), and a question is asked once per point and colour.
const READ_BUDGET: u32 = 2000;

/// The board, the search's ownership and what reading found so far.
struct Scan<'a> {
    board: &'a Board,
    report: &'a Report,
    reader: Reader,
    /// Per point index and colour: whether a stone there stands (`safe`), once read.
    safe: Vec<[Option<bool>; 2]>,
}

impl<'a> Scan<'a> {
    fn new(board: &'a Board, report: &'a Report) -> Scan<'a> {
        Scan {
            board,
            report,
            reader: Reader::with_budget(READ_BUDGET),
            safe: vec![[None; 2]; MAX_POINTS],
        }
    }

    /// Whether `c` may play the empty point `p` (simple ko, no suicide) with a stone that
    /// keeps two liberties and that reading shows the opponent cannot capture.
    fn safe(&mut self, p: Point, c: Color) -> bool {
        if let Some(known) = self.safe[p.idx()][c.index()] {
            return known;
        }
        let b = self.board;
        let safe = b.is_legal(p, c, false)
            && b.libs_after(p, c, 2).0 >= 2
            && self.reader.attack_after(b, p, c).is_none();
        self.safe[p.idx()][c.index()] = Some(safe);
        safe
    }

    /// The side the stone at `q` stands for: its own colour's if living, the other's if
    /// dead, none if unsettled (`SETTLED`) or if `q` holds no stone.
    fn stands_for(&self, q: Point) -> Option<Color> {
        let x = self.board.color_at(q)?;
        let own = self.report.ownership_for(q, x);
        if own >= SETTLED {
            Some(x)
        } else if own <= -SETTLED {
            Some(x.opp())
        } else {
            None
        }
    }

    /// Whether the stone at `q` is `x`'s and living (`SETTLED`).
    fn living(&self, q: Point, x: Color) -> bool {
        self.board.color_at(q) == Some(x) && self.stands_for(q) == Some(x)
    }

    /// The colours (black, white) that the neighbours of the empty point `p` stand for;
    /// `None` if a stone next to it is unsettled (`SETTLED`).
    fn sides(&mut self, p: Point) -> Option<[bool; 2]> {
        let mut sides = [false; 2];
        for q in self.board.neighbors(p) {
            match self.board.color_at(q) {
                Some(_) => sides[self.stands_for(q)?.index()] = true,
                None if self.board.cell(q) == EMPTY => {
                    for x in [Color::Black, Color::White] {
                        if !sides[x.index()]
                            && self
                                .board
                                .neighbors(q)
                                .into_iter()
                                .any(|r| self.living(r, x))
                            && !self.safe(q, x.opp())
                        {
                            sides[x.index()] = true;
                        }
                    }
                }
                None => {}
            }
        }
        Some(sides)
    }

    /// A move of `c` that lets the dame `p` (which `c` cannot fill safely) be filled: with
    /// the chain that a stone at `p` would make, the capture of an enemy chain in atari
    /// next to it, else a safe stone at one of its liberties, else the capture (read) of an
    /// enemy chain next to it of three liberties or fewer, at a liberty of that chain.
    fn backfill(&mut self, p: Point, c: Color) -> Option<Point> {
        let b = self.board;
        if !b.is_legal(p, c, false) {
            return None;
        }
        let mut after = b.clone();
        after.play(p, c);
        // The enemy chains next to it (one stone each): the same chains as before the stone.
        let enemies = touching_chains(&after, p, c.opp());
        for &e in &enemies {
            if let Some(lib) = b.atari_liberty(e)
                && self.safe(lib, c)
            {
                return Some(lib);
            }
        }
        let (libs, k) = after.liberties_upto(p, 4);
        if let Some(&l) = libs[..k].iter().find(|&&l| l != p && self.safe(l, c)) {
            return Some(l);
        }
        for &e in &enemies {
            let n = b.libs_upto(e, 4);
            if !(2..=3).contains(&n) {
                continue;
            }
            // At a liberty of the chain (a net elsewhere does not take it at once).
            if let Some(a) = self.reader.attack(b, e)
                && b.chain_walk(e).any(|s| b.neighbors(s).contains(&a))
                && self.safe(a, c)
            {
                return Some(a);
            }
        }
        None
    }
}

/// Under territory rules, instead of a pass: a move of `c` that fills a dame, or the
/// backfill that lets `c` fill one safely where the opponent could fill it (a stone there
/// would take a liberty `c` needs). A dame that a stone of the opponent's could fill
/// safely comes first, then the one the search visited most. Never a point the opponent
/// owns in nearly every playout (`settled`: the stone would be a prisoner), a ko capture,
/// or a move the search has seen enough of (50 visits) to rate clearly below its pass (10%
/// of win rate or two points of mean margin).
pub(super) fn dame_move(report: &Report, game: &Game, c: Color, settled: f64) -> Option<Move> {
    let board = game.board();
    let base = report.candidate(Move::Pass).or(report.best())?;
    let legal = game.legal_points(c);
    let o = c.opp();
    let mut scan = Scan::new(board, report);
    let mut best: Option<((bool, Reverse<u64>), Point)> = None;
    for p in board.geometry().points() {
        if board.color_at(p).is_some() {
            continue;
        }
        if scan.sides(p) != Some([true, true]) {
            continue;
        }
        let threat = scan.safe(p, o);
        let m = if scan.safe(p, c) {
            p
        } else if threat {
            match scan.backfill(p, c) {
                Some(m) => m,
                None => continue,
            }
        } else {
            continue;
        };
        // The stone played, not the dame: a dame that only the opponent can fill is the
        // opponent's in every playout, and its backfill is not.
        if !legal.contains(&m) || takes_as_ko(board, m, o) || report.ownership_for(m, c) <= -settled
        {
            continue;
        }
        let seen = report.candidate(Move::Play(m));
        if rated_below_pass(seen, base) {
            continue;
        }
        let rank = (!threat, Reverse(seen.map_or(0, |x| x.visits)));
        if best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, m));
        }
    }
    if let Some(((_, Reverse(visits)), m)) = best {
        log::debug!("filling a dame with {m:?} ({visits} visits) rather than passing");
    }
    best.map(|(_, m)| Move::Play(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};
    use crate::search::Candidate;

    /// A report on `g` whose pass is even (100 visits, half won, margin 0), with no other
    /// candidate, where black owns each point of `black_owns` in the given number of its
    /// 100 playouts net (negative: white), every other stone is its own side's in 80 net
    /// and every other empty point is even.
    fn report(g: &Game, black_owns: &[(Point, i32)]) -> Report {
        let mut ownership_sum = vec![0; MAX_POINTS];
        for p in g.geometry().points() {
            ownership_sum[p.idx()] = match g.board().color_at(p) {
                Some(Color::Black) => 80,
                Some(Color::White) => -80,
                None => 0,
            };
        }
        for &(p, n) in black_owns {
            ownership_sum[p.idx()] = n;
        }
        let pass = Candidate {
            mv: Move::Pass,
            visits: 100,
            wins: 50.0,
            margin_sum: 0.0,
            score_stdev: 0.0,
            prior: 1.0,
            pv: vec![Move::Pass],
        };
        Report::for_tests(vec![pass], ownership_sum, 100)
    }

    fn game(diagram: &str) -> Game {
        Game::from_diagram(diagram, Rules::new(RuleSet::Japanese), 6.5, Color::Black).unwrap()
    }

    #[test]
    fn a_dame_between_living_walls_is_filled_and_none_beside_dead_stones() {
        // Column C lies between black's wall and white's, both with eyes: every point of
        // it is a dame, safe for either side.
        let g = game(
            ". X . O .
             X X . O O
             . X . O .
             X X . O O
             . X . O .",
        );
        let geo = g.geometry();
        let c1 = geo.point(2, 0);
        for c in [Color::Black, Color::White] {
            assert_eq!(
                dame_move(&report(&g, &[]), &g, c, 0.9),
                Some(Move::Play(c1))
            );
        }
        // White's stones dead (black owns them in 80 of 100 playouts, net 60): the column
        // is black's area, no dame. Unsettled (black owns them in 60, net 20): no dame
        // yet.
        for black_owns in [60, 20] {
            let white: Vec<(Point, i32)> = geo
                .points()
                .filter(|&p| g.board().color_at(p) == Some(Color::White))
                .map(|p| (p, black_owns))
                .collect();
            assert_eq!(dame_move(&report(&g, &white), &g, Color::Black, 0.9), None);
        }
        // A point the opponent owns in nearly every playout is no dame to fill.
        let column: Vec<(Point, i32)> = (0..5).map(|y| (geo.point(2, y), -95)).collect();
        assert_eq!(dame_move(&report(&g, &column), &g, Color::Black, 0.9), None);
    }

    #[test]
    fn a_dame_that_would_stand_in_atari_is_backfilled_first() {
        // White D4 has two liberties: C4, inside white's group (with C4, five liberties),
        // and the dame E4 between it and black. White E4 would stand in atari with D4 (one
        // liberty, C4); black E4 is safe and puts D4 in atari. White first connects at C4;
        // black fills E4.
        let g = game(
            ". O O X . X
             O . O X X X
             O O . O . X
             O O O X X X
             O O O X . .
             . O O X . .",
        );
        let geo = g.geometry();
        let (c4, e4) = (geo.point(2, 3), geo.point(4, 3));
        let r = report(&g, &[]);
        assert_eq!(dame_move(&r, &g, Color::White, 0.9), Some(Move::Play(c4)));
        assert_eq!(dame_move(&r, &g, Color::Black, 0.9), Some(Move::Play(e4)));
        // A backfill the search rates two points below its pass is not played.
        let mut rated = report(&g, &[]);
        rated.candidates.push(Candidate {
            mv: Move::Play(c4),
            visits: 100,
            wins: 50.0,
            margin_sum: -300.0,
            score_stdev: 0.0,
            prior: 0.0,
            pv: vec![Move::Play(c4)],
        });
        assert_eq!(dame_move(&rated, &g, Color::White, 0.9), None);
    }

    #[test]
    fn a_seki_s_shared_liberties_are_no_dame_to_fill() {
        // C2 and G2 are shared by black's three stones and white's ring: a stone on either
        // puts the filler's own chain in atari, and neither side's stone there is a
        // threat. No other point touches both colours.
        let g = game(crate::go::tactics::SEKI);
        for c in [Color::Black, Color::White] {
            assert_eq!(dame_move(&report(&g, &[]), &g, c, 0.9), None, "{c:?}");
        }
    }
}
