//! The engine facade: the game, options, clocks, the search and the dead-stone judgement.
//! The protocol layer talks only to this; nothing here knows GTP syntax. The move decision
//! of `genmove` is in `decide.rs`.

mod boundary;
mod dame;
mod decide;
mod mend;

use std::time::{Duration, Instant};

use crate::go::{Color, Game, Move, Rules};
use crate::ownership::{self, Statuses};
use crate::search::playout::Policy;
use crate::search::{self, Limits, ParamError, Params, Report, Searcher};
use crate::time::{Clock, Margin, Remaining};

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
    /// Safety margin subtracted from every budget, seconds; `None`: learned (`Margin`).
    pub lag: Option<f64>,
    /// Memory cap for the search tree, MiB; by default a quarter of the machine's RAM.
    pub max_memory_mb: u64,
    pub resign_threshold: f64,
    pub resign: bool,
    pub ponder: bool,
    /// Write GoGui live graphics (`gogui-gfx:` blocks) to stderr during genmove.
    pub gogui_live: bool,
    pub seed: u64,
    /// Playouts used to judge dead stones (final_score, final_status_list, passing), half
    /// with each side moving first.
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
            lag: None,
            max_memory_mb: default_memory_mb(),
            resign_threshold: 0.1,
            resign: true,
            ponder: false,
            gogui_live: false,
            seed: 1,
            status_playouts: 30_000,
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
    /// The safety margin kept on every move (fixed by `--lag`, or learned).
    margin: Margin,
    /// Per colour: whether the clock was last set by the controller (`time_left`) rather
    /// than by our own charging; and, after our move, the clock it had reported before the
    /// move with the seconds we spent, until its next report shows what it charged.
    reported: [bool; 2],
    pending: [Option<(Remaining, f64)>; 2],
    low_winrate_moves: u32,
    /// Whether the last search of a move found the game decided (`decide`); `None` before
    /// the first in this position's line (a new game, a loaded one).
    last_decided: Option<bool>,
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
            margin: Margin::new(opts.lag),
            reported: [false; 2],
            pending: [None; 2],
            low_winrate_moves: 0,
            last_decided: None,
            searches: 0,
            resigned: None,
            searcher: Searcher::new(search::Config {
                policy: opts.policy,
                threads: opts.threads.max(1),
                node_cap: search::max_nodes(opts.max_memory_mb),
                reuse: opts.reuse_tree,
                by_first_move: false,
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
        self.last_decided = None;
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
                self.set_clock(self.clock_settings);
                true
            }
            None => false,
        }
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.opts.rules = rules;
        self.game.set_rules(rules);
    }

    /// Sets both clocks (`time_settings`, and a new game). What the margin has learned
    /// about the controller's delays is kept.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock_settings = clock;
        self.clocks = [clock; 2];
        self.reported = [false; 2];
        self.pending = [None; 2];
    }

    pub fn clock(&self, c: Color) -> &Clock {
        &self.clocks[c.index()]
    }

    /// Records the controller's `time_left` for `c`. The first report after our move
    /// shows what the controller charged for it; the excess over the time we spent is the
    /// delay the margin learns.
    pub fn set_time_left(&mut self, c: Color, seconds: f64, count: u32) {
        let i = c.index();
        let after = Remaining { seconds, count };
        if let Some((before, spent)) = self.pending[i].take()
            && let Some(charged) = self.clocks[i].charged(before, after)
        {
            self.margin.observe_charge(charged, spent);
            log::debug!(
                "charged {charged:.2}s for a move of {spent:.2}s; margin now {:.2}s",
                self.margin.seconds()
            );
        }
        self.clocks[i].set_remaining(seconds, count);
        self.reported[i] = true;
    }

    /// The safety margin kept on every move now, seconds.
    pub fn margin(&self) -> f64 {
        self.margin.seconds()
    }

    /// A fresh seed per search: reproducible from `--seed`, different for each move.
    fn next_seed(&mut self) -> u64 {
        self.searches += 1;
        self.opts
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.searches)
    }

    /// The search limits for a move by `c` now: `--playouts` if set, and always a time
    /// limit, the clock's budget for this move capped at `--max-time-per-move` (a fixed
    /// playout count never outruns the game's clock).
    pub fn limits(&self, c: Color) -> Limits {
        let cap = Duration::from_secs_f64(self.opts.max_time_per_move.max(0.01));
        let empty = self.game.board().empty_count() as u32;
        let moves_left = (empty / 3).max(20);
        let budget = self.clocks[c.index()]
            .budget(moves_left, self.margin.seconds())
            .map_or(cap, |b| b.min(cap));
        Limits {
            playouts: self.opts.playouts,
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
        let report = self
            .searcher
            .run(&self.game, c, limits, seed, stop, every, progress);
        if let (Some(n), Some(t)) = (limits.playouts, limits.time)
            && report.playouts < n
            && !stop()
        {
            // Said aloud: a fixed playout count cut short is easy to take for a full one
            // (under valgrind, say, where everything runs fifty times slower).
            log::warn!(
                "{} of {n} playouts: the time limit of {:.2}s (the clock's budget, at most \
                 --max-time-per-move) ended the search first",
                report.playouts,
                t.as_secs_f64()
            );
        }
        report
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

    /// The clock of `c` as the controller last reported it, if it did since our last
    /// move: taken when a move starts, for `charge`.
    fn reported_clock(&self, c: Color) -> Option<Remaining> {
        let i = c.index();
        self.reported[i].then_some(self.clocks[i].remaining)
    }

    /// Ends a move by `c` that started at `started` with the time budget `budget`, the
    /// clock having been reported as `before`: charges our clock and tells the margin how
    /// long the move took.
    fn charge(
        &mut self,
        c: Color,
        started: Instant,
        budget: Option<Duration>,
        before: Option<Remaining>,
    ) {
        let i = c.index();
        let spent = started.elapsed().as_secs_f64();
        if let Some(b) = budget {
            self.margin.observe_move(spent, b.as_secs_f64());
        }
        self.pending[i] = before.map(|r| (r, spent));
        self.reported[i] = false;
        self.clocks[i].charge(spent);
    }

    /// Dead / seki / alive stones by Monte Carlo ownership from the current position.
    /// Seeded by the position, so the same position always gets the same answer
    /// (final_score, final_status_list and printsgf agree).
    pub fn statuses(&mut self) -> Statuses {
        let seed = self.opts.seed
            ^ self.game.board().hash()
            ^ (self.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let limits = Limits::playouts(self.opts.status_playouts);
        ownership::statuses(
            &self.game,
            limits,
            seed,
            &self.opts.params,
            ownership::View::Rules,
        )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::System;

    fn engine(lag: Option<f64>) -> Engine {
        Engine::new(Options {
            size: 9,
            threads: 1,
            playouts: Some(200),
            lag,
            ..Options::default()
        })
        .unwrap()
    }

    #[test]
    fn the_margin_learns_the_delay_the_controller_charges() {
        let mut e = engine(None);
        e.set_clock(Clock::start(System::Absolute { main: 300.0 }));
        let first = e.margin();
        let mut left = [300.0, 300.0];
        for k in 0..6 {
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            e.set_time_left(c, left[c.index()], 0);
            let started = Instant::now();
            let (decision, _) = e.decide(c, false, &|| false, None, &mut |_| {});
            let spent = started.elapsed().as_secs_f64();
            if let Decision::Play(m) = decision {
                e.game_mut().play(c, m).unwrap();
            }
            // The controller charges what we spent plus 0.7 s of network delay.
            left[c.index()] -= spent + 0.7;
        }
        // Four moves were reported again after they were played: each showed 0.7 s more
        // than the engine spent.
        let learned = e.margin();
        assert!(
            learned > first + 0.5 && learned < first + 0.9,
            "margin {first} -> {learned}"
        );
        // A fixed --lag does not move.
        let mut fixed = engine(Some(0.25));
        fixed.set_clock(Clock::start(System::Absolute { main: 300.0 }));
        fixed.set_time_left(Color::Black, 300.0, 0);
        fixed.decide(Color::Black, false, &|| false, None, &mut |_| {});
        fixed.set_time_left(Color::Black, 290.0, 0);
        assert_eq!(fixed.margin(), 0.25);
    }
}
