//! `hoshi bias`: how far the heavy playouts' judgement of positions lies from a reference
//! judgement (a stronger engine's search). A playout policy's bias is what more playouts do
//! not fix; this measures it in seconds and finds the positions where it is largest. As a
//! screen for playout settings it failed: against Pachi's judgement of 2,859 positions it
//! ranked only three of seven settings as games did, and the shapes off, which lose 32
//! points, above the defaults (`matches/2026-12-06-9x9-playout-bias/`). Games decide.
//!
//! A positions file has one position a line: board size, komi, the reference win rate of the
//! side to move (0 to 1), then the moves from the empty board as colour and vertex pairs;
//! `#` starts a comment (kept as the position's name):
//!
//! ```text
//! 9 7.5 0.873 b E6 w E4 b D4 w pass   # game014.sgf 4
//! ```
//!
//! Each position gets a fixed number of heavy playouts from its own seed, so a run is
//! repeatable whatever the number of threads. `Judge::Search` judges by a search of that
//! many playouts instead (one thread a position): the value its most visited move gets,
//! which is what the engine would play on, tree knowledge and all.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rayon::prelude::*;

use crate::go::{Color, Game, Move, Point, Rules};
use crate::search::playout::{Playouts, Policy};
use crate::search::{Config, Limits, Params, Searcher};

/// One position to judge.
#[derive(Clone)]
pub struct Position {
    pub game: Game,
    /// The last two moves, most recent first (`None`: a pass or none).
    pub last: [Option<Point>; 2],
    /// The reference win rate of the side to move.
    pub reference: f64,
    /// The comment after `#`, or the line number.
    pub name: String,
}

/// Parses a positions file; an error names the line.
pub fn parse(text: &str) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let (body, comment) = match line.split_once('#') {
            Some((b, c)) => (b, c.trim()),
            None => (line, ""),
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let at = |e: String| format!("line {}: {e}", k + 1);
        let position = parse_words(&words).map_err(at)?;
        out.push(Position {
            name: if comment.is_empty() {
                format!("line {}", k + 1)
            } else {
                comment.to_string()
            },
            ..position
        });
    }
    Ok(out)
}

fn parse_words(words: &[&str]) -> Result<Position, String> {
    if words.len() < 3 || words.len().is_multiple_of(2) {
        return Err("want: size komi reference, then colour and vertex pairs".into());
    }
    let size: usize = words[0].parse().map_err(|_| "bad size")?;
    let komi: f64 = words[1].parse().map_err(|_| "bad komi")?;
    let reference: f64 = words[2].parse().map_err(|_| "bad reference")?;
    if !komi.is_finite() || !(0.0..=1.0).contains(&reference) {
        return Err("komi must be a number and the reference lie in 0..=1".into());
    }
    let mut game = Game::new(size, Rules::default(), komi).ok_or("unacceptable size")?;
    let geo = game.geometry();
    let mut last = [None, None];
    for pair in words[3..].chunks(2) {
        let c = Color::parse(pair[0]).ok_or_else(|| format!("bad colour {}", pair[0]))?;
        let mv = geo
            .parse_move(pair[1])
            .ok_or_else(|| format!("bad vertex {}", pair[1]))?;
        game.play(c, mv)
            .map_err(|e| format!("{} {}: {e}", pair[0], pair[1]))?;
        let p = match mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        };
        last = [p, last[0]];
    }
    Ok(Position {
        game,
        last,
        reference,
        name: String::new(),
    })
}

/// The playouts' judgement of one position.
#[derive(Clone, Debug)]
pub struct Judged {
    pub name: String,
    pub reference: f64,
    /// The share of playouts the side to move won.
    pub value: f64,
}

/// What a run measured.
#[derive(Clone, Debug)]
pub struct Summary {
    pub positions: usize,
    /// Mean squared difference between the playouts' value and the reference.
    pub mse: f64,
    /// Positions whose reference is at least `DECISIVE` from one half.
    pub decisive: usize,
    /// Of those, the share where the playouts favour the same side.
    pub agree: f64,
    /// Of those, the mean playout value of the side the reference favours.
    pub favoured: f64,
}

/// How far from one half a reference must lie to count as decisive.
pub const DECISIVE: f64 = 0.2;

/// How a position is judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The share of flat heavy playouts the side to move wins.
    Playouts,
    /// The win rate of the most visited move of a search.
    Search,
}

/// Nodes a judging search may hold: enough for a few hundred thousand playouts.
const SEARCH_NODES: usize = 1 << 20;

/// Judges each position by `playouts` heavy playouts (weights from `params`), flat or
/// through a search (`how`).
pub fn judge(
    positions: &[Position],
    how: Judge,
    playouts: u32,
    seed: u64,
    params: &Params,
) -> Vec<Judged> {
    positions
        .par_iter()
        .enumerate()
        .map(|(k, pos)| {
            let seed = seed ^ (k as u64).wrapping_mul(0x9E37_79B9);
            let value = match how {
                Judge::Playouts => flat_value(pos, playouts, seed, params),
                Judge::Search => search_value(pos, playouts, seed, params),
            };
            Judged {
                name: pos.name.clone(),
                reference: pos.reference,
                value,
            }
        })
        .collect()
}

/// The share of `playouts` heavy playouts from `pos` that its side to move wins.
fn flat_value(pos: &Position, playouts: u32, seed: u64, params: &Params) -> f64 {
    let board = pos.game.board();
    let size = pos.game.size();
    let to_move = pos.game.to_move();
    let komi = pos.game.komi();
    let mut runner = Playouts::new(Policy::Heavy, params, size);
    let mut rng = SmallRng::seed_from_u64(seed);
    let max_moves = 3 * (size * size) as u32;
    let mut b = board.clone();
    let mut wins = 0u32;
    for _ in 0..playouts {
        b.copy_from(board);
        let r = runner.run(&mut b, to_move, pos.last, &mut rng, max_moves, |_, _| {});
        let black_margin = r.margin as f64 - komi;
        let won = match to_move {
            Color::Black => black_margin > 0.0,
            Color::White => black_margin < 0.0,
        };
        wins += won as u32;
    }
    wins as f64 / playouts.max(1) as f64
}

/// The win rate of the most visited move of a one-thread search of `playouts` from `pos`
/// (one half where the search finds no move).
fn search_value(pos: &Position, playouts: u32, seed: u64, params: &Params) -> f64 {
    let mut searcher = Searcher::new(Config {
        policy: Policy::Heavy,
        threads: 1,
        node_cap: SEARCH_NODES,
        reuse: false,
        by_first_move: false,
        params: *params,
    });
    let color = pos.game.to_move();
    let limits = Limits::playouts(playouts.max(1) as u64);
    let report = searcher.run(&pos.game, color, limits, seed, &|| false, None, &mut |_| {});
    report.best().map_or(0.5, |b| b.winrate())
}

/// The summary of judged positions.
pub fn summarize(judged: &[Judged]) -> Summary {
    let n = judged.len().max(1) as f64;
    let mse = judged
        .iter()
        .map(|j| (j.value - j.reference).powi(2))
        .sum::<f64>()
        / n;
    let decisive: Vec<&Judged> = judged
        .iter()
        .filter(|j| (j.reference - 0.5).abs() >= DECISIVE)
        .collect();
    let favoured_value = |j: &Judged| {
        if j.reference > 0.5 {
            j.value
        } else {
            1.0 - j.value
        }
    };
    let d = decisive.len().max(1) as f64;
    Summary {
        positions: judged.len(),
        mse,
        decisive: decisive.len(),
        agree: decisive.iter().filter(|j| favoured_value(j) > 0.5).count() as f64 / d,
        favoured: decisive.iter().map(|j| favoured_value(j)).sum::<f64>() / d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positions_with_names_and_rejects_bad_lines() {
        let text = "# a comment line\n\n9 7.5 0.8 b E5 w pass # first\n5 0.5 0.25\n";
        let ps = parse(text).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].name, "first");
        assert_eq!(ps[0].game.to_move(), Color::Black);
        assert_eq!(ps[0].last[0], None);
        assert!(ps[0].last[1].is_some());
        assert_eq!(ps[1].name, "line 4");
        assert_eq!(ps[1].game.size(), 5);
        for bad in [
            "9 7.5",
            "9 7.5 1.5",
            "9 x 0.5",
            "9 7.5 0.5 b",
            "9 7.5 0.5 b Z9",
            "9 7.5 0.5 q E5",
            "9 7.5 0.5 b E5 w E5",
            "30 7.5 0.5",
        ] {
            let Err(e) = parse(bad) else {
                panic!("{bad}: accepted");
            };
            assert!(e.starts_with("line 1:"), "{bad}: {e}");
        }
    }

    /// A position one side has won outright is judged so by the playouts, and the summary
    /// counts it as agreeing; the reference on the wrong side counts as disagreeing.
    #[test]
    fn a_won_position_is_judged_won_and_the_summary_scores_it() {
        // Black walls off the left four columns of 7×7 and white the right two: black has
        // 28 points of area, far more than komi.
        let mut moves = String::new();
        for row in 1..=7 {
            moves += &format!(" b D{row} w F{row}");
        }
        let text = format!("7 7.5 0.9{moves} # won\n7 7.5 0.1{moves} # wrong\n");
        let ps = parse(&text).unwrap();
        let judged = judge(&ps, Judge::Playouts, 200, 1, &Params::default());
        assert!(judged[0].value > 0.9, "{judged:?}");
        let s = summarize(&judged);
        assert_eq!((s.positions, s.decisive), (2, 2));
        assert!((s.agree - 0.5).abs() < 1e-9, "{s:?}");
        assert!((s.favoured - 0.5).abs() < 0.05, "{s:?}");
        assert!(s.mse > 0.3, "{s:?}");
        // Repeatable for a seed.
        let again = judge(&ps, Judge::Playouts, 200, 1, &Params::default());
        assert_eq!(judged[0].value, again[0].value);
        // A search judges it won too, and repeatably.
        let searched = judge(&ps, Judge::Search, 300, 1, &Params::default());
        assert!(searched[0].value > 0.9, "{searched:?}");
        let again = judge(&ps, Judge::Search, 300, 1, &Params::default());
        assert_eq!(searched[0].value, again[0].value);
    }
}
