//! Tactical reading: whether a chain short of liberties can be captured, and how its owner
//! saves it, read out move by move (GNU Go's `attack` and `find_defense`, in small).
//!
//! - The attacker tries the chain's liberties, and for a chain of two liberties the empty
//!   points next to them (a net).
//! - The defender tries capturing an attacker chain in atari next to the chain, extending
//!   at a liberty, and, for a chain of two liberties or more, putting an adjacent attacker
//!   chain of two liberties in atari (a race).
//! - A chain of two liberties or more that the attacker can play none of (eyes) stands with
//!   no defence: the defender's tries would fill its own eyes.
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
        // The attack left ply 0 as it was (lines are read on the plies above): only the
        // budget starts again.
        self.nodes = 0;
        (Some(attack), self.defend_at(0, target))
    }

    /// After `c` plays `m` on `b`: a move for the opponent, moving next, that captures the
    /// chain through `m` however `c` answers; `None` if the reader finds none, or if `m`
    /// is illegal.
    pub fn attack_after(&mut self, b: &Board, m: Point, c: Color) -> Option<Point> {
        if !b.legal_fast(m, c) {
            return None;
        }
        self.start(b);
        self.boards[0].play(m, c);
        self.attack_at(0, m)
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
        let (libs, n_libs) = b.liberties_upto(target, READ_LIBS + 1);
        if n_libs > READ_LIBS {
            return None;
        }
        let libs = &libs[..n_libs];
        if let [lib] = libs[..] {
            return b.legal_fast(lib, att).then_some(lib);
        }
        for &m in attack_candidates(b, libs, att).as_slice() {
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
        let (libs, n_libs) = b.liberties_upto(target, READ_LIBS + 1);
        if n_libs > READ_LIBS {
            return Defense::Safe;
        }
        let libs = &libs[..n_libs];
        // No liberty the attacker may play (eyes): the chain stands as it is, and every
        // defence tried here would fill an eye of its own.
        if n_libs >= 2 && libs.iter().all(|&l| !b.legal_fast(l, owner.opp())) {
            return Defense::Safe;
        }
        for &m in defense_candidates(b, target, libs, owner).as_slice() {
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

/// A short list of distinct points on the stack (the reader's candidate moves, the chains
/// the prior reads): pushes beyond `CAP` are dropped, and a point already in the list is
/// not added again.
#[derive(Clone, Copy)]
pub struct Points<const CAP: usize> {
    items: [Point; CAP],
    len: usize,
}

impl<const CAP: usize> Default for Points<CAP> {
    fn default() -> Self {
        Points {
            items: [Point(0); CAP],
            len: 0,
        }
    }
}

impl<const CAP: usize> Points<CAP> {
    pub fn as_slice(&self) -> &[Point] {
        &self.items[..self.len]
    }

    pub fn contains(&self, p: Point) -> bool {
        self.as_slice().contains(&p)
    }

    pub fn add(&mut self, p: Point) {
        if self.len < CAP && !self.contains(p) {
            self.items[self.len] = p;
            self.len += 1;
        }
    }
}

/// Candidate moves at one ply.
type Candidates = Points<32>;

/// Adds the liberties `libs` (at most four) to `out` as moves for `c`, those after which
/// `c`'s stone has the most liberties (counted up to `cap`) first, ties in their order.
fn add_by_liberties_after(b: &Board, libs: &[Point], c: Color, cap: usize, out: &mut Candidates) {
    let mut moves = [(0usize, Point(0)); 4];
    let n = libs.len().min(4);
    for (m, &l) in moves.iter_mut().zip(libs) {
        *m = (b.libs_after(l, c, cap).0, l);
    }
    moves[..n].sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    for &(_, l) in &moves[..n] {
        out.add(l);
    }
}

/// The attacker's tries against a chain with `libs` (two or three) liberties: each
/// liberty, the stones that keep the most liberties first; for two liberties, then the
/// empty points next to them (nets).
fn attack_candidates(b: &Board, libs: &[Point], att: Color) -> Candidates {
    let mut out = Candidates::default();
    add_by_liberties_after(b, libs, att, 3, &mut out);
    if libs.len() == 2 {
        for &l in libs {
            for q in b.neighbors(l) {
                if b.cell(q) == EMPTY
                    && !libs.contains(&q)
                    && b.legal_fast(q, att)
                    && b.libs_after(q, att, 2).0 >= 2
                {
                    out.add(q);
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
fn defense_candidates(b: &Board, target: Point, libs: &[Point], owner: Color) -> Candidates {
    let mut heads = Points::<32>::default();
    for s in b.chain_walk(target) {
        for q in b.neighbors(s) {
            if b.color_at(q) == Some(owner.opp()) {
                heads.add(b.chain_head(q));
            }
        }
    }
    let mut captures = [(0usize, Point(0)); 32];
    let mut n_captures = 0;
    for &h in heads.as_slice() {
        if let Some(l) = b.atari_liberty(h) {
            captures[n_captures] = (b.chain(h).stones as usize, l);
            n_captures += 1;
        }
    }
    captures[..n_captures].sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    let mut out = Candidates::default();
    for &(_, l) in &captures[..n_captures] {
        out.add(l);
    }
    add_by_liberties_after(b, libs, owner, 4, &mut out);
    if libs.len() >= 2 {
        for &h in heads.as_slice() {
            if let Some((a, c)) = b.two_liberties(h) {
                out.add(a);
                out.add(c);
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

/// Black C3 in atari at D3 on 9×9, against white B3, C4, C2 and D2: extending at D3 runs
/// into a ladder that works unless a black stone stands on its path (G7). A test position.
#[cfg(test)]
pub(crate) fn ladder_from_c3() -> Board {
    Board::from_diagram(
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
        let b = ladder_from_c3();
        let mut r = Reader::new();
        let c3 = at(&b, 2, 2);
        // In atari: the capture itself.
        assert_eq!(r.attack(&b, c3), Some(at(&b, 3, 2)));
        assert_eq!(r.defend(&b, c3), Defense::Dead);
        // A black stone on the ladder's path breaks it: extending saves the chain.
        let mut broken = b.clone();
        broken.play(at(&b, 6, 6), Color::Black);
        assert_eq!(r.defend(&broken, c3), Defense::By(at(&b, 3, 2)));
        // The extension itself, read from the extending side: into the ladder it is
        // captured (white ataris at E3 or D4 and chases), past the breaker it is not.
        let d3 = at(&b, 3, 2);
        assert!(r.attack_after(&b, d3, Color::Black).is_some());
        assert_eq!(r.attack_after(&broken, d3, Color::Black), None);
        // An occupied point is no move.
        assert_eq!(r.attack_after(&b, c3, Color::Black), None);
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
    fn a_chain_whose_last_liberties_are_two_eyes_is_not_captured() {
        // White's chain has three liberties: its eyes A5 and A3 and the point B1 between
        // black's A1 and C1. Black B1 leaves it two, both eyes: black can play neither, and
        // white need not answer (every white move there fills one of its eyes). Not
        // capturable, whoever moves; with a single eye (A5 white's) black B1 captures it.
        let b = Board::from_diagram(
            ". O X . .
             O O X . .
             . O X . .
             O O X . .
             X . X . .",
        )
        .unwrap();
        let mut r = Reader::new();
        let b5 = at(&b, 1, 4);
        assert_eq!(b.libs(b5), 3);
        assert_eq!(r.attack(&b, b5), None);
        assert_eq!(r.defend(&b, b5), Defense::Safe);
        let one_eye = Board::from_diagram(
            "O O X . .
             O O X . .
             . O X . .
             O O X . .
             X . X . .",
        )
        .unwrap();
        assert_eq!(one_eye.libs(b5), 2);
        assert_eq!(r.attack(&one_eye, b5), Some(at(&b, 1, 0)));
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
