//! The engine facade: the game, options, clocks and the player. The protocol layer talks
//! only to this; nothing here knows GTP syntax.

use std::time::{Duration, Instant};

use crate::go::point::{EDGE, EMPTY};
use crate::go::{Color, Game, Move, Rules, Scoring};
use crate::player::{self, Limits, Report};
use crate::playout::Policy;
use crate::search::{self, Searcher};
use crate::time::Clock;

/// Settings from the command line (and some GTP commands).
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: Rules,
    pub komi: f64,
    pub size: usize,
    pub threads: usize,
    /// Fixed playouts per move (reproducible with `seed`); overrides the clock.
    pub playouts: Option<u64>,
    /// Upper bound on thinking time per move, and the budget when there is no clock.
    pub max_time_per_move: f64,
    /// Safety margin subtracted from every budget, seconds.
    pub lag: f64,
    pub max_memory_mb: u64,
    pub resign_threshold: f64,
    pub resign: bool,
    pub ponder: bool,
    /// Write GoGui live graphics (`gogui-gfx:` blocks) to stderr during genmove.
    pub gogui_live: bool,
    pub seed: u64,
    /// Playouts used to judge dead stones (final_score, final_status_list, passing).
    pub status_playouts: u64,
    /// Playout policy of the search.
    pub policy: Policy,
    /// Keep the search tree between moves.
    pub reuse_tree: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::default(),
            komi: 7.5,
            size: 19,
            threads: 1,
            playouts: None,
            max_time_per_move: 5.0,
            lag: 0.5,
            max_memory_mb: 2048,
            resign_threshold: 0.1,
            resign: true,
            ponder: false,
            gogui_live: false,
            seed: 1,
            status_playouts: 3000,
            policy: Policy::Heavy,
            reuse_tree: true,
        }
    }
}

/// What `genmove` decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

pub struct Engine {
    pub opts: Options,
    game: Game,
    /// The clock settings as the controller gave them, and each side's clock now.
    clock_settings: Clock,
    clocks: [Clock; 2],
    low_winrate_moves: u32,
    searches: u64,
    /// The side that resigned in the current game, if any.
    resigned: Option<Color>,
    searcher: Searcher,
}

impl Engine {
    /// A new engine; `None` if the options' board size is out of range.
    pub fn new(opts: Options) -> Option<Engine> {
        let game = Game::new(opts.size, opts.rules, opts.komi)?;
        Some(Engine {
            opts: opts.clone(),
            game,
            clock_settings: Clock::none(),
            clocks: [Clock::none(); 2],
            low_winrate_moves: 0,
            searches: 0,
            resigned: None,
            searcher: Searcher::new(search::Config {
                policy: opts.policy,
                threads: opts.threads.max(1),
                node_cap: search::max_nodes(opts.max_memory_mb),
                reuse: opts.reuse_tree,
            }),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for changes that continue it (play, undo); they clear a resignation.
    pub fn game_mut(&mut self) -> &mut Game {
        self.resigned = None;
        &mut self.game
    }

    /// Replaces the game (loadsgf).
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.searcher.clear();
        self.low_winrate_moves = 0;
        self.resigned = None;
    }

    /// Records that `c` resigned.
    pub fn resign(&mut self, c: Color) {
        self.resigned = Some(c);
    }

    /// The result if the game has ended (resignation, or two passes scored with the dead
    /// stones the engine finds), in SGF/GTP form.
    pub fn result(&mut self) -> Option<String> {
        match self.resigned {
            Some(c) => Some(format!("{}+R", c.opp().letter())),
            None if self.game.is_over() => Some(crate::go::score::result_text(self.final_margin())),
            None => None,
        }
    }

    /// Starts a new game on `size` (keeping rules, komi and clock settings).
    pub fn new_game(&mut self, size: usize) -> bool {
        match Game::new(size, self.game.rules(), self.game.komi()) {
            Some(g) => {
                self.set_game(g);
                self.clocks = [self.clock_settings; 2];
                true
            }
            None => false,
        }
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.opts.rules = rules;
        self.game.set_rules(rules);
    }

    pub fn set_clock(&mut self, clock: Clock) {
        self.clock_settings = clock;
        self.clocks = [clock; 2];
    }

    pub fn clock(&self, c: Color) -> &Clock {
        &self.clocks[c.index()]
    }

    pub fn set_time_left(&mut self, c: Color, seconds: f64, count: u32) {
        self.clocks[c.index()].set_remaining(seconds, count);
    }

    /// A fresh seed per search: reproducible from `--seed`, different for each move.
    fn next_seed(&mut self) -> u64 {
        self.searches += 1;
        self.opts
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.searches)
    }

    /// The search limits for a move by `c` now.
    pub fn limits(&self, c: Color) -> Limits {
        let cap = Duration::from_secs_f64(self.opts.max_time_per_move.max(0.01));
        if let Some(n) = self.opts.playouts {
            return Limits {
                playouts: Some(n),
                time: Some(cap),
            };
        }
        let empty = self.game.board().empty_count() as u32;
        let moves_left = (empty / 3).max(20);
        let budget = self.clocks[c.index()]
            .budget(moves_left, self.opts.lag)
            .map_or(cap, |b| b.min(cap));
        Limits {
            playouts: None,
            time: Some(budget),
        }
    }

    /// Thinks for `c` and returns the report (nothing is played).
    pub fn think(
        &mut self,
        c: Color,
        limits: Limits,
        stop: &dyn Fn() -> bool,
        every: Option<Duration>,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        let seed = self.next_seed();
        self.searcher
            .think(&self.game, c, limits, seed, stop, every, progress)
    }

    /// Chooses a move for `c` (`cleanup`: KGS cleanup phase, capture dead stones before
    /// passing). Does not play it. `stop` ends thinking early (interrupt).
    pub fn decide(
        &mut self,
        c: Color,
        cleanup: bool,
        stop: &dyn Fn() -> bool,
        every: Option<Duration>,
        progress: &mut dyn FnMut(&Report),
    ) -> (Decision, Option<Report>) {
        let started = Instant::now();
        // One budget for the whole decision: the dead-stone estimates below are charged to
        // it, so the answer never comes later than the clock allows.
        let limits = self.limits(c);
        let left = |share: f64| Limits {
            playouts: limits.playouts,
            time: limits
                .time
                .map(|t| t.mul_f64(share).saturating_sub(started.elapsed())),
        };
        let status_playouts = self.opts.status_playouts;
        let status_limits = |share: f64| Limits {
            playouts: Some(status_playouts),
            time: limits.time.map(|t| t.mul_f64(share)),
        };
        let opponent_passed = self.game.moves().last() == Some(&(c.opp(), Move::Pass));
        if opponent_passed && !cleanup {
            let seed = self.next_seed();
            if player::passing_wins(&self.game, c, status_limits(0.3), seed) {
                self.charge(c, started);
                return (Decision::Play(Move::Pass), None);
            }
        }
        let search_share = if cleanup { 0.7 } else { 1.0 };
        let report = self.think(c, left(search_share), stop, every, progress);
        let mut mv = player::choose(&report);
        if !cleanup
            && self.game.rules().scoring == Scoring::Territory
            && self.pass_is_as_good(&report, c, mv)
        {
            // Under territory rules a move inside our own territory costs a point.
            mv = Move::Pass;
        }
        if cleanup && mv != Move::Pass {
            // In cleanup, pass once no dead opponent stones remain.
            let seed = self.next_seed();
            let spare = limits.time.map(|t| t.saturating_sub(started.elapsed()));
            let st_limits = Limits {
                playouts: Some(self.opts.status_playouts),
                time: spare,
            };
            let st = player::statuses(&self.game, st_limits, seed);
            let opponent_dead = st
                .dead
                .iter()
                .any(|&p| self.game.board().color_at(p) == Some(c.opp()));
            if !opponent_dead {
                mv = Move::Pass;
            }
        }
        let decision = self
            .resign_check(&report, cleanup)
            .unwrap_or(Decision::Play(mv));
        self.charge(c, started);
        (decision, Some(report))
    }

    /// Searches the current position for the side to move until `stop()`: pondering on
    /// the opponent's time. The tree is kept, so the search continues from it after the
    /// opponent's move.
    pub fn ponder(&mut self, stop: &dyn Fn() -> bool) {
        if self.game.is_over() || self.resigned.is_some() {
            return;
        }
        let c = self.game.to_move();
        let seed = self.next_seed();
        let limits = Limits {
            playouts: None,
            time: None,
        };
        let report = self
            .searcher
            .think(&self.game, c, limits, seed, stop, None, &mut |_| {});
        log::info!("pondered {} playouts", report.playouts);
    }

    /// Whether `mv` fills a point of `c`'s own territory (an empty region bordered by
    /// `c`'s stones only, as the territory count sees it) while passing does about as well
    /// in the search, or still wins. (Area-scored playouts value the tempo of a move inside
    /// one's own area, so a pass always looks somewhat worse to them.)
    fn pass_is_as_good(&self, report: &Report, c: Color, mv: Move) -> bool {
        const SLACK: f64 = 0.03;
        let Move::Play(p) = mv else {
            return false;
        };
        let best = report.best().map_or(0.0, |b| b.winrate());
        let enough = (best - SLACK).min(0.5);
        let pass_ok = report
            .candidates
            .iter()
            .any(|x| x.mv == Move::Pass && x.visits >= 30 && x.winrate() >= enough);
        pass_ok && inside_own_region(self.game.board(), p, c)
    }

    fn resign_check(&mut self, report: &Report, cleanup: bool) -> Option<Decision> {
        let best = report.best()?;
        let points = self.game.size() * self.game.size();
        let opening = self.game.moves().len() < points / 6;
        if best.winrate() < self.opts.resign_threshold && report.playouts >= 1000 {
            self.low_winrate_moves += 1;
        } else {
            self.low_winrate_moves = 0;
        }
        (self.opts.resign && !cleanup && !opening && self.low_winrate_moves >= 3)
            .then_some(Decision::Resign)
    }

    fn charge(&mut self, c: Color, started: Instant) {
        self.clocks[c.index()].charge(started.elapsed().as_secs_f64());
    }

    /// Dead / seki / alive stones by Monte Carlo ownership from the current position.
    /// Seeded by the position, so the same position always gets the same answer
    /// (final_score, final_status_list and printsgf agree).
    pub fn statuses(&mut self) -> player::Statuses {
        let seed = self.opts.seed
            ^ self.game.board().hash()
            ^ (self.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let limits = Limits {
            playouts: Some(self.opts.status_playouts),
            time: None,
        };
        player::statuses(&self.game, limits, seed)
    }

    /// Final margin (positive: black wins) with dead stones found by the engine.
    pub fn final_margin(&mut self) -> f64 {
        let st = self.statuses();
        self.game.score(&st.dead, &st.seki)
    }
}

/// Whether the empty point `p` lies in an empty region whose border is `c`'s stones only.
fn inside_own_region(board: &crate::go::Board, p: crate::go::Point, c: Color) -> bool {
    let mut seen = vec![false; crate::go::point::MAX_POINTS];
    let mut stack = vec![p];
    seen[p.idx()] = true;
    while let Some(q) = stack.pop() {
        for n in board.neighbors(q) {
            match board.cell(n) {
                EMPTY if !seen[n.idx()] => {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
                EMPTY | EDGE => {}
                cell if cell != c.cell() => return false,
                _ => {}
            }
        }
    }
    true
}
