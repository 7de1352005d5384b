//! Life and death of an enclosed group, read to the end: whether a group whose eye space
//! is a small region walled in by enemy stones lives or dies, with either side to move
//! first (a small tsumego solver, in the manner of Kishimoto and Müller's).
//!
//! - **The problem** (`Problem::enclosing`): the region is the empty points and the
//!   defender's stones reached from the target chain without crossing an attacker stone;
//!   the attacker chains next to it are the wall. Moves are played on the region's empty
//!   points, on the liberties of wall chains short of liberties (`WEAK_WALL_LIBS`, a
//!   capturing race), on wall points once their stones are captured, and on the
//!   liberty outside the problem of a chain of it in atari (a stone played on a wall
//!   chain's outside liberty can be taken there), or a pass.
//! - **The attacker wins** by capturing the target chain. **The defender wins** when the
//!   target chain is pass-alive (Benson's test, made over the region: see `pass_alive`), or
//!   when both sides pass in a row with the target still standing (seki counts as life).
//! - **Ko and cycles:** positional superko over the line read (no ko threats: the side
//!   that takes a ko first keeps it), and simple ko as the board keeps it.
//! - A line cut off by the depth or the node budget is unknown, and so is every answer it
//!   decides: the solver answers only what it read to the end.
//!
//! The reading is df-pn with guessed proof numbers (df-pn+: the capture is as hard as the
//! cube of the target's liberties) and the 1 + ε thresholds of Pawlewicz and Lew.
//! Moves are tried in the order of `ordered_moves`; proven positions are kept in a
//! transposition table for the question (positions reached by different lines are taken
//! as equal, as solvers do). Reads boards only; knows nothing of search or GTP.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::point::{EDGE, EMPTY, MAX_POINTS};
use super::{Board, Color, Point};

/// Positions read per question before the solver gives up (answering `None`), unless set
/// by `Solver::with_budget`.
const NODE_BUDGET: u32 = 20_000;
/// Positions a caller that judges many chains (`ownership`, the pass decision) lets one
/// question read: what most questions need, a bound on the time of the rest (about 10 µs
/// a position; the callers' deadlines bound the clock). 20,000 since the proof numbers
/// are guessed: a capturing race of four liberties against eye space reads to the end
/// in 14,000 (filllib case 12), an answer the pass decision needs.
pub const SOLVE_QUESTION_NODES: u32 = 20_000;
/// The share of a caller's time limit its searches take when the solver reads after them
/// (`Solver::until` the limit): the rest is the reading's.
pub const SEARCH_SHARE_BEFORE_READING: f64 = 0.9;
/// Proof numbers at or above this are infinite (`INF - 1`: a line too deep to read).
const INF: u32 = u32::MAX / 4;
/// Plies a line may run before it is given up as unknown.
const MAX_PLIES: usize = 120;
/// The largest eye space `Problem::enclosing` accepts, in empty points.
pub const MAX_REGION_EMPTY: usize = 14;
/// A wall chain of this many liberties or fewer brings its liberties outside the region
/// into the problem.
const WEAK_WALL_LIBS: usize = 4;

/// An enclosed group to read: the target chain, its region and the wall around it.
#[derive(Clone, Debug)]
pub struct Problem {
    /// A stone of the chain whose life is read.
    pub target: Point,
    pub defender: Color,
    /// The region (empty points and defender stones) and the wall stones, by board index.
    inside: Vec<bool>,
    /// The points of the region and of the wall, in board order.
    points: Vec<Point>,
    /// The region alone: its empty points and defender stones, in board order.
    region: Vec<Point>,
    /// Empty points of the problem when it was made (the region's, and the liberties of
    /// the weak wall chains).
    pub empty: usize,
}

impl Problem {
    /// The problem of the chain through the stone `target`, if its region holds at most
    /// `max_empty` empty points (`None` when it is larger, the group is not walled in, or
    /// `target` is not a stone).
    pub fn enclosing(board: &Board, target: Point, max_empty: usize) -> Option<Problem> {
        let defender = board.color_at(target)?;
        let mut inside = vec![false; MAX_POINTS];
        let mut points = Vec::new();
        let mut region = Vec::new();
        let mut stack = vec![target];
        inside[target.idx()] = true;
        let mut empty = 0;
        while let Some(p) = stack.pop() {
            points.push(p);
            match board.color_at(p) {
                None => empty += 1,
                Some(c) if c != defender => {
                    // A wall stone: its chain is part of the problem, not flooded past.
                    continue;
                }
                Some(_) => {}
            }
            region.push(p);
            if empty > max_empty {
                return None;
            }
            for n in board.neighbors(p) {
                if board.cell(n) == EDGE || inside[n.idx()] {
                    continue;
                }
                if board.color_at(n) == Some(defender.opp()) {
                    for s in board.chain_walk(n) {
                        if !inside[s.idx()] {
                            inside[s.idx()] = true;
                            points.push(s);
                        }
                    }
                    continue;
                }
                inside[n.idx()] = true;
                stack.push(n);
            }
        }
        // A wall chain short of liberties can be captured, or saved, outside the region:
        // its liberties there are the problem's too (the capturing race).
        let walls: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| board.color_at(p) == Some(defender.opp()) && board.chain_head(p) == p)
            .collect();
        for h in walls {
            let libs = board.chain_liberties(h);
            if libs.len() <= WEAK_WALL_LIBS {
                for l in libs {
                    if !inside[l.idx()] {
                        inside[l.idx()] = true;
                        points.push(l);
                        empty += 1;
                    }
                }
            }
        }
        points.sort_unstable();
        points.dedup();
        region.sort_unstable();
        Some(Problem {
            target,
            defender,
            inside,
            points,
            region,
            empty,
        })
    }

    /// The problems of every walled-in chain of `board` (one per chain, by its head in
    /// board order) whose region holds at most `max_empty` empty points.
    pub fn all(board: &Board, max_empty: usize) -> impl Iterator<Item = Problem> + '_ {
        board
            .geometry()
            .points()
            .filter(|&p| board.color_at(p).is_some() && board.chain_head(p) == p)
            .filter_map(move |h| Problem::enclosing(board, h, max_empty))
    }

    /// The points of the region and of the wall, in board order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The region: the empty points and defender stones reached from the target without
    /// crossing an attacker stone (no wall stone, and no liberty of a weak wall chain
    /// outside it), in board order.
    pub fn region(&self) -> &[Point] {
        &self.region
    }

    /// Whether `p` is a point of the region or of the wall.
    pub fn contains(&self, p: Point) -> bool {
        self.inside[p.idx()]
    }
}

/// A side's result of a line, or of a question, in the plain search (the tests' oracle).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
enum Outcome {
    Lives,
    Dies,
    Unknown,
}

/// A table keyed by a position's Zobrist hash (already well mixed) and a small tag.
type Table<V> = HashMap<(u64, u8), V, BuildHasherDefault<KeyHasher>>;

/// Hashes a table key by its Zobrist hash, with the tag folded in: no rehashing.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 ^= v;
    }

    fn write_u8(&mut self, v: u8) {
        self.0 ^= (v as u64).wrapping_mul(0xA076_1D64_78BD_642F);
    }
}

/// A child of a position in df-pn: the move (`None` for the pass), its key, and the
/// board's hash after it (the line must not repeat a position).
#[derive(Copy, Clone, Debug)]
struct Child {
    mv: Option<Point>,
    key: (u64, u8),
    hash: u64,
}

/// A solver with its scratch boards (one per ply) and its table; keep one and reuse it.
pub struct Solver {
    boards: Vec<Board>,
    path: Vec<u64>,
    /// Outcomes by position for the plain search.
    table: Table<Outcome>,
    /// Proof and disproof numbers by position (`key`), for the question being read.
    proofs: Table<(u32, u32)>,
    /// The children of each position df-pn has expanded, for the question being read:
    /// df-pn comes back to a position many times, and lists its moves once.
    children: Table<Vec<Child>>,
    nodes: u32,
    budget: u32,
    /// Positions left for all questions from now on (`Solver::budgeted`).
    left: u32,
    max_depth: usize,
    suicide_allowed: bool,
    /// No position is read after this (`Solver::until`): every answer from then on is
    /// unknown.
    deadline: Option<Instant>,
    /// Scratch for `pass_alive`: region number per board index (0: none).
    mark: Vec<u16>,
    /// Scratch for `may_be_pass_alive`: the stamp of the last flood that reached each
    /// board index, and the flood's stack.
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<Point>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::with_budget(NODE_BUDGET)
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that gives up after `budget` positions per question.
    pub fn with_budget(budget: u32) -> Solver {
        Solver {
            boards: Vec::new(),
            path: Vec::new(),
            table: Table::default(),
            proofs: Table::default(),
            children: Table::default(),
            nodes: 0,
            budget,
            left: u32::MAX,
            max_depth: 0,
            suicide_allowed: false,
            deadline: None,
            mark: vec![0; MAX_POINTS],
            seen: vec![0; MAX_POINTS],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// Whether the problem's target chain lives with `first` to move: `Some(true)` if the
    /// defender keeps it however the attacker plays, `Some(false)` if the attacker captures
    /// it however the defender plays, `None` if the reading did not end within the budget.
    /// Pass-alive territory counts as such whether or not multi-stone suicide is allowed
    /// (`suicide_allowed` changes Benson's test only; moves are never suicides).
    pub fn lives(
        &mut self,
        board: &Board,
        problem: &Problem,
        first: Color,
        suicide_allowed: bool,
    ) -> Option<bool> {
        if board.color_at(problem.target) != Some(problem.defender) {
            return Some(false);
        }
        self.start(board, problem, suicide_allowed);
        let per_question = self.budget;
        self.budget = per_question.min(self.left);
        let root = self.key(problem, 0, first, 0);
        if self.budget > 0 {
            self.mid(problem, 0, first, 0, root, INF, INF);
        }
        self.budget = per_question;
        self.left = self.left.saturating_sub(self.nodes);
        match self.proofs.get(&root) {
            Some(&(0, _)) => Some(false),
            Some(&(_, 0)) => Some(true),
            _ => None,
        }
    }

    /// Sets the solver up for a question on `board`: ply 0, the line, the tables.
    fn start(&mut self, board: &Board, problem: &Problem, suicide_allowed: bool) {
        self.nodes = 0;
        self.table.clear();
        self.proofs.clear();
        self.children.clear();
        self.path.clear();
        self.path.push(board.hash());
        self.suicide_allowed = suicide_allowed;
        self.max_depth = 2 * problem.empty + 12;
        if self.boards.is_empty() {
            self.boards.push(board.clone());
        } else {
            self.boards[0].copy_from(board);
        }
    }

    /// The answer of a plain depth-first search (no proof numbers): the tests' oracle.
    #[cfg(test)]
    fn lives_by_plain_search(
        &mut self,
        board: &Board,
        problem: &Problem,
        first: Color,
    ) -> Option<bool> {
        self.start(board, problem, false);
        match self.search(problem, 0, first, 0) {
            Outcome::Lives => Some(true),
            Outcome::Dies => Some(false),
            Outcome::Unknown => None,
        }
    }

    /// The table key of ply `d`: its stones, its simple-ko point (the same stones with a
    /// ko to retake or not are different problems), the side to move and the passes in a
    /// row.
    fn key(&self, pr: &Problem, d: usize, to_move: Color, passes: u8) -> (u64, u8) {
        let b = &self.boards[d];
        let ko = b
            .ko()
            .map_or(0, |(p, c)| (p.0 as u64) << 1 | c.index() as u64);
        (
            b.hash() ^ ko.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            (to_move == pr.defender) as u8 | passes << 1,
        )
    }

    /// Proof and disproof numbers of a position not read yet, or a terminal one: the
    /// attacker's goal (the capture) proven `(0, INF)`, refuted `(INF, 0)`. A target in
    /// atari is captured at once where the attacker moves, or where the defender moves
    /// (after no pass, which it could answer with its own to end the line) and nothing
    /// saves it (`doomed`).
    fn leaf(&mut self, pr: &Problem, d: usize, to_move: Color, passes: u8) -> Option<(u32, u32)> {
        if self.boards[d].color_at(pr.target) != Some(pr.defender) {
            return Some((0, INF));
        }
        if passes >= 2 || self.pass_alive(pr, d) {
            return Some((INF, 0));
        }
        let b = &self.boards[d];
        let captured = if to_move == pr.defender {
            passes == 0 && doomed(b, pr.target, pr.defender)
        } else {
            b.atari_liberty(pr.target)
                .is_some_and(|l| b.legal_fast(l, to_move))
        };
        captured.then_some((0, INF))
    }

    /// Proof and disproof numbers of a position not read yet, as df-pn+ guesses them
    /// (Nagai's heuristic initialisation): the attacker's capture is as hard as the cube of
    /// the target's liberties (counted up to 4), its refutation one. The numbers only order the
    /// reading, never its answers: with them the capturing race of an eyeless chain of four
    /// liberties (filllib case 12) reads to the end in 16,000 positions where (1, 1) took
    /// 180,000.
    fn guess(&self, pr: &Problem, d: usize) -> (u32, u32) {
        let libs = self.boards[d].libs_upto(pr.target, 4).max(1) as u32;
        (libs * libs * libs, 1)
    }

    /// Depth-first proof-number search (Nagai's df-pn) of ply `d`, whose key is `key`,
    /// until its numbers reach the thresholds or the budget ends. Proof numbers count
    /// toward the attacker's capture: the attacker's moves are OR nodes, the defender's
    /// AND nodes. The pass is every side's last child.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self,
        pr: &Problem,
        d: usize,
        to_move: Color,
        passes: u8,
        key: (u64, u8),
        th_pn: u32,
        th_dn: u32,
    ) {
        self.nodes += 1;
        let check = self.nodes == 1 || self.nodes.is_multiple_of(64);
        if check && self.deadline.is_some_and(|d| Instant::now() >= d) {
            // Out of time: this question and every later one end unread.
            self.budget = 0;
            self.left = 0;
            return;
        }
        // A child's terminal test was made when its parent listed it (the root's here).
        let listed = self.proofs.get(&key).copied();
        let leaf = match listed {
            Some((pn, dn)) => (pn == 0 || dn == 0).then_some((pn, dn)),
            None => self.leaf(pr, d, to_move, passes),
        };
        if let Some(leaf) = leaf {
            self.proofs.insert(key, leaf);
            return;
        }
        if d + 2 >= MAX_PLIES {
            // Too deep to read: unknown, and never chosen again in this question.
            self.proofs.insert(key, (INF - 1, INF - 1));
            return;
        }
        // The children (the pass last), listed at the first visit; a move that repeats a
        // position of the line is left out of this visit.
        if !self.children.contains_key(&key) {
            let list = self.list_children(pr, d, to_move, passes);
            self.children.insert(key, list);
        }
        let path = &self.path;
        let children: Vec<(Option<Point>, (u64, u8))> = self.children[&key]
            .iter()
            .filter(|c| c.mv.is_none() || !path.contains(&c.hash))
            .map(|c| (c.mv, c.key))
            .collect();
        let or_node = to_move != pr.defender;
        loop {
            // This node's numbers from its children's, and the child to follow.
            let (mut best, mut best_value, mut second) = (0, u32::MAX, u32::MAX);
            let (mut min_sum, mut sum) = (u32::MAX, 0u32);
            for (i, &(_, k)) in children.iter().enumerate() {
                let (pn, dn) = self.proofs[&k];
                let (select, other) = if or_node { (pn, dn) } else { (dn, pn) };
                sum = sum.saturating_add(other).min(INF);
                min_sum = min_sum.min(select);
                if select < best_value {
                    second = best_value;
                    best_value = select;
                    best = i;
                } else if select < second {
                    second = select;
                }
            }
            let (pn, dn) = if or_node {
                (min_sum, sum)
            } else {
                (sum, min_sum)
            };
            self.proofs.insert(key, (pn, dn));
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 || self.nodes > self.budget {
                return;
            }
            if best_value >= INF - 1 {
                // Only unread lines are left: unknown.
                self.proofs.insert(key, (INF - 1, INF - 1));
                return;
            }
            // Thresholds with Pawlewicz and Lew's 1 + ε trick (ε = 1/4): the child is
            // read until it is a quarter worse than its sibling, not just worse, which
            // spares most of df-pn's re-reading of the same lines.
            let (m, child_key) = children[best];
            let (cpn, cdn) = self.proofs[&child_key];
            let (c_pn, c_dn) = if or_node {
                (
                    th_pn.min(second.saturating_add(second / 4).saturating_add(1)),
                    th_dn.saturating_sub(dn).saturating_add(cdn),
                )
            } else {
                (
                    th_pn.saturating_sub(pn).saturating_add(cpn),
                    th_dn.min(second.saturating_add(second / 4).saturating_add(1)),
                )
            };
            match m {
                Some(m) => {
                    self.child(d, m, to_move);
                    let h = self.boards[d + 1].hash();
                    self.path.push(h);
                    self.mid(pr, d + 1, to_move.opp(), 0, child_key, c_pn, c_dn);
                    self.path.pop();
                }
                None => {
                    self.copy_down(d);
                    self.mid(pr, d + 1, to_move.opp(), passes + 1, child_key, c_pn, c_dn);
                }
            }
        }
    }

    /// The children of ply `d` for df-pn, each with its proof numbers set in the table if
    /// it had none (a terminal test, or the guess): every legal move in `ordered_moves`'
    /// order, then the pass.
    fn list_children(&mut self, pr: &Problem, d: usize, to_move: Color, passes: u8) -> Vec<Child> {
        let mut list = Vec::new();
        for m in ordered_moves(&self.boards[d], pr, to_move) {
            if !self.child(d, m, to_move) {
                continue;
            }
            let hash = self.boards[d + 1].hash();
            let key = self.key(pr, d + 1, to_move.opp(), 0);
            if !self.proofs.contains_key(&key) {
                let init = self
                    .leaf(pr, d + 1, to_move.opp(), 0)
                    .unwrap_or_else(|| self.guess(pr, d + 1));
                self.proofs.insert(key, init);
            }
            list.push(Child {
                mv: Some(m),
                key,
                hash,
            });
        }
        self.copy_down(d);
        let key = self.key(pr, d + 1, to_move.opp(), passes + 1);
        if !self.proofs.contains_key(&key) {
            let init = self
                .leaf(pr, d + 1, to_move.opp(), passes + 1)
                .unwrap_or_else(|| self.guess(pr, d + 1));
            self.proofs.insert(key, init);
        }
        list.push(Child {
            mv: None,
            key,
            hash: self.boards[d + 1].hash(),
        });
        list
    }

    /// A solver that reads at most `per_question` positions a question and `total` over
    /// all its questions: the callers' bound on time.
    pub fn budgeted(per_question: u32, total: u32) -> Solver {
        Solver {
            left: total,
            ..Solver::with_budget(per_question)
        }
    }

    /// The same solver, reading no position after `deadline` (if any): the callers' bound
    /// on the clock.
    pub fn until(self, deadline: Option<Instant>) -> Solver {
        Solver { deadline, ..self }
    }

    /// Positions read by the last question.
    pub fn nodes(&self) -> u32 {
        self.nodes
    }

    /// The outcome for the defender of ply `d` with `to_move` to play, after `passes`
    /// passes in a row, by a plain depth-first search (the tests' oracle for `mid`).
    #[cfg_attr(not(test), allow(dead_code))]
    fn search(&mut self, pr: &Problem, d: usize, to_move: Color, passes: u8) -> Outcome {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Outcome::Unknown;
        }
        if self.boards[d].color_at(pr.target) != Some(pr.defender) {
            return Outcome::Dies;
        }
        if passes >= 2 || self.pass_alive(pr, d) {
            return Outcome::Lives;
        }
        if d + 1 >= self.max_depth {
            return Outcome::Unknown;
        }
        let key = self.key(pr, d, to_move, passes);
        if let Some(&o) = self.table.get(&key) {
            return o;
        }
        let defending = to_move == pr.defender;
        // The result a side to move gets from a child, as its own win or not.
        let wins = |o: Outcome| {
            o == if defending {
                Outcome::Lives
            } else {
                Outcome::Dies
            }
        };
        let mut unknown = false;
        for m in ordered_moves(&self.boards[d], pr, to_move) {
            if !self.child(d, m, to_move) {
                continue;
            }
            let h = self.boards[d + 1].hash();
            if self.path.contains(&h) {
                continue;
            }
            self.path.push(h);
            let o = self.search(pr, d + 1, to_move.opp(), 0);
            self.path.pop();
            if wins(o) {
                self.table.insert(key, o);
                return o;
            }
            unknown |= o == Outcome::Unknown;
            if self.nodes > self.budget {
                return Outcome::Unknown;
            }
        }
        // The pass, last.
        self.copy_down(d);
        let o = self.search(pr, d + 1, to_move.opp(), passes + 1);
        if wins(o) {
            self.table.insert(key, o);
            return o;
        }
        if unknown || o == Outcome::Unknown {
            return Outcome::Unknown;
        }
        let lost = if defending {
            Outcome::Dies
        } else {
            Outcome::Lives
        };
        self.table.insert(key, lost);
        lost
    }

    /// Copies ply `d` into ply `d + 1`, growing the stack of boards as needed.
    fn copy_down(&mut self, d: usize) {
        while self.boards.len() < d + 2 {
            let b = self.boards[0].clone();
            self.boards.push(b);
        }
        let (lo, hi) = self.boards.split_at_mut(d + 1);
        hi[0].copy_from(&lo[d]);
    }

    /// Plays `m` for `c` on a copy of ply `d` into ply `d + 1`; false if it is illegal.
    fn child(&mut self, d: usize, m: Point, c: Color) -> bool {
        if !self.boards[d].legal_fast(m, c) {
            return false;
        }
        self.copy_down(d);
        self.boards[d + 1].play(m, c);
        true
    }

    /// Whether the target chain of ply `d` touches two regions that may be its vital ones
    /// in `pass_alive`: regions (of the points not the defender's) enclosed within the
    /// problem whose empty points are all its liberties (every point, where suicide is
    /// allowed). Benson's test only strikes regions out from there, so with fewer the
    /// chain is not pass-alive: most positions of a reading end here, without the test's
    /// flood of every region.
    fn may_be_pass_alive(&mut self, pr: &Problem, d: usize) -> bool {
        let b = &self.boards[d];
        let own = pr.defender.cell();
        let target = b.chain_head(pr.target);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let touches_target = |q: Point| {
            b.neighbors(q)
                .iter()
                .any(|&n| b.cell(n) == own && b.chain_head(n) == target)
        };
        let mut vital = 0;
        for s in b.chain_walk(target) {
            for l in b.neighbors(s) {
                if b.cell(l) != EMPTY || self.seen[l.idx()] == stamp {
                    continue;
                }
                self.seen[l.idx()] = stamp;
                self.stack.clear();
                self.stack.push(l);
                // A region found unhealthy is left half flooded. A later flood from another
                // of its liberties sees only the rest and may count it: that errs toward
                // the full test, never past it, as a healthy region is always flooded
                // whole (floods stay within their region).
                let mut healthy = true;
                'flood: while let Some(q) = self.stack.pop() {
                    if (b.cell(q) == EMPTY || self.suicide_allowed) && !touches_target(q) {
                        healthy = false;
                        break;
                    }
                    for n in b.neighbors(q) {
                        let v = b.cell(n);
                        if v == EDGE || v == own || self.seen[n.idx()] == stamp {
                            continue;
                        }
                        if !pr.contains(n) {
                            healthy = false;
                            break 'flood;
                        }
                        self.seen[n.idx()] = stamp;
                        self.stack.push(n);
                    }
                }
                if healthy {
                    vital += 1;
                    if vital >= 2 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Benson's test over the problem: whether the target chain of ply `d` is pass-alive.
    /// The defender's regions are flooded within the problem's points; one that reaches
    /// beyond them (past the wall) is the outside, never healthy. The defender's chains
    /// all lie in the region (it is flooded through them), so every region they touch
    /// lies in the problem or is the outside.
    fn pass_alive(&mut self, pr: &Problem, d: usize) -> bool {
        if !self.may_be_pass_alive(pr, d) {
            return false;
        }
        let b = &self.boards[d];
        let own = pr.defender.cell();
        // Regions: 0 none yet; each enclosed one numbered from 1. `OUTSIDE` marks points
        // of the region that reaches beyond the problem.
        const OUTSIDE: u16 = u16::MAX;
        for &p in &pr.points {
            self.mark[p.idx()] = 0;
        }
        // Per region: healthy-for chains are found below; here its points and whether it
        // holds an empty point that needs a chain's liberty.
        let mut regions: Vec<Vec<Point>> = Vec::new();
        let mut stack = Vec::new();
        // Regions are flooded from their empty points (one of enemy stones only is not
        // counted: the test errs toward "not yet alive", and the reading goes on), and a
        // flood stops as soon as it reaches the outside, which is then marked.
        for &p in &pr.points {
            if b.cell(p) != EMPTY || self.mark[p.idx()] != 0 {
                continue;
            }
            let number = regions.len() as u16 + 1;
            let mut pts = Vec::new();
            let mut outside = false;
            self.mark[p.idx()] = number;
            stack.clear();
            stack.push(p);
            'flood: while let Some(q) = stack.pop() {
                pts.push(q);
                for n in b.neighbors(q) {
                    let v = b.cell(n);
                    if v == EDGE || v == own {
                        continue;
                    }
                    if !pr.contains(n) || self.mark[n.idx()] == OUTSIDE {
                        outside = true;
                        break 'flood;
                    }
                    if self.mark[n.idx()] == 0 {
                        self.mark[n.idx()] = number;
                        stack.push(n);
                    }
                }
            }
            if outside {
                for &q in pts.iter().chain(&stack) {
                    self.mark[q.idx()] = OUTSIDE;
                }
                pts.clear();
            }
            regions.push(pts);
        }
        // Defender chains of the problem, by head.
        let mut chains: Vec<Point> = Vec::new();
        for &p in &pr.points {
            if b.cell(p) == own {
                let h = b.chain_head(p);
                if !chains.contains(&h) {
                    chains.push(h);
                }
            }
        }
        // A region is healthy for a chain when every empty point of it (every point, where
        // suicide is allowed) is the chain's liberty.
        let healthy = |r: &[Point], h: Point| {
            !r.is_empty()
                && r.iter().all(|&q| {
                    (!self.suicide_allowed && b.cell(q) != EMPTY)
                        || b.neighbors(q)
                            .iter()
                            .any(|&n| b.cell(n) == own && b.chain_head(n) == h)
                })
        };
        let mut alive_chain = vec![true; chains.len()];
        let mut alive_region: Vec<bool> = regions.iter().map(|r| !r.is_empty()).collect();
        loop {
            let mut changed = false;
            for (ci, &h) in chains.iter().enumerate() {
                if !alive_chain[ci] {
                    continue;
                }
                let count = regions
                    .iter()
                    .enumerate()
                    .filter(|&(ri, r)| alive_region[ri] && healthy(r, h))
                    .count();
                if count < 2 {
                    alive_chain[ci] = false;
                    changed = true;
                }
            }
            for (ri, r) in regions.iter().enumerate() {
                if !alive_region[ri] {
                    continue;
                }
                let touches_dropped = r.iter().any(|&q| {
                    b.neighbors(q).iter().any(|&n| {
                        b.cell(n) == own
                            && chains
                                .iter()
                                .position(|&h| h == b.chain_head(n))
                                .is_some_and(|ci| !alive_chain[ci])
                    })
                });
                if touches_dropped {
                    alive_region[ri] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let target = b.chain_head(pr.target);
        chains
            .iter()
            .position(|&h| h == target)
            .is_some_and(|ci| alive_chain[ci])
    }
}

/// Whether the chain of `c` at `target`, in atari with `c` to move, is lost whatever `c`
/// plays: no enemy chain next to it is in atari (a capture that could free it), and
/// the stone on its liberty captures nothing and would have one liberty or none. (Nothing
/// else gains it a liberty before the enemy takes it, and the taking cannot repeat an
/// earlier position of a line in which the target stood.)
fn doomed(b: &Board, target: Point, c: Color) -> bool {
    let Some(l) = b.atari_liberty(target) else {
        return false;
    };
    let enemy_in_atari = |n: Point| b.color_at(n) == Some(c.opp()) && b.atari_liberty(n).is_some();
    let rescues = b
        .chain_walk(target)
        .any(|s| b.neighbors(s).into_iter().any(enemy_in_atari));
    if rescues {
        return false;
    }
    if !b.legal_fast(l, c) {
        return true;
    }
    let captures = b
        .neighbors(l)
        .into_iter()
        .any(|n| b.color_at(n) == Some(c.opp()) && b.atari_liberty(n) == Some(l));
    !captures && b.libs_after(l, c, 2).0 < 2
}

/// The moves `c` may try on ply `b`: the empty points of the problem, the most promising
/// first. Captures and ataris of a chain next to the point come first, then points with
/// more empty neighbours (the middle of an eye space, where its vital point lies).
fn ordered_moves(b: &Board, pr: &Problem, c: Color) -> Vec<Point> {
    let mut scored: Vec<(i32, Point)> = pr
        .points
        .iter()
        .filter(|&&p| b.cell(p) == EMPTY)
        .map(|&p| {
            let mut score = 0;
            for n in b.neighbors(p) {
                match b.color_at(n) {
                    None if b.cell(n) == EMPTY => score += 2,
                    Some(o) if o != c => match b.libs_upto(n, 3) {
                        1 => score += 20,
                        2 => score += 6,
                        _ => {}
                    },
                    Some(_) if b.libs_upto(n, 2) == 1 => score += 10,
                    _ => {}
                }
            }
            (score, p)
        })
        .collect();
    // A chain of the problem in atari can be taken, or saved, at a liberty outside it (a
    // stone played on a wall chain's outside liberty, a wall chain read short of
    // liberties): that liberty is a move too.
    for &p in &pr.points {
        if let Some(l) = b.atari_liberty(p)
            && !pr.contains(l)
            && !scored.iter().any(|&(_, q)| q == l)
        {
            let score = if b.color_at(p) == Some(c) { 10 } else { 20 };
            scored.push((score, l));
        }
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, p)| p).collect()
}

/// Boards for the tests here and in the pass decision's.
#[cfg(test)]
pub(crate) mod fixtures {
    use crate::go::Board;

    /// A capturing race from the end of a game (GNU Go's filllib case 12): white's
    /// eyeless chain C1–J3 has four liberties (B1, F3, G1, J1) against black's group with
    /// eye space, and dies whoever moves first; black's H1 dies in white's area if white
    /// lives.
    pub(crate) const RACE: &str = ". . . . . . . . .
                                   . . . O . . . . .
                                   . O O O O O O O O
                                   O O X O X X X X X
                                   O X X O X . X O X
                                   X . X X X . X O X
                                   . . . . X . O O O
                                   . X X X O O O O O
                                   . . O O O O . X .";

    /// A 9×9 board whose lower rows are `bottom` (a diagram, rows from the top) and whose
    /// other rows are `fill` stones (`'O'` or `'X'`), living by two eyes at A9 and C9: the
    /// wall every problem below is walled in by.
    pub(crate) fn walled(fill: char, bottom: &str) -> Board {
        let stones = |n: usize| vec![fill.to_string(); n].join(" ");
        let full = stones(9);
        let rows: Vec<&str> = bottom.lines().map(str::trim).collect();
        let mut diagram = vec![format!(". {fill} . {}", stones(6))];
        diagram.extend((rows.len() + 1..9).map(|_| full.clone()));
        diagram.extend(rows.iter().map(|r| r.to_string()));
        Board::from_diagram(&diagram.join("\n")).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::fixtures::walled;

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.geometry().point(x, y)
    }

    /// Both answers for the chain through (x, y): with the attacker first, then with the
    /// defender first.
    fn status(b: &Board, x: usize, y: usize) -> (Option<bool>, Option<bool>) {
        let t = at(b, x, y);
        let pr = Problem::enclosing(b, t, MAX_REGION_EMPTY).expect("an enclosed problem");
        let d = pr.defender;
        let mut s = Solver::new();
        (s.lives(b, &pr, d.opp(), false), s.lives(b, &pr, d, false))
    }

    /// A capturing race from the end of a game (GNU Go's filllib case 12): white's eyeless
    /// chain C1-J3 of four liberties (B1, F3, G1, J1) against black's group with eye space,
    /// thirteen empty points in the problem. White dies whoever moves first, and the
    /// reading must end within what a caller lets one question read: it took 59,000 and
    /// 182,000 positions before proof numbers were guessed from the liberties
    /// (`Solver::guess`) and the 1 + ε thresholds.
    #[test]
    fn an_eyeless_chain_in_a_race_with_eye_space_dies_within_a_questions_budget() {
        let b = Board::from_diagram(fixtures::RACE).unwrap();
        let pr = Problem::enclosing(&b, at(&b, 2, 0), MAX_REGION_EMPTY).expect("a problem");
        assert_eq!(pr.defender, Color::White);
        assert_eq!(pr.empty, 13);
        let mut s = Solver::with_budget(SOLVE_QUESTION_NODES);
        assert_eq!(s.lives(&b, &pr, Color::Black, false), Some(false));
        assert_eq!(s.lives(&b, &pr, Color::White, false), Some(false));
    }

    /// A deadline passed ends every question unread; none leaves the answers as they are.
    #[test]
    fn a_passed_deadline_leaves_every_answer_unknown() {
        let b = walled(
            'O',
            "O X X X X X O O O
             O X . . . X O O O",
        );
        let pr = Problem::enclosing(&b, at(&b, 1, 0), MAX_REGION_EMPTY).expect("a problem");
        let mut s = Solver::budgeted(5000, 30_000).until(None);
        assert_eq!(s.lives(&b, &pr, Color::Black, false), Some(true));
        let past = Instant::now();
        let mut s = Solver::budgeted(5000, 30_000).until(Some(past));
        assert_eq!(s.lives(&b, &pr, Color::Black, false), None);
        assert_eq!(s.lives(&b, &pr, Color::White, false), None);
    }

    /// A capturing race in the corner: white's A8 B8 A7 (liberties A9 and A6) against
    /// black's B9 C9 D9 C8 (A9 and E9). White's stone at E9 would put black in atari, but
    /// it stands in atari itself, taken at F9, a point outside the problem: the reading
    /// must see that capture, and white dies whoever moves first.
    #[test]
    fn a_stone_in_atari_is_taken_at_a_liberty_outside_the_problem() {
        let b = Board::from_diagram(
            ". X X X . . . . .
             O O X O X X X X X
             O X O O X . . . .
             . X O . X . . . .
             X X O O X . . . .
             X X X X X . . . .
             . X . X X . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let e9 = at(&b, 4, 8);
        let f9 = at(&b, 5, 8);
        let pr = Problem::enclosing(&b, at(&b, 0, 7), MAX_REGION_EMPTY).expect("a problem");
        assert!(pr.contains(e9) && !pr.contains(f9));
        assert_eq!(status(&b, 0, 7), (Some(false), Some(false)));
        // After white's E9 the capture at F9 is among black's moves.
        let mut after = b.clone();
        after.play(e9, Color::White);
        assert!(ordered_moves(&after, &pr, Color::Black).contains(&f9));
    }

    /// A chain in atari with its owner to move is lost when no capture next to it and no
    /// extension gives it a second liberty: white's B1 (liberty A1, a suicide) is doomed
    /// unless black's C1 stands in atari; white's A1-B1 (liberty C1) unless C1 gets two
    /// liberties or captures.
    #[test]
    fn a_chain_in_atari_is_doomed_only_where_nothing_frees_it() {
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             X X . . .
             . O X . .",
        )
        .unwrap();
        assert!(doomed(&b, at(&b, 1, 0), Color::White));
        let mut freed = b.clone();
        freed.play(at(&b, 3, 0), Color::White);
        assert!(!doomed(&freed, at(&b, 1, 0), Color::White), "C1 in atari");
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             X X X X .
             O O . . X",
        )
        .unwrap();
        let a1 = at(&b, 0, 0);
        assert!(doomed(&b, a1, Color::White));
        let open = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             X X . X .
             O O . . X",
        )
        .unwrap();
        assert!(!doomed(&open, a1, Color::White), "C1 has C2 and D1");
        let b2 = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             X X X O .
             O O . X O",
        )
        .unwrap();
        assert!(!doomed(&b2, a1, Color::White), "C1 captures D1");
        // Not in atari: not doomed.
        assert!(!doomed(&b2, at(&b, 3, 1), Color::White));
    }

    /// The textbook shapes, each on the lower edge of a 9×9 board walled in by two safe
    /// rows or more (`walled`): the answers with the attacker first and with the defender
    /// first for the chain through B1 (the lower rows' diagram, rows from the top).
    #[test]
    fn textbook_shapes_live_or_die_as_the_books_say() {
        #[allow(clippy::type_complexity)]
        let shapes: [(&str, char, &str, (Option<bool>, Option<bool>)); 12] = [
            (
                "two separate eyes",
                'O',
                "X X X X X O O O O
                 . X . X X O O O O",
                (Some(true), Some(true)),
            ),
            (
                "straight three",
                'O',
                "O X X X X X O O O
                 O X . . . X O O O",
                (Some(false), Some(true)),
            ),
            (
                "straight two",
                'O',
                "O X X X X O O O O
                 O X . . X O O O O",
                (Some(false), Some(false)),
            ),
            (
                "straight four",
                'O',
                "O X X X X X X O O
                 O X . . . . X O O",
                (Some(true), Some(true)),
            ),
            (
                "bulky five (vital point D1)",
                'O',
                "O X X X X X O O O
                 O X X . . X O O O
                 O X . . . X O O O",
                (Some(false), Some(true)),
            ),
            (
                "no eye, two shared liberties: white's throw-in leaves a straight two",
                'O',
                "O X X X X X O O O
                 O X . O . X O O O",
                (Some(false), Some(false)),
            ),
            (
                "a stone inside the eye space, captured for a second eye",
                'O',
                "X X X X X X O O O
                 . X . O . X O O O",
                (Some(true), Some(true)),
            ),
            (
                "white's group with two eyes (A1, C1)",
                'X',
                "O O O O O X X X X
                 . O . O O X X X X",
                (Some(true), Some(true)),
            ),
            (
                "white's group with one eye (A1), in atari",
                'X',
                "O O O O O X X X X
                 . O O O O X X X X",
                (Some(false), Some(false)),
            ),
            (
                "seki: whoever fills a shared liberty is captured, and a throw-in leaves a straight four",
                'O',
                "O X X X X X X X O
                 O X . O O O . X O",
                (Some(true), Some(true)),
            ),
            (
                "rabbity six (vital point D2)",
                'O',
                "O X X X X X O O O
                 O X X . . X O O O
                 O X . . . X O O O
                 O X X . X X O O O",
                (Some(false), Some(true)),
            ),
            (
                "two rows of four (C1-F1, D2 E2)",
                'O',
                "O X X X X X X O O
                 O X X . . X X O O
                 O X . . . . X O O",
                (Some(true), Some(true)),
            ),
        ];
        for (name, fill, bottom, expected) in shapes {
            let b = walled(fill, bottom);
            assert_eq!(status(&b, 1, 1), expected, "{name}\n{b:?}");
        }
    }

    #[test]
    fn an_open_group_is_not_a_problem() {
        let b = Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        assert!(Problem::enclosing(&b, at(&b, 3, 1), MAX_REGION_EMPTY).is_none());
    }

    /// On random positions, every enclosed chain's answers agree with Benson's test (a
    /// pass-alive chain lives whoever moves first), never say that moving first loses what
    /// moving second keeps, and agree with a fresh question one move on: when the chain
    /// lives with the attacker first, no attacker move leaves it dead with the defender to
    /// move, and when it dies with the defender first, every defender move leaves it dead
    /// with the attacker to move.
    #[test]
    fn answers_agree_with_benson_and_with_the_next_move() {
        use crate::go::PassAlive;
        use rand::{RngExt, SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut solver = Solver::with_budget(5_000);
        let mut next = Solver::with_budget(5_000);
        let (mut read, mut settled) = (0, 0);
        for size in [5, 6, 7] {
            for _ in 0..300 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..rng.random_range(size * size..3 * size * size) {
                    b.play_random(c, true, &mut rng);
                    c = c.opp();
                }
                let pa = PassAlive::of(&b, false);
                let stones: Vec<Point> = b
                    .geometry()
                    .points()
                    .filter(|&p| b.color_at(p).is_some())
                    .collect();
                for &t in stones.iter().filter(|&&p| b.chain_head(p) == p) {
                    let Some(pr) = Problem::enclosing(&b, t, 8) else {
                        continue;
                    };
                    let d = pr.defender;
                    let att_first = solver.lives(&b, &pr, d.opp(), false);
                    let def_first = solver.lives(&b, &pr, d, false);
                    read += 1;
                    if pa.is_alive_stone(&b, t) {
                        assert_eq!((att_first, def_first), (Some(true), Some(true)), "{b:?}");
                    }
                    assert!(
                        !(att_first == Some(true) && def_first == Some(false)),
                        "{b:?}"
                    );
                    let claim = match (att_first, def_first) {
                        (Some(true), _) => Some((d.opp(), true)),
                        (_, Some(false)) => Some((d, false)),
                        _ => None,
                    };
                    let Some((mover, lives)) = claim else {
                        continue;
                    };
                    settled += 1;
                    for &m in &pr.points {
                        if !b.legal_fast(m, mover) {
                            continue;
                        }
                        let mut after = b.clone();
                        after.play(m, mover);
                        let answer = next.lives(&after, &pr, mover.opp(), false);
                        assert_ne!(answer, Some(!lives), "{m:?} by {mover:?}\n{b:?}");
                    }
                }
            }
        }
        assert!(read > 200 && settled > 100, "{read} {settled}");
    }

    /// On random small problems, the proof-number search answers as the plain search
    /// does wherever both finish.
    #[test]
    fn proof_numbers_agree_with_the_plain_search() {
        use rand::{RngExt, SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(29);
        let mut dfpn = Solver::with_budget(5_000);
        let mut plain = Solver::with_budget(5_000);
        let mut compared = 0;
        for size in [5, 6, 7] {
            for _ in 0..100 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..rng.random_range(size * size..3 * size * size) {
                    b.play_random(c, true, &mut rng);
                    c = c.opp();
                }
                for t in b.geometry().points() {
                    if b.color_at(t).is_none() || b.chain_head(t) != t {
                        continue;
                    }
                    let Some(pr) = Problem::enclosing(&b, t, 10) else {
                        continue;
                    };
                    for first in [Color::Black, Color::White] {
                        let x = dfpn.lives(&b, &pr, first, false);
                        let y = plain.lives_by_plain_search(&b, &pr, first);
                        if let (Some(x), Some(y)) = (x, y) {
                            assert_eq!(x, y, "{first:?} first\n{b:?}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 250, "{compared}");
    }
}
