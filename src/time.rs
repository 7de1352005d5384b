//! Clocks and the time budget for one move. Pure: the engine tells it the clock state and
//! asks for a budget; nothing here reads the wall clock.

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

    /// Seconds to think about the next move. `moves_left` estimates our remaining moves in
    /// the game; `lag` is the safety margin for network and process delays. `None` when there
    /// is no clock (the caller applies its default).
    pub fn budget(&self, moves_left: u32, lag: f64) -> Option<Duration> {
        let r = self.remaining;
        let moves_left = moves_left.max(1) as f64;
        let secs = match self.system {
            System::None => return None,
            System::Absolute { .. } => r.seconds / moves_left - lag,
            System::Byoyomi { period, .. } => {
                if r.count == 0 {
                    // Main time shared over the moves left, plus most of one period (which
                    // is ours to spend on every move anyway).
                    (r.seconds / moves_left + period * 0.8 - lag).min(r.seconds + period - lag)
                } else {
                    r.seconds.min(period) * 0.8 - lag
                }
            }
            System::Canadian { period, stones, .. } => {
                if r.count == 0 {
                    let per_stone = period / stones.max(1) as f64;
                    (r.seconds / moves_left + per_stone * 0.8 - lag)
                        .min(r.seconds + per_stone - lag)
                } else {
                    r.seconds / r.count as f64 * 0.9 - lag
                }
            }
        };
        // Always leave something to answer with, but never plan beyond what is left.
        let floor = 0.05;
        Some(Duration::from_secs_f64(secs.max(floor)))
    }
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
        assert!((secs(c.budget(80, 0.5)) - (12.0 * 0.9 - 0.5)).abs() < 1e-9);
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
}
