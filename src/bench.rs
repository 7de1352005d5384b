//! `hoshi bench`: playout speed, single thread, measured over a fixed wall-clock time per
//! size. Each run checks its own result (playouts finish, the board stays consistent, the
//! mean margin is plausible), so a speed-up cannot silently change behaviour.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::{Board, Color};
use crate::search::Params;
use crate::search::playout::{Playouts, Policy};

/// One measurement.
#[derive(Clone, Debug)]
pub struct BenchResult {
    pub size: usize,
    pub playouts: u64,
    pub seconds: f64,
    pub mean_moves: f64,
    pub black_wins: f64,
}

impl BenchResult {
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }
}

/// How long a benchmark runs.
#[derive(Copy, Clone, Debug)]
pub enum Budget {
    Time(Duration),
    /// A fixed number of playouts (repeatable instruction counts under callgrind).
    Playouts(u64),
}

/// Runs playouts of `policy` (heavy weights from `params`) from the empty board on `size`
/// within `budget`.
pub fn run(
    policy: Policy,
    size: usize,
    budget: Budget,
    seed: u64,
    params: &Params,
) -> Result<BenchResult, String> {
    let empty = Board::new(size).ok_or_else(|| format!("unacceptable size {size}"))?;
    let komi = 7.5;
    let mut rng = SmallRng::seed_from_u64(seed);
    let max_moves = 3 * (size * size) as u32;
    let start = Instant::now();
    let (mut playouts, mut moves, mut wins, mut unfinished) = (0u64, 0u64, 0u64, 0u64);
    let mut b = empty.clone();
    let mut runner = Playouts::new(policy, params, size);
    let more = |playouts: u64| match budget {
        Budget::Time(t) => start.elapsed() < t,
        Budget::Playouts(n) => playouts < n,
    };
    while more(playouts) {
        // Check the clock every 64 playouts.
        for _ in 0..64 {
            b.copy_from(&empty);
            let r = runner.run(
                &mut b,
                Color::Black,
                [None, None],
                &mut rng,
                max_moves,
                |_, _| {},
            );
            playouts += 1;
            moves += r.moves as u64;
            wins += (r.margin as f64 > komi) as u64;
            unfinished += (!r.finished) as u64;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    b.check_invariants()?;
    let res = BenchResult {
        size,
        playouts,
        seconds,
        mean_moves: moves as f64 / playouts as f64,
        black_wins: wins as f64 / playouts as f64,
    };
    if unfinished * 100 > playouts {
        return Err(format!(
            "{unfinished} of {playouts} playouts hit the move cap"
        ));
    }
    let points = (size * size) as f64;
    if res.mean_moves < points * 0.5 || res.mean_moves > points * 3.0 {
        return Err(format!("implausible playout length {:.1}", res.mean_moves));
    }
    Ok(res)
}
