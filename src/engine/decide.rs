//! The move decision of `genmove`, read top to bottom in `Engine::decide`: pass when the
//! opponent passed and the game is won as it stands (playing on only for a point, with a
//! score utility); otherwise search, take the most visited move (`choose`); under
//! territory rules pass rather than fill one's own territory, or in a decided game rather
//! than play a move the search scores no better than its pass; in the cleanup phase pass
//! once no dead enemy stone is left; resign a game lost for several moves. Dead stones
//! come from `ownership`, moves from `search`.

use std::time::{Duration, Instant};

use super::{Decision, Engine};
use crate::go::point::{EDGE, EMPTY, MAX_POINTS};
use crate::go::tactics::{plays_safely, starts_ko, takes_as_ko};
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
        let search_share = if cleanup { 0.7 } else { 1.0 };
        let report = self.search(c, left(search_share), stop, every, progress);
        let territory = self.game.rules().scoring == Scoring::Territory;
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
            mv = instead_of_filling(
                &report,
                self.game.board(),
                c,
                mv,
                self.opts.params.pass_slack,
            );
        }
        if !cleanup && territory && self.pass_is_as_good(&report, c, mv) {
            // Under territory rules a move inside our own territory costs a point.
            mv = Move::Pass;
        }
        if !cleanup && territory && mv == Move::Pass {
            // Before passing, mend a shortage of liberties (or make the opponent mend one).
            // After the opponent's pass, only an own chain's: at a dispute over dead stones
            // (KGS, OGS) play resumes, and the weakness with it; an enemy stone that passing
            // leaves dead is a point for the count as it stands.
            let own_only = passing_margin.is_some();
            if let Some(m) = mending_move(
                &report,
                &self.game,
                c,
                own_only,
                self.opts.params.settled_ownership,
            ) {
                mv = m;
            }
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

    /// Whether `mv` spends a stone for nothing while passing does about as well in the
    /// search (within `pass_slack`), or still wins: it fills a point of `c`'s own
    /// territory (an empty region bordered by `c`'s stones only, as the territory count
    /// sees it), or it lands on a point that one side owns in nearly every playout
    /// (`settled_ownership`: inside either side's settled area, where a stone of ours is
    /// a point spent or a prisoner given) and mends nothing (`mend_in_play`). A stone that
    /// saves an own chain in atari is not a filling move: it mends a weakness.
    fn pass_is_as_good(&self, report: &Report, c: Color, mv: Move) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        let params = &self.opts.params;
        let best = report.best().map_or(0.0, |b| b.winrate());
        let enough = (best - params.pass_slack).min(0.5);
        let pass = report.candidate(Move::Pass);
        let pass_ok = pass.is_some_and(|x| x.visits >= 30 && x.winrate() >= enough);
        let board = self.game.board();
        let settled = || {
            report.ownership(p).abs() >= params.settled_ownership
                && mend_in_play(report, board, p, c, params.settled_ownership).is_none()
        };
        // In a decided game the score is what is left to play for: a move that the
        // search does not score above its pass spends a stone for nothing.
        let scores_no_better = || {
            decided(best)
                && pass
                    .zip(report.candidate(mv))
                    .is_some_and(|(pass, m)| pass.mean_margin() >= m.mean_margin())
        };
        pass_ok && (fills_own_region(board, p, c) || settled() || scores_no_better())
    }

    /// Resigns after three searches in a row found the game hopeless (`hopeless`), outside
    /// the opening.
    fn resign_check(&mut self, report: &Report, cleanup: bool) -> Option<Decision> {
        let best = report.best()?;
        let points = self.game.size() * self.game.size();
        let board = self.game.board();
        let stones = (board.stone_count(Color::Black) + board.stone_count(Color::White)) as usize;
        let opening = self.game.moves().len().max(stones) < points / 6;
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

/// Whether the best move's statistics make the game hopeless: its win rate is under
/// `threshold` and its mean final margin is a loss too (a game the score estimate calls won
/// is never resigned).
fn hopeless(best: &Candidate, threshold: f64) -> bool {
    best.winrate() < threshold && best.mean_margin() < 0.0
}

/// Whether a win rate makes the game decided (above 90% or under 10%): the score is what
/// is left to play for.
fn decided(winrate: f64) -> bool {
    !(0.1..=0.9).contains(&winrate)
}

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

/// The final margin from `color`'s view if the game ended now, dead stones judged by
/// `statuses`: after the opponent passed, passing ends the game with it.
fn margin_if_ended(game: &Game, color: Color, limits: Limits, seed: u64, params: &Params) -> f64 {
    let st = ownership::statuses(game, limits, seed, params);
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

/// What a move does about a shortage of liberties, in order of urgency (`mending_move`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mend {
    /// Captures an enemy chain in atari next to an own chain of one or two liberties.
    Capture,
    /// Captures an enemy chain in atari that could get out of atari by extending (left
    /// alone, the opponent saves it with tempo; a chain that stays in atari when it
    /// extends is dead as it stands and is left for the count).
    Take,
    /// Gives an own chain in atari, or of two liberties that the opponent can take one of
    /// safely, three liberties or more.
    Extend,
    /// Puts an enemy chain in atari with a stone that keeps two liberties and joins an own
    /// chain.
    Atari,
}

/// How a stone of `c` at the empty point `p` mends a shortage of liberties, if it does.
fn mend_kind(board: &Board, p: Point, c: Color) -> Option<Mend> {
    let (libs, _) = board.libs_after(p, c, 3);
    // An atari from a stone on its own would be an invasion, a prisoner in the end.
    let joins_own = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(c));
    let mut kind = None;
    for n in board.neighbors(p) {
        let Some(owner) = board.color_at(n) else {
            continue;
        };
        let found = if owner != c {
            if board.atari_liberty(n) == Some(p) {
                // The captured chain frees an own chain short of liberties, or could
                // escape.
                if touches_short_chain(board, n, c, 2) {
                    Some(Mend::Capture)
                } else if plays_safely(board, p, owner) {
                    Some(Mend::Take)
                } else {
                    None
                }
            } else if board.two_liberties(n).is_some() && libs >= 2 && joins_own {
                Some(Mend::Atari)
            } else {
                None
            }
        } else if libs >= 3 && threatened(board, n, c) {
            Some(Mend::Extend)
        } else {
            None
        };
        kind = match (kind, found) {
            (Some(a), Some(b)) => Some(std::cmp::min(a, b)),
            (a, b) => a.or(b),
        };
    }
    kind
}

/// Whether the chain of `c` at `n` is in atari, or has two liberties and the opponent can
/// take one of them with a stone that `c` could take back only as a ko (`starts_ko`: a
/// throw-in that starts a ko for the chain), or with a stone that is not itself in atari
/// where the chain, then in atari, cannot extend at its last liberty to three (a shortage
/// of liberties). A chain that can extend answers the atari when it comes: mending it now
/// would spend a point for nothing.
fn threatened(board: &Board, n: Point, c: Color) -> bool {
    if board.atari_liberty(n).is_some() {
        return true;
    }
    let o = c.opp();
    board.two_liberties(n).is_some_and(|(a, b)| {
        [(a, b), (b, a)].into_iter().any(|(l, m)| {
            starts_ko(board, l, o) || (plays_safely(board, l, o) && !extends_out(board, l, m, c))
        })
    })
}

/// Whether, after the opponent of `c` plays `l` (a legal move), `c` can play `m` to a chain
/// of three liberties or more, or of two that leaves the stone at `l` in atari with no
/// safe extension: then the opponent's next atari on the chain is answered by taking
/// that stone, which gives the chain its liberty back.
fn extends_out(board: &Board, l: Point, m: Point, c: Color) -> bool {
    let mut after = board.clone();
    let o = c.opp();
    after.play(l, o);
    if !after.is_legal(m, c, false) {
        return false;
    }
    match after.libs_after(m, c, 3).0 {
        0 | 1 => false,
        2 => {
            after.play(m, c);
            after.color_at(l) == Some(o)
                && after
                    .atari_liberty(l)
                    .is_some_and(|q| !plays_safely(&after, q, o) && after.is_legal(q, c, false))
        }
        _ => true,
    }
}

/// Under territory rules, instead of a pass while a shortage of liberties remains: a legal
/// move of the most urgent kind of `Mend` (as `mend_in_play` sees it), the most visited of
/// that kind, unless the search has seen enough of it (50 visits) to rate it clearly below
/// its pass (10% of win rate or two points of mean margin; a stone inside one's own
/// territory costs one). The search itself seldom prefers these moves to a pass, as the
/// opponent's answer gains nothing either; but a pass leaves the point to the opponent,
/// who then plays it with tempo, and GNU Go's end-of-game suite (filllib) asks for them
/// before passing. `own_only` (after the opponent's pass, when connecting a ko gains
/// nothing): only the kinds that mend an own chain (`Capture`, `Extend`), and no ko to
/// connect (`takes_as_ko`). Never at a point the opponent owns in nearly every playout
/// (`mend_in_play`, with `settled` as `settled_ownership`).
fn mending_move(
    report: &Report,
    game: &Game,
    c: Color,
    own_only: bool,
    settled: f64,
) -> Option<Move> {
    let base = report.candidate(Move::Pass).or(report.best())?;
    let board = game.board();
    let mut best: Option<(Mend, u64, Point)> = None;
    for p in game.legal_points(c) {
        let Some(kind) = mend_in_play(report, board, p, c, settled) else {
            continue;
        };
        if own_only && (!matches!(kind, Mend::Capture | Mend::Extend) || takes_as_ko(board, p, c)) {
            continue;
        }
        let seen = report.candidate(Move::Play(p));
        let visits = seen.map_or(0, |x| x.visits);
        if seen.is_some_and(|x| {
            x.visits >= 50
                && (x.winrate() < base.winrate() - 0.1
                    || x.mean_margin() < base.mean_margin() - 2.0)
        }) {
            continue;
        }
        let rank = (kind, std::cmp::Reverse(visits));
        if best.is_none_or(|(k, v, _)| rank < (k, std::cmp::Reverse(v))) {
            best = Some((kind, visits, p));
        }
    }
    if let Some((kind, visits, p)) = best {
        log::debug!("mending {kind:?} at {p:?} ({visits} visits) rather than passing");
    }
    best.map(|(_, _, p)| Move::Play(p))
}

/// `mend_kind`, but for the search's view of the position. A stone at a point the opponent
/// owns in nearly every playout (as `settled`) mends nothing: the chain it would save or
/// join is dead there, and the stone a prisoner more. And an atari on a chain that `c` owns
/// in nearly every playout and that is in no race with an own chain mends nothing: the
/// chain is dead as it stands, and the atari spends a point of one's own area.
fn mend_in_play(report: &Report, board: &Board, p: Point, c: Color, settled: f64) -> Option<Mend> {
    if report.ownership_for(p, c) <= -settled {
        return None;
    }
    mend_kind(board, p, c)
        .filter(|&k| k != Mend::Atari || ataris_a_living_chain(report, board, p, c, settled))
}

/// Whether `c` at `p` puts in atari an enemy chain (of two liberties) that is not already
/// dead: `c` does not own it in nearly every playout of `report` (as `settled`), or it
/// touches an own chain of three liberties or fewer (a race, which `c` wins only by
/// filling the liberties, as the playouts do).
fn ataris_a_living_chain(report: &Report, board: &Board, p: Point, c: Color, settled: f64) -> bool {
    board.neighbors(p).into_iter().any(|n| {
        board.color_at(n) == Some(c.opp())
            && board.two_liberties(n).is_some()
            && (report.ownership_for(n, c) < settled || touches_short_chain(board, n, c, 3))
    })
}

/// Whether the enemy chain at `n` touches a chain of `c` with `libs` liberties or fewer
/// (`libs` ≤ 3).
fn touches_short_chain(board: &Board, n: Point, c: Color, libs: usize) -> bool {
    board
        .chain_walk(n)
        .flat_map(|s| board.neighbors(s))
        .any(|q| board.color_at(q) == Some(c) && board.libs_upto(q, libs + 1) <= libs)
}

/// Whether a stone of `c` at `p` only fills `c`'s own region: `p` lies inside it
/// (`inside_own_region`) and saves no own chain in atari.
fn fills_own_region(board: &Board, p: Point, c: Color) -> bool {
    let saves = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(c) && board.atari_liberty(n) == Some(p));
    !saves && inside_own_region(board, p, c)
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
    fn mending_sees_captures_takes_extensions_and_safe_ataris_but_not_self_ataris() {
        // Black B3-C3 is in atari at D3; white A3 has two liberties (A4, A2).
        let b = Board::from_diagram(
            ". . . . .
             . O O . .
             O X X . .
             . O O . .
             . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        let at = |x, y| g.point(x, y);
        // Black extends out of atari to three liberties.
        assert_eq!(mend_kind(&b, at(3, 2), Color::Black), Some(Mend::Extend));
        // White captures there, freeing A3 (two liberties).
        assert_eq!(mend_kind(&b, at(3, 2), Color::White), Some(Mend::Capture));
        // Black A4 or A2 would put A3 in atari but leave itself one liberty: no.
        assert_eq!(mend_kind(&b, at(0, 1), Color::Black), None);
        assert_eq!(mend_kind(&b, at(0, 3), Color::Black), None);
        // Far from everything: nothing to mend.
        assert_eq!(mend_kind(&b, at(4, 4), Color::Black), None);
        // White C1 joins B2-C2, which has four liberties: it mends nothing.
        assert_eq!(mend_kind(&b, at(2, 0), Color::White), None);
        // A safe atari: black D5 or C4, each joining C5, on white's D4, which has two
        // liberties. Without C5 either would be a stone on its own: no mending.
        let b = Board::from_diagram(
            ". . X . .
             . . . O X
             . . . X .
             . . . . .
             . . . . .",
        )
        .unwrap();
        // (Row 0 is the bottom: D4 is (3, 3), D5 (3, 4), E4 (4, 3), C4 (2, 3).)
        assert!(threatened(&b, g.point(3, 3), Color::White));
        assert_eq!(
            mend_kind(&b, g.point(3, 4), Color::Black),
            Some(Mend::Atari)
        );
        assert_eq!(
            mend_kind(&b, g.point(2, 3), Color::Black),
            Some(Mend::Atari)
        );
        let lone = Board::from_diagram(
            ". . . . .
             . . . O X
             . . . X .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(mend_kind(&lone, g.point(2, 3), Color::Black), None);
        assert_eq!(mend_kind(&lone, g.point(3, 4), Color::Black), None);
        // Black's E4 has two liberties, but white at E5 or E3 would have one: no threat.
        assert!(!threatened(&b, g.point(4, 3), Color::Black));
        // White A2-B2 has two liberties, A3 and B3. Black A3 takes one safely, and white
        // B3 then joins C3 and B4 to a chain of only two liberties (A4, D3); but black A3
        // is left in atari, and extending at A4 leaves it there: white takes it if black
        // ataris. No shortage there. White B4 is short, though: after black A4 (two
        // liberties), white B3 gives the chain two liberties and black's stone stays out
        // of atari.
        let race = Board::from_diagram(
            ". X . . .
             . O X . .
             . . O . .
             O O X . .
             X X X . .",
        )
        .unwrap();
        assert!(!threatened(&race, g.point(0, 1), Color::White));
        assert!(threatened(&race, g.point(1, 3), Color::White));
        // White C3 is in atari at C2, next to black stones of three liberties each. It
        // could extend there to three liberties, so black takes it. White B3 in the
        // second board, walled in with its liberty B2, would have none there: it is dead
        // as it stands, and a black stone at B2 would only cost a point.
        let open = Board::from_diagram(
            ". . . . .
             . . X . .
             . X O X .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(
            mend_kind(&open, g.point(2, 1), Color::Black),
            Some(Mend::Take)
        );
        let walled = Board::from_diagram(
            ". . . . .
             X X X . .
             X O X . .
             X . X . .
             X X X . .",
        )
        .unwrap();
        assert_eq!(mend_kind(&walled, g.point(1, 1), Color::Black), None);
        // Black E2 has two liberties, E1 and E3. White E1 would be in atari, but black
        // could take it at D1 only as a ko: a threat, which black E3 mends (joining the
        // chain E4-D4-D3, four liberties). Without white C1 the throw-in is harmless.
        let ko = Board::from_diagram(
            ". . . . .
             . . . X X
             . . O X .
             . . . O X
             . . O . .",
        )
        .unwrap();
        assert!(threatened(&ko, g.point(4, 1), Color::Black));
        assert_eq!(
            mend_kind(&ko, g.point(4, 2), Color::Black),
            Some(Mend::Extend)
        );
        let harmless = Board::from_diagram(
            ". . . . .
             . . . X X
             . . O X .
             . . . O X
             . . . . .",
        )
        .unwrap();
        assert!(!threatened(&harmless, g.point(4, 1), Color::Black));
        assert_eq!(mend_kind(&harmless, g.point(4, 2), Color::Black), None);
        // Black C3 has two liberties, C4 and C2, and white can fill either safely; but
        // black then extends at the other to three liberties. No shortage: no mend.
        let roomy = Board::from_diagram(
            ". . . . .
             . . . . .
             . O X O .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(!threatened(&roomy, g.point(2, 2), Color::Black));
        assert_eq!(mend_kind(&roomy, g.point(2, 3), Color::Black), None);
        // With white B2 and D2 as well, black's C2 would leave C1 alone: a shortage.
        let short = Board::from_diagram(
            ". . . . .
             . . . . .
             . O X O .
             . O . O .
             . . . . .",
        )
        .unwrap();
        assert!(threatened(&short, g.point(2, 2), Color::Black));
        assert_eq!(
            mend_kind(&short, g.point(2, 3), Color::Black),
            Some(Mend::Extend)
        );
    }

    /// A report of 100 playouts with no candidates, where black owns `at` in `black_owns`
    /// of them net (negative: white) and every other point is even.
    fn owned_report(at: Point, black_owns: i32) -> Report {
        let mut ownership_sum = vec![0; MAX_POINTS];
        ownership_sum[at.idx()] = black_owns;
        Report {
            color: Color::Black,
            candidates: Vec::new(),
            playouts: 100,
            elapsed: Duration::ZERO,
            ownership_sum,
            ownership_samples: 100,
        }
    }

    #[test]
    fn no_mend_at_a_point_the_opponent_owns() {
        // Black C3 is in atari at C4: extending there to three liberties mends it, unless
        // the playouts give the point (and so the chain) to white nearly every time.
        let b = Board::from_diagram(
            ". . . . .
             . . . . .
             . O X O .
             . . O . .
             . . . . .",
        )
        .unwrap();
        let c4 = b.geometry().point(2, 3);
        assert_eq!(mend_kind(&b, c4, Color::Black), Some(Mend::Extend));
        let report = |black_owns: i32| owned_report(c4, black_owns);
        assert_eq!(mend_in_play(&report(-95), &b, c4, Color::Black, 0.9), None);
        assert_eq!(
            mend_in_play(&report(-50), &b, c4, Color::Black, 0.9),
            Some(Mend::Extend)
        );
    }

    #[test]
    fn a_mending_atari_needs_a_chain_that_is_not_dead_already() {
        // White C4 has two liberties, C5 and D4, inside black's area above the wall of
        // row 3 (B4 joins it). Black D4, joining the wall, puts C4 in atari.
        let b = Board::from_diagram(
            ". . . . .
             . X O . .
             X X X X X
             . . . . .
             O O O O O",
        )
        .unwrap();
        let g = b.geometry();
        let (c4, d4) = (g.point(2, 3), g.point(3, 3));
        assert_eq!(mend_kind(&b, d4, Color::Black), Some(Mend::Atari));
        let report = owned_report;
        // C4 is black's in 95 of 100 playouts net, next to the wall only: dead, and the
        // atari spends a point.
        assert!(!touches_short_chain(&b, c4, Color::Black, 3));
        assert!(!ataris_a_living_chain(
            &report(c4, 95),
            &b,
            d4,
            Color::Black,
            0.9
        ));
        assert_eq!(
            mend_in_play(&report(c4, 95), &b, d4, Color::Black, 0.9),
            None
        );
        // Contested, or white's: the atari makes white mend.
        assert!(ataris_a_living_chain(
            &report(c4, 50),
            &b,
            d4,
            Color::Black,
            0.9
        ));
        assert!(ataris_a_living_chain(
            &report(c4, -95),
            &b,
            d4,
            Color::Black,
            0.9
        ));
        assert_eq!(
            mend_in_play(&report(c4, 50), &b, d4, Color::Black, 0.9),
            Some(Mend::Atari)
        );
        // With the colours swapped the sign turns.
        let swapped = Board::from_diagram(
            ". . . . .
             . O X . .
             O O O O O
             . . . . .
             X X X X X",
        )
        .unwrap();
        assert!(!ataris_a_living_chain(
            &report(c4, -95),
            &swapped,
            d4,
            Color::White,
            0.9
        ));
        assert!(ataris_a_living_chain(
            &report(c4, 95),
            &swapped,
            d4,
            Color::White,
            0.9
        ));
        // A race: white's D4 touches black's E4, of two liberties. Black owns D4 in the
        // playouts because black fills its liberties there; the atari at D5 still counts.
        let race = Board::from_diagram(
            ". . X . .
             . . . O X
             . . . X .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let d5 = g.point(3, 4);
        assert!(touches_short_chain(&race, d4, Color::Black, 3));
        assert!(ataris_a_living_chain(
            &report(d4, 95),
            &race,
            d5,
            Color::Black,
            0.9
        ));
    }

    #[test]
    fn a_game_is_hopeless_only_when_the_score_says_lost_too() {
        assert!(hopeless(&candidate(1000, 50.0, -20_000.0), 0.1));
        // A low win rate with a winning mean margin: never resign.
        assert!(!hopeless(&candidate(1000, 50.0, 3_000.0), 0.1));
        assert!(!hopeless(&candidate(1000, 200.0, -20_000.0), 0.1));
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
    fn in_a_decided_game_a_move_scored_no_better_than_the_pass_is_passed() {
        // Black's stone at J5 lands in white's area, on a point the search leaves
        // unsettled (ownership 0): only the score can tell it from a pass.
        let e = engine_with(HOPELESS, RuleSet::Japanese, 7.5, Color::Black);
        let board = e.game.board();
        let p = board.geometry().point(8, 4);
        assert_eq!(board.cell(p), EMPTY);
        let report = |(mv_wins, mv_margin): (f64, f64), (pass_wins, pass_margin): (f64, f64)| {
            let mut played = candidate(4000, mv_wins * 4000.0, mv_margin * 4000.0);
            played.mv = Move::Play(p);
            Report {
                color: Color::Black,
                candidates: vec![
                    played,
                    candidate(1000, pass_wins * 1000.0, pass_margin * 1000.0),
                ],
                playouts: 5000,
                elapsed: Duration::from_secs(1),
                ownership_sum: vec![0; MAX_POINTS],
                ownership_samples: 5000,
            }
        };
        let mv = Move::Play(p);
        // Lost either way, and the pass scores two points better: pass.
        assert!(e.pass_is_as_good(&report((0.003, -67.0), (0.009, -65.0)), Color::Black, mv));
        // The move scores better: play it.
        assert!(!e.pass_is_as_good(&report((0.003, -60.0), (0.009, -65.0)), Color::Black, mv));
        // Not decided: the win rate, not the score, decides, and the point is unsettled.
        assert!(!e.pass_is_as_good(&report((0.4, -2.0), (0.39, -1.0)), Color::Black, mv));
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
}
