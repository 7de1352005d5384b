//! The search tree: atomic nodes in a chunked arena, and the position at its root.
//!
//! Nodes live in a chunked arena (`Arena`) addressed by index; a node's children are
//! contiguous. Every field is an atomic, so worker threads share one tree with no lock:
//! a node's children are written by the one thread that wins the node's `expanding` flag
//! and published by a release store of `children`. Visits, wins and virtual losses are
//! `fetch_add`ed; AMAF counters are updated with plain load/store (a lost update now and
//! then is noise, and it saves a locked instruction per child). When the arena reaches its
//! cap (`--max-memory`) expansion stops and the search goes on with the tree it has.
//!
//! Each node holds statistics from the view of the player who made its move. The tree is
//! kept between moves: `Tree::advance_to` moves the root down to the position reached.

use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::Ordering::{Acquire, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, AtomicU16, AtomicU32, AtomicU64};

use crate::go::{Color, Game, Move, Point, Rules};

/// Bit in `Node::color` marking a root child that is illegal by superko.
pub(super) const BANNED: u8 = 0x80;

/// A playout's value to a player in fixed point: `VALUE_ONE` is a win with nothing else
/// counted (see `Params::score_utility`).
pub(super) const VALUE_ONE: u64 = 1 << 16;

/// One tree node. All fields are atomics; see the module notes for who writes what. 64
/// bytes: one cache line.
#[derive(Default)]
#[repr(align(64))]
pub(super) struct Node {
    /// The move: a point index, 0 for a pass (index 0 is an edge cell, never a move).
    pub(super) mv: AtomicU16,
    /// Who played `mv` (`Color::cell`), plus `BANNED`.
    pub(super) color: AtomicU8,
    pub(super) expanding: AtomicBool,
    pub(super) visits: AtomicU32,
    /// Playouts won.
    pub(super) wins: AtomicU32,
    pub(super) vloss: AtomicU32,
    /// f32 bits.
    pub(super) prior_visits: AtomicU32,
    /// f32 bits.
    pub(super) prior_wins: AtomicU32,
    pub(super) amaf_visits: AtomicU32,
    /// Sum of the playouts' values (wins and score, `VALUE_ONE` per win), what selection
    /// maximises.
    pub(super) value_sum: AtomicU64,
    /// The same for the AMAF playouts.
    pub(super) amaf_value: AtomicU64,
    /// Sum of final margins from the mover's view, in 1/16 points.
    pub(super) score_sum: AtomicI64,
    /// First child index << 32 | child count; 0 before expansion.
    pub(super) children: AtomicU64,
}

impl Node {
    pub(super) fn init(&self, mv: Move, color: Color, prior: (f32, f32)) {
        let m = match mv {
            Move::Play(p) => p.0,
            Move::Pass => 0,
        };
        self.mv.store(m, Relaxed);
        self.color.store(color.cell(), Relaxed);
        self.prior_visits.store(prior.0.to_bits(), Relaxed);
        self.prior_wins.store(prior.1.to_bits(), Relaxed);
    }

    /// Back to `Node::default()`, for a recycled arena. Only the thread that allocated the
    /// node may call it, before the node is published.
    fn reset(&self) {
        self.mv.store(0, Relaxed);
        self.color.store(0, Relaxed);
        self.expanding.store(false, Relaxed);
        self.visits.store(0, Relaxed);
        self.wins.store(0, Relaxed);
        self.vloss.store(0, Relaxed);
        self.prior_visits.store(0, Relaxed);
        self.prior_wins.store(0, Relaxed);
        self.amaf_visits.store(0, Relaxed);
        self.value_sum.store(0, Relaxed);
        self.amaf_value.store(0, Relaxed);
        self.score_sum.store(0, Relaxed);
        self.children.store(0, Relaxed);
    }

    pub(super) fn mv(&self) -> Move {
        match self.mv.load(Relaxed) {
            0 => Move::Pass,
            p => Move::Play(Point(p)),
        }
    }

    pub(super) fn color(&self) -> Color {
        if self.color.load(Relaxed) & !BANNED == Color::Black.cell() {
            Color::Black
        } else {
            Color::White
        }
    }

    pub(super) fn banned(&self) -> bool {
        self.color.load(Relaxed) & BANNED != 0
    }

    pub(super) fn children(&self) -> Range<usize> {
        let c = self.children.load(Acquire);
        let first = (c >> 32) as usize;
        first..first + (c & 0xffff_ffff) as usize
    }

    pub(super) fn prior(&self) -> (f32, f32) {
        (
            f32::from_bits(self.prior_visits.load(Relaxed)),
            f32::from_bits(self.prior_wins.load(Relaxed)),
        )
    }

    pub(super) fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// The selection value: prior, real and virtual-loss visits (`virtual_loss` lost
    /// visits each) blended with AMAF (`inv_rave_equiv`: one over `rave_equiv`, see
    /// `Params`). Gelly and Silver's (1 − β)·q + β·q_amaf with β = a / (a + n + n·a/E),
    /// written with one division: with k = 1 + a/E it is (w·k + a·q_amaf) / (a + n·k).
    /// (`rave_equiv` 0, an infinite `inv_rave_equiv`, leaves q alone.)
    pub(super) fn value(&self, virtual_loss: u32, inv_rave_equiv: f32) -> f32 {
        let (pv, pw) = self.prior();
        let n = self.visits() as f32 + pv + (self.vloss.load(Relaxed) * virtual_loss) as f32;
        // VALUE_ONE is a power of two: the product is the quotient, exactly.
        let w = self.value_sum.load(Relaxed) as f32 * (1.0 / VALUE_ONE as f32) + pw;
        let a = self.amaf_visits.load(Relaxed) as f32;
        if a <= 0.0 || inv_rave_equiv.is_infinite() {
            return if n > 0.0 { w / n } else { 0.5 };
        }
        let k = 1.0 + a * inv_rave_equiv;
        let amaf_wins = self.amaf_value.load(Relaxed) as f32 * (1.0 / VALUE_ONE as f32);
        (w * k + amaf_wins) / (a + n * k)
    }
}

/// Bytes per node, for the memory cap.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Memory the rest of the process needs besides the tree (code and libraries, thread
/// stacks, the allocator's heaps, boards; about 11 MiB measured with two threads),
/// MiB: kept out of the tree's budget so that the whole process stays under the cap.
const RESERVE_MB: u64 = 16;

/// Node cap of one arena for a memory budget in MiB (the whole process's). Reclaiming
/// copies the kept part of a full arena into a second one, and the two are recycled in
/// turn (never freed and allocated again, which the allocator might not return to the
/// system in time): the cap is half the budget left after `RESERVE_MB`.
pub fn max_nodes(memory_mb: u64) -> usize {
    let tree_mb = memory_mb.saturating_sub(RESERVE_MB).max(RESERVE_MB) as usize;
    ((tree_mb << 20) / NODE_BYTES.max(1)) / 2
}

pub(super) const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Nodes in chunks of `CHUNK` (the last one cut to the cap), allocated on first use and
/// kept for reuse, handed out by an atomic bump counter; a child range never straddles two
/// chunks.
pub(super) struct Arena {
    pub(super) chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicU64,
    cap: usize,
}

impl Arena {
    pub(super) fn new(cap: usize) -> Arena {
        let cap = cap.max(2);
        Arena {
            chunks: (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
            next: AtomicU64::new(0),
            cap,
        }
    }

    /// Empties the arena for reuse, keeping its memory: the next `alloc` starts at node 0.
    pub(super) fn recycle(&mut self) {
        *self.next.get_mut() = 0;
    }

    /// Reserves `k` contiguous nodes, reset to their defaults (a recycled arena holds old
    /// ones); `None` when the cap is reached.
    pub(super) fn alloc(&self, k: usize) -> Option<usize> {
        if k == 0 || k > CHUNK {
            return None;
        }
        loop {
            let start = self.next.fetch_add(k as u64, Relaxed) as usize;
            if start + k > self.cap {
                return None;
            }
            if start >> CHUNK_BITS != (start + k - 1) >> CHUNK_BITS {
                continue; // the tail of a chunk is left unused
            }
            let base = start & !(CHUNK - 1);
            let len = CHUNK.min(self.cap - base);
            let chunk = self.chunks[start >> CHUNK_BITS]
                .get_or_init(|| (0..len).map(|_| Node::default()).collect());
            let first = start - base;
            for node in &chunk[first..first + k] {
                node.reset();
            }
            return Some(start);
        }
    }

    pub(super) fn get(&self, i: usize) -> &Node {
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("node indices come from alloc, which initialises their chunk");
        &chunk[i & (CHUNK - 1)]
    }

    /// The nodes of `range`, a node's children, which never straddle two chunks (`alloc`):
    /// one chunk lookup for the lot where `get` makes one per node.
    pub(super) fn slice(&self, range: Range<usize>) -> &[Node] {
        if range.is_empty() {
            return &[];
        }
        let chunk = self.chunks[range.start >> CHUNK_BITS]
            .get()
            .expect("node indices come from alloc, which initialises their chunk");
        let first = range.start & (CHUNK - 1);
        &chunk[first..first + range.len()]
    }

    pub(super) fn used(&self) -> usize {
        (self.next.load(Relaxed) as usize).min(self.cap)
    }

    /// Nodes in the chunks allocated so far: what the arena holds in memory.
    pub(super) fn allocated(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.get())
            .map(|c| c.len())
            .sum()
    }
}

/// A search tree and the position at its root.
pub(super) struct Tree {
    pub(super) arena: Arena,
    pub(super) root: usize,
    /// The game the root stands for: the start position and the moves from it.
    start_hash: u64,
    start_to_move: Color,
    moves: Vec<(Color, Move)>,
    /// What the statistics assumed: rules and komi (dynamic komi changes it each move, so
    /// reuse keeps statistics gathered with a slightly different komi, as Pachi does).
    rules: Rules,
    komi: f64,
}

impl Tree {
    /// A tree for `game` with only its root, in `arena` (recycled).
    pub(super) fn new(game: &Game, mut arena: Arena) -> Tree {
        arena.recycle();
        let root = arena.alloc(1).unwrap_or(0);
        let to_move = game.to_move();
        arena.get(root).init(Move::Pass, to_move.opp(), (0.0, 0.0));
        Tree {
            arena,
            root,
            start_hash: game.initial_board().hash(),
            start_to_move: game.initial_to_move(),
            moves: game.moves().to_vec(),
            rules: game.rules(),
            komi: game.komi(),
        }
    }

    pub(super) fn node(&self, i: usize) -> &Node {
        self.arena.get(i)
    }

    /// The children of node `n`: the index of the first, and the nodes.
    pub(super) fn children_of(&self, n: usize) -> (usize, &[Node]) {
        let range = self.node(n).children();
        (range.start, self.arena.slice(range))
    }

    /// Moves the root down to the node for `game`'s position if `game` continues the
    /// root's game by moves the tree has expanded; false if it does not.
    pub(super) fn advance_to(&mut self, game: &Game) -> bool {
        let moves = game.moves();
        if game.initial_board().hash() != self.start_hash
            || game.initial_to_move() != self.start_to_move
            || game.rules() != self.rules
            || game.komi() != self.komi
            || moves.len() < self.moves.len()
            || moves[..self.moves.len()] != self.moves[..]
        {
            return false;
        }
        let mut n = self.root;
        for &(c, mv) in &moves[self.moves.len()..] {
            let Some(child) = self
                .node(n)
                .children()
                .find(|&ch| self.node(ch).mv() == mv && self.node(ch).color() == c)
            else {
                return false;
            };
            n = child;
        }
        if self.node(n).children().is_empty() {
            return false;
        }
        self.root = n;
        self.moves = moves.to_vec();
        true
    }

    /// Principal variation from child `c`: most visited children, ending at a pass.
    pub(super) fn pv(&self, c: usize) -> Vec<Move> {
        let mut pv = vec![self.node(c).mv()];
        let mut n = c;
        while self.node(n).mv() != Move::Pass && pv.len() < 30 {
            let Some(best) = self
                .node(n)
                .children()
                .max_by_key(|&ch| self.node(ch).visits())
            else {
                break;
            };
            if self.node(best).visits() == 0 {
                break;
            }
            pv.push(self.node(best).mv());
            n = best;
        }
        pv
    }

    /// The nodes a copy would hold if it kept the children of the root and of every node
    /// with at least `threshold` visits.
    fn kept_nodes(&self, threshold: u32) -> usize {
        let mut count = 1;
        let mut stack = vec![self.root];
        while let Some(n) = stack.pop() {
            let node = self.node(n);
            if n == self.root || node.visits() >= threshold {
                let children = node.children();
                count += children.len();
                stack.extend(children);
            }
        }
        count
    }

    /// Reclaims memory: a copy of the tree below the root in `arena` (recycled), holding
    /// at most `budget` nodes when it can. It keeps the root's children and the
    /// children of every node with at least `threshold` visits, the threshold the smallest
    /// of `min_visits`, twice that, four times... whose tree fits; the children of the
    /// other nodes are dropped (their statistics stay in the node, which can be expanded
    /// again). Nodes leave the arena in breadth-first order, so the root is node 0. Call it
    /// with no search running. Returns the copy and the threshold used.
    pub(super) fn compacted(
        &self,
        mut arena: Arena,
        budget: usize,
        min_visits: u32,
    ) -> (Tree, u32) {
        let mut threshold = min_visits.max(1);
        while self.kept_nodes(threshold) > budget && threshold < u32::MAX / 2 {
            threshold *= 2;
        }
        arena.recycle();
        let root = arena.alloc(1).unwrap_or(0);
        let mut queue = std::collections::VecDeque::from([(self.root, root)]);
        while let Some((old, new)) = queue.pop_front() {
            let (src, dst) = (self.node(old), arena.get(new));
            copy_node(src, dst);
            let children = src.children();
            if children.is_empty() || (old != self.root && src.visits() < threshold) {
                continue;
            }
            let Some(first) = arena.alloc(children.len()) else {
                continue;
            };
            let packed = ((first as u64) << 32) | children.len() as u64;
            dst.children.store(packed, Relaxed);
            dst.expanding.store(true, Relaxed);
            queue.extend(children.zip(first..));
        }
        let tree = Tree {
            arena,
            root,
            start_hash: self.start_hash,
            start_to_move: self.start_to_move,
            moves: self.moves.clone(),
            rules: self.rules,
            komi: self.komi,
        };
        (tree, threshold)
    }
}

/// Copies a node's move and statistics (not its children, nor virtual losses: no search
/// runs during a copy).
fn copy_node(src: &Node, dst: &Node) {
    dst.mv.store(src.mv.load(Relaxed), Relaxed);
    dst.color.store(src.color.load(Relaxed), Relaxed);
    dst.visits.store(src.visits.load(Relaxed), Relaxed);
    dst.wins.store(src.wins.load(Relaxed), Relaxed);
    dst.prior_visits
        .store(src.prior_visits.load(Relaxed), Relaxed);
    dst.prior_wins.store(src.prior_wins.load(Relaxed), Relaxed);
    dst.amaf_visits
        .store(src.amaf_visits.load(Relaxed), Relaxed);
    dst.value_sum.store(src.value_sum.load(Relaxed), Relaxed);
    dst.amaf_value.store(src.amaf_value.load(Relaxed), Relaxed);
    dst.score_sum.store(src.score_sum.load(Relaxed), Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng, rngs::SmallRng};

    /// Gelly and Silver's blend as written in the literature, in f64: the reference that
    /// `Node::value`'s one-division form must agree with.
    fn blend(n: f64, w: f64, a: f64, aw: f64, equiv: f64) -> f64 {
        let q = if n > 0.0 { w / n } else { 0.5 };
        if a <= 0.0 {
            return q;
        }
        let beta = a / (a + n + n * a / equiv);
        (1.0 - beta) * q + beta * (aw / a)
    }

    #[test]
    fn value_is_the_rave_blend_of_gelly_and_silver() {
        let mut rng = SmallRng::seed_from_u64(7);
        let node = Node::default();
        for round in 0..20_000 {
            let visits = if round % 5 == 0 {
                0
            } else {
                rng.random_range(0..100_000u32)
            };
            let vloss = rng.random_range(0..4u32);
            let pv: f32 = if round % 7 == 0 {
                0.0
            } else {
                rng.random_range(0.0..300.0)
            };
            let pw = pv * rng.random_range(0.0..1.0f32);
            let won = visits as f64 * rng.random_range(0.0..1.0f64);
            let amaf = if round % 3 == 0 {
                0
            } else {
                rng.random_range(0..200_000u32)
            };
            let amaf_won = amaf as f64 * rng.random_range(0.0..1.0f64);
            let equiv = [0.0f32, 1.0, 1000.0, 3500.0][round % 4];
            node.visits.store(visits, Relaxed);
            node.vloss.store(vloss, Relaxed);
            node.prior_visits.store(pv.to_bits(), Relaxed);
            node.prior_wins.store(pw.to_bits(), Relaxed);
            node.value_sum
                .store((won * VALUE_ONE as f64) as u64, Relaxed);
            node.amaf_visits.store(amaf, Relaxed);
            node.amaf_value
                .store((amaf_won * VALUE_ONE as f64) as u64, Relaxed);
            let got = node.value(2, 1.0 / equiv) as f64;
            let n = visits as f64 + pv as f64 + 2.0 * vloss as f64;
            let w = (won * VALUE_ONE as f64).floor() / VALUE_ONE as f64 + pw as f64;
            let aw = (amaf_won * VALUE_ONE as f64).floor() / VALUE_ONE as f64;
            let want = if equiv == 0.0 {
                // No AMAF weight at all: the plain mean.
                if n > 0.0 { w / n } else { 0.5 }
            } else {
                blend(n, w, amaf as f64, aw, equiv as f64)
            };
            assert!(
                (got - want).abs() < 1e-4,
                "visits {visits} vloss {vloss} prior ({pv}, {pw}) amaf {amaf} equiv {equiv}: {got} against {want}"
            );
        }
    }
}
