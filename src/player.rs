//! Flat Monte Carlo (UCB1 over the root moves, heavy playouts): the report types shared
//! with the tree search, the final move choice from a report, and Monte Carlo ownership
//! for dead stones, seki, scoring and the decision to pass.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::point::{BLACK, EDGE, EMPTY, MAX_POINTS, WHITE};
use crate::go::tactics::bent_four_in_the_corner;
use crate::go::{Board, Color, Game, Move, Point};
use crate::playout::{Playouts, Policy};

/// When to stop thinking.
#[derive(Copy, Clone, Debug, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
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
}

impl Report {
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    /// Mean ownership at `p` in [-1, 1], black positive.
    pub fn ownership(&self, p: Point) -> f64 {
        if self.ownership_samples == 0 {
            0.0
        } else {
            self.ownership_sum[p.idx()] as f64 / self.ownership_samples as f64
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

/// Who owns each point at the end of a playout: stones, and empty points touching one colour.
pub(crate) fn add_ownership(board: &Board, sums: &mut [i32]) {
    for p in board.geometry().points() {
        let owner = match board.cell(p) {
            EMPTY => {
                let mut seen = 0;
                for n in board.neighbors(p) {
                    let v = board.cell(n);
                    if v != EDGE {
                        seen |= v;
                    }
                }
                seen
            }
            v => v,
        };
        match owner {
            BLACK => sums[p.idx()] += 1,
            WHITE => sums[p.idx()] -= 1,
            _ => {}
        }
    }
}

/// Root moves worth trying for `c`: legal (with superko), not filling a true eye of `c`.
pub fn candidate_moves(game: &Game, c: Color) -> Vec<Move> {
    let b = game.board();
    game.geometry()
        .points()
        .filter(|&p| b.cell(p) == EMPTY && !b.is_true_eye(p, c))
        .map(Move::Play)
        .filter(|&m| game.is_legal(c, m))
        .collect()
}

/// Runs flat Monte Carlo for `color` until `limits` or `stop()`; calls `progress` with a
/// report every `every` (if given). Pass is always a candidate.
pub fn think(
    game: &Game,
    color: Color,
    limits: Limits,
    seed: u64,
    stop: &dyn Fn() -> bool,
    every: Option<Duration>,
    progress: &mut dyn FnMut(&Report),
) -> Report {
    let mut rng = SmallRng::seed_from_u64(seed);
    let komi = game.white_bonus();
    let mut cands: Vec<Candidate> = candidate_moves(game, color)
        .into_iter()
        .chain(std::iter::once(Move::Pass))
        .map(|mv| Candidate {
            mv,
            visits: 0,
            wins: 0.0,
            margin_sum: 0.0,
            prior: 0.0,
            pv: vec![mv],
        })
        .collect();
    let uniform = 1.0 / cands.len() as f64;
    for c in &mut cands {
        c.prior = uniform;
    }
    let size = game.size();
    let max_moves = 3 * (size * size) as u32;
    let mut ownership_sum = vec![0i32; MAX_POINTS];
    let mut scratch = game.board().clone();
    let mut runner = Playouts::new(Policy::Heavy);
    let last_move = match game.moves().last() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let mut playouts = 0u64;
    let mut pacer = Pacer::new(limits, every);
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    while !pacer.done(playouts, stop) {
        if pacer.report_due(playouts) {
            progress(&snapshot(
                color,
                &cands,
                playouts,
                pacer.start,
                &ownership_sum,
            ));
        }
        // UCB1: unvisited first, then mean + exploration.
        let ln_n = ((playouts + 1) as f64).ln();
        let pick = cands
            .iter()
            .enumerate()
            .max_by(|(_, a), (_, b)| ucb(a, ln_n).total_cmp(&ucb(b, ln_n)))
            .map(|(i, _)| i)
            .unwrap_or(0);
        scratch.copy_from(game.board());
        match cands[pick].mv {
            Move::Play(p) => {
                scratch.play(p, color);
            }
            Move::Pass => scratch.pass(),
        }
        let last = match cands[pick].mv {
            Move::Play(p) => [Some(p), last_move],
            Move::Pass => [None, last_move],
        };
        let r = runner.run(
            &mut scratch,
            color.opp(),
            last,
            &mut rng,
            max_moves,
            |_, _| {},
        );
        let margin = sign * (r.margin as f64 - komi);
        let c = &mut cands[pick];
        c.visits += 1;
        c.margin_sum += margin;
        c.wins += if margin > 0.0 {
            1.0
        } else if margin == 0.0 {
            0.5
        } else {
            0.0
        };
        add_ownership(&scratch, &mut ownership_sum);
        playouts += 1;
    }
    snapshot(color, &cands, playouts, pacer.start, &ownership_sum)
}

fn ucb(c: &Candidate, ln_n: f64) -> f64 {
    if c.visits == 0 {
        return f64::INFINITY;
    }
    c.winrate() + (2.0 * ln_n / c.visits as f64).sqrt() * 0.7
}

fn snapshot(
    color: Color,
    cands: &[Candidate],
    playouts: u64,
    start: Instant,
    ownership_sum: &[i32],
) -> Report {
    let mut sorted = cands.to_vec();
    sorted.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate().total_cmp(&a.winrate()))
    });
    Report {
        color,
        candidates: sorted,
        playouts,
        elapsed: start.elapsed(),
        ownership_sum: ownership_sum.to_vec(),
        ownership_samples: playouts,
    }
}

/// The move to play from a finished report: the most visited move other than pass; pass
/// only when nothing else is legal. (Passing to end the game is decided by `passing_wins`.)
pub fn choose(report: &Report) -> Move {
    report
        .candidates
        .iter()
        .find(|c| c.mv != Move::Pass)
        .map_or(Move::Pass, |c| c.mv)
}

/// Whether `color` wins if the game ends now, dead stones judged by `statuses`: after the
/// opponent passed, passing then ends the game with this result.
pub fn passing_wins(game: &Game, color: Color, limits: Limits, seed: u64) -> bool {
    let st = statuses(game, limits, seed);
    let margin = game.score(&st.dead, &st.seki);
    match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    }
}

/// Status of each chain at the end of a game, from Monte Carlo ownership.
#[derive(Clone, Debug, Default)]
pub struct Statuses {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    pub alive: Vec<Point>,
    /// Mean ownership per board index (black positive).
    pub ownership: Vec<f64>,
}

/// Most liberties a seki chain may have besides the ones it shares: more eye space than
/// this makes a living group with territory, not a seki.
const SEKI_MAX_EYE_SPACE: usize = 6;

/// Runs heavy playouts from the position (side to move first, within `limits`) and
/// classifies every stone: dead when the opponent owns its point in most playouts, or when
/// its group is a bent four in the corner (`bent_four_in_the_corner`); seki when it lives,
/// has a liberty shared with a living opposing chain that stays neutral, and its other
/// liberties are at most a small eye space (`SEKI_MAX_EYE_SPACE`).
pub fn statuses(game: &Game, limits: Limits, seed: u64) -> Statuses {
    let report = think(
        game,
        game.to_move(),
        limits,
        seed,
        &|| false,
        None,
        &mut |_| {},
    );
    let board = game.board();
    let geo = game.geometry();
    let own = |p: Point| report.ownership(p);
    let mut st = Statuses {
        ownership: (0..MAX_POINTS).map(|i| own(Point(i as u16))).collect(),
        ..Statuses::default()
    };
    let mut dead = vec![false; MAX_POINTS];
    for p in geo.points() {
        if let Some(c) = board.color_at(p) {
            let sign = if c == Color::Black { 1.0 } else { -1.0 };
            dead[p.idx()] = sign * own(p) < 0.0;
        }
    }
    for p in bent_four_in_the_corner(board) {
        dead[p.idx()] = true;
    }
    for p in geo.points() {
        let Some(c) = board.color_at(p) else { continue };
        if dead[p.idx()] {
            st.dead.push(p);
            continue;
        }
        let mut shared_neutral = 0;
        let mut other = 0;
        for lib in board.chain_liberties(p) {
            let touches_living_enemy = board
                .neighbors(lib)
                .iter()
                .any(|&n| board.color_at(n) == Some(c.opp()) && !dead[n.idx()]);
            if touches_living_enemy && own(lib).abs() < 0.5 {
                shared_neutral += 1;
            } else {
                other += 1;
            }
        }
        if shared_neutral > 0 && other <= SEKI_MAX_EYE_SPACE {
            st.seki.push(p);
        } else {
            st.alive.push(p);
        }
    }
    st
}

#[cfg(test)]
mod tests {
    use super::*;

    fn playouts(n: u64) -> Limits {
        Limits {
            playouts: Some(n),
            time: None,
        }
    }
    use crate::go::{RuleSet, Rules};

    fn game(diagram: &str, rules: RuleSet, komi: f64) -> Game {
        let b = Board::from_diagram(diagram).unwrap();
        let mut g = Game::new(b.size(), Rules::new(rules), komi).unwrap();
        g.setup(&b.stones(), Color::Black).unwrap();
        g
    }

    #[test]
    fn captures_a_stone_in_atari_that_decides_the_game() {
        // White's stone at C3 cuts black apart; capturing it at D3 wins the game.
        let g = game(
            ". . . . .
             X X X X .
             X X O . X
             X X X X X
             . X . X .",
            RuleSet::Chinese,
            0.5,
        );
        let r = think(
            &g,
            Color::Black,
            Limits {
                playouts: Some(3000),
                time: None,
            },
            1,
            &|| false,
            None,
            &mut |_| {},
        );
        assert_eq!(r.playouts, 3000);
        assert_eq!(g.geometry().move_text(choose(&r)), "D3");
    }

    #[test]
    fn fixed_playouts_and_seed_are_deterministic() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let run = || {
            let r = think(
                &g,
                Color::Black,
                Limits {
                    playouts: Some(500),
                    time: None,
                },
                42,
                &|| false,
                None,
                &mut |_| {},
            );
            (choose(&r), r.best().map(|c| c.visits))
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn dead_stones_in_territory_are_found() {
        let g = game(
            ". . . X O . .
             . O . X O . .
             . . . X O . .
             . . . X O X .
             . . . X O . .
             . . . X O . .
             . . . X O . .",
            RuleSet::Japanese,
            0.5,
        );
        let st = statuses(&g, playouts(2000), 7);
        let geo = g.geometry();
        let mut dead: Vec<String> = st.dead.iter().map(|&p| geo.vertex(p)).collect();
        dead.sort();
        assert_eq!(dead, ["B6", "F4"]);
        // Black 21 + 1 prisoner, white 14 + 1 prisoner, komi 0.5.
        assert_eq!(g.score(&st.dead, &st.seki), 21.0 + 1.0 - 14.0 - 1.0 - 0.5);
    }

    #[test]
    fn passing_wins_judges_the_finished_position() {
        let diagram = ". . X O .
                       . . X O .
                       . . X O .
                       . . X O .
                       . . X O .";
        // Black 15, white 10.
        let g = game(diagram, RuleSet::Chinese, 4.5);
        assert!(passing_wins(&g, Color::Black, playouts(500), 3));
        assert!(!passing_wins(&g, Color::White, playouts(500), 3));
        let g = game(diagram, RuleSet::Chinese, 5.5);
        assert!(!passing_wins(&g, Color::Black, playouts(500), 3));
        assert!(passing_wins(&g, Color::White, playouts(500), 3));
    }
}
