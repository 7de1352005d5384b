//! Tactical reading: whether a chain short of liberties can be captured, and how its owner
//! saves it, read out move by move (GNU Go's `attack` and `find_defense`, in small).
//!
//! - The attacker tries the chain's liberties, and for a chain of two liberties the empty
//!   points next to them (a net).
//! - The defender tries capturing an attacker chain in atari next to the chain, extending
//!   at a liberty, and, for a chain of two liberties or more, putting an adjacent attacker
//!   chain of two liberties in atari (a race).
//! - A chain of more than `READ_LIBS` liberties is safe. A line cut off by the depth or the
//!   node budget counts as a failed attack: the reader errs toward "safe", so a capture it
//!   reports was read to the end.
//!
//! Simple ko and no suicide, as the playouts: a capture that needs a ko counts when the ko
//! is legal at that point of the line. Reads boards only; knows nothing of search or GTP.

use super::point::EMPTY;
use super::{Board, Color, Point};

/// A chain with more liberties than this is not read: it counts as safe.
pub const READ_LIBS: usize = 3;
/// Plies read before a line is given up (a ladder across a 19×19 board takes about 40).
const MAX_DEPTH: usize = 80;
/// Positions visited per question before the reader gives up (answering "safe"), unless
/// set by `Reader::with_budget`.
const NODE_BUDGET: u32 = 4000;

/// How the owner of a chain, to move, keeps it (`Reader::defend`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Defense {
    /// Not capturable even with the attacker moving first: no move needed.
    Safe,
    /// Capturable if the attacker moved first; after this move it is not.
    By(Point),
    /// No move the reader tries saves it.
    Dead,
}

/// A reader with its scratch boards (one per ply, grown on first use); keep one per thread.
pub struct Reader {
    boards: Vec<Board>,
    nodes: u32,
    budget: u32,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::with_budget(NODE_BUDGET)
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader::default()
    }

    /// A reader that gives up after `budget` positions per question.
    pub fn with_budget(budget: u32) -> Reader {
        Reader {
            boards: Vec::new(),
            nodes: 0,
            budget,
        }
    }

    /// Gives up after `budget` positions per question from now on.
    pub fn set_budget(&mut self, budget: u32) {
        self.budget = budget;
    }

    /// A move for the opponent of the chain through the stone `target`, moving first, that
    /// captures the chain however its owner answers; `None` if the reader finds none (or
    /// `target` is not a stone).
    pub fn attack(&mut self, b: &Board, target: Point) -> Option<Point> {
        b.color_at(target)?;
        self.start(b);
        self.attack_at(0, target)
    }

    /// With the owner of the chain through the stone `target` to move: whether and how it
    /// keeps the chain.
    pub fn defend(&mut self, b: &Board, target: Point) -> Defense {
        self.read(b, target).1
    }

    /// Both questions about the chain through the stone `target`, the attack read once:
    /// `attack`'s answer (the opponent moving first), and `defend`'s (the owner moving
    /// first; `Safe` when there is no attack).
    pub fn read(&mut self, b: &Board, target: Point) -> (Option<Point>, Defense) {
        let Some(attack) = self.attack(b, target) else {
            return (None, Defense::Safe);
        };
        self.start(b);
        (Some(attack), self.defend_at(0, target))
    }

    fn start(&mut self, b: &Board) {
        self.nodes = 0;
        if self.boards.is_empty() {
            self.boards.push(b.clone());
        } else {
            self.boards[0].copy_from(b);
        }
    }

    /// Plays `m` for `c` on a copy of ply `d` into ply `d + 1`; false if it is illegal.
    fn child(&mut self, d: usize, m: Point, c: Color) -> bool {
        if !self.boards[d].legal_fast(m, c) {
            return false;
        }
        while self.boards.len() < d + 2 {
            let b = self.boards[0].clone();
            self.boards.push(b);
        }
        let (lo, hi) = self.boards.split_at_mut(d + 1);
        hi[0].copy_from(&lo[d]);
        hi[0].play(m, c);
        true
    }

    /// Ply `d`, the attacker to move: a capturing move, if one is read out.
    fn attack_at(&mut self, d: usize, target: Point) -> Option<Point> {
        self.nodes += 1;
        if self.nodes > self.budget || d + 1 >= MAX_DEPTH {
            return None;
        }
        let b = &self.boards[d];
        let owner = b.color_at(target)?;
        let att = owner.opp();
        let libs = b.chain_liberties(target);
        if libs.len() > READ_LIBS {
            return None;
        }
        if let [lib] = libs[..] {
            return b.legal_fast(lib, att).then_some(lib);
        }
        for m in attack_candidates(b, &libs, att) {
            if !self.child(d, m, att) {
                continue;
            }
            if self.boards[d + 1].color_at(target) != Some(owner)
                || self.defend_at(d + 1, target) == Defense::Dead
            {
                return Some(m);
            }
        }
        None
    }

    /// Ply `d`, the owner to move: a move after which the attack fails, if one is read out.
    fn defend_at(&mut self, d: usize, target: Point) -> Defense {
        self.nodes += 1;
        if self.nodes > self.budget || d + 1 >= MAX_DEPTH {
            return Defense::Safe;
        }
        let b = &self.boards[d];
        let Some(owner) = b.color_at(target) else {
            return Defense::Dead;
        };
        let libs = b.chain_liberties(target);
        if libs.len() > READ_LIBS {
            return Defense::Safe;
        }
        for m in defense_candidates(b, target, &libs, owner) {
            if !self.child(d, m, owner) {
                continue;
            }
            // Still in atari: taken at once.
            if self.boards[d + 1].libs_upto(target, 2) < 2 {
                continue;
            }
            if self.attack_at(d + 1, target).is_none() {
                return Defense::By(m);
            }
        }
        Defense::Dead
    }
}

/// The attacker's tries against a chain with `libs` (two or three) liberties: each
/// liberty, the stones that keep the most liberties first; for two liberties, then the
/// empty points next to them (nets).
fn attack_candidates(b: &Board, libs: &[Point], att: Color) -> Vec<Point> {
    let mut moves: Vec<(usize, Point)> = libs
        .iter()
        .map(|&l| (b.libs_after(l, att, 3).0, l))
        .collect();
    moves.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
    let mut out: Vec<Point> = moves.into_iter().map(|(_, l)| l).collect();
    if libs.len() == 2 {
        for &l in libs {
            for n in b.neighbors(l) {
                if b.cell(n) == EMPTY
                    && !libs.contains(&n)
                    && !out.contains(&n)
                    && b.legal_fast(n, att)
                    && b.libs_after(n, att, 2).0 >= 2
                {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// The defender's tries for the chain through `target` with `libs` liberties: captures of
/// attacker chains in atari next to it (the biggest first), extensions at its liberties
/// (the ones that give the most liberties first), and with two liberties or more, ataris
/// on attacker chains of two liberties next to it.
fn defense_candidates(b: &Board, target: Point, libs: &[Point], owner: Color) -> Vec<Point> {
    let mut heads: Vec<Point> = Vec::new();
    for s in b.chain_walk(target) {
        for n in b.neighbors(s) {
            if b.color_at(n) == Some(owner.opp()) {
                let h = b.chain_head(n);
                if !heads.contains(&h) {
                    heads.push(h);
                }
            }
        }
    }
    let mut captures: Vec<(u16, Point)> = heads
        .iter()
        .filter_map(|&h| b.atari_liberty(h).map(|l| (b.chain(h).stones, l)))
        .collect();
    captures.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
    let mut out: Vec<Point> = Vec::new();
    let add = |p: Point, out: &mut Vec<Point>| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for (_, l) in captures {
        add(l, &mut out);
    }
    let mut ext: Vec<(usize, Point)> = libs
        .iter()
        .map(|&l| (b.libs_after(l, owner, 4).0, l))
        .collect();
    ext.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
    for (_, l) in ext {
        add(l, &mut out);
    }
    if libs.len() >= 2 {
        for &h in &heads {
            if let Some((a, c)) = b.two_liberties(h) {
                add(a, &mut out);
                add(c, &mut out);
            }
        }
    }
    out
}

/// Black C4-D4 with two liberties (D3, E4) against white B4, C5, D5 and C3 on 7×7: GNU Go's
/// `attack C4` answers E4, which chases the chain to the edge. A test position.
#[cfg(test)]
pub(crate) fn chased_to_the_edge() -> Board {
    Board::from_diagram(
        ". . . . . . .
         . . . . . . .
         . . O O . . .
         . O X X . . .
         . . O . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.geometry().point(x, y)
    }

    #[test]
    fn a_ladder_is_captured_unless_broken() {
        let b = Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . O . . . . . .
             . O X . . . . . .
             . . O O . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let mut r = Reader::new();
        let c3 = at(&b, 2, 2);
        // In atari: the capture itself.
        assert_eq!(r.attack(&b, c3), Some(at(&b, 3, 2)));
        assert_eq!(r.defend(&b, c3), Defense::Dead);
        // A black stone on the ladder's path breaks it: extending saves the chain.
        let mut broken = b.clone();
        broken.play(at(&b, 6, 6), Color::Black);
        assert_eq!(r.defend(&broken, c3), Defense::By(at(&b, 3, 2)));
    }

    #[test]
    fn a_chain_of_two_liberties_is_chased_to_the_edge() {
        // GNU Go's `attack C4` on this position answers E4. The atari from the other
        // side, D3, lets the chain out at E4.
        let b = chased_to_the_edge();
        let mut r = Reader::new();
        let c4 = at(&b, 2, 3);
        assert_eq!(b.libs(c4), 2);
        assert_eq!(r.attack(&b, c4), Some(at(&b, 4, 3)));
        // Black to move extends and lives.
        assert!(matches!(r.defend(&b, c4), Defense::By(_)));
    }

    #[test]
    fn a_chain_of_many_liberties_is_safe() {
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . X . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut r = Reader::new();
        assert_eq!(r.attack(&b, at(&b, 2, 2)), None);
        assert_eq!(r.defend(&b, at(&b, 2, 2)), Defense::Safe);
    }

    #[test]
    fn a_two_point_eye_in_the_corner_is_taken() {
        // Black's corner chain has only the two points A1 and A2: white's throw-in at A2
        // is taken at A1, and white takes the chain back at A2. White's own chain has two
        // liberties outside (D2, D1): black, moving first, takes it instead.
        let b = Board::from_diagram(
            ". . . . . .
             X X X X . .
             O O O X . .
             X X O X . .
             . X O . . .
             . X O . . .",
        )
        .unwrap();
        let mut r = Reader::new();
        let black = at(&b, 0, 2);
        let white = at(&b, 2, 0);
        assert_eq!((b.libs(black), b.libs(white)), (2, 2));
        assert!(r.attack(&b, black).is_some());
        assert!(r.attack(&b, white).is_some());
        // White to move saves its chain by extending into the open.
        assert!(matches!(r.defend(&b, white), Defense::By(_)));
    }

    #[test]
    fn taking_the_attacking_stone_defends() {
        // Black C3 is in atari at C2; white D3, next to it, is in atari at D2.
        let b = Board::from_diagram(
            ". . . . .
             . . O X .
             . O X O X
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut r = Reader::new();
        let c3 = at(&b, 2, 2);
        assert_eq!(b.libs(c3), 1);
        assert_eq!(r.attack(&b, c3), Some(at(&b, 2, 1)));
        assert_eq!(r.defend(&b, c3), Defense::By(at(&b, 3, 1)));
    }
}
