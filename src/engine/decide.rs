//! The move decision of `genmove`, read top to bottom in `Engine::decide`: pass when the
//! opponent passed and the game is won as it stands (playing on only for a point, with a
//! score utility); otherwise search, take the most visited move (`choose`); under
//! territory rules pass rather than give a prisoner (a stone where the opponent owns the
//! point in nearly every playout), fill one's own territory, play a stone into a group
//! whose fate reading settles (`go::solve`, with `pass_solve_nodes`), or in a decided game
//! a move the search scores no better than its pass, or, late in the game, a stone inside
//! either side's territory as the dead stones are judged; in the cleanup phase pass
//! once no dead enemy stone is left; resign a game lost for several moves. Dead stones
//! come from `ownership`, moves from `search`, mending moves before a pass from `mend`,
//! and then, where it would still pass under territory rules, a dame or the backfill
//! that lets one be filled from `dame`.

use std::time::{Duration, Instant};

use super::boundary::{MIN_SWING, boundary_move, move_swing};
use super::dame::dame_move;
use super::mend::{Mend, against_judged_dead, mend_in_play, mending_move, rated_below_pass};
use super::{Decision, Engine};
use crate::go::point::{EDGE, EMPTY, MAX_POINTS};
use crate::go::score::{Region, Regions};
use crate::go::solve::{
    MAX_REGION_EMPTY, Problem, SEARCH_SHARE_BEFORE_READING, SOLVE_QUESTION_NODES, Solver,
};
use crate::go::tactics::plays_safely;
use crate::go::{Board, Color, Game, Move, Point, Scoring};
use crate::ownership;
use crate::search::{Candidate, Limits, Params, Report};

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
        let score_aware = self.opts.params.score_utility > 0.0;
        // The margin, from our view, if passing now ends the game, when that wins.
        let mut passing_margin = None;
        if opponent_passed && !cleanup {
            let seed = self.next_seed();
            let margin =
                margin_if_ended(&self.game, c, status_limits(0.3), seed, &self.opts.params);
            if margin > 0.0 {
                if !score_aware {
                    self.charge(c, started, limits.time, before);
                    return (Decision::Play(Move::Pass), None);
                }
                passing_margin = Some(margin);
            }
        }
        let territory = self.game.rules().scoring == Scoring::Territory;
        // Under territory rules the solver's check of the pass decision (`pass_solve_nodes`)
        // reads within the move's budget: the search leaves it a tenth.
        let read_share = if territory && self.opts.params.pass_solve_nodes > 0 {
            SEARCH_SHARE_BEFORE_READING
        } else {
            1.0
        };
        // Late in a game under territory rules the judgement of the dead stones
        // (`Judgement`) may follow a decided search: it gets `JUDGE_SHARE`, unless
        // the last search found the game undecided (then the search keeps its time).
        let late = territory
            && !cleanup
            && late_game(self.game.board())
            && self.last_decided != Some(false);
        let search_share = if cleanup {
            0.7
        } else if late {
            read_share - JUDGE_SHARE
        } else {
            read_share
        };
        // The search of a move to play adapts the komi when winning (`dynkomi::adapts`),
        // so that a won game is played for points; analysis does not.
        self.searcher.set_adaptive(!cleanup);
        let report = self.search(c, left(search_share), stop, every, progress);
        self.searcher.set_adaptive(false);
        let mut mv = choose(&report, territory && !cleanup);
        if let Some(now) = passing_margin {
            // The opponent passed and passing wins: play on only for a point. A stone
            // inside one's own area gains none (though it spoils the opponent's random
            // invasions in the playouts). Where dead stones count as they stand
            // (Tromp-Taylor), capturing them gains what the search expects over the
            // count now; elsewhere the gain is over the search's own pass.
            let slack = self.opts.params.pass_slack;
            let fills = matches!(mv, Move::Play(p) if fills_own_region(self.game.board(), p, c));
            let over_count = !self.game.rules().removes_dead_stones()
                && report
                    .candidate(mv)
                    .is_some_and(|x| mv != Move::Pass && x.mean_margin() >= now + 1.0);
            if fills || !(over_count || gains_on_passing(&report, mv, slack)) {
                mv = Move::Pass;
            }
        }
        if !cleanup && !territory {
            let slack = self.opts.params.pass_slack;
            mv = instead_of_filling(&report, self.game.board(), c, mv, slack);
            if every_move_loses_to_passing(&report, slack) {
                // Every move spoils something (a seki's shared liberty is all that is left):
                // under area rules too, pass.
                mv = Move::Pass;
            }
        }
        let deadline = limits.time.map(|t| started + t);
        // In a decided game late under territory rules, the dead stones as the count
        // would judge them now: a stone inside either side's territory then spends a
        // point or gives a prisoner, where the search's playouts, unsure of a group's
        // fate, may still rate it above the pass.
        let now_decided = report
            .best()
            .is_some_and(|b| decided_for_points(b.winrate()));
        if !cleanup {
            self.last_decided = Some(now_decided);
        }
        let judge_settled = |engine: &mut Engine| {
            let playouts = limits
                .playouts
                .map_or(status_playouts, |n| n.min(status_playouts));
            let st = engine.judge(playouts, left(read_share).time, ownership::View::Settled);
            log::debug!(
                "judged late: {} dead stones, {} in seki",
                st.dead.len(),
                st.seki.len()
            );
            log::trace!("judged dead: {:?}", st.dead);
            Judgement::new(engine.game.board(), &st)
        };
        let judged = (late && now_decided).then(|| judge_settled(self));
        if !cleanup && territory {
            // Under territory rules a stone given away or spent inside a settled area
            // costs a point: pass, unless the board is still open, where a pass hands the
            // opponent a whole move; then the next move that is not itself idle.
            let idle = |m: Move| {
                self.gives_a_prisoner(&report, c, m)
                    || self.pass_is_as_good(&report, c, m, deadline, judged.as_ref())
            };
            if idle(mv) {
                let open = passing_margin.is_none()
                    && open_board(&report, self.game.board(), &self.opts.params);
                log::debug!("{mv:?} spends a stone; the board is open: {open}");
                // Nor, in its place, a stone inside one's own region (a point spent,
                // where the idle move was an invasion of a losing side).
                let board = self.game.board();
                let useless = |m: Move| {
                    idle(m) || matches!(m, Move::Play(p) if fills_own_region(board, p, c))
                };
                mv = open
                    .then(|| next_useful(&report, mv, &self.opts.params, useless))
                    .flatten()
                    .unwrap_or(Move::Pass);
            }
        }
        if !cleanup
            && territory
            && passing_margin.is_none()
            && mv != Move::Pass
            && let Some(j) = judged.as_ref()
            && let Some((b, swing)) = boundary_move(&self.game, c, j)
        {
            // In a decided game the search tells its move from a boundary point by points
            // that its playouts may not see: where their margins for its move spread by
            // `BOUNDARY_BLIND` times the point's swing or more (filllib case 19: white's
            // K14 at 93%, margins spread by 20 points, where A13 closes seven), the
            // boundary point is played, unless the move is one as large or the search
            // rates the point clearly below it. Where the spread is narrow, the search's
            // move stands (case 26's H7 in a fight, spread 5, against 9 at J6 by the
            // count alone).
            let own = move_swing(&self.game, c, j, mv);
            let seen = report.candidate(mv);
            let below = seen.is_some_and(|x| rated_below_pass(report.candidate(b), x));
            let blind = seen.is_some_and(|x| x.score_stdev >= BOUNDARY_BLIND * swing);
            if swing >= own + MIN_SWING && !below && blind {
                log::debug!(
                    "closing a boundary at {b:?} (swing {swing}) rather than {mv:?} ({own})"
                );
                mv = b;
            }
        }
        if !cleanup && territory && mv == Move::Pass {
            // Before passing, mend a shortage of liberties (or make the opponent mend one).
            // After the opponent's pass, only an own chain's: at a dispute over dead stones
            // (KGS, OGS) play resumes, and the weakness with it; an enemy stone that passing
            // leaves dead is a point for the count as it stands.
            let own_only = passing_margin.is_some();
            // Reading tells an extension that mends a threat from one it answers elsewhere.
            let nodes = self.opts.params.pass_solve_nodes;
            let suicide = self.game.rules().suicide;
            let mut solver = Solver::budgeted(SOLVE_QUESTION_NODES, nodes).until(deadline);
            let mut lives = |b: &Board, h: Point, first: Color| {
                if nodes == 0 {
                    return None;
                }
                let pr = Problem::enclosing(b, h, MAX_REGION_EMPTY)?;
                solver.lives(b, &pr, first, suicide)
            };
            let mend = mending_move(
                &report,
                &self.game,
                c,
                own_only,
                self.opts.params.settled_ownership,
                judged.as_ref(),
                &mut lives,
            );
            // A boundary point that closes a gap in a wall, as the count of the judged
            // position sees it, is a point or more in gote: it comes before a mend in gote
            // (a capture of a dead stone, a liberty the count never needed; filllib case
            // 19's A13), after one in sente (an atari or a threat the opponent answers,
            // case 45's G9).
            let sente = mend.is_some_and(|(_, k)| matches!(k, Mend::Atari | Mend::Threat));
            let base = report.candidate(Move::Pass).or(report.best());
            // Late in a game the search does not call decided (case 20's black, at 11%)
            // the boundary points are read from a judgement made now, before a pass.
            let judged = match judged {
                None if late && !sente => Some(judge_settled(self)),
                j => j,
            };
            let boundary = judged
                .as_ref()
                .filter(|_| !sente)
                .and_then(|j| boundary_move(&self.game, c, j))
                .filter(|&(m, _)| !base.is_some_and(|b| rated_below_pass(report.candidate(m), b)));
            if let Some((m, swing)) = boundary {
                log::debug!("closing a boundary at {m:?} (swing {swing}) rather than passing");
                mv = m;
            } else if let Some((m, _)) = mend {
                mv = m;
            }
            // Then a dame, or the backfill that lets one be filled safely.
            if mv == Move::Pass
                && self.opts.params.fill_dame != 0
                && let Some(m) =
                    dame_move(&report, &self.game, c, self.opts.params.settled_ownership)
            {
                mv = m;
            }
        }
        if cleanup && mv != Move::Pass {
            // In cleanup, pass once no dead opponent stones remain.
            let spare = limits.time.map(|t| t.saturating_sub(started.elapsed()));
            let st = self.judge(status_playouts, spare, ownership::View::Rules);
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

    /// The dead stones of the current position as `view` judges them, within `playouts`
    /// and `time` (`ownership::statuses`, with the engine's next seed).
    fn judge(
        &mut self,
        playouts: u64,
        time: Option<Duration>,
        view: ownership::View,
    ) -> ownership::Statuses {
        let seed = self.next_seed();
        let limits = Limits {
            playouts: Some(playouts),
            time,
        };
        ownership::statuses(&self.game, limits, seed, &self.opts.params, view)
    }

    /// Whether `mv` spends a stone for nothing while passing does about as well in the
    /// search (within `pass_slack`), or still wins: it fills a point of `c`'s own
    /// territory (an empty region bordered by `c`'s stones only, as the territory count
    /// sees it), or it lands on a point that one side owns in nearly every playout
    /// (`settled_ownership`: inside either side's settled area, where a stone of ours is
    /// a point spent or a prisoner given) and mends nothing (`mend_in_play`), or in a
    /// decided game the search scores it no better than the pass, or it lies in the
    /// problem of a walled-in group whose fate reading settles (`idle_in_settled_problem`,
    /// on with `pass_solve_nodes` above 0), or, late in a decided game, it lies in either
    /// side's territory as the judgement of the dead stones (`judged`, `View::Settled`)
    /// counts it (`Judgement::territory`) and mends nothing but against stones judged dead. A
    /// stone that saves an own chain in atari is not a filling move: it mends a weakness.
    fn pass_is_as_good(
        &self,
        report: &Report,
        c: Color,
        mv: Move,
        deadline: Option<Instant>,
        judged: Option<&Judgement>,
    ) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        let params = &self.opts.params;
        let best = report.best().map_or(0.0, |b| b.winrate());
        let enough = (best - params.pass_slack).min(0.5);
        let pass = report.candidate(Move::Pass);
        let pass_ok = pass.is_some_and(|x| x.visits >= 30 && x.winrate() >= enough);
        let board = self.game.board();
        // Settled whoever moves first: the search's ownership follows its own best line,
        // which may be the very move that holds the point, so the playouts that began with
        // the pass (the opponent first) must agree.
        let settled = || {
            let own = report.ownership(p);
            let after_pass = || {
                params.settled_after_pass > 1.0
                    || report
                        .ownership_after_pass(p, 30)
                        .is_some_and(|after| after * own.signum() >= params.settled_after_pass)
            };
            own.abs() >= params.settled_ownership
                && after_pass()
                && mend_in_play(report, board, p, c, params.settled_ownership).is_none()
                && !joins_short_chains(board, p, c)
        };
        // In a decided game the score is what is left to play for: a move that the
        // search does not score above its pass spends a stone for nothing.
        let scores_no_better = || {
            decided_for_points(best)
                && pass
                    .zip(report.candidate(mv))
                    .is_some_and(|(pass, m)| pass.mean_margin() >= m.mean_margin())
        };
        let read_idle = || {
            params.pass_solve_nodes > 0
                && idle_in_settled_problem(
                    board,
                    p,
                    c,
                    self.game.rules().suicide,
                    params.pass_solve_nodes,
                    deadline,
                )
        };
        // Not a capture of stones the judgement leaves alive (filllib case 15: white's
        // P19 takes five black stones in atari, inside black's wall), nor a stone next to
        // an own chain of two liberties or fewer (case 21: white's B9 or D9, either side of
        // C9, against black's tricks there), which the judgement does not read.
        let suicide = self.game.rules().suicide;
        let in_judged_territory = || {
            judged.is_some_and(|j| {
                j.territory(p).is_some()
                    && !board.neighbors(p).into_iter().any(|n| {
                        board.color_at(n) == Some(c)
                            && board.libs_upto(n, 3) <= 2
                            && !j.is_dead(n)
                            && !short_chain_holds(board, n, p, c, suicide)
                    })
                    && !board.neighbors(p).into_iter().any(|n| {
                        board.color_at(n) == Some(c.opp())
                            && board.atari_liberty(n) == Some(p)
                            && !j.is_dead(n)
                    })
                    && mend_in_play(report, board, p, c, params.settled_ownership)
                        .is_none_or(|k| against_judged_dead(board, p, c, k, j))
            })
        };
        let why = if !pass_ok {
            None
        } else if fills_own_region(board, p, c) {
            Some("fills its own region")
        } else if settled() {
            Some("lands on a settled point")
        } else if in_judged_territory() {
            Some("lies in territory as the dead stones are judged")
        } else if scores_no_better() {
            Some("scores no better than the pass")
        } else if read_idle() {
            Some("lies in a problem reading settles")
        } else {
            None
        };
        if let Some(why) = why {
            log::debug!("{mv:?} {why}");
        }
        why.is_some()
    }

    /// Whether `mv` puts a stone of `c` where the opponent owns the point in nearly every
    /// playout (`prisoner_ownership`): it dies there, a prisoner given under territory
    /// rules. The search can still rate it above the pass, by the tempo of the opponent's
    /// answers in the playouts, which the real game does not give; so this ignores the win
    /// rates. (A sacrifice that works, a throw-in that kills or wins a race, leaves the
    /// point to `c` in the playouts where it works, below the threshold.)
    ///
    /// And in a decided game (`decided_for_points`), a stone that the opponent takes at once
    /// (`taken_at_once`) unless the search scores it two points or more above the pass: a
    /// trick move of a lost game, or a spent stone of a won one, as GNU Go's end-of-game
    /// suite (filllib) sees it.
    fn gives_a_prisoner(&self, report: &Report, c: Color, mv: Move) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        let own = report.ownership_for(p, c);
        if own <= -self.opts.params.prisoner_ownership {
            log::debug!(
                "{mv:?} gives a prisoner: the opponent owns the point ({:.2})",
                -own
            );
            return true;
        }
        let invasion = self.opts.params.invasion_ownership;
        if invasion <= 1.0 && invades(report, self.game.board(), p, c, invasion) {
            log::debug!("{mv:?} gives a prisoner: an invasion of a walled-in region");
            return true;
        }
        let best = report.best().map_or(0.5, |b| b.winrate());
        let above_pass = match (report.candidate(mv), report.candidate(Move::Pass)) {
            (Some(m), Some(pass)) => m.mean_margin() - pass.mean_margin(),
            _ => 0.0,
        };
        let taken =
            decided_for_points(best) && above_pass < 2.0 && taken_at_once(self.game.board(), p, c);
        if taken {
            log::debug!("{mv:?} gives a prisoner: taken at once in a decided game");
        }
        taken
    }

    /// Resigns after three searches in a row found the game hopeless (`hopeless`), outside
    /// the opening.
    fn resign_check(&mut self, report: &Report, cleanup: bool) -> Option<Decision> {
        let best = report.best()?;
        let points = self.game.size() * self.game.size();
        let opening = self.game.progress() < points / 6;
        if hopeless(best, self.opts.resign_threshold) && report.playouts >= 1000 {
            self.low_winrate_moves += 1;
        } else {
            self.low_winrate_moves = 0;
        }
        (self.opts.resign && !cleanup && !opening && self.low_winrate_moves >= 3)
            .then_some(Decision::Resign)
    }
}

/// The move to play from a finished report: the most visited move. A pass only when
/// `pass_ok` (territory rules, where the playouts count a stone played as a point spent,
/// so a most-visited pass means no move gains anything) or nothing else is legal. (Passing
/// to end the game after the opponent's pass is decided by `margin_if_ended`.)
fn choose(report: &Report, pass_ok: bool) -> Move {
    report
        .candidates
        .iter()
        .find(|c| pass_ok || c.mv != Move::Pass)
        .map_or(Move::Pass, |c| c.mv)
}

/// Whether the board is still open: `open_board_share` of its points or more are empty and
/// unsettled in the search's playouts (mean ownership under `settled_ownership` either
/// way). A game whose end is near leaves dame and a few contested points: at most a quarter
/// of the board among the positions of GNU Go's end-of-game suite (filllib; 41 of 169 in
/// cases 39–40, 17 of 81 in case 48), where half the board was open when hoshi passed at
/// move 35 of a 9×9 game.
fn open_board(report: &Report, board: &Board, params: &Params) -> bool {
    let points = board.size() * board.size();
    let open = (0..board.empty_count())
        .filter(|&i| report.ownership(board.empty_at(i)).abs() < params.settled_ownership)
        .count();
    open as f64 >= params.open_board_share * points as f64
}

/// The most visited candidate after `mv` that is not a pass, has `useful_visits` of the most
/// visited move's visits or `useful_visits_floor` (whichever is fewer), and is not `idle`.
fn next_useful(
    report: &Report,
    mv: Move,
    params: &Params,
    idle: impl Fn(Move) -> bool,
) -> Option<Move> {
    let most = report.candidates.first().map_or(0, |x| x.visits);
    let share = params.useful_visits * most.max(1) as f64;
    let enough = share.min(f64::from(params.useful_visits_floor));
    report
        .candidates
        .iter()
        .filter(|x| x.mv != Move::Pass && x.mv != mv && x.visits as f64 >= enough)
        .map(|x| x.mv)
        .find(|&m| !idle(m))
}

/// Whether the best move's statistics make the game hopeless: its win rate is under
/// `threshold` and its mean final margin is a loss too (a game the score estimate calls won
/// is never resigned).
fn hopeless(best: &Candidate, threshold: f64) -> bool {
    best.winrate() < threshold && best.mean_margin() < 0.0
}

/// Whether a stone of `c` at the empty point `p` captures nothing and is left in atari,
/// where the opponent takes it safely (the taking stone keeps two liberties: no snapback,
/// no ko).
fn taken_at_once(board: &Board, p: Point, c: Color) -> bool {
    if !board.is_legal(p, c, false) || board.libs_after(p, c, 2).0 != 1 {
        return false;
    }
    let captures = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(c.opp()) && board.atari_liberty(n) == Some(p));
    if captures {
        return false;
    }
    let mut after = board.clone();
    after.play(p, c);
    after
        .atari_liberty(p)
        .is_some_and(|take| plays_safely(&after, take, c.opp()))
}

/// How many times a boundary point's swing the spread of the search's margins for its
/// own move must be for the boundary point to replace it (`Engine::decide`).
const BOUNDARY_BLIND: f64 = 2.0;

/// The share of a move's time that the judgement of the dead stones gets late in a game
/// under territory rules (`late_game`), taken from the search's.
const JUDGE_SHARE: f64 = 0.25;

/// Whether fewer than half of the board's points are empty: late enough in a game for the
/// dead stones to be judged before a move (`Judgement`).
fn late_game(board: &Board) -> bool {
    let points = board.size() * board.size();
    board.empty_count() * 2 < points
}

/// The dead stones as judged late in a decided game (`View::Settled`), with the regions
/// they leave once taken off (`score::Regions`, as the count sees them).
pub(super) struct Judgement {
    dead: Vec<bool>,
    dead_stones: Vec<Point>,
    seki: Vec<Point>,
    regions: Regions,
}

impl Judgement {
    pub(super) fn new(board: &Board, st: &ownership::Statuses) -> Judgement {
        let mut dead = vec![false; MAX_POINTS];
        for &q in &st.dead {
            dead[q.idx()] = true;
        }
        let regions = Regions::new(board, &st.dead, &st.seki);
        Judgement {
            dead,
            dead_stones: st.dead.clone(),
            seki: st.seki.clone(),
            regions,
        }
    }

    /// The stones judged dead.
    pub(super) fn dead(&self) -> &[Point] {
        &self.dead_stones
    }

    /// The stones of the chains judged in seki.
    pub(super) fn seki(&self) -> &[Point] {
        &self.seki
    }

    /// The region of the empty point (or dead stone) `p` once the dead stones are off.
    pub(super) fn region(&self, p: Point) -> Option<&Region> {
        self.regions.at(p)
    }

    /// Whether the stone at `p` is judged dead.
    pub(super) fn is_dead(&self, p: Point) -> bool {
        self.dead[p.idx()]
    }

    /// The colour whose territory the empty point `p` lies in as the count would have it
    /// with the dead stones taken off: its region touches living stones of that colour
    /// only, none of them in seki (`Region::owner`), and holds no dead stone of that
    /// colour. `None` for a dame, a region of both colours, or one next to a seki.
    pub(super) fn territory(&self, p: Point) -> Option<Color> {
        let r = self.regions.at(p)?;
        r.owner().filter(|c| r.taken[c.index()] == 0)
    }
}

/// Whether a win rate makes the game decided under area rules (above 90% or under 10%):
/// the score is what is left to play for.
fn decided(winrate: f64) -> bool {
    !(0.1..=0.9).contains(&winrate)
}

/// Whether a win rate makes the game decided under territory rules: above
/// `1 - TERRITORY_DECIDED` or under `TERRITORY_DECIDED`. There the judgement of the dead
/// stones and the count take over from the playouts, whose margins on a large board spread
/// by 20 points: filllib case 20's black at 11% (A13, swing 7, lost to an invasion at M15 the
/// search preferred) is decided at 15%, and the suite's mean over seeds 1-20 rose from
/// 39.65 to 40.65.
fn decided_for_points(winrate: f64) -> bool {
    !(TERRITORY_DECIDED..=1.0 - TERRITORY_DECIDED).contains(&winrate)
}

/// The win rate under which (or above one less which) a game is decided under territory
/// rules (`decided_for_points`).
const TERRITORY_DECIDED: f64 = 0.15;

/// Whether `mv` does better than passing by the search's statistics: a point or more of
/// mean margin, at a win rate within `slack` of the pass's. (The pass at the root does not
/// end the game in the search: the opponent moves next, so a move that only fills one's
/// own area scores the same as the pass, and a point the opponent would take next counts
/// for it.)
fn gains_on_passing(report: &Report, mv: Move, slack: f64) -> bool {
    match (report.candidate(mv), report.candidate(Move::Pass)) {
        (Some(best), Some(pass)) if mv != Move::Pass && pass.visits > 0 => {
            best.mean_margin() >= pass.mean_margin() + 1.0
                && best.winrate() >= pass.winrate() - slack
        }
        _ => false,
    }
}

/// Whether the search rates every move it tried below its own pass: the pass, read in
/// `PASS_READ` playouts or more, scores a point and two standard errors more mean margin
/// than each, at a win rate no more than `slack` under it. Under area rules the move
/// chosen is never a pass (`choose`); where every legal move left gives something away,
/// such as a seki's shared liberties, the most visited of them is still worse than
/// passing. A move that merely scores like the pass (a stone inside one's own area) is
/// no worse.
fn every_move_loses_to_passing(report: &Report, slack: f64) -> bool {
    let Some(pass) = report.candidate(Move::Pass) else {
        return false;
    };
    if pass.visits < PASS_READ {
        return false;
    }
    let below = |x: &Candidate| {
        let se = (pass.score_stdev.powi(2) / pass.visits as f64
            + x.score_stdev.powi(2) / x.visits as f64)
            .sqrt();
        pass.mean_margin() >= x.mean_margin() + 1.0 + 2.0 * se
            && pass.winrate() >= x.winrate() - slack
    };
    report
        .candidates
        .iter()
        .filter(|x| x.mv != Move::Pass && x.visits > 0)
        .all(below)
}

/// Playouts through the root's pass before `every_move_loses_to_passing` trusts it.
const PASS_READ: u64 = 50;

/// The final margin from `color`'s view if the game ended now, dead stones judged by
/// `statuses` by the mean of its searches (`View::Average`): after the opponent passed,
/// passing ends the game with it.
fn margin_if_ended(game: &Game, color: Color, limits: Limits, seed: u64, params: &Params) -> f64 {
    let st = ownership::statuses(game, limits, seed, params, ownership::View::Average);
    let margin = game.score(&st.dead, &st.seki);
    match color {
        Color::Black => margin,
        Color::White => -margin,
    }
}

/// Under area rules, in a decided game (`decided`): instead of `mv` when it only fills `c`'s
/// own area, which gains nothing, the most visited move that does not, if its win rate is
/// within `slack`. (In the playouts a stone inside one's own area spoils the opponent's
/// random invasions, which can rate it above a real point such as a dame.)
fn instead_of_filling(report: &Report, board: &Board, c: Color, mv: Move, slack: f64) -> Move {
    let Some(chosen) = report.candidate(mv) else {
        return mv;
    };
    let fills = |m: Move| matches!(m, Move::Play(p) if fills_own_region(board, p, c));
    if !decided(chosen.winrate()) || !fills(mv) {
        return mv;
    }
    report
        .candidates
        .iter()
        .find(|x| {
            x.mv != Move::Pass
                && !fills(x.mv)
                && x.visits >= 10
                && x.winrate() >= chosen.winrate() - slack
        })
        .map_or(mv, |x| x.mv)
}

/// Whether a stone of `c` at `p` only fills `c`'s own region: `p` lies inside it
/// (`inside_own_region`), saves no own chain in atari and joins no own chains short of
/// liberties (`joins_short_chains`).
fn fills_own_region(board: &Board, p: Point, c: Color) -> bool {
    let saves = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(c) && board.atari_liberty(n) == Some(p));
    !saves && !joins_short_chains(board, p, c) && inside_own_region(board, p, c)
}

/// Whether a stone of `c` at `p`, not a true eye of `c`, joins two or more chains of `c`
/// of which one has two liberties or fewer: a connection that mends a shortage of
/// liberties (the chains apart can be put in atari together, as by a double atari), which
/// the search can rate above its pass though the point lies in `c`'s own area.
fn joins_short_chains(board: &Board, p: Point, c: Color) -> bool {
    if board.is_true_eye(p, c) {
        return false;
    }
    let mut heads = [Point(0); 4];
    let mut n_heads = 0;
    let mut short = false;
    for n in board.neighbors(p) {
        if board.color_at(n) != Some(c) {
            continue;
        }
        let h = board.chain_head(n);
        if heads[..n_heads].contains(&h) {
            continue;
        }
        heads[n_heads] = h;
        n_heads += 1;
        short |= board.libs_upto(n, 3) <= 2;
    }
    n_heads >= 2 && short
}

/// Whether the own chain of `c` through `n`, of two liberties of which `p` is one, holds
/// whoever plays `p`: the opponent cannot play its other liberty, and after the
/// opponent's atari at `p` the own stone there joins the chain to three liberties or more
/// (filllib case 23: white's E17 chain, whose other liberty C17 joins white's living wall,
/// so that black's E18 only trades a dead stone for a point of white's territory). Not a
/// chain whose other liberty joins it to more stones short of liberties (case 21: white's
/// C9, B9 and A9 against black's A8).
fn short_chain_holds(board: &Board, n: Point, p: Point, c: Color, suicide_allowed: bool) -> bool {
    let Some((a, b)) = board.two_liberties(n) else {
        return false;
    };
    let q = if a == p {
        b
    } else if b == p {
        a
    } else {
        return false;
    };
    if board.is_legal(q, c.opp(), suicide_allowed) {
        return false;
    }
    let mut after = board.clone();
    if after.is_legal(p, c.opp(), suicide_allowed) {
        after.play(p, c.opp());
    }
    if after.color_at(n) != Some(c) || !after.is_legal(q, c, suicide_allowed) {
        return false;
    }
    after.play(q, c);
    after.libs_upto(n, 3) >= 3
}

/// Whether a stone of `c` on the empty point `p` changes no group's fate by reading: `p`
/// lies in the problem (`go::solve`) of at least one walled-in chain, and every such chain
/// lives with its enemy moving first or dies with its owner moving first, read to the end
/// (within `nodes` positions in all). Where the chain is `c`'s enemy's and lives, the stone
/// must also die itself (`stone_dies`): a stone at the edge of a living group's area that
/// joins `c`'s own stones takes a point from that area, and is no stone given away. Under
/// territory rules a stone that changes nothing is a point spent (or a prisoner given) for
/// nothing.
fn idle_in_settled_problem(
    board: &Board,
    p: Point,
    c: Color,
    suicide_allowed: bool,
    nodes: u32,
    deadline: Option<Instant>,
) -> bool {
    let mut heads: Vec<Point> = Vec::new();
    let mut seen = vec![false; MAX_POINTS];
    let mut stack = vec![p];
    seen[p.idx()] = true;
    let mut empties = 0;
    while let Some(q) = stack.pop() {
        empties += 1;
        if empties > MAX_REGION_EMPTY {
            return false;
        }
        for n in board.neighbors(q) {
            match board.color_at(n) {
                Some(_) => {
                    let h = board.chain_head(n);
                    if !heads.contains(&h) {
                        heads.push(h);
                    }
                }
                None if board.cell(n) == EMPTY && !seen[n.idx()] => {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
                None => {}
            }
        }
    }
    let mut solver = Solver::budgeted(SOLVE_QUESTION_NODES, nodes).until(deadline);
    let mut any = false;
    // The stone's own fate, read once: it is the same for every enemy problem holding `p`.
    let mut dies: Option<bool> = None;
    for h in heads {
        let Some(pr) = Problem::enclosing(board, h, MAX_REGION_EMPTY) else {
            continue;
        };
        if !pr.contains(p) {
            continue;
        }
        any = true;
        let d = pr.defender;
        let a = solver.lives(board, &pr, d.opp(), suicide_allowed);
        let b = if a == Some(true) {
            Some(true)
        } else {
            solver.lives(board, &pr, d, suicide_allowed)
        };
        log::debug!(
            "{p:?} in the problem of {:?}: lives {a:?} with the enemy first, {b:?} with its owner first",
            pr.target
        );
        let settled = a == Some(true) || b == Some(false);
        if !settled {
            return false;
        }
        if d != c
            && a == Some(true)
            && !*dies.get_or_insert_with(|| stone_dies(board, p, c, &mut solver, suicide_allowed))
        {
            return false;
        }
    }
    any
}

/// Whether a stone of `c` at the empty point `p` is captured, read with its enemy moving
/// next: the problem of the stone's chain once played (its region and the enemy chains
/// around it, `Problem::enclosing`) dies with the enemy first. A stone whose chain has no
/// such problem (it joins stones whose region is larger than the solver reads, a living
/// wall) or whose fate the solver does not settle in its budget is not known to die.
fn stone_dies(
    board: &Board,
    p: Point,
    c: Color,
    solver: &mut Solver,
    suicide_allowed: bool,
) -> bool {
    if !board.is_legal(p, c, suicide_allowed) {
        return true;
    }
    let mut after = board.clone();
    after.play(p, c);
    if after.color_at(p) != Some(c) {
        // Suicide where the rules allow it: the stone is gone at once.
        return true;
    }
    let Some(pr) = Problem::enclosing(&after, p, MAX_REGION_EMPTY) else {
        return false;
    };
    let dies = solver.lives(&after, &pr, c.opp(), suicide_allowed) == Some(false);
    log::debug!("{p:?} for {c:?}: the stone dies {dies} with its enemy first");
    dies
}

/// Whether a stone of `c` at the empty point `p` invades: it touches no stone of `c`, and
/// its empty region, bordered by the opponent's stones only, is owned by the opponent in
/// `threshold` of the search's playouts or more, on average over its points.
fn invades(report: &Report, board: &Board, p: Point, c: Color, threshold: f64) -> bool {
    let o = c.opp();
    let alone = board
        .neighbors(p)
        .into_iter()
        .all(|n| board.color_at(n) != Some(c));
    if !alone {
        return false;
    }
    let Some(region) = walled_region(board, p, o) else {
        return false;
    };
    let owned: f64 = region.iter().map(|&q| report.ownership_for(q, o)).sum();
    owned >= threshold * region.len() as f64
}

/// The empty region of the empty point `p`, if its border is `c`'s stones only.
fn walled_region(board: &Board, p: Point, c: Color) -> Option<Vec<Point>> {
    let mut seen = vec![false; MAX_POINTS];
    let mut region = vec![p];
    seen[p.idx()] = true;
    let mut i = 0;
    while i < region.len() {
        let q = region[i];
        i += 1;
        for n in board.neighbors(q) {
            match board.cell(n) {
                EMPTY if !seen[n.idx()] => {
                    seen[n.idx()] = true;
                    region.push(n);
                }
                EMPTY | EDGE => {}
                cell if cell != c.cell() => return None,
                _ => {}
            }
        }
    }
    Some(region)
}

/// Whether the empty point `p` lies in an empty region whose border is `c`'s stones only.
fn inside_own_region(board: &Board, p: Point, c: Color) -> bool {
    walled_region(board, p, c).is_some()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::go::solve::fixtures::walled;
    use crate::go::{RuleSet, Rules};

    fn game(diagram: &str, rules: RuleSet, komi: f64, to_move: Color) -> Game {
        Game::from_diagram(diagram, Rules::new(rules), komi, to_move).unwrap()
    }

    fn candidate(visits: u64, wins: f64, margin_sum: f64) -> Candidate {
        Candidate {
            mv: Move::Pass,
            visits,
            wins,
            margin_sum,
            score_stdev: 0.0,
            prior: 1.0,
            pv: vec![Move::Pass],
        }
    }

    #[test]
    fn territory_rules_call_a_game_decided_sooner_than_area_rules() {
        // Case 20's black at 11%: decided for the count, not for area rules' fills.
        assert!(decided_for_points(0.11) && !decided(0.11));
        assert!(decided_for_points(0.88) && !decided(0.88));
        assert!(decided_for_points(0.95) && decided(0.05));
        assert!(!decided_for_points(0.5) && !decided_for_points(0.84));
    }

    #[test]
    fn a_game_is_hopeless_only_when_the_score_says_lost_too() {
        assert!(hopeless(&candidate(1000, 50.0, -20_000.0), 0.1));
        // A low win rate with a winning mean margin: never resign.
        assert!(!hopeless(&candidate(1000, 50.0, 3_000.0), 0.1));
        assert!(!hopeless(&candidate(1000, 200.0, -20_000.0), 0.1));
    }

    /// A search report for black with two candidates, a move and the pass, and no
    /// ownership figures.
    fn black_report(played: Candidate, pass: Candidate) -> Report {
        let playouts = played.visits + pass.visits;
        Report {
            elapsed: Duration::from_secs(1),
            ..Report::for_tests(vec![played, pass], vec![0; MAX_POINTS], playouts)
        }
    }

    fn engine_with(diagram: &str, rules: RuleSet, komi: f64, to_move: Color) -> Engine {
        let mut e = Engine::new(crate::engine::Options {
            size: 9,
            threads: 1,
            playouts: Some(2000),
            rules: Rules::new(rules),
            komi,
            ..crate::engine::Options::default()
        })
        .unwrap();
        e.set_game(game(diagram, rules, komi, to_move));
        e
    }

    /// Black owns seven of nine columns, with single-point eyes only (nothing to invade);
    /// white's two are all it has.
    const HOPELESS: &str = ". X . X . X X O .
                            X X X X X X X O .
                            . X . X . X X O .
                            X X X X X X X O .
                            . X . X . X X O .
                            X X X X X X X O .
                            . X . X . X X O .
                            X X X X X X X O .
                            . X . X . X X O .";

    #[test]
    fn under_territory_rules_a_settled_board_is_passed_won_or_lost() {
        // Black's two rows above the walls, white's two below: any stone costs a point,
        // inside one's own area or as a prisoner in the opponent's.
        let settled = ". . . . . . . . .
                       . . . . . . . . .
                       X X X X X X X X X
                       X X X X X X X X X
                       X X X X X X X X X
                       O O O O O O O O O
                       O O O O O O O O O
                       . . . . . . . . .
                       . . . . . . . . .";
        // The side that wins, the even game and the side that has lost all pass: the
        // loser's invasions, which the playouts rate a little above a pass, land on points
        // the winner owns in nearly every playout (`settled_ownership`).
        for komi in [-30.5, 0.5, 30.5] {
            for c in [Color::Black, Color::White] {
                let mut e = engine_with(settled, RuleSet::Japanese, komi, c);
                e.set_param("score_utility", "0.1").unwrap();
                let (d, _) = e.decide(c, false, &|| false, None, &mut |_| {});
                assert_eq!(d, Decision::Play(Move::Pass), "{c:?} komi {komi}");
            }
        }
    }

    #[test]
    fn where_every_move_is_rated_below_the_pass_it_is_passed() {
        let at = |visits: u64, winrate: f64, margin: f64, stdev: f64| {
            let mut c = candidate(visits, winrate * visits as f64, margin * visits as f64);
            c.mv = Move::Play(Point(20));
            c.score_stdev = stdev;
            c
        };
        let pass = |visits: u64, winrate: f64, margin: f64, stdev: f64| {
            let mut c = candidate(visits, winrate * visits as f64, margin * visits as f64);
            c.score_stdev = stdev;
            c
        };
        let passes = |mv: Candidate, pass: Candidate| {
            every_move_loses_to_passing(&black_report(mv, pass), 0.03)
        };
        // A seki's shared liberty, all that is left: the pass keeps 25 points more, though
        // the search has read it less.
        assert!(passes(
            at(3000, 0.0, -80.5, 0.0),
            pass(737, 0.0, -55.4, 20.0)
        ));
        // Read too little to be trusted.
        assert!(!passes(
            at(3000, 0.0, -80.5, 0.0),
            pass(30, 0.0, -55.4, 20.0)
        ));
        // Less than a point better, or within two standard errors: play.
        assert!(!passes(
            at(5000, 0.5, -3.0, 0.0),
            pass(6000, 0.5, -2.5, 0.0)
        ));
        assert!(!passes(
            at(200, 0.5, -3.0, 20.0),
            pass(200, 0.5, -1.0, 20.0)
        ));
        // More points but fewer wins: play.
        assert!(!passes(at(5000, 0.6, -3.0, 5.0), pass(6000, 0.5, 2.0, 5.0)));
        // One move at least as good as the pass is enough to play.
        let mut report = black_report(at(3000, 0.0, -80.5, 0.0), pass(737, 0.0, -55.4, 20.0));
        let mut fill = at(500, 0.0, -55.0, 20.0);
        fill.mv = Move::Play(Point(21));
        report.candidates.push(fill);
        assert!(!every_move_loses_to_passing(&report, 0.03));
    }

    #[test]
    fn in_a_decided_game_a_move_scored_no_better_than_the_pass_is_passed() {
        // Black's stone at J5 lands in white's area, on a point the search leaves
        // unsettled (ownership 0): with the solver off, only the score can tell it from a
        // pass.
        let mut e = engine_with(HOPELESS, RuleSet::Japanese, 7.5, Color::Black);
        e.set_param("pass_solve_nodes", "0").unwrap();
        let board = e.game.board();
        let p = board.geometry().point(8, 4);
        assert_eq!(board.cell(p), EMPTY);
        let report = |(mv_wins, mv_margin): (f64, f64), (pass_wins, pass_margin): (f64, f64)| {
            let mut played = candidate(4000, mv_wins * 4000.0, mv_margin * 4000.0);
            played.mv = Move::Play(p);
            black_report(
                played,
                candidate(1000, pass_wins * 1000.0, pass_margin * 1000.0),
            )
        };
        let mv = Move::Play(p);
        // Lost either way, and the pass scores two points better: pass.
        assert!(e.pass_is_as_good(
            &report((0.003, -67.0), (0.009, -65.0)),
            Color::Black,
            mv,
            None,
            None
        ));
        // The move scores better: play it.
        assert!(!e.pass_is_as_good(
            &report((0.003, -60.0), (0.009, -65.0)),
            Color::Black,
            mv,
            None,
            None
        ));
        // Not decided: the win rate, not the score, decides, and the point is unsettled.
        assert!(!e.pass_is_as_good(
            &report((0.4, -2.0), (0.39, -1.0)),
            Color::Black,
            mv,
            None,
            None
        ));
        // With the solver on, reading settles it: white's column J is a straight nine
        // that lives whoever moves first, so J5 is a stone given away whatever the search
        // scores, decided or not.
        e.set_param("pass_solve_nodes", "30000").unwrap();
        assert!(e.pass_is_as_good(
            &report((0.003, -60.0), (0.009, -65.0)),
            Color::Black,
            mv,
            None,
            None
        ));
        assert!(e.pass_is_as_good(
            &report((0.4, -2.0), (0.39, -1.0)),
            Color::Black,
            mv,
            None,
            None
        ));
        // A point of a problem that reading does not settle is left to the search: black's
        // group around the straight three C1 D1 E1 lives or dies by who moves first.
        let unsettled = walled(
            'O',
            "O X X X X X O O O
             O X . . . X O O O",
        );
        let d1 = unsettled.geometry().point(3, 0);
        for c in [Color::Black, Color::White] {
            assert!(!idle_in_settled_problem(
                &unsettled, d1, c, false, 30_000, None
            ));
        }
        // And a settled one is idle for either side: the straight two next door.
        let b = walled(
            'O',
            "O X X X X O O O O
             O X . . X O O O O",
        );
        let c1 = b.geometry().point(2, 0);
        for c in [Color::Black, Color::White] {
            assert!(idle_in_settled_problem(&b, c1, c, false, 30_000, None));
        }
    }

    /// Filllib5's corner (white to move): white's A9, B8 and C9 have two liberties each.
    const FILLLIB5_CORNER: &str = "O . O . . . . . .
                                   . O X O O O O O .
                                   . X X X O . . O .
                                   . . . X X O . O .
                                   . . . . . X O O X
                                   . X X X . X O X .
                                   X X O O X X O X X
                                   O O X O O O O X .
                                   . . . . . . . X .";

    #[test]
    fn a_connection_of_chains_short_of_liberties_is_no_fill_of_own_area() {
        // Filllib5's corner: white's A9, B8 and C9 have two liberties each; black's A7 and
        // then A8 would put A9 and B8 in atari together. B9, a false eye inside white's
        // area, joins them: not a fill, though the point is white's.
        let b = Board::from_diagram(FILLLIB5_CORNER).unwrap();
        let g = b.geometry();
        let (b9, g7, j1) = (g.point(1, 8), g.point(6, 6), g.point(8, 0));
        assert!(joins_short_chains(&b, b9, Color::White));
        assert!(!fills_own_region(&b, b9, Color::White));
        // G7 touches one white chain.
        assert!(!joins_short_chains(&b, g7, Color::White));
        // J1 touches one black chain only.
        assert!(!joins_short_chains(&b, j1, Color::Black));
    }

    #[test]
    fn a_short_chain_holds_where_its_other_liberty_joins_it_to_a_living_wall() {
        // White's C4 has two liberties, C5 and B4. Black cannot play B4 (every stone
        // around it is white's, none in atari), and after black's C5 white's B4 joins C4
        // to a chain of four liberties: a stone at C5 mends nothing.
        let walled = Board::from_diagram(
            ". O . X .
             O . O X .
             . O X X .
             O O X . .
             . . X . .",
        )
        .unwrap();
        let g = walled.geometry();
        let (c5, c4, b4) = (g.point(2, 4), g.point(2, 3), g.point(1, 3));
        assert!(short_chain_holds(&walled, c4, c5, Color::White, false));
        // From B4's side: C5 is open to black.
        assert!(!short_chain_holds(&walled, c4, b4, Color::White, false));
        // Without A4, black can play B4 (next to an empty point).
        let open = Board::from_diagram(
            ". O . X .
             . . O X .
             . O X X .
             O O X . .
             . . X . .",
        )
        .unwrap();
        assert!(!short_chain_holds(&open, c4, c5, Color::White, false));
        // Filllib5's corner: black cannot play B9 either, but white's B9 after black's D9
        // joins C9 to A9 and B8, which leaves one liberty (A8) in all.
        let corner = Board::from_diagram(FILLLIB5_CORNER).unwrap();
        let g = corner.geometry();
        let (c9, d9) = (g.point(2, 8), g.point(3, 8));
        assert!(!short_chain_holds(&corner, c9, d9, Color::White, false));
    }

    #[test]
    fn a_stone_that_lives_at_the_edge_of_a_living_group_is_not_given_away() {
        // White's group in the bottom right lives whoever moves first (two eyes, F2-G2 and
        // J2), and so does black's mass. E3, between them, is in both problems: a stone of
        // either colour there joins its own living stones and lives, so it is no stone
        // given away (before a stone had to die for that, both were). Black's F2, inside
        // white's eye, dies there: idle.
        let b = Board::from_diagram(
            ". X . X X X X X X
             X X X X X X X X X
             X X X X X X X X X
             X X X X X X X X X
             X X X X X X X X X
             X X X X X X X X X
             X X X X . O O O O
             X X X X O . . O .
             X X X X O O O O O",
        )
        .unwrap();
        let g = b.geometry();
        let (e3, f2) = (g.point(4, 2), g.point(5, 1));
        assert!(!idle_in_settled_problem(
            &b,
            e3,
            Color::Black,
            false,
            30_000,
            None
        ));
        assert!(idle_in_settled_problem(
            &b,
            f2,
            Color::Black,
            false,
            30_000,
            None
        ));
        assert!(!idle_in_settled_problem(
            &b,
            e3,
            Color::White,
            false,
            30_000,
            None
        ));
    }

    #[test]
    fn a_point_is_settled_only_where_the_playouts_after_a_pass_agree() {
        // Black's J5, in white's area: white owns it in 95% of the search's playouts, and
        // the move scores better than the pass (so only the settled point can pass it, with
        // the solver, which reads column J as a living straight nine, off).
        let mut e = engine_with(HOPELESS, RuleSet::Japanese, 7.5, Color::Black);
        e.set_param("pass_solve_nodes", "0").unwrap();
        let p = e.game.board().geometry().point(8, 4);
        let report = |after_pass: f64, pass_samples: u64| {
            let mut played = candidate(4000, 0.003 * 4000.0, -60.0 * 4000.0);
            played.mv = Move::Play(p);
            let mut ownership_sum = vec![0; MAX_POINTS];
            ownership_sum[p.idx()] = -4750;
            let candidates = vec![played, candidate(1000, 0.009 * 1000.0, -65.0 * 1000.0)];
            let mut r = Report {
                elapsed: Duration::from_secs(1),
                ..Report::for_tests(candidates, ownership_sum, 5000)
            };
            r.by_first_move.count(Move::Pass, pass_samples)[p.idx()] =
                (after_pass * pass_samples as f64) as i32;
            r
        };
        let mv = Move::Play(p);
        // White owns it whoever moves first: a prisoner given, passed.
        assert!(e.pass_is_as_good(&report(-0.95, 1000), Color::Black, mv, None, None));
        // When black passes, white owns it in only 60% of the playouts: the point is
        // white's because the search's own line plays there, not settled.
        assert!(!e.pass_is_as_good(&report(-0.6, 1000), Color::Black, mv, None, None));
        // Too few playouts began with the pass to tell.
        assert!(!e.pass_is_as_good(&report(-0.95, 20), Color::Black, mv, None, None));
    }

    /// Black's corner A5-B5-A4 holds white's B4; white's E5-E4 and E2-E1 are white's;
    /// A1-C2 touches both walls.
    pub(in crate::engine) const JUDGED_CORNER: &str = ". . X O .
                                                  . O X O .
                                                  X X X O O
                                                  . . . O .
                                                  . . . O .";

    #[test]
    fn judged_territory_counts_regions_with_the_dead_stones_taken_off() {
        let b = Board::from_diagram(JUDGED_CORNER).unwrap();
        let g = b.geometry();
        let (a5, b4, c5, e5, e1, a1) = (
            g.point(0, 4),
            g.point(1, 3),
            g.point(2, 4),
            g.point(4, 4),
            g.point(4, 0),
            g.point(0, 0),
        );
        let judged = |b: &Board, dead: Vec<Point>, seki: Vec<Point>| {
            let st = ownership::Statuses {
                dead,
                seki,
                ..ownership::Statuses::default()
            };
            Judgement::new(b, &st)
        };
        let j = judged(&b, vec![b4], vec![]);
        assert_eq!(j.territory(a5), Some(Color::Black));
        assert_eq!(j.territory(e5), Some(Color::White));
        assert_eq!(j.territory(e1), Some(Color::White));
        assert_eq!(j.territory(a1), None);
        // B4 alive: the corner touches both colours.
        assert_eq!(judged(&b, vec![], vec![]).territory(a5), None);
        // Next to a seki: no territory.
        assert_eq!(judged(&b, vec![b4], vec![c5]).territory(a5), None);
        // A dead stone of the wall's own colour inside: no territory either.
        let own_dead = Board::from_diagram(
            ". . X O .
             . X X O .
             X X X O O
             . . . O .
             . . . O .",
        )
        .unwrap();
        assert_eq!(judged(&own_dead, vec![b4], vec![]).territory(a5), None);
    }

    #[test]
    fn a_lone_stone_in_a_region_the_opponent_walls_in_and_owns_is_an_invasion() {
        // As filllib case 3 (white's J2): the search plays into the opponent's walled-in area, where
        // the playouts' random defence lets an invasion live now and then. White's wall
        // (column E) walls in the four columns on its right; black's (column C) does not
        // wall in column D, which touches both.
        let wall = ". . X . O . . . .\n".repeat(9);
        let mut e = engine_with(&wall, RuleSet::Japanese, 6.5, Color::Black);
        let g = e.game.board().geometry();
        let (inside, by_wall, by_own) = (g.point(6, 4), g.point(5, 4), g.point(3, 4));
        let region: Vec<Point> = (5..9)
            .flat_map(|x| (0..9).map(move |y| (x, y)))
            .map(|(x, y)| g.point(x, y))
            .collect();
        let report = |white_owns: f64| {
            let mut ownership_sum = vec![0; MAX_POINTS];
            for q in &region {
                ownership_sum[q.idx()] = (-white_owns * 5000.0) as i32;
            }
            let mut played = candidate(4000, 0.5 * 4000.0, 0.0);
            played.mv = Move::Play(inside);
            let candidates = vec![played, candidate(1000, 0.5 * 1000.0, 0.0)];
            Report {
                elapsed: Duration::from_secs(1),
                ..Report::for_tests(candidates, ownership_sum, 5000)
            }
        };
        let board = e.game.board();
        assert!(invades(&report(0.8), board, inside, Color::Black, 0.6));
        assert!(invades(&report(0.8), board, by_wall, Color::Black, 0.6));
        // Where the invasion lives often enough, the search decides.
        assert!(!invades(&report(0.5), board, inside, Color::Black, 0.6));
        // A stone next to one's own stones extends one's own area: no invasion.
        assert!(!invades(&report(0.8), board, by_own, Color::Black, 0.6));
        // For white the region is its own.
        assert!(!invades(&report(-0.8), board, inside, Color::White, 0.6));
        // A prisoner given, though below `prisoner_ownership` and in a game the search
        // does not call decided; off above 1.
        let mv = Move::Play(inside);
        assert!(e.gives_a_prisoner(&report(0.8), Color::Black, mv));
        assert!(!e.gives_a_prisoner(&report(0.5), Color::Black, mv));
        e.set_param("invasion_ownership", "2").unwrap();
        assert!(!e.gives_a_prisoner(&report(0.8), Color::Black, mv));
    }

    #[test]
    fn a_stone_where_the_opponent_owns_the_point_is_a_prisoner_whatever_the_win_rate() {
        // As filllib case 10: black's J5 lands in white's area and scores ten points of
        // win rate above the pass, by the tempo of white's answers in the playouts.
        let mut e = engine_with(HOPELESS, RuleSet::Japanese, 7.5, Color::Black);
        let p = e.game.board().geometry().point(8, 4);
        let report = |white_owns: f64| {
            let mut played = candidate(4000, 0.31 * 4000.0, -10.7 * 4000.0);
            played.mv = Move::Play(p);
            let mut ownership_sum = vec![0; MAX_POINTS];
            ownership_sum[p.idx()] = (-white_owns * 5000.0) as i32;
            let candidates = vec![played, candidate(1000, 0.21 * 1000.0, -15.9 * 1000.0)];
            Report {
                elapsed: Duration::from_secs(1),
                ..Report::for_tests(candidates, ownership_sum, 5000)
            }
        };
        let mv = Move::Play(p);
        assert!(e.gives_a_prisoner(&report(0.99), Color::Black, mv));
        assert!(e.gives_a_prisoner(&report(0.9), Color::Black, mv));
        // Where the stone lives in a tenth of the playouts, the search decides.
        assert!(!e.gives_a_prisoner(&report(0.8), Color::Black, mv));
        // For white the same point is its own: no prisoner (filling one's own area is
        // `pass_is_as_good`'s question).
        assert!(!e.gives_a_prisoner(&report(0.99), Color::White, mv));
        assert!(!e.gives_a_prisoner(&report(0.99), Color::Black, Move::Pass));
        // Off above 1.
        e.set_param("prisoner_ownership", "2").unwrap();
        assert!(!e.gives_a_prisoner(&report(0.99), Color::Black, mv));
    }

    /// Black G2 is a stone that white takes at once at G1; black C1 in the corner would
    /// capture white's B1-B2-C2 instead.
    const THROW_IN: &str = ". . . . . . . . .
                            . . . . . . . . .
                            . . . . . . . . .
                            X X X X X X X X X
                            O O O O O O O O O
                            . . . . . . . . .
                            X X X . . . O . .
                            X O O X . O . O .
                            X O . X . . . . .";

    #[test]
    fn a_stone_taken_at_once_is_told_from_a_capture_and_a_safe_stone() {
        let g = game(THROW_IN, RuleSet::Japanese, 0.5, Color::Black);
        let b = g.board();
        let at = |x, y| b.geometry().point(x, y);
        assert!(taken_at_once(b, at(6, 1), Color::Black));
        // Two liberties; white's own stone there; a capture; an occupied point.
        assert!(!taken_at_once(b, at(5, 0), Color::Black));
        assert!(!taken_at_once(b, at(6, 1), Color::White));
        assert!(!taken_at_once(b, at(2, 0), Color::Black));
        assert!(!taken_at_once(b, at(3, 1), Color::Black));
    }

    #[test]
    fn in_a_decided_game_a_stone_taken_at_once_is_a_prisoner_unless_it_scores() {
        // As filllib case 7: in a lost game black throws a stone in that white takes, and
        // the search scores it a point or two above the pass.
        let e = engine_with(THROW_IN, RuleSet::Japanese, 0.5, Color::Black);
        let p = e.game.board().geometry().point(6, 1);
        let report = |winrate: f64, above_pass: f64| {
            let mut played = candidate(1000, winrate * 1000.0, (-20.0 + above_pass) * 1000.0);
            played.mv = Move::Play(p);
            black_report(played, candidate(400, winrate * 400.0, -20.0 * 400.0))
        };
        let mv = Move::Play(p);
        assert!(e.gives_a_prisoner(&report(0.06, 1.5), Color::Black, mv));
        assert!(e.gives_a_prisoner(&report(0.95, 0.0), Color::Black, mv));
        // Two points above the pass: the search's judgement stands; so in a game still open.
        assert!(!e.gives_a_prisoner(&report(0.06, 2.5), Color::Black, mv));
        assert!(!e.gives_a_prisoner(&report(0.4, 0.0), Color::Black, mv));
        // A stone with liberties is no prisoner.
        let free = Move::Play(e.game.board().geometry().point(5, 0));
        assert!(!e.gives_a_prisoner(&report(0.06, 0.0), Color::Black, free));
    }

    #[test]
    fn a_hopeless_game_is_resigned_and_a_won_one_is_not() {
        let mut e = engine_with(HOPELESS, RuleSet::Chinese, 7.5, Color::White);
        let mut decisions = Vec::new();
        for _ in 0..3 {
            let (d, _) = e.decide(Color::White, false, &|| false, None, &mut |_| {});
            decisions.push(d);
        }
        assert_eq!(decisions[2], Decision::Resign, "{decisions:?}");
        // Black, who wins it, never resigns it.
        let mut e = engine_with(HOPELESS, RuleSet::Chinese, 7.5, Color::Black);
        for _ in 0..3 {
            let (d, _) = e.decide(Color::Black, false, &|| false, None, &mut |_| {});
            assert_ne!(d, Decision::Resign);
        }
    }

    fn passing_wins(game: &Game, color: Color, limits: Limits, seed: u64, params: &Params) -> bool {
        margin_if_ended(game, color, limits, seed, params) > 0.0
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
        let g = game(diagram, RuleSet::Chinese, 4.5, Color::Black);
        assert!(passing_wins(&g, Color::Black, Limits::playouts(500), 3, &p));
        assert!(!passing_wins(
            &g,
            Color::White,
            Limits::playouts(500),
            3,
            &p
        ));
        let g = game(diagram, RuleSet::Chinese, 5.5, Color::Black);
        assert!(!passing_wins(
            &g,
            Color::Black,
            Limits::playouts(500),
            3,
            &p
        ));
        assert!(passing_wins(&g, Color::White, Limits::playouts(500), 3, &p));
    }
    #[test]
    fn an_idle_move_on_an_open_board_gives_way_to_the_next_useful_one() {
        // 5×5: 25 points. Open means 9 or more empty points owned under 0.9 either way.
        let board = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let g = board.geometry();
        let report = |unsettled: usize, candidates: Vec<Candidate>| {
            let mut ownership_sum = vec![0; MAX_POINTS];
            for (k, p) in g.points().enumerate() {
                ownership_sum[p.idx()] = if k < unsettled { 50 } else { 95 };
            }
            // 100 samples: `black_report` of two candidates of 50 visits each.
            let base = black_report(candidate(50, 25.0, 0.0), candidate(50, 25.0, 0.0));
            Report {
                candidates,
                ownership_sum,
                ..base
            }
        };
        let params = Params::default();
        assert!(open_board(&report(9, Vec::new()), &board, &params));
        assert!(!open_board(&report(8, Vec::new()), &board, &params));
        // The next candidate by visits that is not idle, with a twentieth of the most
        // visited move's visits or more; never the pass.
        let (a, b, c) = (g.point(0, 0), g.point(1, 1), g.point(2, 2));
        let at = |mv: Move, visits: u64| Candidate {
            mv,
            ..candidate(visits, visits as f64 / 2.0, 0.0)
        };
        // A1, the pass, B2 and C3 with these visits.
        let visited = |[va, vp, vb, vc]: [u64; 4]| {
            let moves = [Move::Play(a), Move::Pass, Move::Play(b), Move::Play(c)];
            report(
                25,
                moves
                    .into_iter()
                    .zip([va, vp, vb, vc])
                    .map(|(m, v)| at(m, v))
                    .collect(),
            )
        };
        let r = visited([1000, 400, 300, 40]);
        assert_eq!(
            next_useful(&r, Move::Play(a), &params, |_| false),
            Some(Move::Play(b))
        );
        assert_eq!(
            next_useful(&r, Move::Play(a), &params, |m| m == Move::Play(b)),
            None,
            "C3 has under a twentieth of A1's visits"
        );
        // A search fixed on one move: a hundred visits are enough whatever the share.
        let fixed = visited([20_000, 900, 99, 100]);
        assert_eq!(
            next_useful(&fixed, Move::Play(a), &params, |_| false),
            Some(Move::Play(c))
        );
    }
}
