//! The engine facade: the game, options, clocks, the search and the dead-stone judgement.
//! The protocol layer talks only to this; nothing here knows GTP syntax. The move decision
//! of `genmove` is in `decide.rs`.

mod decide;

use std::time::{Duration, Instant};

use crate::go::{Color, Game, Move, Rules};
use crate::ownership::{self, Statuses};
use crate::search::playout::Policy;
use crate::search::{self, Limits, ParamError, Params, Report, Searcher};
use crate::time::Clock;

/// Settings from the command line (and some GTP commands).
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: Rules,
    pub komi: f64,
    pub size: usize,
    /// Search threads; by default one per core.
    pub threads: usize,
    /// Fixed playouts per move (reproducible with `seed`); overrides the clock.
    pub playouts: Option<u64>,
    /// Upper bound on thinking time per move, and the budget when there is no clock.
    pub max_time_per_move: f64,
    /// Safety margin subtracted from every budget, seconds.
    pub lag: f64,
    /// Memory cap for the search tree, MiB; by default a quarter of the machine's RAM.
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
    /// The tuning values.
    pub params: Params,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::default(),
            komi: 7.5,
            size: 19,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            playouts: None,
            max_time_per_move: 5.0,
            lag: 0.5,
            max_memory_mb: default_memory_mb(),
            resign_threshold: 0.1,
            resign: true,
            ponder: false,
            gogui_live: false,
            seed: 1,
            status_playouts: 3000,
            policy: Policy::Heavy,
            reuse_tree: true,
            params: Params::default(),
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
                params: opts.params,
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

    /// Searches for `c` and returns the report (nothing is played).
    pub fn search(
        &mut self,
        c: Color,
        limits: Limits,
        stop: &dyn Fn() -> bool,
        every: Option<Duration>,
        progress: &mut dyn FnMut(&Report),
    ) -> Report {
        let seed = self.next_seed();
        self.searcher
            .run(&self.game, c, limits, seed, stop, every, progress)
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
            .run(&self.game, c, limits, seed, stop, None, &mut |_| {});
        log::info!("pondered {} playouts", report.playouts);
    }

    /// Sets tuning value `name` from `value` (see `Params`) for the searches that follow;
    /// the kept tree is dropped. An error changes nothing.
    pub fn set_param(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let mut params = self.opts.params;
        params.set(name, value)?;
        self.opts.params = params;
        self.searcher.set_params(params);
        Ok(())
    }

    fn charge(&mut self, c: Color, started: Instant) {
        self.clocks[c.index()].charge(started.elapsed().as_secs_f64());
    }

    /// Dead / seki / alive stones by Monte Carlo ownership from the current position.
    /// Seeded by the position, so the same position always gets the same answer
    /// (final_score, final_status_list and printsgf agree).
    pub fn statuses(&mut self) -> Statuses {
        let seed = self.opts.seed
            ^ self.game.board().hash()
            ^ (self.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let limits = Limits {
            playouts: Some(self.opts.status_playouts),
            time: None,
        };
        ownership::statuses(&self.game, limits, seed, &self.opts.params)
    }

    /// Final margin (positive: black wins) with dead stones found by the engine.
    pub fn final_margin(&mut self) -> f64 {
        let st = self.statuses();
        self.game.score(&st.dead, &st.seki)
    }
}

/// A quarter of the machine's RAM in MiB (from `/proc/meminfo`), between 256 MiB and
/// 64 GiB; 2048 where the RAM cannot be read.
pub fn default_memory_mb() -> u64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        });
    total_kib.map_or(2048, |kib| (kib / 1024 / 4).clamp(256, 64 << 10))
}
