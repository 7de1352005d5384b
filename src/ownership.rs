//! Dead stones, seki and ownership at the end of a game, for scoring (`final_score`,
//! `final_status_list`), the score estimate and the decision to pass.
//!
//! Ownership comes from flat Monte Carlo: UCB1 over the root moves of the side to move,
//! each sample a heavy playout, every final position counted point by point. A stone is
//! dead when the opponent owns its point in most playouts (or it is a bent four in the
//! corner, which playouts cannot judge); a living chain is in seki when it shares a
//! liberty that stays neutral with a living enemy chain and has little eye space besides.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::point::MAX_POINTS;
use crate::go::tactics::{bent_four_in_the_corner, plays_safely};
use crate::go::{Board, Color, Game, Move, PassAlive, Point};
use crate::search::playout::{Playouts, Policy, add_ownership};
use crate::search::report::Pacer;
use crate::search::{Candidate, Limits, Params, Report, root_moves};

/// Flat Monte Carlo for `color` until `limits` or `stop()`; calls `progress` with a report
/// every `every` (if given). Pass is always a candidate. The report's ownership is the
/// sample the statuses are judged from.
#[allow(clippy::too_many_arguments)]
fn sample(
    game: &Game,
    color: Color,
    limits: Limits,
    seed: u64,
    stop: &dyn Fn() -> bool,
    every: Option<Duration>,
    progress: &mut dyn FnMut(&Report),
    params: &Params,
) -> Report {
    let mut rng = SmallRng::seed_from_u64(seed);
    let komi = game.white_bonus();
    let mut cands: Vec<Candidate> = root_moves(game, color)
        .into_iter()
        .chain(std::iter::once(Move::Pass))
        .map(|mv| Candidate {
            mv,
            visits: 0,
            wins: 0.0,
            margin_sum: 0.0,
            score_stdev: 0.0,
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
    let mut runner = Playouts::new(Policy::Heavy, params);
    let last_move = match game.moves().last() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let mut playouts = 0u64;
    let mut pacer = Pacer::new(limits, every);
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    let explore = params.status_explore;
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
            .max_by(|(_, a), (_, b)| ucb(a, ln_n, explore).total_cmp(&ucb(b, ln_n, explore)))
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

fn ucb(c: &Candidate, ln_n: f64, explore: f64) -> f64 {
    if c.visits == 0 {
        return f64::INFINITY;
    }
    c.winrate() + (2.0 * ln_n / c.visits as f64).sqrt() * explore
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

/// Status of each chain at the end of a game, from Monte Carlo ownership.
#[derive(Clone, Debug, Default)]
pub struct Statuses {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    pub alive: Vec<Point>,
    /// Mean ownership per board index (black positive).
    pub ownership: Vec<f64>,
}

/// Runs heavy playouts from the position (side to move first, within `limits`) and
/// classifies every stone: dead when the opponent owns its point in most playouts, or when
/// its group is a bent four in the corner (`bent_four_in_the_corner`); seki when it lives,
/// has a liberty shared with a living opposing chain that stays neutral and that neither
/// side can fill (`unfillable`), and its other liberties are at most a small eye space
/// (`seki_max_eye_space`).
pub fn statuses(game: &Game, limits: Limits, seed: u64, params: &Params) -> Statuses {
    let report = sample(
        game,
        game.to_move(),
        limits,
        seed,
        &|| false,
        None,
        &mut |_| {},
        params,
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
    // Unconditional life overrides the playouts: a pass-alive chain lives (with two
    // eyes of its own, in no seki), a stone inside pass-alive territory is dead.
    let pass_alive = PassAlive::of(board, game.rules().suicide);
    for p in geo.points() {
        if let (Some(c), Some(owner)) = (board.color_at(p), pass_alive.owner(p)) {
            dead[p.idx()] = c != owner;
        }
    }
    for p in geo.points() {
        let Some(c) = board.color_at(p) else { continue };
        if dead[p.idx()] {
            st.dead.push(p);
            continue;
        }
        if pass_alive.is_alive_stone(board, p) {
            st.alive.push(p);
            continue;
        }
        let mut shared_neutral = 0;
        let mut other = 0;
        for lib in board.chain_liberties(p) {
            let touches_living_enemy = board
                .neighbors(lib)
                .iter()
                .any(|&n| board.color_at(n) == Some(c.opp()) && !dead[n.idx()]);
            if touches_living_enemy && own(lib).abs() < 0.5 && unfillable(board, lib) {
                shared_neutral += 1;
            } else {
                other += 1;
            }
        }
        if shared_neutral > 0 && other <= params.seki_max_eye_space as usize {
            st.seki.push(p);
        } else {
            st.alive.push(p);
        }
    }
    join_seki_through_eyes(
        board,
        &pass_alive,
        &mut st,
        params.seki_max_eye_space as usize,
    );
    st
}

/// Whether neither colour can fill the empty point `p` without putting its own chain in
/// atari (or at all): a liberty shared in seki, not a dame. Filling a dame is safe for
/// both, which tells the dame left between living groups at the end of a game from seki.
fn unfillable(board: &Board, p: Point) -> bool {
    [Color::Black, Color::White]
        .into_iter()
        .all(|c| !plays_safely(board, p, c))
}

/// A living chain whose liberties are at most a small eye space (`max_eye_space`) and that
/// shares an eye (`Board::is_eyeish`: only its colour around) with a chain of its colour
/// in seki is in seki too: the two form one group, and its eyes are no territory (the
/// Japanese rules' "no territory in seki"), as with the eye a seki group in the corner
/// shares with the wall behind it.
fn join_seki_through_eyes(
    board: &Board,
    pass_alive: &PassAlive,
    st: &mut Statuses,
    max_eye_space: usize,
) {
    let mut seki = vec![false; MAX_POINTS];
    for &p in &st.seki {
        seki[p.idx()] = true;
    }
    loop {
        let joined: Vec<Point> = st
            .alive
            .iter()
            .copied()
            .filter(|&p| {
                let Some(c) = board.color_at(p) else {
                    return false;
                };
                if pass_alive.is_alive_stone(board, p) {
                    return false;
                }
                let libs = board.chain_liberties(p);
                libs.len() <= max_eye_space
                    && libs.iter().any(|&lib| {
                        board.is_eyeish(lib, c)
                            && board.neighbors(lib).iter().any(|&n| seki[n.idx()])
                    })
            })
            .collect();
        if joined.is_empty() {
            return;
        }
        for &p in &joined {
            seki[p.idx()] = true;
        }
        st.alive.retain(|p| !seki[p.idx()]);
        st.seki.extend(joined);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::go::{RuleSet, Rules};

    fn game(diagram: &str, rules: RuleSet, komi: f64) -> Game {
        Game::from_diagram(diagram, Rules::new(rules), komi, Color::Black).unwrap()
    }

    /// The most visited move other than pass.
    fn most_visited_play(r: &Report) -> Move {
        r.candidates
            .iter()
            .find(|c| c.mv != Move::Pass)
            .map_or(Move::Pass, |c| c.mv)
    }

    /// The seki after `join_seki_through_eyes` when the chain through B7 alone is taken as
    /// in seki on the 7×7 `diagram` (every other stone alive), sorted.
    fn joined_seki(diagram: &str) -> (Board, Vec<Point>) {
        let b = Board::from_diagram(diagram).unwrap();
        let g = b.geometry();
        let stones = |f: &dyn Fn(Point) -> bool| -> Vec<Point> {
            g.points()
                .filter(|&p| b.color_at(p).is_some() && f(p))
                .collect()
        };
        let first = b.chain_head(g.point(1, 6));
        let mut st = Statuses {
            seki: stones(&|p| b.chain_head(p) == first),
            alive: stones(&|p| b.chain_head(p) != first),
            ..Statuses::default()
        };
        join_seki_through_eyes(&b, &PassAlive::of(&b, false), &mut st, 6);
        assert_eq!(st.seki.len() + st.alive.len(), stones(&|_| true).len());
        st.seki.sort();
        (b, st.seki)
    }

    #[test]
    fn a_small_chain_sharing_an_eye_with_a_seki_chain_joins_the_seki() {
        // Black A7-B7 is taken as in seki. D7-E7 and C6 share the eye C7 with it, with four
        // liberties each: they join. F2 and the row-4 wall share no eye with them.
        let (b, seki) = joined_seki(
            "X X . X X . .
             . . X . . . .
             . . . . . . .
             X X X X X X X
             . . . . . . .
             . . . . . X .
             . . . . . . .",
        );
        let g = b.geometry();
        let mut expected: Vec<Point> = [(0, 6), (1, 6), (3, 6), (4, 6), (2, 5)]
            .iter()
            .map(|&(x, y)| g.point(x, y))
            .collect();
        expected.sort();
        assert_eq!(seki, expected);
        // With C6 empty, C7 is no eye: D7-E7 stays alive.
        let (b, seki) = joined_seki(
            "X X . X X . .
             . . . . . . .
             . . . . . . .
             X X X X X X X
             . . . . . . .
             . . . . . X .
             . . . . . . .",
        );
        let g = b.geometry();
        let mut expected: Vec<Point> = [(0, 6), (1, 6)]
            .iter()
            .map(|&(x, y)| g.point(x, y))
            .collect();
        expected.sort();
        assert_eq!(seki, expected);
    }

    #[test]
    fn the_sampler_tries_the_capture_that_decides_the_game_most() {
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
        let r = sample(
            &g,
            Color::Black,
            Limits::playouts(3000),
            1,
            &|| false,
            None,
            &mut |_| {},
            &Params::default(),
        );
        assert_eq!(r.playouts, 3000);
        assert_eq!(g.geometry().move_text(most_visited_play(&r)), "D3");
    }

    #[test]
    fn fixed_playouts_and_seed_are_deterministic() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let run = || {
            let r = sample(
                &g,
                Color::Black,
                Limits::playouts(500),
                42,
                &|| false,
                None,
                &mut |_| {},
                &Params::default(),
            );
            (most_visited_play(&r), r.best().map(|c| c.visits))
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
        let st = statuses(&g, Limits::playouts(2000), 7, &Params::default());
        let geo = g.geometry();
        let mut dead: Vec<String> = st.dead.iter().map(|&p| geo.vertex(p)).collect();
        dead.sort();
        assert_eq!(dead, ["B6", "F4"]);
        // Black 21 + 1 prisoner, white 14 + 1 prisoner, komi 0.5.
        assert_eq!(g.score(&st.dead, &st.seki), 21.0 + 1.0 - 14.0 - 1.0 - 0.5);
    }

    #[test]
    fn dame_between_living_groups_make_no_seki() {
        // Column C is dame: either side can fill it safely. Black's three eyes and white's
        // two are territory, though each chain's only other liberties are those dame.
        let g = game(
            ". X . O .
             X X . O O
             . X . O O
             X X . O O
             . X . O .",
            RuleSet::Japanese,
            0.5,
        );
        let b = g.board();
        let geo = g.geometry();
        assert!(!unfillable(b, geo.point(2, 2)));
        let st = statuses(&g, Limits::playouts(2000), 7, &Params::default());
        assert!(st.dead.is_empty() && st.seki.is_empty(), "{st:?}");
        assert_eq!(g.score(&st.dead, &st.seki), 3.0 - 2.0 - 0.5);
    }

    #[test]
    fn a_liberty_shared_in_seki_cannot_be_filled() {
        // White's corner (eye A5) and black's chain (eye E5) share C5: whoever fills it
        // leaves its own chain one liberty. A4's chain could fill nothing else safely.
        let b = Board::from_diagram(
            ". O . X .
             O O O X X
             X X X X X
             O O O O O
             . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        assert!(unfillable(&b, g.point(2, 4)));
        // An eye is unfillable for its owner's opponent (illegal) but not for its owner
        // while the chain has other liberties.
        assert!(!unfillable(&b, g.point(2, 0)));
    }
}
