//! What a search reports, and when it stops: `Limits`, per-move `Candidate` statistics, the
//! `Report` of a search, the `Pacer` that times it, and the ownership counts its playouts
//! add up. The engine, the protocol and the dead-stone judgement read these types.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::go::point::MAX_POINTS;
use crate::go::{Color, Move, Point};

/// When to stop thinking.
#[derive(Copy, Clone, Debug, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
}

impl Limits {
    /// Exactly `n` playouts, with no time limit.
    pub const fn playouts(n: u64) -> Limits {
        Limits {
            playouts: Some(n),
            time: None,
        }
    }
}

/// Statistics for one root move.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u64,
    /// Playouts won by the side to move.
    pub wins: f64,
    /// Sum of final margins from the mover's view (komi included).
    pub margin_sum: f64,
    /// Standard deviation of the final margins of this search's playouts.
    pub score_stdev: f64,
    /// Prior probability of the move (the candidates' priors sum to 1).
    pub prior: f64,
    /// Principal variation, starting with `mv`.
    pub pv: Vec<Move>,
}

impl Candidate {
    pub fn winrate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f64
        }
    }

    pub fn mean_margin(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.margin_sum / self.visits as f64
        }
    }

    /// A lower confidence bound on the win rate (normal approximation, 2 sigma).
    pub fn lcb(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let p = self.winrate();
        let n = self.visits as f64;
        (p - 2.0 * (p * (1.0 - p) / n).sqrt() - 1.0 / n).max(0.0)
    }
}

/// The state of a search: candidates best first, playouts run, ownership so far.
#[derive(Clone, Debug)]
pub struct Report {
    pub color: Color,
    pub candidates: Vec<Candidate>,
    pub playouts: u64,
    pub elapsed: Duration,
    /// Per board index: sum over playouts of +1 (black owns) / -1 (white owns).
    pub ownership_sum: Vec<i32>,
    /// Playouts counted in `ownership_sum`.
    pub ownership_samples: u64,
    /// Ownership by the root move each playout began with: the root's pass always (who
    /// owns what when the opponent moves first), every root move where the search counted
    /// them (`Config::by_first_move`).
    pub by_first_move: FirstMoveOwnership,
}

impl Report {
    /// A report for tests: black to move, `candidates`, and `ownership_sum` over
    /// `samples` playouts (no elapsed time, no playouts after a pass).
    #[cfg(test)]
    pub fn for_tests(candidates: Vec<Candidate>, ownership_sum: Vec<i32>, samples: u64) -> Report {
        Report {
            color: Color::Black,
            candidates,
            playouts: samples,
            elapsed: Duration::ZERO,
            ownership_sum,
            ownership_samples: samples,
            by_first_move: FirstMoveOwnership::new(false),
        }
    }

    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    /// The statistics of root move `mv`, if the search tried it.
    pub fn candidate(&self, mv: Move) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.mv == mv)
    }

    /// Mean ownership at `p` in [-1, 1], black positive.
    pub fn ownership(&self, p: Point) -> f64 {
        if self.ownership_samples == 0 {
            0.0
        } else {
            self.ownership_sum[p.idx()] as f64 / self.ownership_samples as f64
        }
    }

    /// Mean ownership at `p` in [-1, 1], black positive, over the playouts that began with
    /// the root's pass; None with fewer than `min_samples` of them.
    pub fn ownership_after_pass(&self, p: Point, min_samples: u64) -> Option<f64> {
        self.ownership_after(Move::Pass, p, min_samples)
    }

    /// Mean ownership at `p` in [-1, 1], black positive, over the playouts that began with
    /// the root move `mv`; None where the search did not count `mv`'s (see
    /// `FirstMoveOwnership::row`) or `mv` began fewer than `min_samples` playouts.
    pub fn ownership_after(&self, mv: Move, p: Point, min_samples: u64) -> Option<f64> {
        let (sums, samples) = self.by_first_move.rows.get(&mv)?;
        (*samples >= min_samples.max(1)).then(|| sums[p.idx()] as f64 / *samples as f64)
    }

    /// Mean ownership at `p` from `color`'s view: 1 when `color` owns it in every playout.
    pub fn ownership_for(&self, p: Point, color: Color) -> f64 {
        match color {
            Color::Black => self.ownership(p),
            Color::White => -self.ownership(p),
        }
    }
}

/// Decides when a search stops and when it reports progress: after `limits.playouts`,
/// after `limits.time`, or when `stop()` says so (checked every 16 playouts), and a report
/// every `every`.
pub(crate) struct Pacer {
    limits: Limits,
    every: Option<Duration>,
    pub(crate) start: Instant,
    last_report: Instant,
}

impl Pacer {
    pub(crate) fn new(limits: Limits, every: Option<Duration>) -> Pacer {
        let now = Instant::now();
        Pacer {
            limits,
            every,
            start: now,
            last_report: now,
        }
    }

    /// Whether to stop before playout number `playouts`.
    pub(crate) fn done(&self, playouts: u64, stop: &dyn Fn() -> bool) -> bool {
        self.limits.playouts.is_some_and(|n| playouts >= n)
            || (playouts.is_multiple_of(16)
                && (self.limits.time.is_some_and(|t| self.start.elapsed() >= t) || stop()))
    }

    /// Whether progress reports are asked for.
    pub(crate) fn reports(&self) -> bool {
        self.every.is_some()
    }

    /// Whether a progress report is due now (checked every 16 playouts).
    pub(crate) fn report_due(&mut self, playouts: u64) -> bool {
        let due = playouts.is_multiple_of(16)
            && self.every.is_some_and(|e| self.last_report.elapsed() >= e);
        if due {
            self.last_report = Instant::now();
        }
        due
    }
}

/// Ownership counts of one worker's playouts (see `playout::add_ownership`).
pub(crate) struct Ownership {
    pub(crate) sums: Vec<i32>,
    pub(crate) samples: u64,
    /// The same by the root move the playout began with, where counted.
    pub(crate) by_first_move: FirstMoveOwnership,
}

/// Ownership counts (as `add_ownership` makes them) kept apart by the root move each
/// playout began with, a row of `MAX_POINTS` sums per move made as the move is first met:
/// the pass's row always, every move's where `every_move`.
#[derive(Clone, Debug)]
pub struct FirstMoveOwnership {
    every_move: bool,
    rows: HashMap<Move, (Vec<i32>, u64)>,
}

impl FirstMoveOwnership {
    pub(crate) fn new(every_move: bool) -> FirstMoveOwnership {
        FirstMoveOwnership {
            every_move,
            rows: HashMap::new(),
        }
    }

    /// The row of one more playout begun with `mv`, for its counts; None where the
    /// playouts begun with `mv` are not counted (every move's only where `every_move`).
    pub(crate) fn row(&mut self, mv: Move) -> Option<&mut [i32]> {
        (self.every_move || mv == Move::Pass).then(|| self.count(mv, 1))
    }

    /// The playouts counted as begun with `mv`.
    pub fn samples(&self, mv: Move) -> u64 {
        self.rows.get(&mv).map_or(0, |r| r.1)
    }

    /// Counts `n` more playouts begun with `mv`; its row, for their counts.
    pub(crate) fn count(&mut self, mv: Move, n: u64) -> &mut [i32] {
        let (sums, samples) = self
            .rows
            .entry(mv)
            .or_insert_with(|| (vec![0; MAX_POINTS], 0));
        *samples += n;
        sums
    }

    fn merge(&mut self, other: &FirstMoveOwnership) {
        for (&mv, (sums, n)) in &other.rows {
            for (a, b) in self.count(mv, *n).iter_mut().zip(sums) {
                *a += b;
            }
        }
    }
}

impl Ownership {
    /// Counts, by every first move where `by_first_move`, else by the pass alone.
    pub(crate) fn new(by_first_move: bool) -> Ownership {
        Ownership {
            sums: vec![0; MAX_POINTS],
            samples: 0,
            by_first_move: FirstMoveOwnership::new(by_first_move),
        }
    }

    pub(crate) fn merge(&mut self, other: &Ownership) {
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        self.samples += other.samples;
        self.by_first_move.merge(&other.by_first_move);
    }
}
