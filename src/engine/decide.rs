//! The move decision of `genmove`, read top to bottom in `Engine::decide`: pass when the
//! opponent passed and the game is won as it stands; otherwise search, take the most
//! visited move (`choose`); under territory rules pass rather than fill one's own
//! territory; in the cleanup phase pass once no dead enemy stone is left; resign a game
//! lost for several moves. Dead stones come from `ownership`, moves from `search`.

use std::time::{Duration, Instant};

use super::{Decision, Engine};
use crate::go::point::{EDGE, EMPTY, MAX_POINTS};
use crate::go::{Board, Color, Game, Move, Point, Scoring};
use crate::ownership;
use crate::search::{Limits, Params, Report};

impl Engine {
    /// Chooses a move for `c` (`cleanup`: KGS cleanup phase, capture dead stones before
    /// passing). Does not play it. `stop` ends thinking early (interrupt).
    pub fn decide(
        &mut self,
        c: Color,
        cleanup: bool,
        stop: &dyn Fn() -> bool,
        every: Option<Duration>,
        progress: &mut dyn FnMut(&Report),
    ) -> (Decision, Option<Report>) {
        let started = Instant::now();
        let before = self.reported_clock(c);
        // One budget for the whole decision: the dead-stone estimates below are charged to
        // it, so the answer never comes later than the clock allows.
        let limits = self.limits(c);
        let left = |share: f64| Limits {
            playouts: limits.playouts,
            time: limits
                .time
                .map(|t| t.mul_f64(share).saturating_sub(started.elapsed())),
        };
        let status_playouts = self.opts.status_playouts;
        let status_limits = |share: f64| Limits {
            playouts: Some(status_playouts),
            time: limits.time.map(|t| t.mul_f64(share)),
        };
        let opponent_passed = self.game.moves().last() == Some(&(c.opp(), Move::Pass));
        if opponent_passed && !cleanup {
            let seed = self.next_seed();
            if passing_wins(&self.game, c, status_limits(0.3), seed, &self.opts.params) {
                self.charge(c, started, limits.time, before);
                return (Decision::Play(Move::Pass), None);
            }
        }
        let search_share = if cleanup { 0.7 } else { 1.0 };
        let report = self.search(c, left(search_share), stop, every, progress);
        let mut mv = choose(&report);
        if !cleanup
            && self.game.rules().scoring == Scoring::Territory
            && self.pass_is_as_good(&report, c, mv)
        {
            // Under territory rules a move inside our own territory costs a point.
            mv = Move::Pass;
        }
        if cleanup && mv != Move::Pass {
            // In cleanup, pass once no dead opponent stones remain.
            let seed = self.next_seed();
            let spare = limits.time.map(|t| t.saturating_sub(started.elapsed()));
            let st_limits = Limits {
                playouts: Some(self.opts.status_playouts),
                time: spare,
            };
            let st = ownership::statuses(&self.game, st_limits, seed, &self.opts.params);
            let opponent_dead = st
                .dead
                .iter()
                .any(|&p| self.game.board().color_at(p) == Some(c.opp()));
            if !opponent_dead {
                mv = Move::Pass;
            }
        }
        let decision = self
            .resign_check(&report, cleanup)
            .unwrap_or(Decision::Play(mv));
        self.charge(c, started, limits.time, before);
        (decision, Some(report))
    }

    /// Whether `mv` fills a point of `c`'s own territory (an empty region bordered by
    /// `c`'s stones only, as the territory count sees it) while passing does about as well
    /// in the search (within `pass_slack`), or still wins. (Area-scored playouts value the
    /// tempo of a move inside one's own area, so a pass always looks somewhat worse to
    /// them.)
    fn pass_is_as_good(&self, report: &Report, c: Color, mv: Move) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        let best = report.best().map_or(0.0, |b| b.winrate());
        let enough = (best - self.opts.params.pass_slack).min(0.5);
        let pass_ok = report
            .candidates
            .iter()
            .any(|x| x.mv == Move::Pass && x.visits >= 30 && x.winrate() >= enough);
        pass_ok && inside_own_region(self.game.board(), p, c)
    }

    fn resign_check(&mut self, report: &Report, cleanup: bool) -> Option<Decision> {
        let best = report.best()?;
        let points = self.game.size() * self.game.size();
        let opening = self.game.moves().len() < points / 6;
        if best.winrate() < self.opts.resign_threshold && report.playouts >= 1000 {
            self.low_winrate_moves += 1;
        } else {
            self.low_winrate_moves = 0;
        }
        (self.opts.resign && !cleanup && !opening && self.low_winrate_moves >= 3)
            .then_some(Decision::Resign)
    }
}

/// The move to play from a finished report: the most visited move other than pass; pass
/// only when nothing else is legal. (Passing to end the game is decided by `passing_wins`.)
fn choose(report: &Report) -> Move {
    report
        .candidates
        .iter()
        .find(|c| c.mv != Move::Pass)
        .map_or(Move::Pass, |c| c.mv)
}

/// Whether `color` wins if the game ends now, dead stones judged by `statuses`: after the
/// opponent passed, passing then ends the game with this result.
fn passing_wins(game: &Game, color: Color, limits: Limits, seed: u64, params: &Params) -> bool {
    let st = ownership::statuses(game, limits, seed, params);
    let margin = game.score(&st.dead, &st.seki);
    match color {
        Color::Black => margin > 0.0,
        Color::White => margin < 0.0,
    }
}

/// Whether the empty point `p` lies in an empty region whose border is `c`'s stones only.
fn inside_own_region(board: &Board, p: Point, c: Color) -> bool {
    let mut seen = vec![false; MAX_POINTS];
    let mut stack = vec![p];
    seen[p.idx()] = true;
    while let Some(q) = stack.pop() {
        for n in board.neighbors(q) {
            match board.cell(n) {
                EMPTY if !seen[n.idx()] => {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
                EMPTY | EDGE => {}
                cell if cell != c.cell() => return false,
                _ => {}
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};

    fn game(diagram: &str, rules: RuleSet, komi: f64) -> Game {
        Game::from_diagram(diagram, Rules::new(rules), komi, Color::Black).unwrap()
    }

    #[test]
    fn passing_wins_judges_the_finished_position() {
        let diagram = ". . X O .
                       . . X O .
                       . . X O .
                       . . X O .
                       . . X O .";
        // Black 15, white 10.
        let p = Params::default();
        let g = game(diagram, RuleSet::Chinese, 4.5);
        assert!(passing_wins(&g, Color::Black, Limits::playouts(500), 3, &p));
        assert!(!passing_wins(
            &g,
            Color::White,
            Limits::playouts(500),
            3,
            &p
        ));
        let g = game(diagram, RuleSet::Chinese, 5.5);
        assert!(!passing_wins(
            &g,
            Color::Black,
            Limits::playouts(500),
            3,
            &p
        ));
        assert!(passing_wins(&g, Color::White, Limits::playouts(500), 3, &p));
    }
}
