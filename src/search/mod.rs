//! Parallel Monte Carlo tree search: UCT with RAVE/AMAF and prior knowledge (the scheme of
//! michi and Pachi's UCT), heavy or light playouts at the leaves.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | `Searcher` (the kept tree and the threads) and `Search` (one search: descend, simulate, back up) |
//! | `tree.rs` | lock-free nodes in a chunked arena, the root's position, tree reuse, the PV |
//! | `prior.rs` | prior knowledge given to new children |
//! | `dynkomi.rs` | dynamic komi in handicap games; adaptive komi in won even games |
//! | `params.rs` | `Params`, every tuning value as data |
//! | `report.rs` | `Limits`, `Candidate`, `Report`, `Pacer`: what a search reports and when it stops |
//! | `playout.rs` | light and heavy playouts, the inner loop |
//! | `patterns.rs` | 3×3 shape patterns for playouts and priors |
//!
//! **One playout** (`Search::playout`) reads as michi's `tree_descend` / `tree_update`:
//! `descend` walks from the root by the selection value, expanding a leaf once it has
//! `expand_visits` visits and adding a virtual loss on the way; `simulate` plays the
//! position out; `backup` adds the result to every node on the path, and to the AMAF
//! statistics of their children whose move the same side played later.
//!
//! **Selection** maximises `(1 - β)·q + β·q_amaf` (Gelly and Silver's β, `rave_equiv`) with
//! prior and virtual-loss visits counted in `q`, which spreads threads over different lines.
//!
//! **Threads.** Worker 0 runs on the caller's thread and owns timing, reports and the stop
//! check; the others run on a rayon pool and stop when worker 0 raises the halt flag (or the
//! playout budget is used up). With one thread and a playout budget the search is
//! deterministic for a seed.
//!
//! **Reuse.** The tree is kept between moves (`Searcher`): when the next search starts from
//! a position reached by moves from the old root, the matching subtree becomes the new root.
//!
//! Superko is checked for root moves only (`Game`); deeper moves follow simple ko. The
//! search depends on the rules core and its tactics only: nothing of dead stones or GTP.

pub mod dynkomi;
pub mod features;
pub mod params;
pub mod patterns;
pub mod playout;
mod prior;
pub mod report;
mod settled;
mod tree;

use std::sync::atomic::Ordering::{Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::point::{EMPTY, MAX_POINTS};
use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Game, Move, Point, Scoring};
use dynkomi::AdaptiveKomi;
pub use dynkomi::dynamic_komi;
pub use params::{ParamError, Params};
use playout::{Playouts, Policy, add_ownership};
use report::Ownership;
use report::Pacer;
pub use report::{Candidate, Limits, Report};
use settled::{Reading, Settled};
use tree::{Arena, BANNED, Node, Tree, VALUE_ONE};
pub use tree::{NODE_BYTES, max_nodes};

/// Search settings that stay fixed for a game (`params` may change between searches).
#[derive(Copy, Clone, Debug)]
pub struct Config {
    pub policy: Policy,
    pub threads: usize,
    pub node_cap: usize,
    /// Keep the tree between moves.
    pub reuse: bool,
    /// Count ownership by every root move each playout began with
    /// (`Report::ownership_after`), for the end-of-game judgement; without it only the
    /// root's pass is counted apart (`Report::ownership_after_pass`).
    pub by_first_move: bool,
    pub params: Params,
}

/// Legal moves at the root, pass aside, at or under which the root's pass is read under
/// any rules (`Params::pass_share`).
const FEW_MOVES: usize = 8;

/// The search with its kept tree and thread pool.
pub struct Searcher {
    config: Config,
    tree: Option<Tree>,
    pool: Option<rayon::ThreadPool>,
    /// The arena not in use: the old tree's after a compaction or a new tree, recycled by
    /// the next one, so the search never holds more than two.
    spare: Option<Arena>,
    /// Compactions of the tree so far.
    reclaims: u64,
    /// Visits a node needs before it is expanded, at least, since the kept tree was last
    /// compacted: the threshold of that compaction (0 for a tree never compacted). New
    /// nodes then go where the kept ones are, and the tree deepens instead of refilling
    /// with the nodes just dropped.
    expand_floor: u32,
    /// Whether the searches adapt the komi (`dynkomi::adapts`): on for the searches that
    /// choose a move to play, off for analysis and pondering.
    adapt: bool,
    /// Each colour's adaptive komi so far in this game (black, white).
    adaptive: [f32; 2],
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
            spare: None,
            reclaims: 0,
            expand_floor: 0,
            adapt: false,
            adaptive: [0.0; 2],
        }
    }

    /// Turns the adaptive komi on (searches for a move to play) or off (analysis).
    pub fn set_adaptive(&mut self, on: bool) {
        self.adapt = on;
    }

    /// The points `color`'s searches must win by beyond the komi, for now.
    pub fn adaptive_extra(&self, color: Color) -> f32 {
        self.adaptive[color.index()]
    }

    pub fn config(&self) -> Config {
        self.config
    }

    /// Replaces the tuning values; the kept tree is dropped (its priors used the old ones).
    pub fn set_params(&mut self, params: Params) {
        self.config.params = params;
        self.clear();
    }

    /// Forgets the kept tree (new game, loaded position, changed rules or komi).
    pub fn clear(&mut self) {
        if let Some(tree) = self.tree.take() {
            self.spare = Some(tree.arena);
        }
        self.expand_floor = 0;
        self.adaptive = [0.0; 2];
    }

    /// An arena for a new tree or a compaction: the spare one, or a new one.
    fn take_arena(&mut self) -> Arena {
        self.spare
            .take()
            .unwrap_or_else(|| Arena::new(self.config.node_cap))
    }

    /// Makes `tree` the kept tree; the old one's arena becomes the spare.
    fn replace_tree(&mut self, tree: Tree) {
        if let Some(old) = self.tree.replace(tree) {
            self.spare = Some(old.arena);
        }
    }

    /// Nodes in the kept tree's arena (for tests and logs).
    pub fn nodes_used(&self) -> usize {
        self.tree.as_ref().map_or(0, |t| t.arena.used())
    }

    /// Times the kept tree has been compacted to make room (for tests and logs).
    pub fn reclaims(&self) -> u64 {
        self.reclaims
    }

    /// Searches for `color` in `game` until `limits` or `stop()`, reporting progress every
    /// `every`.
    ///
    /// The search runs in rounds. A round ends when the limits are reached, or when the
    /// arena is full: then the tree is compacted (`reclaim`) and the next round goes on
    /// deepening it, with the same clock, playout count and ownership sums. Without a full
    /// arena there is one round, and the search is the same as one without reclaiming.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
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
            && self
                .tree
                .as_mut()
                .is_some_and(|t| t.advance_to(game) && t.node(t.root).color() != color);
        match self.tree.as_ref() {
            Some(tree) if reused => {
                log::debug!(
                    "reusing the tree: {} visits at the new root",
                    tree.node(tree.root).visits()
                );
                if tree.arena.used() > cap / 2 {
                    // Drops what the moves played made unreachable, and makes room.
                    self.reclaim();
                }
            }
            _ => {
                let arena = self.take_arena();
                let tree = Tree::new(game, arena);
                tree.node(tree.root)
                    .init(Move::Pass, color.opp(), (0.0, 0.0));
                self.replace_tree(tree);
                self.expand_floor = 0;
            }
        }
        let threads = self.config.threads.max(1);
        let mut pacer = Pacer::new(limits, every);
        // The reading before the search, charged to its clock.
        let params = &self.config.params;
        let reading = Reading {
            nodes: params.search_solve_nodes,
            deadline: limits
                .time
                .map(|t| pacer.start + t.mul_f64(params.search_solve_share)),
        };
        let settled = Settled::new(game, self.config.policy == Policy::Heavy, reading);
        let mut own = Ownership::new(self.config.by_first_move);
        let mut others: Vec<Ownership> = Vec::new();
        let mut done = 0;
        let mut reclaim = true;
        for round in 0u64.. {
            let Some(tree) = self.tree.as_ref() else {
                unreachable!("the tree was just set")
            };
            let mut search = Search::new(tree, game, color, limits, self.config, done, &settled);
            search.reclaim = reclaim;
            search.expand_visits = search.expand_visits.max(self.expand_floor);
            let adapts = self.adapt && dynkomi::adapts(game, &self.config.params);
            search.adaptive = AdaptiveKomi::new(self.adaptive[color.index()], adapts);
            search.prepare_root();
            let round_seed = seed ^ round.wrapping_mul(0xD1B5_4A32_D192_ED03);
            let ended = search.round(
                self.pool.as_ref(),
                round_seed,
                (&mut pacer, &mut own, &mut others),
                stop,
                progress,
            );
            let progressed = search.finished.load(Relaxed) > done;
            done = search.finished.load(Relaxed);
            if search.adaptive.on() {
                self.adaptive[color.index()] = search.adaptive.extra();
            }
            if ended || !search.full.load(Relaxed) {
                let mut total = Ownership::new(self.config.by_first_move);
                total.merge(&own);
                for o in &others {
                    total.merge(o);
                }
                let report = search.report(&total, pacer.start);
                let secs = report.elapsed.as_secs_f64().max(1e-9);
                log::info!(
                    "{} playouts in {:.2}s ({:.0}/s, {threads} threads{}{}), {} nodes; best {} {:.1}%",
                    report.playouts,
                    secs,
                    report.playouts as f64 / secs,
                    if reused { ", tree reused" } else { "" },
                    if search.adaptive.on() {
                        format!(", komi +{} against it", search.adaptive.extra())
                    } else {
                        String::new()
                    },
                    tree.arena.used(),
                    report
                        .best()
                        .map_or("-".into(), |c| game.geometry().move_text(c.mv)),
                    report.best().map_or(0.0, |c| 100.0 * c.winrate()),
                );
                return report;
            }
            let before = self.nodes_used();
            self.reclaim();
            // A round that played nothing (the root's children alone overflow the arena),
            // or a tree that stays mostly full after compaction (a tiny cap), gains nothing
            // from more rounds: the search goes on without expanding.
            let after = self.nodes_used();
            reclaim = progressed && after <= cap * 3 / 4 && after < before;
        }
        unreachable!("the rounds end with a report")
    }

    /// Compacts the kept tree into a new arena holding at most half the cap: the children
    /// of the least visited nodes are dropped (see `Tree::compacted`). Logged once at info
    /// level, the first time.
    fn reclaim(&mut self) {
        let arena = self.take_arena();
        let Some(tree) = self.tree.as_ref() else {
            self.spare = Some(arena);
            return;
        };
        let cap = self.config.node_cap;
        let before = tree.arena.used();
        let held = tree.arena.allocated() * NODE_BYTES;
        let root_visits = tree.node(tree.root).visits();
        let (compact, threshold) = tree.compacted(arena, cap / 2, self.config.params.expand_visits);
        let after = compact.arena.used();
        self.replace_tree(compact);
        self.reclaims += 1;
        self.expand_floor = threshold;
        let text = format!(
            "search tree full at {before} of {cap} nodes ({} MiB): kept {after}, the children \
             of nodes with {threshold}+ visits ({root_visits} root visits)",
            held >> 20
        );
        if self.reclaims == 1 {
            log::info!("{text}; reclaiming from now on");
        } else {
            log::debug!("{text}");
        }
    }
}

/// Virtual wins above an even share (`prior_wins - prior_visits / 2`) that multiply a move's
/// reported prior probability by e.
const PRIOR_SOFTMAX_WINS: f32 = 10.0;

/// One search over a tree: shared by the workers.
struct Search<'t> {
    tree: &'t Tree,
    game: &'t Game,
    color: Color,
    limits: Limits,
    config: Config,
    /// Komi for the playouts' black-minus-white margin, with dynamic komi.
    komi: f32,
    /// Playouts count territory (Japanese rules): the area margin at the end less the
    /// stones each side placed up to the leaf (`Board::placed_margin`), so a stone played
    /// in the tree costs its player a point, as it does in the count, while the playout's
    /// own filling of territory does not.
    territory: bool,
    /// `score_scale` for this board size.
    score_scale: f32,
    max_moves: u32,
    last: [Option<Point>; 2],
    halt: AtomicBool,
    /// Set when an expansion finds the arena full (only if `reclaim`): the round ends, so
    /// the tree can be compacted.
    full: AtomicBool,
    reclaim: bool,
    /// Visits before a leaf is expanded: `expand_visits`, or more after a compaction.
    expand_visits: u32,
    /// One over `rave_equiv`, or over `rave_equiv_large` from 13×13 up (`Node::value`).
    inv_rave_equiv: f32,
    /// The root's pass child, when it must keep a share of the visits.
    root_pass: Option<usize>,
    /// Playouts started (claimed against the playout budget) and finished, earlier rounds
    /// included.
    started: AtomicU64,
    finished: AtomicU64,
    /// This search's final margins per root child (by child index less `root_first`), for
    /// the spread of the score.
    root_first: usize,
    root_scores: Vec<ScoreMoments>,
    /// Pass-alive territory at the root (closed to both colours) and the regions of the
    /// groups read dead there (counted for the attacker).
    settled: &'t Settled,
    /// The points `color` must win by beyond `komi` for a playout to count as a win in the
    /// values that steer the tree (the win counts reported stay against `komi`).
    adaptive: AdaptiveKomi,
}

/// Count, sum and sum of squares of final margins (in 1/16 points), for a standard
/// deviation.
#[derive(Default)]
struct ScoreMoments {
    n: AtomicU64,
    sum: AtomicI64,
    squares: AtomicU64,
}

impl ScoreMoments {
    fn add(&self, margin16: i64) {
        self.n.fetch_add(1, Relaxed);
        self.sum.fetch_add(margin16, Relaxed);
        self.squares
            .fetch_add(margin16.unsigned_abs().pow(2), Relaxed);
    }

    /// The standard deviation in points; 0 with fewer than two samples.
    fn stdev(&self) -> f64 {
        let n = self.n.load(Relaxed) as f64;
        if n < 2.0 {
            return 0.0;
        }
        let mean = self.sum.load(Relaxed) as f64 / n;
        let var = self.squares.load(Relaxed) as f64 / n - mean * mean;
        var.max(0.0).sqrt() / 16.0
    }
}

/// A worker's own scratch: its random stream, playout runner, ladder reader, board copy,
/// AMAF marks (the colour that first played each point in this playout) and path.
struct Worker {
    rng: SmallRng,
    runner: Playouts,
    ladder: Ladder,
    board: Board,
    amaf: Vec<u8>,
    path: Vec<usize>,
}

impl<'t> Search<'t> {
    /// A round of search over `tree`, after `done` playouts of earlier rounds.
    fn new(
        tree: &'t Tree,
        game: &'t Game,
        color: Color,
        limits: Limits,
        config: Config,
        done: u64,
        settled: &'t Settled,
    ) -> Self {
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
            komi: dynamic_komi(game, &config.params) as f32,
            territory: game.rules().scoring == Scoring::Territory,
            score_scale: config.params.score_scale * size as f32 / 19.0,
            max_moves: 3 * (size * size) as u32,
            last: [last_point(1), last_point(2)],
            halt: AtomicBool::new(false),
            full: AtomicBool::new(false),
            reclaim: true,
            expand_visits: config.params.expand_visits,
            inv_rave_equiv: 1.0
                / params::by_size(
                    size,
                    config.params.rave_equiv,
                    config.params.rave_equiv_large,
                ),
            root_pass: None,
            started: AtomicU64::new(done),
            finished: AtomicU64::new(done),
            root_first: 0,
            root_scores: Vec::new(),
            settled,
            adaptive: AdaptiveKomi::new(0.0, false),
        }
    }

    fn params(&self) -> &Params {
        &self.config.params
    }

    /// Whether `mv` is a stone on a point closed to both colours (`Settled`).
    fn closes(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(p) if self.settled.closed(p))
    }

    /// Makes sure the root has its children: every legal move (superko included) that does
    /// not fill an own true eye, and pass. On a reused root, bans superko-illegal children.
    /// Under territory scoring, and after the opponent passed, pass is kept explored
    /// (`pass_share`).
    fn prepare_root(&mut self) {
        let root = self.tree.node(self.tree.root);
        if root.children().is_empty() {
            let mut moves = root_moves(self.game, self.color);
            moves.retain(|&m| !self.closes(m));
            moves.push(Move::Pass);
            self.expand(
                self.tree.root,
                self.game.board(),
                self.color,
                &moves,
                self.last,
                &mut Ladder::new(),
            );
        } else {
            for ch in root.children() {
                let node = self.tree.node(ch);
                if !self.game.is_legal(self.color, node.mv()) || self.closes(node.mv()) {
                    node.color.fetch_or(BANNED, Relaxed);
                }
            }
        }
        // At the root a pass is a real option (ending the game, or not losing a point
        // under territory rules): it gets the even prior, not the inner nodes' low one.
        // It is read (`pass_share`) under territory rules, after the opponent's pass, and
        // where few moves are left to play (`FEW_MOVES`: a seki's shared liberties may be
        // all, and each gives a chain away).
        let even = prior::even_weight(self.game.board(), self.params());
        let moves = root
            .children()
            .filter(|&ch| {
                let node = self.tree.node(ch);
                node.mv() != Move::Pass && !node.banned()
            })
            .count();
        for ch in root.children() {
            let node = self.tree.node(ch);
            if node.mv() == Move::Pass {
                node.prior_visits.store(even.to_bits(), Relaxed);
                node.prior_wins.store((even / 2.0).to_bits(), Relaxed);
                let opponent_passed =
                    self.game.moves().last() == Some(&(self.color.opp(), Move::Pass));
                if self.game.rules().scoring == Scoring::Territory
                    || opponent_passed
                    || moves <= FEW_MOVES
                {
                    self.root_pass = Some(ch);
                }
            }
        }
        let children = root.children();
        self.root_first = children.start;
        self.root_scores = children.map(|_| ScoreMoments::default()).collect();
    }

    /// Creates the children of node `n` for `moves` by `color`. False when the arena is
    /// full (then `n` stays a leaf).
    fn expand(
        &self,
        n: usize,
        board: &Board,
        color: Color,
        moves: &[Move],
        last: [Option<Point>; 2],
        ladder: &mut Ladder,
    ) -> bool {
        let Some(first) = self.tree.arena.alloc(moves.len()) else {
            if self.reclaim {
                self.full.store(true, Relaxed);
            }
            return false;
        };
        let only_pass = moves.len() == 1;
        let shares = prior::learned_shares(board, color, moves, last, ladder, self.params());
        let read = prior::read_bonuses(board, color, last, self.params());
        let malus = prior::read_maluses(board, color, moves, self.params());
        for (k, &mv) in moves.iter().enumerate() {
            let share = shares.get(k).copied().unwrap_or(0.0);
            let mut prior = prior::prior(
                board,
                color,
                mv,
                last[0],
                only_pass,
                share,
                ladder,
                self.params(),
            );
            for &(p, bonus) in &read {
                if mv == Move::Play(p) {
                    prior.0 += bonus;
                    prior.1 += bonus;
                }
            }
            for &(p, lost) in &malus {
                if mv == Move::Play(p) {
                    prior.0 += lost;
                }
            }
            self.tree.node(first + k).init(mv, color, prior);
        }
        let packed = ((first as u64) << 32) | moves.len() as u64;
        self.tree.node(n).children.store(packed, Release);
        true
    }

    /// The child of `n` to descend into.
    fn select(&self, n: usize) -> Option<usize> {
        let params = self.params();
        if n == self.tree.root
            && let Some(pass) = self.root_pass
            && (self.tree.node(pass).visits() as u64) * (params.pass_share as u64)
                < self.tree.node(n).visits() as u64
        {
            return Some(pass);
        }
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let (first, children) = self.tree.children_of(n);
        for (k, node) in children.iter().enumerate() {
            if node.banned() {
                continue;
            }
            let v = node.value(params.virtual_loss, self.inv_rave_equiv);
            if v > best_value {
                best_value = v;
                best = Some(first + k);
            }
        }
        best
    }

    /// Runs one round on every thread: worker 0 here (timing, reports, the stop check),
    /// the others on `pool`, each adding its ownership counts (worker 0's to `own`, the
    /// others' to `others`). True when the search is over (limits, `stop()` or a decided
    /// move); false when it stopped because the arena is full.
    fn round(
        &self,
        pool: Option<&rayon::ThreadPool>,
        seed: u64,
        (pacer, own, others): (&mut Pacer, &mut Ownership, &mut Vec<Ownership>),
        stop: &dyn Fn() -> bool,
        progress: &mut dyn FnMut(&Report),
    ) -> bool {
        let threads = self.config.threads.max(1);
        let limits = self.limits;
        let mut ended = false;
        let mut worker0 = |search: &Search| {
            search.work(seed, own, &mut |search, own| {
                let mine = own.samples;
                if pacer.report_due(mine) {
                    progress(&search.report(own, pacer.start));
                }
                let over = pacer.done(mine, stop)
                    || (!pacer.reports()
                        && mine.is_multiple_of(64)
                        && search.decided(&limits, pacer));
                ended |= over;
                let halt = over || search.full.load(Relaxed);
                if halt {
                    search.halt.store(true, Relaxed);
                }
                halt
            });
        };
        match pool {
            Some(pool) if threads > 1 => pool.in_place_scope(|scope| {
                let (tx, rx) = std::sync::mpsc::channel();
                for t in 1..threads {
                    let tx = tx.clone();
                    scope.spawn(move |_| {
                        let mut own = Ownership::new(self.config.by_first_move);
                        let thread_seed = seed ^ (t as u64).wrapping_mul(0xA076_1D64_78BD_642F);
                        self.work(thread_seed, &mut own, &mut |s, _| s.halt.load(Relaxed));
                        let _ = tx.send(own);
                    });
                }
                drop(tx);
                worker0(self);
                self.halt.store(true, Relaxed);
                others.extend(rx.iter());
            }),
            _ => worker0(self),
        }
        ended
            || limits
                .playouts
                .is_some_and(|n| self.finished.load(Relaxed) >= n)
    }

    /// Runs playouts until `tick` (called before each, with this worker's ownership counts)
    /// says to stop or the playout budget is used up.
    fn work(
        &self,
        seed: u64,
        own: &mut Ownership,
        tick: &mut dyn FnMut(&Self, &Ownership) -> bool,
    ) {
        let mut w = Worker {
            rng: SmallRng::seed_from_u64(seed),
            runner: Playouts::new(self.config.policy, self.params(), self.game.size()),
            ladder: Ladder::new(),
            board: self.game.board().clone(),
            amaf: vec![0u8; MAX_POINTS],
            path: Vec::with_capacity(64),
        };
        if self.settled.any() {
            w.runner.close(self.settled.mask());
        }
        loop {
            if tick(self, own) {
                break;
            }
            let claimed = self.started.fetch_add(1, Relaxed);
            if self.limits.playouts.is_some_and(|limit| claimed >= limit) {
                break;
            }
            self.playout(&mut w);
            self.count_ownership(&w.board, &mut own.sums);
            own.samples += 1;
            if let Some(&n) = w.path.get(1)
                && let Some(row) = own.by_first_move.row(self.tree.node(n).mv())
            {
                self.count_ownership(&w.board, row);
            }
            self.finished.fetch_add(1, Relaxed);
        }
    }

    /// Adds the ownership of a playout that ended on `end` to `sums` (`add_ownership`,
    /// with the settled regions' corrections).
    fn count_ownership(&self, end: &Board, sums: &mut [i32]) {
        add_ownership(end, sums);
        self.settled.fix_ownership(end, sums);
    }

    /// One playout: descend the tree, play the rest out, back the result up.
    fn playout(&self, w: &mut Worker) {
        let (to_move, last) = self.descend(w);
        let margin = self.simulate(w, to_move, last);
        self.backup(&w.path, &w.amaf, margin);
    }

    /// Walks from the root to a leaf on `w.board`, expanding a leaf that has been visited
    /// `expand_visits` times, adding a virtual loss to each child taken and marking AMAF
    /// moves. Leaves the path in `w.path`; returns the side to move at the leaf and the
    /// last two moves.
    fn descend(&self, w: &mut Worker) -> (Color, [Option<Point>; 2]) {
        let tree = self.tree;
        let board = &mut w.board;
        board.copy_from(self.game.board());
        w.amaf.fill(0);
        w.path.clear();
        w.path.push(tree.root);
        let mut n = tree.root;
        let mut to_move = self.color;
        let mut last = self.last;
        loop {
            let node = tree.node(n);
            if node.children().is_empty() {
                let ready = node.visits() >= self.expand_visits
                    && node
                        .expanding
                        .compare_exchange(false, true, Relaxed, Relaxed)
                        .is_ok();
                if !ready {
                    break;
                }
                let mut moves = inner_moves(board, to_move);
                if self.settled.any() {
                    moves.retain(|&m| !self.closes(m));
                }
                if !self.expand(n, board, to_move, &moves, last, &mut w.ladder) {
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
                    if w.amaf[p.idx()] == 0 {
                        w.amaf[p.idx()] = to_move.cell();
                    }
                    last = [Some(p), last[0]];
                }
                Move::Pass => {
                    board.pass();
                    last = [None, last[0]];
                }
            }
            w.path.push(c);
            n = c;
            to_move = to_move.opp();
        }
        (to_move, last)
    }

    /// Plays the leaf position out with the worker's policy, marking AMAF moves; returns
    /// the final margin, black minus white with (dynamic) komi.
    fn simulate(&self, w: &mut Worker, to_move: Color, last: [Option<Point>; 2]) -> f32 {
        let amaf = &mut w.amaf;
        let placed = if self.territory {
            w.board.placed_margin()
        } else {
            0
        };
        let result = w.runner.run(
            &mut w.board,
            to_move,
            last,
            &mut w.rng,
            self.max_moves,
            |p, c| {
                if amaf[p.idx()] == 0 {
                    amaf[p.idx()] = c.cell();
                }
            },
        );
        (result.margin + self.settled.margin_fix(&w.board) - placed) as f32 - self.komi
    }

    /// Adds a playout with final `margin` (black minus white) to every node on `path`,
    /// taking back the virtual losses, and to the AMAF statistics of each path node's
    /// children whose move the same colour played first in the playout (`amaf`).
    fn backup(&self, path: &[usize], amaf: &[u8], margin: f32) {
        let tree = self.tree;
        let black_wins = margin > 0.0;
        let margin16 = (margin * 16.0).round() as i64;
        // Against the adaptive komi, for the values: black wins above `extra` when black
        // searches, above `-extra` when white does.
        let extra = self.adaptive.extra();
        let (shift, mover_margin) = if self.color == Color::Black {
            (extra, margin)
        } else {
            (-extra, -margin)
        };
        let black_wins_raised = margin > shift;
        self.adaptive.record(mover_margin, self.params());
        let black_value = self.playout_value(black_wins_raised, margin);
        let white_value = VALUE_ONE - black_value;
        for (k, &i) in path.iter().enumerate() {
            let node = tree.node(i);
            let black = node.color() == Color::Black;
            let won = black == black_wins;
            if k > 0 {
                node.vloss.fetch_sub(1, Relaxed);
            }
            node.visits.fetch_add(1, Relaxed);
            node.wins.fetch_add(won as u32, Relaxed);
            let value = if black { black_value } else { white_value };
            node.value_sum.fetch_add(value, Relaxed);
            let mover_margin16 = if black { margin16 } else { -margin16 };
            node.score_sum.fetch_add(mover_margin16, Relaxed);
            if k == 1
                && let Some(moments) = self.root_moments(i)
            {
                moments.add(mover_margin16);
            }
            // The children's moves are all by the player who did not make this node's.
            let (child_cell, child_value) = if black {
                (Color::White.cell(), white_value)
            } else {
                (Color::Black.cell(), black_value)
            };
            for child in tree.arena.slice(node.children()) {
                if let Move::Play(p) = child.mv()
                    && amaf[p.idx()] == child_cell
                {
                    let a = child.amaf_visits.load(Relaxed);
                    child.amaf_visits.store(a + 1, Relaxed);
                    if child_value > 0 {
                        let v = child.amaf_value.load(Relaxed);
                        child.amaf_value.store(v + child_value, Relaxed);
                    }
                }
            }
        }
    }

    /// This search's margins through root child `child`.
    fn root_moments(&self, child: usize) -> Option<&ScoreMoments> {
        self.root_scores.get(child.wrapping_sub(self.root_first))
    }

    /// A playout's value to black (`VALUE_ONE` a win) for its final `margin`: the win
    /// (`black_wins`, against the adaptive komi), and with `score_utility` a share for the
    /// margin against the root's mean margin so far (the centre moves with the search, so
    /// that the score keeps counting in decided games).
    fn playout_value(&self, black_wins: bool, margin: f32) -> u64 {
        let lambda = self.params().score_utility;
        if lambda <= 0.0 {
            return if black_wins { VALUE_ONE } else { 0 };
        }
        let root = self.tree.node(self.tree.root);
        let n = root.visits();
        let center = if n == 0 {
            0.0
        } else {
            let mean = root.score_sum.load(Relaxed) as f32 / (16.0 * n as f32);
            // The root's statistics are from the view of the player who moved into it.
            if root.color() == Color::Black {
                mean
            } else {
                -mean
            }
        };
        let score = 0.5 + ((margin - center) / self.score_scale).atan() / std::f32::consts::PI;
        let value = (1.0 - lambda) * black_wins as u8 as f32 + lambda * score;
        ((value * VALUE_ONE as f32).round() as u64).min(VALUE_ONE)
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
        let total = total.as_secs_f64();
        if elapsed < 0.05 || elapsed < total * self.params().early_stop_after {
            return false;
        }
        let visits: Vec<u32> = self
            .tree
            .node(self.tree.root)
            .children()
            .map(|c| self.tree.node(c))
            .filter(|n| n.mv() != Move::Pass && !n.banned())
            .map(Node::visits)
            .collect();
        let left = (total - elapsed).max(0.0) * done as f64 / elapsed;
        cannot_be_overtaken(visits, left)
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
                    score_stdev: self.root_moments(c).map_or(0.0, ScoreMoments::stdev),
                    // Virtual wins above an even share, through a softmax.
                    prior: (((pw - pv / 2.0) / PRIOR_SOFTMAX_WINS) as f64).exp(),
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
            by_first_move: own.by_first_move.clone(),
        }
    }
}

/// Root moves worth trying for `c`: legal (with superko), not filling a true eye of `c`.
pub fn root_moves(game: &Game, c: Color) -> Vec<Move> {
    let b = game.board();
    game.geometry()
        .points()
        .filter(|&p| b.cell(p) == EMPTY && !b.is_true_eye(p, c))
        .map(Move::Play)
        .filter(|&m| game.is_legal(c, m))
        .collect()
}

/// Moves to try for `color` at an inner node: legal (simple ko, no suicide), not filling
/// an own true eye, and pass.
pub(crate) fn inner_moves(board: &Board, color: Color) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..board.empty_count())
        .map(|k| board.empty_at(k))
        .filter(|&p| !board.is_true_eye(p, color) && board.legal_fast(p, color))
        .map(Move::Play)
        .collect();
    moves.push(Move::Pass);
    moves
}

/// Whether the most visited of the root moves' `visits` (pass and banned moves left out)
/// stays ahead of every other if all of the `left` playouts still to come went to one of
/// them. A lone move cannot be overtaken; no move at all is no decision.
fn cannot_be_overtaken(mut visits: Vec<u32>, left: f64) -> bool {
    visits.sort_unstable_by(|a, b| b.cmp(a));
    match visits[..] {
        [best, second, ..] => (best - second) as f64 > left,
        [_] => true,
        [] => false,
    }
}

#[cfg(test)]
mod tests {
    use super::tree::CHUNK_BITS;
    use super::*;
    use crate::go::{RuleSet, Rules};

    fn config(threads: usize, node_cap: usize) -> Config {
        Config {
            policy: Policy::Heavy,
            threads,
            node_cap,
            reuse: true,
            by_first_move: false,
            params: Params::default(),
        }
    }

    /// The most visited move other than pass.
    fn most_visited_play(r: &Report) -> Move {
        r.candidates
            .iter()
            .find(|c| c.mv != Move::Pass)
            .map_or(Move::Pass, |c| c.mv)
    }

    fn run_with(s: &mut Searcher, game: &Game, color: Color, playouts: u64, seed: u64) -> Report {
        s.run(
            game,
            color,
            Limits::playouts(playouts),
            seed,
            &|| false,
            None,
            &mut |_| {},
        )
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
        Game::from_diagram(diagram, Rules::new(RuleSet::Chinese), komi, to_move).unwrap()
    }

    /// White's stone at C3 is in atari; capturing it at C4 wins the game (at komi 7.5),
    /// while letting it out to the top loses it.
    const CUTTING_STONE: &str = ". . . . .
                                 . . . . .
                                 X X O X X
                                 . X X X .
                                 . . . . .";

    #[test]
    fn a_move_is_decided_when_the_playouts_left_cannot_overtake_it() {
        assert!(cannot_be_overtaken(vec![10, 3], 6.0));
        assert!(!cannot_be_overtaken(vec![10, 3], 7.0));
        // The order of the root's children does not matter; only the runner-up counts.
        assert!(cannot_be_overtaken(vec![3, 10, 9], 0.5));
        assert!(!cannot_be_overtaken(vec![3, 10, 9], 1.0));
        assert!(cannot_be_overtaken(vec![5], 1e9));
        assert!(!cannot_be_overtaken(Vec::new(), 0.0));
    }

    /// Black's one move that is not an own eye captures both white chains at C1.
    const LONE_MOVE: &str = ". X O
                             X X O
                             O O .";

    #[test]
    fn a_timed_search_stops_early_only_after_its_share_of_the_time() {
        let g = game(LONE_MOVE, 7.5, Color::Black);
        let limit = Duration::from_millis(600);
        let timed = |after: f64| {
            let mut c = config(1, 1 << 20);
            c.params.early_stop_after = after;
            let limits = Limits {
                playouts: None,
                time: Some(limit),
            };
            let start = Instant::now();
            let r = Searcher::new(c).run(&g, Color::Black, limits, 1, &|| false, None, &mut |_| {});
            assert_eq!(g.geometry().move_text(most_visited_play(&r)), "C1");
            start.elapsed()
        };
        // A lone move is decided at once (after the first 1,000 playouts and 50 ms).
        assert!(timed(0.0) < limit / 2);
        assert!(timed(0.5) >= limit / 2);
        assert!(timed(1.0) >= limit);
    }

    #[test]
    fn captures_the_cutting_stone() {
        let g = game(CUTTING_STONE, 7.5, Color::Black);
        let r = run(&g, Color::Black, 2000, 1);
        assert_eq!(g.geometry().move_text(most_visited_play(&r)), "C4");
        assert!(r.best().unwrap().winrate() > 0.9);
    }

    fn run_params(game: &Game, color: Color, playouts: u64, params: Params) -> Report {
        let mut s = Searcher::new(Config {
            params,
            ..config(1, 1 << 20)
        });
        run_with(&mut s, game, color, playouts, 5)
    }

    fn scored() -> Params {
        Params {
            score_utility: 0.1,
            ..Params::default()
        }
    }

    /// Black wins by far whatever happens; one dame (C3) is left between the walls.
    const LAST_DAME: &str = ". X O . .
                             . X O . .
                             X X . O O
                             . X O . .
                             . X O . .";

    #[test]
    fn a_winning_search_raises_the_komi_against_itself_and_reports_the_real_win_rate() {
        let params = Params {
            adaptive_from: 0.0,
            ..Params::default()
        };
        let g = game(LAST_DAME, -20.5, Color::Black);
        let searched = |adapt: bool, color: Color| {
            let mut s = Searcher::new(Config {
                params,
                ..config(1, 1 << 20)
            });
            s.set_adaptive(adapt);
            let r = run_with(&mut s, &g, color, 3000, 5);
            (s.adaptive_extra(color), r.best().unwrap().winrate())
        };
        // Six windows of 500 playouts, each won by far more than 85%: a point a window.
        let (extra, winrate) = searched(true, Color::Black);
        assert_eq!(extra, 6.0);
        assert!(winrate > 0.9, "{winrate}");
        // Off (analysis), or the losing side: none.
        assert_eq!(searched(false, Color::Black).0, 0.0);
        assert_eq!(searched(true, Color::White).0, 0.0);
    }

    #[test]
    fn with_a_score_utility_decided_games_still_take_the_last_point() {
        // Under area rules the dame is a point for whoever fills it. Without the score
        // every move wins (or loses) alike; with it, both sides fill the dame.
        for (komi, to_move) in [(-20.5, Color::Black), (-20.5, Color::White)] {
            let g = game(LAST_DAME, komi, to_move);
            let r = run_params(&g, to_move, 3000, scored());
            assert_eq!(
                g.geometry().move_text(r.best().unwrap().mv),
                "C3",
                "{to_move:?}: {:?}",
                &r.candidates[..3]
            );
            let won = r.best().unwrap().winrate();
            assert!(!(0.01..=0.99).contains(&won), "{won}");
        }
    }

    /// White's stone at C3 is dead in black's pass-alive shape (eyes A1, C1, E1); D3 takes
    /// it.
    const DEAD_CUTTING_STONE: &str = ". . . . .
                                      X X X X .
                                      X X O . X
                                      X X X X X
                                      . X . X .";

    #[test]
    fn no_stone_goes_into_pass_alive_territory() {
        // Black's chain lives unconditionally with B7 and D7; white's A7 is dead in the
        // region of B7. Capturing it gains nothing, so B7 is no candidate (it was before
        // pass-alive territory was closed), and the playouts, which never capture it
        // either, still give its point to black.
        for rules in [RuleSet::Chinese, RuleSet::Japanese] {
            let g = Game::from_diagram(
                "O . X . X . .
                 X X X X X . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .
                 . . . . . . .",
                Rules::new(rules),
                0.5,
                Color::Black,
            )
            .unwrap();
            let geo = g.geometry();
            let (a7, b7) = (geo.point(0, 6), geo.point(1, 6));
            assert!(g.is_legal(Color::Black, Move::Play(b7)));
            for color in [Color::Black, Color::White] {
                let r = run(&g, color, 1000, 2);
                assert!(r.candidate(Move::Play(b7)).is_none(), "{rules:?} {color:?}");
                assert!(
                    r.ownership(a7) > 0.99,
                    "{rules:?} {color:?}: {}",
                    r.ownership(a7)
                );
                assert!(r.ownership(b7) > 0.99);
            }
        }
    }

    #[test]
    fn the_score_spread_and_the_priors_are_reported_per_move() {
        // A forced position: every playout after the capture ends alike.
        let g = game(DEAD_CUTTING_STONE, 0.5, Color::Black);
        let r = run(&g, Color::Black, 2000, 1);
        let best = r.best().unwrap();
        assert!(best.score_stdev < 1.0, "{best:?}");
        // The capture of the cutting stone has the highest prior.
        let top = r.candidates.iter().map(|c| c.prior).fold(0.0, f64::max);
        assert_eq!(best.prior, top);
        // An open board: the margins spread; the priors sum to 1 and prefer the third
        // line to the first.
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let r = run(&g, Color::Black, 2000, 1);
        let visited: Vec<_> = r.candidates.iter().filter(|c| c.visits > 10).collect();
        assert!(visited.iter().all(|c| c.score_stdev > 3.0), "{visited:?}");
        let total: f64 = r.candidates.iter().map(|c| c.prior).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let prior_of = |m: &str| {
            let mv = g.geometry().parse_move(m).unwrap();
            r.candidates.iter().find(|c| c.mv == mv).unwrap().prior
        };
        assert!(prior_of("C3") > prior_of("A1"));
    }

    #[test]
    fn saves_a_big_group_in_atari() {
        // Black's four stones have one liberty, E3; extending there connects them to the
        // wall below.
        let g = game(
            ". . . . . . .
             O O O O O O O
             . O O O O . .
             O X X X X O .
             . O O O . O .
             X X X X X X X
             . . . . . . .",
            0.5,
            Color::Black,
        );
        let r = run(&g, Color::Black, 4000, 2);
        assert_eq!(g.geometry().move_text(most_visited_play(&r)), "E3");
    }

    #[test]
    fn deterministic_for_a_seed_and_pv_starts_with_the_move() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let a = run(&g, Color::Black, 1500, 9);
        let b = run(&g, Color::Black, 1500, 9);
        assert_eq!(most_visited_play(&a), most_visited_play(&b));
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
        let tree = s.tree.as_ref().unwrap();
        assert!(tree.arena.allocated() <= 200, "{}", tree.arena.allocated());
        assert!(r.best().unwrap().pv.len() <= 3);
    }

    /// Root statistics per move: (move, visits, wins).
    fn root_stats(tree: &Tree) -> Vec<(Move, u32, u32)> {
        tree.node(tree.root)
            .children()
            .map(|c| {
                let n = tree.node(c);
                (n.mv(), n.visits(), n.wins.load(Relaxed))
            })
            .collect()
    }

    #[test]
    fn compaction_keeps_the_root_and_the_most_visited_lines() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(1, 1 << 20));
        let r = run_with(&mut s, &g, Color::Black, 20_000, 3);
        let tree = s.tree.as_ref().unwrap();
        let used = tree.arena.used();
        let budget = used / 4;
        let (small, threshold) = tree.compacted(Arena::new(1 << 20), budget, 8);
        assert!(
            small.arena.used() <= budget,
            "{} > {budget}",
            small.arena.used()
        );
        assert!(threshold > 8);
        assert_eq!(small.root, 0);
        assert_eq!(root_stats(&small), root_stats(tree));
        assert_eq!(small.node(0).visits(), tree.node(tree.root).visits());
        // The principal variation runs through nodes visited at least the threshold.
        let best = r.best().unwrap();
        let small_best = small
            .node(0)
            .children()
            .find(|&c| small.node(c).mv() == best.mv)
            .unwrap();
        let pv = small.pv(small_best);
        assert!(pv.len() >= 3, "{pv:?}");
        assert_eq!(pv[..3], best.pv[..3]);
        // Nodes below the threshold lost their children and may expand again.
        let mut dropped = 0;
        for i in 0..small.arena.used() {
            let n = small.node(i);
            if n.children().is_empty() && n.visits() >= 8 {
                assert!(!n.expanding.load(Relaxed));
                dropped += 1;
            }
        }
        assert!(dropped > 0);
    }

    #[test]
    fn a_full_tree_is_reclaimed_and_the_search_keeps_deepening() {
        // The cutting stone of `captures_the_cutting_stone`, with room for 100 nodes only:
        // the search fills the arena again and again and still finds C4.
        let g = game(CUTTING_STONE, 7.5, Color::Black);
        let mut s = Searcher::new(config(1, 100));
        let r = run_with(&mut s, &g, Color::Black, 20_000, 1);
        assert!(s.reclaims() >= 3, "{}", s.reclaims());
        assert_eq!(r.playouts, 20_000);
        let total: u64 = r.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(total, 20_000);
        assert!(s.tree.as_ref().unwrap().arena.allocated() <= 100);
        assert_eq!(g.geometry().move_text(most_visited_play(&r)), "C4");
        // On 9x9 the search goes on under a cap of a few thousand nodes (about 48
        // expanded nodes of 82 children): after the reclaims the best move still has a line
        // below it, and its visits keep growing past what one round gave it.
        let empty = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(1, 4000));
        let r = run_with(&mut s, &empty, Color::Black, 30_000, 2);
        assert!(s.reclaims() >= 3, "{}", s.reclaims());
        let best = r.best().unwrap();
        assert!(best.pv.len() >= 3, "{:?}", best.pv);
        assert!(best.visits > 30_000 / 10, "{best:?}");
        // The kept tree still serves the next move after reclaiming.
        let mut g2 = empty.clone();
        let best = r.best().unwrap();
        g2.play(Color::Black, best.mv).unwrap();
        g2.play(Color::White, best.pv[1]).unwrap();
        let r2 = run_with(&mut s, &g2, Color::Black, 1000, 3);
        let total: u64 = r2.candidates.iter().map(|c| c.visits).sum();
        assert!(
            total > 1000,
            "the reused subtree's visits are kept: {total}"
        );
        // Two threads: every playout counted once across the rounds, within the cap.
        let mut s = Searcher::new(config(2, 2000));
        let r = run_with(&mut s, &empty, Color::Black, 20_000, 4);
        assert!(s.reclaims() >= 2, "{}", s.reclaims());
        let total: u64 = r.candidates.iter().map(|c| c.visits).sum();
        assert_eq!((r.playouts, total), (20_000, 20_000));
        assert_eq!(r.ownership_samples, 20_000);
        assert!(s.tree.as_ref().unwrap().arena.allocated() <= 2000);
    }

    #[test]
    fn ownership_by_first_move_splits_the_playouts_by_their_root_move() {
        let g = game(LAST_DAME, -20.5, Color::Black);
        let mut s = Searcher::new(Config {
            by_first_move: true,
            ..config(2, 1 << 20)
        });
        let r = run_with(&mut s, &g, Color::Black, 4000, 3);
        let geo = g.geometry();
        let mut weighted = vec![0.0; MAX_POINTS];
        for c in r.candidates.iter().filter(|c| c.visits > 0) {
            let p0 = geo.point(0, 0);
            // Each root move's row counts its visits' playouts, no more.
            assert!(
                r.ownership_after(c.mv, p0, c.visits).is_some(),
                "{:?}",
                c.mv
            );
            assert!(r.ownership_after(c.mv, p0, c.visits + 1).is_none());
            for p in geo.points() {
                let own = r.ownership_after(c.mv, p, 1).unwrap_or(0.0);
                weighted[p.idx()] += own * c.visits as f64 / r.playouts as f64;
            }
        }
        // Together the rows are the whole search's counts.
        for p in geo.points() {
            let whole = r.ownership(p);
            assert!((weighted[p.idx()] - whole).abs() < 1e-9, "{p:?}: {whole}");
        }
        // Without it only the pass's playouts are counted by move.
        let plain = run(&g, Color::Black, 500, 3);
        let best = plain.best().unwrap().mv;
        assert_ne!(best, Move::Pass);
        assert_eq!(plain.ownership_after(best, geo.point(0, 0), 1), None);
        let pass = plain.candidate(Move::Pass).map_or(0, |c| c.visits);
        assert_eq!(plain.by_first_move.samples(Move::Pass), pass);
    }

    #[test]
    fn parallel_search_counts_every_playout_once() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let mut s = Searcher::new(config(2, 1 << 20));
        let r = run_with(&mut s, &g, Color::Black, 6000, 3);
        assert_eq!(r.playouts, 6000);
        assert_eq!(r.ownership_samples, 6000);
        // The playouts that began with the pass are the pass's visits (no tree reused).
        let pass = r.candidate(Move::Pass).map_or(0, |c| c.visits);
        assert_eq!(r.by_first_move.samples(Move::Pass), pass);
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
        let mv = most_visited_play(&r);
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
        // The kept node's first expand_visits playouts ended at it, before it had children.
        assert_eq!(total as u32, kept - Params::default().expand_visits + 1000);
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
}
