//! Clocks, the time budget for one move, and the safety margin kept on every move. Pure:
//! the engine tells it the clock state and what it spent, and asks for a budget; nothing
//! here reads the wall clock.

use std::collections::VecDeque;
use std::time::Duration;

/// The time system the controller set.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum System {
    /// No clock (GTP `time_settings 0 1 0`, `kgs-time_settings none`, or none sent).
    None,
    /// Main time only.
    Absolute { main: f64 },
    /// Japanese byo-yomi: `periods` periods of `period` seconds after main time.
    Byoyomi {
        main: f64,
        period: f64,
        periods: u32,
    },
    /// Canadian: `stones` moves in each `period` seconds after main time.
    Canadian { main: f64, period: f64, stones: u32 },
}

/// What is left on our clock, as the controller last said (or as set at the start).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Remaining {
    /// Seconds left in the current phase (main time, or the current period).
    pub seconds: f64,
    /// 0 while in main time; in byo-yomi the periods left (Japanese) or stones left in the
    /// period (Canadian), as GTP `time_left` gives it.
    pub count: u32,
}

/// A clock: the system plus what remains.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Clock {
    pub system: System,
    pub remaining: Remaining,
}

impl Clock {
    pub fn none() -> Clock {
        Clock {
            system: System::None,
            remaining: Remaining {
                seconds: 0.0,
                count: 0,
            },
        }
    }

    /// A fresh clock for GTP `time_settings main byo_yomi_time byo_yomi_stones`: byo-yomi time
    /// with zero stones means no limit; zero byo-yomi time means absolute; otherwise Canadian.
    pub fn from_gtp(main: f64, period: f64, stones: u32) -> Clock {
        let system = if period > 0.0 && stones == 0 {
            System::None
        } else if period <= 0.0 {
            if main <= 0.0 {
                // No main time and no byo-yomi: the spec's "no time", treat as no limit.
                System::None
            } else {
                System::Absolute { main }
            }
        } else {
            System::Canadian {
                main,
                period,
                stones,
            }
        };
        Clock::start(system)
    }

    /// A fresh clock of the given system, main time not yet used.
    pub fn start(system: System) -> Clock {
        // Main time, and for byo-yomi systems the period and its count (periods or stones).
        let (main, overtime) = match system {
            System::None => (0.0, None),
            System::Absolute { main } => (main, None),
            System::Byoyomi {
                main,
                period,
                periods,
            } => (main, Some((period, periods))),
            System::Canadian {
                main,
                period,
                stones,
            } => (main, Some((period, stones))),
        };
        let remaining = match overtime {
            Some((period, count)) if main <= 0.0 => Remaining {
                seconds: period,
                count,
            },
            _ => Remaining {
                seconds: main,
                count: 0,
            },
        };
        Clock { system, remaining }
    }

    /// Records a GTP `time_left` report.
    pub fn set_remaining(&mut self, seconds: f64, count: u32) {
        self.remaining = Remaining { seconds, count };
    }

    /// After we used `spent` seconds on a move (for controllers that send no `time_left`).
    pub fn charge(&mut self, spent: f64) {
        let r = &mut self.remaining;
        match self.system {
            System::None => {}
            System::Absolute { .. } => r.seconds = (r.seconds - spent).max(0.0),
            System::Byoyomi {
                period, periods, ..
            } => {
                if r.count == 0 {
                    r.seconds -= spent;
                    if r.seconds <= 0.0 {
                        // Main time ran out mid-move: into byo-yomi.
                        r.seconds = period;
                        r.count = periods;
                    }
                } else if spent > r.seconds {
                    r.count = r.count.saturating_sub(1).max(1);
                    r.seconds = period;
                } else {
                    r.seconds = period; // a move within the period resets it
                }
            }
            System::Canadian { period, stones, .. } => {
                if r.count == 0 {
                    r.seconds -= spent;
                    if r.seconds <= 0.0 {
                        r.seconds = period;
                        r.count = stones;
                    }
                } else {
                    r.seconds = (r.seconds - spent).max(0.0);
                    r.count -= 1;
                    if r.count == 0 {
                        r.seconds = period;
                        r.count = stones;
                    }
                }
            }
        }
    }

    /// Seconds the controller charged for our last move: the drop from `before` (the
    /// clock it reported before the move) to `after` (its next report), where both lie in
    /// one phase whose time runs down across a move (main time, or one Canadian period
    /// with one stone played). `None` where a report says nothing about it (a byo-yomi
    /// period reset by the move, a phase change).
    pub fn charged(&self, before: Remaining, after: Remaining) -> Option<f64> {
        let drop = before.seconds - after.seconds;
        let same_phase = match self.system {
            System::None => false,
            System::Absolute { .. } => true,
            System::Byoyomi { .. } => before.count == 0 && after.count == 0,
            System::Canadian { .. } => {
                (before.count == 0 && after.count == 0)
                    || (after.count > 0 && after.count + 1 == before.count)
            }
        };
        (same_phase && drop >= 0.0).then_some(drop)
    }

    /// Seconds to think about the next move. `moves_left` estimates our remaining moves in
    /// the game; `margin` is kept back for the delays between the controller's clock and
    /// our thinking (`Margin`). `None` when there is no clock (the caller applies its
    /// default).
    pub fn budget(&self, moves_left: u32, margin: f64) -> Option<Duration> {
        let r = self.remaining;
        let moves_left = moves_left.max(1) as f64;
        let secs = match self.system {
            System::None => return None,
            System::Absolute { .. } => r.seconds / moves_left - margin,
            System::Byoyomi { period, .. } => {
                if r.count == 0 {
                    // Main time shared over the moves left, plus most of one period (which
                    // is ours to spend on every move anyway).
                    (r.seconds / moves_left + period * 0.8 - margin)
                        .min(r.seconds + period - margin)
                } else {
                    r.seconds.min(period) * PERIOD_SHARE - margin
                }
            }
            System::Canadian { period, stones, .. } => {
                if r.count == 0 {
                    let per_stone = period / stones.max(1) as f64;
                    (r.seconds / moves_left + per_stone * 0.8 - margin)
                        .min(r.seconds + per_stone - margin)
                } else {
                    r.seconds / r.count as f64 * PERIOD_SHARE - margin
                }
            }
        };
        // Always leave something to answer with, but never plan beyond what is left.
        let floor = 0.05;
        Some(Duration::from_secs_f64(secs.max(floor)))
    }
}

/// The share of a byo-yomi period (or of a Canadian period's time per stone) that a move
/// may plan to use, before the margin: the rest absorbs jitter in the clock readings.
const PERIOD_SHARE: f64 = 0.95;

/// The safety margin kept back on every move, seconds. Fixed by `--lag`, or learned:
/// `BASE`, plus the delay the controller adds to our thinking time (network, pipes,
/// scheduling: the time it charged minus the time we spent, from its `time_left`
/// reports, averaged since servers report whole seconds), plus our own overrun past the
/// budget (the largest of the last moves).
#[derive(Clone, Debug)]
pub struct Margin {
    fixed: Option<f64>,
    delays: VecDeque<f64>,
    overruns: VecDeque<f64>,
}

impl Margin {
    /// Kept back on every move before anything is learned: covers what a controller's
    /// reports cannot show (a reply's way back, a loaded machine's scheduling).
    pub const BASE: f64 = 0.1;
    /// The overrun assumed before the first move is measured.
    const FIRST_OVERRUN: f64 = 0.05;
    /// Observations kept.
    const WINDOW: usize = 16;
    /// Most delay believed (a report from a clock that was paused, or a wrong one).
    const MAX_DELAY: f64 = 5.0;

    /// `Some(lag)`: always `lag` (`--lag`); `None`: learned.
    pub fn new(fixed: Option<f64>) -> Margin {
        Margin {
            fixed,
            delays: VecDeque::new(),
            overruns: VecDeque::new(),
        }
    }

    /// The margin now, seconds.
    pub fn seconds(&self) -> f64 {
        if let Some(lag) = self.fixed {
            return lag;
        }
        let delay = if self.delays.is_empty() {
            0.0
        } else {
            self.delays.iter().sum::<f64>() / self.delays.len() as f64
        };
        let overrun = if self.overruns.is_empty() {
            Self::FIRST_OVERRUN
        } else {
            self.overruns.iter().copied().fold(0.0, f64::max)
        };
        Self::BASE + delay.clamp(0.0, Self::MAX_DELAY) + overrun
    }

    /// A move took `spent` seconds (from the decision's start to its end) against a
    /// budget of `budget`.
    pub fn observe_move(&mut self, spent: f64, budget: f64) {
        push(&mut self.overruns, (spent - budget).max(0.0));
    }

    /// The controller charged `charged` seconds for a move we spent `spent` on.
    pub fn observe_charge(&mut self, charged: f64, spent: f64) {
        push(&mut self.delays, charged - spent);
    }
}

fn push(window: &mut VecDeque<f64>, value: f64) {
    if window.len() == Margin::WINDOW {
        window.pop_front();
    }
    window.push_back(value);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(d: Option<Duration>) -> f64 {
        d.unwrap().as_secs_f64()
    }

    #[test]
    fn gtp_time_settings_forms() {
        assert_eq!(Clock::from_gtp(0.0, 1.0, 0).system, System::None);
        assert_eq!(
            Clock::from_gtp(600.0, 0.0, 0).system,
            System::Absolute { main: 600.0 }
        );
        assert!(matches!(
            Clock::from_gtp(600.0, 300.0, 25).system,
            System::Canadian { stones: 25, .. }
        ));
        assert_eq!(Clock::none().budget(50, 0.5), None);
    }

    #[test]
    fn absolute_time_is_shared_over_the_moves_left() {
        let c = Clock::from_gtp(600.0, 0.0, 0);
        assert!((secs(c.budget(60, 0.5)) - 9.5).abs() < 1e-9);
        let mut low = c;
        low.set_remaining(1.0, 0);
        assert!(secs(low.budget(60, 0.5)) <= 0.05 + 1e-9);
    }

    #[test]
    fn byoyomi_never_exceeds_the_period() {
        let mut c = Clock::start(System::Byoyomi {
            main: 0.0,
            period: 1.0,
            periods: 1,
        });
        for lag in [0.0, 0.1, 0.5] {
            let b = secs(c.budget(40, lag));
            assert!(
                b < 1.0 - lag + 1e-9 || b <= 0.05 + 1e-9,
                "{b} with lag {lag}"
            );
        }
        c.set_remaining(0.3, 1);
        assert!(secs(c.budget(40, 0.1)) <= 0.3);
    }

    #[test]
    fn canadian_period_is_split_over_the_stones() {
        let mut c = Clock::from_gtp(0.0, 300.0, 25);
        assert_eq!(c.remaining.count, 25);
        assert!((secs(c.budget(80, 0.5)) - (12.0 * PERIOD_SHARE - 0.5)).abs() < 1e-9);
        c.set_remaining(10.0, 2);
        assert!(secs(c.budget(80, 0.5)) < 5.0);
    }

    #[test]
    fn charging_moves_through_main_time_into_byoyomi() {
        let mut c = Clock::start(System::Byoyomi {
            main: 10.0,
            period: 5.0,
            periods: 3,
        });
        c.charge(6.0);
        assert_eq!(c.remaining.count, 0);
        c.charge(6.0);
        assert_eq!((c.remaining.seconds, c.remaining.count), (5.0, 3));
        let mut k = Clock::from_gtp(0.0, 10.0, 2);
        k.charge(3.0);
        assert_eq!(k.remaining.count, 1);
        k.charge(3.0);
        assert_eq!((k.remaining.seconds, k.remaining.count), (10.0, 2));
    }

    #[test]
    fn the_charge_is_read_only_within_one_phase() {
        let main = |s: f64| Remaining {
            seconds: s,
            count: 0,
        };
        let over = |s: f64, n: u32| Remaining {
            seconds: s,
            count: n,
        };
        let abs = Clock::from_gtp(600.0, 0.0, 0);
        assert_eq!(abs.charged(main(300.0), main(298.5)), Some(1.5));
        assert_eq!(abs.charged(main(300.0), main(301.0)), None);
        let byo = Clock::start(System::Byoyomi {
            main: 60.0,
            period: 10.0,
            periods: 3,
        });
        assert_eq!(byo.charged(main(30.0), main(27.0)), Some(3.0));
        // A period reset by the move, or main time running into byo-yomi: no reading.
        assert_eq!(byo.charged(over(10.0, 3), over(10.0, 3)), None);
        assert_eq!(byo.charged(main(2.0), over(10.0, 3)), None);
        let can = Clock::from_gtp(0.0, 300.0, 25);
        assert_eq!(can.charged(over(300.0, 25), over(288.0, 24)), Some(12.0));
        // A new period (the count starts again): no reading.
        assert_eq!(can.charged(over(5.0, 1), over(300.0, 25)), None);
        assert_eq!(Clock::none().charged(main(5.0), main(4.0)), None);
    }

    #[test]
    fn the_margin_is_fixed_or_learned() {
        assert_eq!(Margin::new(Some(0.3)).seconds(), 0.3);
        let mut m = Margin::new(None);
        let first = m.seconds();
        assert!((first - (Margin::BASE + Margin::FIRST_OVERRUN)).abs() < 1e-12);
        // Moves that end on their budget leave only the base.
        m.observe_move(0.8, 0.8);
        assert!((m.seconds() - Margin::BASE).abs() < 1e-12);
        // A move that ran 0.12 s over raises it by as much, until it leaves the window.
        m.observe_move(0.92, 0.8);
        assert!((m.seconds() - (Margin::BASE + 0.12)).abs() < 1e-9);
        for _ in 0..Margin::WINDOW {
            m.observe_move(0.5, 0.5);
        }
        assert!((m.seconds() - Margin::BASE).abs() < 1e-12);
        // A controller that charges whole seconds: the delay is their mean excess.
        for (charged, spent) in [(1.0, 0.7), (0.0, 0.6), (1.0, 0.8), (1.0, 0.5)] {
            m.observe_charge(charged, spent);
        }
        let delay = (0.3 - 0.6 + 0.2 + 0.5) / 4.0;
        assert!((m.seconds() - (Margin::BASE + delay)).abs() < 1e-9);
        // A slow link: half a second on every move.
        for _ in 0..Margin::WINDOW {
            m.observe_charge(1.3, 0.8);
        }
        assert!((m.seconds() - (Margin::BASE + 0.5)).abs() < 1e-9);
    }
}
