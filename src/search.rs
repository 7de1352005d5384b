//! Parallel Monte Carlo tree search: UCT with RAVE/AMAF and prior knowledge (the scheme of
//! michi and Pachi's UCT), heavy or light playouts at the leaves.
//!
//! **Tree.** Nodes live in a chunked arena (`Arena`) addressed by index; a node's children
//! are contiguous. Every field is an atomic, so worker threads share one tree with no lock:
//! a node's children are written by the one thread that wins the node's `expanding` flag
//! and published by a release store of `children`. Visits, wins and virtual losses are
//! `fetch_add`ed; AMAF counters are updated with plain load/store (a lost update now and
//! then is noise, and it saves a locked instruction per child). When the arena reaches its
//! cap (`--max-memory`) expansion stops and the search goes on with the tree it has.
//!
//! **Selection.** Each node holds statistics from the view of the player who made its
//! move. Prior knowledge is added at expansion as virtual visits and wins (michi's scheme):
//! even prior, capture / atari-escape / 3×3 pattern bonuses, moves near the last move,
//! maluses for self-atari and first/second-line moves in empty areas. Selection maximises
//! `(1 - β)·q + β·q_amaf` (Gelly and Silver's β) with virtual losses counted as lost
//! visits, which spreads threads over different lines.
//!
//! **Threads.** Worker 0 runs on the caller's thread and owns timing, reports and the stop
//! check; the others run on a rayon pool and stop when worker 0 raises the halt flag (or the
//! playout budget is used up). With one thread and a playout budget the search is
//! deterministic for a seed.
//!
//! **Reuse.** The tree is kept between moves (`Searcher`): when the next search starts from
//! a position reached by moves from the old root, the matching subtree becomes the new root.
//!
//! Superko is checked for root moves only (`Game`); deeper moves follow simple ko.

use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, AtomicU16, AtomicU32, AtomicU64};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::point::{EMPTY, MAX_POINTS};
use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Game, Move, Point, Scoring};
use crate::patterns;
use crate::player::{self, Candidate, Limits, Pacer, Report, add_ownership};
use crate::playout::{Playouts, Policy};

/// Real visits before a node's children are created.
const EXPAND_VISITS: u32 = 8;
/// RAVE equivalence parameter: AMAF statistics weigh as much as this many real visits.
const RAVE_EQUIV: f32 = 3500.0;
/// Lost visits each in-flight playout adds to the nodes on its path.
const VIRTUAL_LOSS: u32 = 2;
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE_ONE: f32 = 15.0;
const PRIOR_CAPTURE_MANY: f32 = 30.0;
const PRIOR_SAVE: f32 = 20.0;
const PRIOR_PATTERN: f32 = 10.0;
const PRIOR_SELF_ATARI: f32 = 10.0;
const PRIOR_NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_EMPTY_AREA: f32 = 10.0;
/// A pass at an inner node, next to other moves: tried only when the others look bad.
const PRIOR_PASS_WINS: f32 = 1.0;
/// Under territory scoring the root's pass gets at least 1 in this many root visits, so
/// the engine knows when passing loses nothing (a move in its own territory loses a point).
const PASS_SHARE: u32 = 20;
/// Handicap stones' worth of komi for dynamic komi (points per stone).
const DYNKOMI_PER_STONE: f64 = 7.0;

/// Bit in `Node::color` marking a root child that is illegal by superko.
const BANNED: u8 = 0x80;

/// One tree node. All fields are atomics; see the module notes for who writes what.
#[derive(Default)]
struct Node {
    /// The move: a point index, 0 for a pass (index 0 is an edge cell, never a move).
    mv: AtomicU16,
    /// Who played `mv` (`Color::cell`), plus `BANNED`.
    color: AtomicU8,
    expanding: AtomicBool,
    visits: AtomicU32,
    wins: AtomicU32,
    vloss: AtomicU32,
    /// f32 bits.
    prior_visits: AtomicU32,
    /// f32 bits.
    prior_wins: AtomicU32,
    amaf_visits: AtomicU32,
    amaf_wins: AtomicU32,
    /// Sum of final margins from the mover's view, in 1/16 points.
    score_sum: AtomicI64,
    /// First child index << 32 | child count; 0 before expansion.
    children: AtomicU64,
}

impl Node {
    fn init(&self, mv: Move, color: Color, prior: (f32, f32)) {
        let m = match mv {
            Move::Play(p) => p.0,
            Move::Pass => 0,
        };
        self.mv.store(m, Relaxed);
        self.color.store(color.cell(), Relaxed);
        self.prior_visits.store(prior.0.to_bits(), Relaxed);
        self.prior_wins.store(prior.1.to_bits(), Relaxed);
    }

    fn mv(&self) -> Move {
        match self.mv.load(Relaxed) {
            0 => Move::Pass,
            p => Move::Play(Point(p)),
        }
    }

    fn color(&self) -> Color {
        if self.color.load(Relaxed) & !BANNED == Color::Black.cell() {
            Color::Black
        } else {
            Color::White
        }
    }

    fn banned(&self) -> bool {
        self.color.load(Relaxed) & BANNED != 0
    }

    fn children(&self) -> Range<usize> {
        let c = self.children.load(Acquire);
        let first = (c >> 32) as usize;
        first..first + (c & 0xffff_ffff) as usize
    }

    fn prior(&self) -> (f32, f32) {
        (
            f32::from_bits(self.prior_visits.load(Relaxed)),
            f32::from_bits(self.prior_wins.load(Relaxed)),
        )
    }

    fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    /// The selection value: prior, real and virtual-loss visits blended with AMAF.
    fn value(&self) -> f32 {
        let (pv, pw) = self.prior();
        let n = self.visits() as f32 + pv + (self.vloss.load(Relaxed) * VIRTUAL_LOSS) as f32;
        let w = self.wins.load(Relaxed) as f32 + pw;
        let q = if n > 0.0 { w / n } else { 0.5 };
        let a = self.amaf_visits.load(Relaxed) as f32;
        if a <= 0.0 {
            return q;
        }
        let q_amaf = self.amaf_wins.load(Relaxed) as f32 / a;
        let beta = a / (a + n + n * a / RAVE_EQUIV);
        (1.0 - beta) * q + beta * q_amaf
    }
}

/// Bytes per node, for the memory cap.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Node cap for a memory budget in MiB.
pub fn max_nodes(memory_mb: u64) -> usize {
    ((memory_mb as usize) << 20) / NODE_BYTES.max(1)
}

const CHUNK_BITS: u32 = 16;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Nodes in chunks of `CHUNK`, allocated on first use, handed out by an atomic bump
/// counter; a child range never straddles two chunks.
struct Arena {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicU64,
    cap: usize,
}

impl Arena {
    fn new(cap: usize) -> Arena {
        let cap = cap.max(2);
        Arena {
            chunks: (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
            next: AtomicU64::new(0),
            cap,
        }
    }

    /// Reserves `k` contiguous nodes (zeroed); `None` when the cap is reached.
    fn alloc(&self, k: usize) -> Option<usize> {
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
            self.chunks[start >> CHUNK_BITS]
                .get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
            return Some(start);
        }
    }

    fn get(&self, i: usize) -> &Node {
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("node indices come from alloc, which initialises their chunk");
        &chunk[i & (CHUNK - 1)]
    }

    fn used(&self) -> usize {
        (self.next.load(Relaxed) as usize).min(self.cap)
    }
}

/// A search tree and the position at its root.
struct Tree {
    arena: Arena,
    root: usize,
    /// The game the root stands for: the start position and the moves from it.
    start_hash: u64,
    start_to_move: Color,
    moves: Vec<(Color, Move)>,
    /// What the statistics assumed: rules and komi (dynamic komi changes it each move, so
    /// reuse keeps statistics gathered with a slightly different komi, as Pachi does).
    rules: crate::go::Rules,
    komi: f64,
}

impl Tree {
    fn new(game: &Game, cap: usize) -> Tree {
        let arena = Arena::new(cap);
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

    fn node(&self, i: usize) -> &Node {
        self.arena.get(i)
    }

    /// Moves the root down to the node for `game`'s position if `game` continues the
    /// root's game by moves the tree has expanded; false if it does not.
    fn advance_to(&mut self, game: &Game) -> bool {
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
    fn pv(&self, c: usize) -> Vec<Move> {
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
}

/// Search settings that stay fixed for a game.
#[derive(Copy, Clone, Debug)]
pub struct Config {
    pub policy: Policy,
    pub threads: usize,
    pub node_cap: usize,
    /// Keep the tree between moves.
    pub reuse: bool,
}

/// The search with its kept tree and thread pool.
pub struct Searcher {
    config: Config,
    tree: Option<Tree>,
    pool: Option<rayon::ThreadPool>,
}

impl Searcher {
    pub fn new(config: Config) -> Searcher {
        let helpers = config.threads.max(1) - 1;
        let pool = (helpers > 0)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(helpers)
                    .thread_name(|i| format!("hoshi-search-{}", i + 1))
                    .build()
                    .map_err(|e| log::warn!("no search threads ({e}); searching on one"))
                    .ok()
            })
            .flatten();
        Searcher {
            config,
            tree: None,
            pool,
        }
    }

    pub fn config(&self) -> Config {
        self.config
    }

    /// Forgets the kept tree (new game, loaded position, changed rules or komi).
    pub fn clear(&mut self) {
        self.tree = None;
    }

    /// Nodes in the kept tree's arena (for tests and logs).
    pub fn nodes_used(&self) -> usize {
        self.tree.as_ref().map_or(0, |t| t.arena.used())
    }

    /// Searches for `color` in `game` until `limits` or `stop()`, reporting progress every
    /// `every`.
    #[allow(clippy::too_many_arguments)]
    pub fn think(
        &mut self,
        game: &Game,
        color: Color,
        limits: Limits,
        seed: u64,
        stop: &dyn Fn() -> bool,
        every: Option<Duration>,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        let cap = self.config.node_cap;
        let reused = self.config.reuse
            && game.to_move() == color
            && self.tree.as_mut().is_some_and(|t| {
                t.arena.used() < cap / 2 && t.advance_to(game) && t.node(t.root).color() != color
            });
        if !reused {
            self.tree = Some(Tree::new(game, cap));
        }
        let Some(tree) = self.tree.as_mut() else {
            unreachable!("the tree was just set")
        };
        if reused {
            log::debug!(
                "reusing the tree: {} visits at the new root",
                tree.node(tree.root).visits()
            );
        } else {
            tree.node(tree.root)
                .init(Move::Pass, color.opp(), (0.0, 0.0));
        }
        let mut search = Search::new(tree, game, color, limits, self.config);
        search.prepare_root();
        let threads = self.config.threads.max(1);
        let mut worker0 = |search: &Search| {
            let mut pacer = Pacer::new(limits, every);
            let mut own = Ownership::new();
            search.work(seed, &mut own, &mut |search, own| {
                let mine = own.samples;
                if pacer.report_due(mine) {
                    progress(&search.report(own, pacer.start));
                }
                let halt = pacer.done(mine, stop)
                    || (every.is_none()
                        && mine.is_multiple_of(64)
                        && search.decided(&limits, &pacer));
                if halt {
                    search.halt.store(true, Relaxed);
                }
                halt
            });
            (own, pacer.start)
        };
        let ((own, start), others) = match &self.pool {
            Some(pool) if threads > 1 => {
                let mut results: Vec<Ownership> = Vec::new();
                let search = &search;
                let first = pool.in_place_scope(|scope| {
                    let (tx, rx) = std::sync::mpsc::channel();
                    for t in 1..threads {
                        let tx = tx.clone();
                        scope.spawn(move |_| {
                            let mut own = Ownership::new();
                            let thread_seed = seed ^ (t as u64).wrapping_mul(0xA076_1D64_78BD_642F);
                            search.work(thread_seed, &mut own, &mut |s, _| s.halt.load(Relaxed));
                            let _ = tx.send(own);
                        });
                    }
                    drop(tx);
                    let first = worker0(search);
                    search.halt.store(true, Relaxed);
                    results.extend(rx.iter());
                    first
                });
                (first, results)
            }
            _ => (worker0(&search), Vec::new()),
        };
        let mut total = own;
        for o in &others {
            total.merge(o);
        }
        let report = search.report(&total, start);
        let secs = report.elapsed.as_secs_f64().max(1e-9);
        log::info!(
            "{} playouts in {:.2}s ({:.0}/s, {threads} threads{}), {} nodes; best {} {:.1}%",
            report.playouts,
            secs,
            report.playouts as f64 / secs,
            if reused { ", tree reused" } else { "" },
            tree.arena.used(),
            report
                .best()
                .map_or("-".into(), |c| game.geometry().move_text(c.mv)),
            report.best().map_or(0.0, |c| 100.0 * c.winrate()),
        );
        report
    }
}

/// Per-worker ownership counts.
struct Ownership {
    sums: Vec<i32>,
    samples: u64,
}

impl Ownership {
    fn new() -> Ownership {
        Ownership {
            sums: vec![0; MAX_POINTS],
            samples: 0,
        }
    }

    fn merge(&mut self, other: &Ownership) {
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        self.samples += other.samples;
    }
}

/// One search over a tree: shared by the workers.
struct Search<'t> {
    tree: &'t Tree,
    game: &'t Game,
    color: Color,
    limits: Limits,
    config: Config,
    /// Komi for the playouts' black-minus-white margin, with dynamic komi.
    komi: f32,
    max_moves: u32,
    last: [Option<Point>; 2],
    halt: AtomicBool,
    /// The root's pass child, when it must keep a share of the visits.
    root_pass: Option<usize>,
    /// Playouts started (claimed against the playout budget) and finished.
    started: AtomicU64,
    finished: AtomicU64,
}

impl<'t> Search<'t> {
    fn new(tree: &'t Tree, game: &'t Game, color: Color, limits: Limits, config: Config) -> Self {
        let size = game.size();
        let moves = game.moves();
        let last_point = |k: usize| match moves.len().checked_sub(k).map(|i| moves[i].1) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        Search {
            tree,
            game,
            color,
            limits,
            config,
            komi: dynamic_komi(game) as f32,
            max_moves: 3 * (size * size) as u32,
            last: [last_point(1), last_point(2)],
            halt: AtomicBool::new(false),
            root_pass: None,
            started: AtomicU64::new(0),
            finished: AtomicU64::new(0),
        }
    }

    /// Makes sure the root has its children: every legal move (superko included) that does
    /// not fill an own true eye, and pass. On a reused root, bans superko-illegal children.
    /// Under territory scoring, pass is kept explored (`PASS_SHARE`).
    fn prepare_root(&mut self) {
        let root = self.tree.node(self.tree.root);
        if root.children().is_empty() {
            let mut moves = player::candidate_moves(self.game, self.color);
            moves.push(Move::Pass);
            self.expand(
                self.tree.root,
                self.game.board(),
                self.color,
                &moves,
                self.last[0],
                &mut Ladder::new(),
            );
        } else {
            for ch in root.children() {
                let node = self.tree.node(ch);
                if !self.game.is_legal(self.color, node.mv()) {
                    node.color.fetch_or(BANNED, Relaxed);
                }
            }
        }
        // At the root a pass is a real option (ending the game, or not losing a point
        // under territory rules): it gets the even prior, not the inner nodes' low one.
        for ch in root.children() {
            let node = self.tree.node(ch);
            if node.mv() == Move::Pass {
                node.prior_visits.store(PRIOR_EVEN.to_bits(), Relaxed);
                node.prior_wins.store((PRIOR_EVEN / 2.0).to_bits(), Relaxed);
                if self.game.rules().scoring == Scoring::Territory {
                    self.root_pass = Some(ch);
                }
            }
        }
    }

    /// Creates the children of node `n` for `moves` by `color`. False when the arena is
    /// full (then `n` stays a leaf).
    fn expand(
        &self,
        n: usize,
        board: &Board,
        color: Color,
        moves: &[Move],
        last: Option<Point>,
        ladder: &mut Ladder,
    ) -> bool {
        let Some(first) = self.tree.arena.alloc(moves.len()) else {
            return false;
        };
        let only_pass = moves.len() == 1;
        for (k, &mv) in moves.iter().enumerate() {
            let prior = prior(board, color, mv, last, only_pass, ladder);
            self.tree.node(first + k).init(mv, color, prior);
        }
        let packed = ((first as u64) << 32) | moves.len() as u64;
        self.tree.node(n).children.store(packed, Release);
        true
    }

    /// The child of `n` to descend into.
    fn select(&self, n: usize) -> Option<usize> {
        if n == self.tree.root
            && let Some(pass) = self.root_pass
            && self.tree.node(pass).visits() * PASS_SHARE < self.tree.node(n).visits()
        {
            return Some(pass);
        }
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for ch in self.tree.node(n).children() {
            let node = self.tree.node(ch);
            if node.banned() {
                continue;
            }
            let v = node.value();
            if v > best_value {
                best_value = v;
                best = Some(ch);
            }
        }
        best
    }

    /// Runs playouts until `tick` (called before each, with this worker's counts) says to
    /// stop or the playout budget is used up.
    fn work(
        &self,
        seed: u64,
        own: &mut Ownership,
        tick: &mut dyn FnMut(&Self, &Ownership) -> bool,
    ) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut runner = Playouts::new(self.config.policy);
        let mut ladder = Ladder::new();
        let mut board = self.game.board().clone();
        let mut amaf = vec![0u8; MAX_POINTS];
        let mut path: Vec<usize> = Vec::with_capacity(64);
        loop {
            if tick(self, own) {
                break;
            }
            let claimed = self.started.fetch_add(1, Relaxed);
            if self.limits.playouts.is_some_and(|limit| claimed >= limit) {
                break;
            }
            self.playout(
                &mut board,
                &mut amaf,
                &mut path,
                &mut rng,
                &mut runner,
                &mut ladder,
            );
            add_ownership(&board, &mut own.sums);
            own.samples += 1;
            self.finished.fetch_add(1, Relaxed);
        }
    }

    /// One descent, playout and update.
    fn playout(
        &self,
        board: &mut Board,
        amaf: &mut [u8],
        path: &mut Vec<usize>,
        rng: &mut SmallRng,
        runner: &mut Playouts,
        ladder: &mut Ladder,
    ) {
        let tree = self.tree;
        board.copy_from(self.game.board());
        amaf.fill(0);
        path.clear();
        path.push(tree.root);
        let mut n = tree.root;
        let mut to_move = self.color;
        let mut last = self.last;
        loop {
            let node = tree.node(n);
            if node.children().is_empty() {
                let ready = node.visits() >= EXPAND_VISITS
                    && node
                        .expanding
                        .compare_exchange(false, true, Relaxed, Relaxed)
                        .is_ok();
                if !ready {
                    break;
                }
                let moves = inner_moves(board, to_move);
                if !self.expand(n, board, to_move, &moves, last[0], ladder) {
                    break;
                }
            }
            let Some(c) = self.select(n) else {
                break;
            };
            let child = tree.node(c);
            child.vloss.fetch_add(1, Relaxed);
            match child.mv() {
                Move::Play(p) => {
                    board.play(p, to_move);
                    if amaf[p.idx()] == 0 {
                        amaf[p.idx()] = to_move.cell();
                    }
                    last = [Some(p), last[0]];
                }
                Move::Pass => {
                    board.pass();
                    last = [None, last[0]];
                }
            }
            path.push(c);
            n = c;
            to_move = to_move.opp();
        }
        let result = runner.run(board, to_move, last, rng, self.max_moves, |p, c| {
            if amaf[p.idx()] == 0 {
                amaf[p.idx()] = c.cell();
            }
        });
        let margin = result.margin as f32 - self.komi;
        let black_wins = margin > 0.0;
        let margin16 = (margin * 16.0).round() as i64;
        for (k, &i) in path.iter().enumerate() {
            let node = tree.node(i);
            let black = node.color() == Color::Black;
            let won = black == black_wins;
            if k > 0 {
                node.vloss.fetch_sub(1, Relaxed);
            }
            node.visits.fetch_add(1, Relaxed);
            node.wins.fetch_add(won as u32, Relaxed);
            node.score_sum
                .fetch_add(if black { margin16 } else { -margin16 }, Relaxed);
            for ch in node.children() {
                let child = tree.node(ch);
                if let Move::Play(p) = child.mv()
                    && amaf[p.idx()] == child.color().cell()
                {
                    let child_won = (child.color() == Color::Black) == black_wins;
                    let a = child.amaf_visits.load(Relaxed);
                    child.amaf_visits.store(a + 1, Relaxed);
                    if child_won {
                        let w = child.amaf_wins.load(Relaxed);
                        child.amaf_wins.store(w + 1, Relaxed);
                    }
                }
            }
        }
    }

    /// Whether the most visited root move can no longer be overtaken in the time left.
    fn decided(&self, limits: &Limits, pacer: &Pacer) -> bool {
        let done = self.finished.load(Relaxed);
        let Some(total) = limits.time else {
            return false;
        };
        if limits.playouts.is_some() || done < 1000 {
            return false;
        }
        let elapsed = pacer.start.elapsed().as_secs_f64();
        if elapsed < 0.05 {
            return false;
        }
        let rate = done as f64 / elapsed;
        let left = (total.as_secs_f64() - elapsed).max(0.0) * rate;
        let mut visits: Vec<u32> = self
            .tree
            .node(self.tree.root)
            .children()
            .map(|c| self.tree.node(c))
            .filter(|n| n.mv() != Move::Pass && !n.banned())
            .map(Node::visits)
            .collect();
        visits.sort_unstable_by(|a, b| b.cmp(a));
        match visits[..] {
            [best, second, ..] => (best - second) as f64 > left,
            [_] => true,
            [] => false,
        }
    }

    fn report(&self, own: &Ownership, start: Instant) -> Report {
        let tree = self.tree;
        let mut candidates: Vec<Candidate> = tree
            .node(tree.root)
            .children()
            .filter(|&c| !tree.node(c).banned())
            .map(|c| {
                let nd = tree.node(c);
                let (pv, pw) = nd.prior();
                Candidate {
                    mv: nd.mv(),
                    visits: nd.visits() as u64,
                    wins: nd.wins.load(Relaxed) as f64,
                    margin_sum: nd.score_sum.load(Relaxed) as f64 / 16.0,
                    prior: (pw / pv.max(1.0)) as f64,
                    pv: tree.pv(c),
                }
            })
            .collect();
        let prior_total: f64 = candidates.iter().map(|c| c.prior).sum();
        for c in &mut candidates {
            c.prior /= prior_total.max(1e-9);
        }
        candidates.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.winrate().total_cmp(&a.winrate()))
        });
        Report {
            color: self.color,
            candidates,
            playouts: self.finished.load(Relaxed),
            elapsed: start.elapsed(),
            ownership_sum: own.sums.clone(),
            ownership_samples: own.samples,
        }
    }
}

/// Komi for the search: the game's (with handicap compensation), raised in handicap games
/// by 7 points per handicap stone at the start, falling linearly to nothing by the time
/// 60% of the board's points have been played (Pachi's linear dynamic komi). Searching as
/// black (the side with the stones), hoshi then aims to win by more instead of playing
/// slack; as white it counts a loss by less than the extra as a win, so the search still
/// tells good moves from bad instead of seeing a lost game everywhere. Returned as white's
/// bonus on the board margin.
pub fn dynamic_komi(game: &Game) -> f64 {
    let base = game.white_bonus();
    let handicap = game.handicap() as f64;
    if handicap < 2.0 {
        return base;
    }
    let points = (game.size() * game.size()) as f64;
    let fade = (1.0 - game.moves().len() as f64 / (0.6 * points)).max(0.0);
    base + DYNKOMI_PER_STONE * handicap * fade
}

/// Prior knowledge for `color` playing `mv` on `board`: (virtual visits, virtual wins).
fn prior(
    board: &Board,
    color: Color,
    mv: Move,
    last: Option<Point>,
    only_pass: bool,
    ladder: &mut Ladder,
) -> (f32, f32) {
    let mut visits = PRIOR_EVEN;
    let mut wins = PRIOR_EVEN / 2.0;
    let Move::Play(p) = mv else {
        return if only_pass {
            (visits, wins)
        } else {
            (visits, PRIOR_PASS_WINS)
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
            PRIOR_CAPTURE_ONE
        } else {
            PRIOR_CAPTURE_MANY
        };
        visits += bonus;
        wins += bonus;
    }
    if saves && ladder.escapes(board, p, color) {
        visits += PRIOR_SAVE;
        wins += PRIOR_SAVE;
    }
    if captured == 0 && board.libs_after(p, color, 2).0 < 2 {
        visits += PRIOR_SELF_ATARI;
    }
    if patterns::matches(board.neighborhood(p)) {
        visits += PRIOR_PATTERN;
        wins += PRIOR_PATTERN;
    }
    if let Some(l) = last {
        let geo = board.geometry();
        let ((x0, y0), (x1, y1)) = (geo.coords(l), geo.coords(p));
        let d = x0.abs_diff(x1) + y0.abs_diff(y1);
        if (1..=3).contains(&d) {
            let bonus = PRIOR_NEAR_LAST[d - 1];
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
        visits += PRIOR_EMPTY_AREA;
        if line == 3 {
            wins += PRIOR_EMPTY_AREA;
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

/// Moves to try for `color` at an inner node: legal (simple ko, no suicide), not filling
/// an own true eye, and pass.
fn inner_moves(board: &Board, color: Color) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..board.empty_count())
        .map(|k| board.empty_at(k))
        .filter(|&p| !board.is_true_eye(p, color) && board.legal_fast(p, color))
        .map(Move::Play)
        .collect();
    moves.push(Move::Pass);
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};

    fn config(threads: usize, node_cap: usize) -> Config {
        Config {
            policy: Policy::Heavy,
            threads,
            node_cap,
            reuse: true,
        }
    }

    fn run_with(s: &mut Searcher, game: &Game, color: Color, playouts: u64, seed: u64) -> Report {
        let limits = Limits {
            playouts: Some(playouts),
            time: None,
        };
        s.think(game, color, limits, seed, &|| false, None, &mut |_| {})
    }

    fn run(game: &Game, color: Color, playouts: u64, seed: u64) -> Report {
        run_with(
            &mut Searcher::new(config(1, 1 << 20)),
            game,
            color,
            playouts,
            seed,
        )
    }

    fn game(diagram: &str, komi: f64, to_move: Color) -> Game {
        let b = Board::from_diagram(diagram).unwrap();
        let mut g = Game::new(b.size(), Rules::new(RuleSet::Chinese), komi).unwrap();
        g.setup(&b.stones(), to_move).unwrap();
        g
    }

    #[test]
    fn captures_the_cutting_stone() {
        let g = game(
            ". . . . .
             X X X X .
             X X O . X
             X X X X X
             . X . X .",
            0.5,
            Color::Black,
        );
        let r = run(&g, Color::Black, 2000, 1);
        assert_eq!(g.geometry().move_text(player::choose(&r)), "D3");
        assert!(r.best().unwrap().winrate() > 0.9);
    }

    #[test]
    fn saves_a_big_group_in_atari() {
        // Black's five stones have one liberty at E3; extending there saves them.
        let g = game(
            ". . . . . . .
             . . . . . . .
             . O O O O . .
             O X X X X O .
             . O O O . O .
             . . . . . . .
             . . . . . . .",
            0.5,
            Color::Black,
        );
        let r = run(&g, Color::Black, 4000, 2);
        assert_eq!(g.geometry().move_text(player::choose(&r)), "E3");
    }

    #[test]
    fn deterministic_for_a_seed_and_pv_starts_with_the_move() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let a = run(&g, Color::Black, 1500, 9);
        let b = run(&g, Color::Black, 1500, 9);
        assert_eq!(player::choose(&a), player::choose(&b));
        assert_eq!(a.best().unwrap().visits, b.best().unwrap().visits);
        let best = a.best().unwrap();
        assert_eq!(best.pv[0], best.mv);
        assert!(best.pv.len() >= 2, "{:?}", best.pv);
        let total: u64 = a.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(total, 1500);
        assert_eq!(a.playouts, 1500);
        assert_eq!(a.ownership_samples, 1500);
        let priors: f64 = a.candidates.iter().map(|c| c.prior).sum();
        assert!((priors - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_node_cap_is_respected() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(2, 200));
        let r = run_with(&mut s, &g, Color::Black, 3000, 1);
        assert_eq!(r.playouts, 3000);
        assert!(s.nodes_used() <= 200);
        assert!(r.best().unwrap().pv.len() <= 3);
    }

    #[test]
    fn parallel_search_counts_every_playout_once() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(2, 1 << 20));
        let r = run_with(&mut s, &g, Color::Black, 6000, 3);
        assert_eq!(r.playouts, 6000);
        assert_eq!(r.ownership_samples, 6000);
        let total: u64 = r.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(total, 6000);
        // Virtual losses are all taken back.
        let tree = s.tree.as_ref().unwrap();
        for i in 0..tree.arena.used() {
            if tree.arena.chunks[i >> CHUNK_BITS].get().is_some() {
                assert_eq!(tree.node(i).vloss.load(Relaxed), 0);
            }
        }
    }

    #[test]
    fn the_tree_is_kept_for_the_moves_played() {
        let mut g = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(1, 1 << 20));
        let r = run_with(&mut s, &g, Color::Black, 4000, 4);
        let mv = player::choose(&r);
        g.play(Color::Black, mv).unwrap();
        // White's reply: the most visited child of black's move.
        let reply = r.best().unwrap().pv[1];
        g.play(Color::White, reply).unwrap();
        let tree = s.tree.as_ref().unwrap();
        let kept = tree
            .node(tree.root)
            .children()
            .find(|&c| tree.node(c).mv() == mv)
            .map(|c| {
                tree.node(c)
                    .children()
                    .find(|&d| tree.node(d).mv() == reply)
                    .map_or(0, |d| tree.node(d).visits())
            })
            .unwrap();
        assert!(kept > 10, "{kept}");
        let r2 = run_with(&mut s, &g, Color::Black, 1000, 5);
        let total: u64 = r2.candidates.iter().map(|c| c.visits).sum();
        // The kept node's first EXPAND_VISITS playouts ended at it, before it had children.
        assert_eq!(total as u32, kept - EXPAND_VISITS + 1000);
        // A position that does not continue the tree starts afresh.
        let other = Game::new(9, Rules::default(), 6.5).unwrap();
        let r3 = run_with(&mut s, &other, Color::Black, 500, 6);
        let total: u64 = r3.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(total, 500);
    }

    #[test]
    fn handicap_games_are_neither_hopeless_for_white_nor_won_for_black() {
        let mut g = Game::new(9, Rules::default(), 0.5).unwrap();
        let stones = crate::go::handicap::fixed(g.geometry(), 4).unwrap();
        g.place_handicap(&stones).unwrap();
        let white = run(&g, Color::White, 3000, 8).best().unwrap().winrate();
        assert!((0.3..0.8).contains(&white), "white sees {white}");
        g.play(Color::White, Move::Play(g.geometry().point(4, 4)))
            .unwrap();
        let black = run(&g, Color::Black, 3000, 8).best().unwrap().winrate();
        assert!((0.2..0.7).contains(&black), "black sees {black}");
    }

    #[test]
    fn dynamic_komi_fades_with_the_moves() {
        let mut g = Game::new(19, Rules::default(), 0.5).unwrap();
        assert_eq!(dynamic_komi(&g), g.white_bonus());
        let stones = crate::go::handicap::fixed(g.geometry(), 4).unwrap();
        g.place_handicap(&stones).unwrap();
        let base = g.white_bonus();
        assert_eq!(dynamic_komi(&g), base + 28.0);
        for k in 0..300 {
            let c = g.to_move();
            g.play(c, Move::Pass).unwrap();
            if k == 100 {
                let d = dynamic_komi(&g) - base;
                assert!(d > 0.0 && d < 28.0, "{d}");
            }
        }
        assert_eq!(dynamic_komi(&g), base);
    }
}
