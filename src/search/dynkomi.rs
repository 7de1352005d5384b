//! Dynamic komi: in handicap games (Pachi's linear scheme), so that neither side sees the
//! game as decided from the first move; and adaptive komi in even games once the opening is
//! over (Pachi's endgame scheme), so that a won game is played for points rather than for
//! nothing.

use std::sync::atomic::AtomicU32;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use super::params::{self, Params};
use crate::go::Game;

/// Komi for the search: the game's (with handicap compensation), raised in handicap games
/// by `dynkomi_per_stone` points per handicap stone at the start (7), falling linearly to
/// nothing by the time a share `dynkomi_fade` (60%) of the board's points have been
/// played (Pachi's linear dynamic komi). Searching as black (the side with the stones),
/// hoshi then aims to win by more instead of playing slack; as white it counts a loss by
/// less than the extra as a win, so the search still tells good moves from bad instead of
/// seeing a lost game everywhere. Returned as white's bonus on the board margin.
pub fn dynamic_komi(game: &Game, params: &Params) -> f64 {
    let base = game.white_bonus();
    let handicap = game.handicap() as f64;
    if handicap < 2.0 {
        return base;
    }
    let points = (game.size() * game.size()) as f64;
    let fade = (1.0 - game.moves().len() as f64 / (params.dynkomi_fade * points)).max(0.0);
    base + params.dynkomi_per_stone * handicap * fade
}

/// Margins (from the searching side's view) a window's histogram tells apart: whole
/// points from `-MARGIN_BINS / 2` up; the margins beyond fall in the end bins.
const MARGIN_BINS: usize = 160;

/// Whether the search of a move in `game` adapts the komi: an even game (handicap games
/// have `dynamic_komi`) past `adaptive_from` of its points (`adaptive_from_large` from
/// 13×13 up), in moves played or in stones on the board (a position set up with stones).
pub fn adapts(game: &Game, params: &Params) -> bool {
    let points = (game.size() * game.size()) as f64;
    let from = params::by_size(
        game.size(),
        params.adaptive_from,
        params.adaptive_from_large,
    );
    game.handicap() < 2 && game.progress() as f64 >= from * points
}

/// The next extra komi after a window whose margins (from the searching side's view) have
/// `counts` per bin (`bin_of`): the margin that the side beats in `adaptive_win_rate` of
/// the window's playouts, in whole points, never below 0 and at most a point above `now`.
/// A side ahead by less than that takes none.
fn next_extra(now: f32, counts: &[u32], params: &Params) -> f32 {
    let n: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    if n == 0 {
        return now;
    }
    // The margin at the (1 - win rate) quantile: the least bin under which at least that
    // share of the playouts fell.
    let below = ((1.0 - params.adaptive_win_rate) * n as f64).ceil() as u64;
    let mut seen = 0;
    let mut quantile = MARGIN_BINS - 1;
    for (bin, &c) in counts.iter().enumerate() {
        seen += u64::from(c);
        if seen >= below.max(1) {
            quantile = bin;
            break;
        }
    }
    let margin = quantile as f32 - (MARGIN_BINS / 2) as f32;
    margin.max(0.0).min(now + 1.0)
}

/// The histogram bin of a margin: whole points, rounded down, clamped to the ends.
fn bin_of(margin: f32) -> usize {
    (margin.floor() + (MARGIN_BINS / 2) as f32).clamp(0.0, (MARGIN_BINS - 1) as f32) as usize
}

/// A search's adaptive komi (Pachi's dynamic komi in even games, steered by the margins'
/// spread instead of its zones): the points the searching side must win by, beyond the
/// game's komi, for a playout to count as won in the values that steer the tree. Shared
/// by the workers: each playout's margin is recorded, and every `adaptive_window` playouts
/// the extra komi moves on (`next_extra`). Kept between a colour's moves by the `Searcher`.
pub struct AdaptiveKomi {
    on: bool,
    extra: AtomicU32,
    window: AtomicU64,
    counts: Vec<AtomicU32>,
}

impl AdaptiveKomi {
    pub fn new(extra: f32, on: bool) -> Self {
        AdaptiveKomi {
            on,
            extra: AtomicU32::new(if on { extra } else { 0.0 }.to_bits()),
            window: AtomicU64::new(0),
            counts: if on {
                (0..MARGIN_BINS).map(|_| AtomicU32::new(0)).collect()
            } else {
                Vec::new()
            },
        }
    }

    pub fn on(&self) -> bool {
        self.on
    }

    /// The points the searching side must win by beyond the komi (0 when off).
    pub fn extra(&self) -> f32 {
        f32::from_bits(self.extra.load(Relaxed))
    }

    /// Records a playout's final `margin` from the searching side's view; the worker that
    /// closes a window moves the extra komi on.
    pub fn record(&self, margin: f32, params: &Params) {
        if !self.on {
            return;
        }
        self.counts[bin_of(margin)].fetch_add(1, Relaxed);
        let window = u64::from(params.adaptive_window);
        if self.window.fetch_add(1, Relaxed) + 1 != window {
            return;
        }
        let counts: Vec<u32> = self.counts.iter().map(|c| c.swap(0, Relaxed)).collect();
        self.window.store(0, Relaxed);
        let now = self.extra();
        let next = next_extra(now, &counts, params);
        if next != now {
            log::trace!("adaptive komi {now} -> {next}");
        }
        self.extra.store(next.to_bits(), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Color, Move, Rules};

    /// A window's histogram of `n` margins each at the given points.
    fn window(margins: &[(f32, u32)]) -> Vec<u32> {
        let mut counts = vec![0; MARGIN_BINS];
        for &(m, n) in margins {
            counts[bin_of(m)] += n;
        }
        counts
    }

    #[test]
    fn the_extra_komi_climbs_a_point_a_window_to_the_margin_won_four_times_in_five() {
        let p = Params::default();
        // 100 playouts: 10 lost by 3, 10 won by 2.5, 80 won by 12.5. The margin beaten in
        // 80 of 100 is 2 (the 20th lowest is 2.5, floored).
        let w = window(&[(-3.0, 10), (2.5, 10), (12.5, 80)]);
        assert_eq!(next_extra(0.0, &w, &p), 1.0);
        assert_eq!(next_extra(1.0, &w, &p), 2.0);
        assert_eq!(next_extra(2.0, &w, &p), 2.0);
        // Too much: straight back down.
        assert_eq!(next_extra(9.0, &w, &p), 2.0);
        // Behind, or ahead in fewer than four in five: none.
        assert_eq!(next_extra(5.0, &window(&[(-3.0, 30), (12.5, 70)]), &p), 0.0);
        // Margins beyond the histogram fall in its end bins.
        assert_eq!(bin_of(-1000.0), 0);
        assert_eq!(bin_of(1000.0), MARGIN_BINS - 1);
        assert_eq!(next_extra(3.0, &vec![0; MARGIN_BINS], &p), 3.0);
    }

    #[test]
    fn a_search_moves_the_adaptive_komi_on_at_each_full_window() {
        let mut p = Params::default();
        p.set("adaptive_window", "10").unwrap();
        let k = AdaptiveKomi::new(0.0, true);
        for _ in 0..9 {
            k.record(7.5, &p);
        }
        assert_eq!(k.extra(), 0.0);
        k.record(7.5, &p);
        assert_eq!(k.extra(), 1.0);
        for i in 0..10 {
            k.record(if i < 3 { -0.5 } else { 7.5 }, &p);
        }
        assert_eq!(k.extra(), 0.0, "won 7 of 10");
        let off = AdaptiveKomi::new(3.0, false);
        for _ in 0..20 {
            off.record(7.5, &p);
        }
        assert_eq!(off.extra(), 0.0);
    }

    #[test]
    fn the_komi_adapts_after_the_opening_of_an_even_game() {
        let p = Params::default();
        let mut g = Game::new(9, Rules::default(), 7.5).unwrap();
        // Stones on the points of even coordinates: none touches another.
        let points: Vec<_> = (0..9)
            .step_by(2)
            .flat_map(|y| (0..9).step_by(2).map(move |x| (x, y)))
            .collect();
        for &(x, y) in &points[..17] {
            assert!(!adapts(&g, &p));
            let c = g.to_move();
            g.play(c, Move::Play(g.geometry().point(x, y))).unwrap();
        }
        assert!(adapts(&g, &p), "17 moves are past a fifth of 81 points");
        // A position set up with 17 stones and no moves.
        let diagram = "X . O . X . O . X
                       . . . . . . . . .
                       O . X . O . X . O
                       . . . . . . . . .
                       X . O . X . O . X
                       . . . . . . . . .
                       O . X . . . . . .
                       . . . . . . . . .
                       . . . . . . . . .";
        let set_up = Game::from_diagram(diagram, Rules::default(), 7.5, Color::Black).unwrap();
        assert!(set_up.moves().is_empty());
        assert!(adapts(&set_up, &p));
    }

    #[test]
    fn dynamic_komi_fades_with_the_moves() {
        let p = Params::default();
        let mut g = Game::new(19, Rules::default(), 0.5).unwrap();
        assert_eq!(dynamic_komi(&g, &p), g.white_bonus());
        let stones = crate::go::handicap::fixed(g.geometry(), 4).unwrap();
        g.place_handicap(&stones).unwrap();
        let base = g.white_bonus();
        assert_eq!(dynamic_komi(&g, &p), base + 28.0);
        for k in 0..300 {
            let c = g.to_move();
            g.play(c, Move::Pass).unwrap();
            if k == 100 {
                let d = dynamic_komi(&g, &p) - base;
                assert!(d > 0.0 && d < 28.0, "{d}");
            }
        }
        assert_eq!(dynamic_komi(&g, &p), base);
    }
}
