//! Random playouts on a board copy: the inner loop of the Monte Carlo search.
//!
//! Two policies:
//! - **Light**: uniformly random among legal moves that do not fill the mover's own true eye
//!   (`Board::is_true_eye`): a random empty point, then a cyclic scan of the empty list.
//! - **Heavy** (after Mogo, Pachi's moggy and michi): around the last two moves it collects
//!   tactical candidates — capture a chain in atari, save an own chain in atari by a
//!   counter-capture or by an extension that escapes the ladder (`ladder_escapes` reads it
//!   out) — and 3×3 shape moves next to the last move (`patterns`), each with a weight.
//!   One is drawn by weight, with a small weight left for a random move, so no rule fires in
//!   a fixed order. Random moves skip self-atari of two or more stones, which keeps sekis
//!   alive and stops big groups from killing themselves, except a share of them
//!   (`playout_self_atari`, `playout_self_atari_large` from 13×13 up) that may be any legal
//!   move that fills no own eye. A random move drawn on an own false eye takes or presses
//!   the enemy stone that spoils the eye instead, in a share of the draws
//!   (`playout_eye_fix`, `playout_eye_fix_large` from 13×13 up; `false_eye_fix`).
//!
//! Playouts ignore superko (simple ko only) and forbid suicide; they end at two passes or
//! the move cap and count area (`Board::fast_area_margin`).

use rand::Rng;
use rand::rngs::SmallRng;

use super::params::{Params, by_size};
use super::patterns;
use crate::go::point::{EDGE, EMPTY, MAX_POINTS};
use crate::go::tactics::{Ladder, adjacent_ataris, breaks_seki, nakade_point, nakade_sacrifice};
use crate::go::{Board, Color, Point};

/// How a playout ended.
#[derive(Copy, Clone, Debug)]
pub struct PlayoutResult {
    /// Area margin before komi, black minus white (see `fast_area_margin`).
    pub margin: i32,
    /// Moves played (passes included).
    pub moves: u32,
    /// Whether the playout ended by two passes (not by the move cap).
    pub finished: bool,
}

/// Which playout policy.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    /// Uniformly random (no eye filling).
    Light,
    /// Tactics, 3x3 patterns, nakade, no big self-atari.
    Heavy,
}

/// A move for `c` by the light policy, or `None` if it must pass.
#[inline(always)]
pub fn light_move(board: &Board, c: Color, rng: &mut SmallRng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    first_from_random_start(
        n,
        rng,
        #[inline(always)]
        |k| board.playout_candidate(k, c),
    )
}

/// The first `Some` of `f(k)` for `k` in `0..n` (n > 0) visited in order from a uniformly
/// random start, wrapping around.
#[inline(always)]
fn first_from_random_start(
    n: usize,
    rng: &mut SmallRng,
    f: impl Fn(usize) -> Option<Point>,
) -> Option<Point> {
    // Multiply-shift: a uniform index without a division (bias below 2^-20 for n < 2^12).
    let mut k = ((rng.next_u32() as u64 * n as u64) >> 32) as usize;
    // A plain loop with a wrapping index: cheaper than chained ranges on this hot path.
    for _ in 0..n {
        if let Some(p) = f(k) {
            return Some(p);
        }
        k += 1;
        if k == n {
            k = 0;
        }
    }
    None
}

/// Plays light-policy moves from `board` with `to_move` first until two passes in a row or
/// `max_moves`, then counts the area margin. `on_move` sees every stone played (AMAF).
pub fn light_playout(
    board: &mut Board,
    to_move: Color,
    rng: &mut SmallRng,
    max_moves: u32,
    on_move: impl FnMut(Point, Color),
) -> PlayoutResult {
    play_out(
        board,
        to_move,
        [None, None],
        max_moves,
        |b, c, _| light_move(b, c, rng),
        on_move,
    )
}

/// The playout loop: `pick` chooses each move (`None` passes) given the board, the colour
/// to move and the last two moves.
#[inline(always)]
fn play_out(
    board: &mut Board,
    mut to_move: Color,
    mut last: [Option<Point>; 2],
    max_moves: u32,
    mut pick: impl FnMut(&Board, Color, [Option<Point>; 2]) -> Option<Point>,
    mut on_move: impl FnMut(Point, Color),
) -> PlayoutResult {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let mv = pick(board, to_move, last);
        match mv {
            Some(p) => {
                board.play(p, to_move);
                on_move(p, to_move);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        last = [mv, last[0]];
        moves += 1;
        to_move = to_move.opp();
    }
    PlayoutResult {
        margin: board.fast_area_margin(),
        moves,
        finished: passes >= 2,
    }
}

const MAX_CANDIDATES: usize = 48;

/// A playout runner with its policy and scratch space (ladder boards); one per thread.
pub struct Playouts {
    policy: Policy,
    /// The heavy policy's weights (`Params::playout_*`).
    weights: Weights,
    ladder: Ladder,
    /// Candidates: point, weight, and whether it is an extension still to be read as a
    /// ladder (read only if drawn: most are never drawn).
    cands: Vec<(Point, u32, bool)>,
    /// Prisoners per colour as of the previous heavy move (to see captures).
    captures: [u32; 2],
    /// Points closed to both colours (pass-alive territory, `close`), if any.
    closed: Vec<bool>,
    any_closed: bool,
    /// The 3×3 shape table (`patterns::table`).
    shapes: &'static patterns::Table,
}

/// Relative weights of the heavy policy's candidate moves.
#[derive(Copy, Clone, Debug)]
struct Weights {
    capture: u32,
    capture_per_stone: u32,
    save: u32,
    pattern: u32,
    nakade: u32,
    /// Percent of random moves allowed a nakade sacrifice (`nakade_sacrifice`).
    sacrifice: u32,
    /// Percent of random moves that skip the self-atari test (`self_atari`).
    self_atari: u32,
    /// "Play a random move instead", when there are candidates.
    random: u32,
    /// Refuse a mutual atari that breaks a seki even where any self-atari may be played
    /// (`seki_guard`).
    seki_guard: bool,
    /// Percent of random moves that, drawn on an own false eye, take or press the enemy
    /// stone that makes it false instead (`false_eye_fix`).
    eye_fix: u32,
}

impl Playouts {
    /// A runner for `policy`, with the heavy policy's weights from `params` for boards of
    /// `size` (`playout_self_atari_large` from 13×13 up, none under 5×5).
    pub fn new(policy: Policy, params: &Params, size: usize) -> Playouts {
        Playouts {
            policy,
            weights: Weights {
                capture: params.playout_capture,
                capture_per_stone: params.playout_capture_per_stone,
                save: params.playout_save,
                pattern: params.playout_pattern,
                nakade: params.playout_nakade,
                sacrifice: params.playout_nakade_sacrifice,
                // Under 5×5 self-ataris capture and recapture until the move cap.
                self_atari: match size {
                    0..5 => 0,
                    _ => by_size(
                        size,
                        params.playout_self_atari,
                        params.playout_self_atari_large,
                    ),
                },
                random: params.playout_random,
                seki_guard: params.playout_seki_guard != 0,
                eye_fix: by_size(size, params.playout_eye_fix, params.playout_eye_fix_large),
            },
            ladder: Ladder::new(),
            cands: Vec::with_capacity(MAX_CANDIDATES),
            captures: [0; 2],
            closed: vec![false; MAX_POINTS],
            any_closed: false,
            shapes: patterns::table(),
        }
    }

    /// Closes the points marked in `mask` (indexed by `Point::idx`) to both colours in the
    /// heavy policy: no stone goes there. The light policy ignores it.
    pub fn close(&mut self, mask: &[bool]) {
        self.closed.clear();
        self.closed.extend_from_slice(mask);
        self.closed.resize(MAX_POINTS, false);
        self.any_closed = mask.iter().any(|&x| x);
    }

    #[inline(always)]
    fn is_closed(&self, p: Point) -> bool {
        self.any_closed && self.closed[p.idx()]
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Plays from `board` with `to_move` first; `last` are the last two moves before it
    /// (most recent first; `None` for a pass or none). As `light_playout` otherwise.
    pub fn run(
        &mut self,
        board: &mut Board,
        to_move: Color,
        last: [Option<Point>; 2],
        rng: &mut SmallRng,
        max_moves: u32,
        on_move: impl FnMut(Point, Color),
    ) -> PlayoutResult {
        if self.policy == Policy::Light {
            return light_playout(board, to_move, rng, max_moves, on_move);
        }
        self.captures = [board.captures(Color::Black), board.captures(Color::White)];
        play_out(
            board,
            to_move,
            last,
            max_moves,
            |b, c, last| self.heavy_move(b, c, last, rng),
            on_move,
        )
    }

    /// A move for `c` by the heavy policy, or `None` if it must pass.
    pub fn heavy_move(
        &mut self,
        b: &Board,
        c: Color,
        last: [Option<Point>; 2],
        rng: &mut SmallRng,
    ) -> Option<Point> {
        self.cands.clear();
        for l in last.into_iter().flatten() {
            if b.color_at(l).is_some() {
                self.atari_moves(b, c, l);
            }
        }
        // Nakade: the last move captured three or more stones; play the vital point of the
        // space they leave, so it stays one eye.
        let mover = c.opp();
        let caps = b.captures(mover);
        if let Some(l) = last[0]
            && caps >= self.captures[mover.index()] + 3
            && let Some(v) = nakade_point(b, l, mover)
            && b.legal_fast(v, c)
        {
            self.push(v, self.weights.nakade);
        }
        self.captures[mover.index()] = caps;
        if let Some(l) = last[0] {
            let [n0, n1, n2, n3] = b.neighbors(l);
            let [d0, d1, d2, d3] = b.diagonals(l);
            for q in [n0, n1, n2, n3, d0, d1, d2, d3] {
                if b.cell(q) != EMPTY || !patterns::matches_in(self.shapes, b.neighborhood(q)) {
                    continue;
                }
                // Two empty neighbours make the move legal, no eye, and two liberties: the
                // three tests pass without being made (a third of the shape points in a 9×9
                // middle game; `two_empty_neighbours_pass_the_shape_move_tests`).
                if b.empty_neighbors(q) >= 2 || safe_shape_point(b, q, c) {
                    self.push(q, self.weights.pattern);
                }
            }
        }
        if !self.cands.is_empty() {
            let total: u32 =
                self.cands.iter().map(|&(_, w, _)| w).sum::<u32>() + self.weights.random;
            let mut r = ((rng.next_u32() as u64 * total as u64) >> 32) as u32;
            for k in 0..self.cands.len() {
                let (p, w, extension) = self.cands[k];
                if r < w {
                    if !extension || self.ladder.escapes(b, p, c) {
                        return Some(p);
                    }
                    break;
                }
                r -= w;
            }
        }
        if self.any_closed {
            let closed = &self.closed;
            return random_move(b, c, rng, &self.weights, |p| closed[p.idx()]);
        }
        random_move(b, c, rng, &self.weights, |_| false)
    }

    fn push(&mut self, p: Point, w: u32) {
        if self.cands.len() < MAX_CANDIDATES && !self.is_closed(p) {
            self.cands.push((p, w, false));
        }
    }

    /// Capture and save moves for `c` around the stone at `l`: chains of either colour
    /// through `l` or its neighbours that are in atari.
    fn atari_moves(&mut self, b: &Board, c: Color, l: Point) {
        // Most of the time no chain there is in atari: one O(1) test says so.
        if !b.atari_near(l) {
            return;
        }
        let mut seen = [Point(0); 5];
        let mut n_seen = 0;
        for q in std::iter::once(l).chain(b.neighbors(l)) {
            // The atari test first: it is O(1), and most chains are not in atari.
            let Some(lib) = b.atari_liberty(q) else {
                continue;
            };
            let Some(owner) = b.color_at(q) else {
                continue;
            };
            let head = b.chain_head(q);
            if seen[..n_seen].contains(&head) {
                continue;
            }
            seen[n_seen] = head;
            n_seen += 1;
            if owner != c {
                if b.legal_fast(lib, c) {
                    let stones = b.chain(q).stones as u32;
                    let w = &self.weights;
                    self.push(lib, w.capture + w.capture_per_stone * stones.min(8));
                }
                continue;
            }
            // Our chain in atari: capture a neighbour in atari, or extend out of the ladder.
            for (cap, _) in adjacent_ataris(b, q) {
                if b.legal_fast(cap, c) {
                    self.push(cap, self.weights.save);
                }
            }
            if b.legal_fast(lib, c) && self.cands.len() < MAX_CANDIDATES && !self.is_closed(lib) {
                self.cands.push((lib, self.weights.save, true));
            }
        }
    }
}

/// The shape move's tests: legal, not an own true eye, and two liberties after it.
#[inline(always)]
fn safe_shape_point(b: &Board, q: Point, c: Color) -> bool {
    b.legal_fast(q, c) && !b.is_true_eye(q, c) && b.libs_after(q, c, 2).0 >= 2
}

/// A random move for the heavy policy: as the light policy, but skipping self-atari that
/// would leave a chain of two or more stones with one liberty, and `closed` points. With
/// `w.sacrifice` percent chance, such a self-atari is allowed for this move when it is a
/// nakade by sacrifice (`nakade_sacrifice`: the chain, once taken, leaves a dead shape);
/// with `w.self_atari` percent chance the move skips the self-atari test altogether.
#[inline(always)]
fn random_move(
    b: &Board,
    c: Color,
    rng: &mut SmallRng,
    w: &Weights,
    closed: impl Fn(Point) -> bool,
) -> Option<Point> {
    let n = b.empty_count();
    if n == 0 {
        return None;
    }
    let (sacrifice, self_atari, seki_guard) = (w.sacrifice, w.self_atari, w.seki_guard);
    let may_sacrifice = sacrifice > 0 && ((rng.next_u32() as u64 * 100) >> 32) < sacrifice as u64;
    let may_fix = w.eye_fix > 0 && ((rng.next_u32() as u64 * 100) >> 32) < w.eye_fix as u64;
    // A share of the random moves is any legal non-eye move, self-atari or not (Pachi's
    // playouts refuse a bad self-atari in 60% of their tries; `playout_self_atari`), but
    // for a mutual atari that gives a chain away inside a seki or a race (`breaks_seki`):
    // a seki stands until the playout ends, as between players.
    if self_atari > 0 && ((rng.next_u32() as u64 * 100) >> 32) < self_atari as u64 {
        return first_from_random_start(n, rng, |k| {
            b.playout_candidate(k, c)
                .filter(|&p| !closed(p) && (!seki_guard || !breaks_seki(b, p, c)))
        });
    }
    first_from_random_start(n, rng, |k| {
        let p = b.playout_candidate(k, c)?;
        if closed(p) {
            return None;
        }
        // Two empty neighbours keep two liberties; no own stone next to it makes a single
        // stone, which may stand in atari: either way no self-atari of two stones.
        if b.empty_neighbors(p) >= 2 || b.stone_neighbors(p, c) == 0 {
            return Some(p);
        }
        if may_fix
            && b.is_eyeish(p, c)
            && let Some(q) = false_eye_fix(b, p, c).filter(|&q| !closed(q))
        {
            return Some(q);
        }
        let (libs, stones) = b.libs_after(p, c, 2);
        (libs >= 2 || stones == 1 || (may_sacrifice && libs == 1 && nakade_sacrifice(b, p, c)))
            .then_some(p)
    })
}

/// Instead of filling `c`'s own false eye at `p` (no own chain beside it in atari, which
/// the fill would save): the capture of an enemy chain in atari on a diagonal of `p`, or
/// else an atari on one of two liberties, with a stone that keeps two liberties (after
/// Pachi's playouts, which do so in 60% of such moves). The stone that makes the eye false
/// goes, and the eye may yet be real.
fn false_eye_fix(b: &Board, p: Point, c: Color) -> Option<Point> {
    if b.neighbors(p)
        .into_iter()
        .any(|n| b.color_at(n) == Some(c) && b.atari_liberty(n).is_some())
    {
        return None;
    }
    let o = c.opp();
    let diagonal_enemies = b
        .diagonals(p)
        .into_iter()
        .filter(move |&d| b.color_at(d) == Some(o));
    for d in diagonal_enemies.clone() {
        if let Some(l) = b.atari_liberty(d)
            && b.legal_fast(l, c)
        {
            return Some(l);
        }
    }
    diagonal_enemies
        .filter_map(|d| b.two_liberties(d))
        .flat_map(|(x, y)| [x, y])
        .find(|&l| b.legal_fast(l, c) && b.libs_after(l, c, 2).0 >= 2)
}

/// Who owns `p` by the playouts' area count: the colour of its stone, or for an empty
/// point the one colour it touches (`BLACK`, `WHITE`; anything else for none).
#[inline]
pub fn area_owner(board: &Board, p: Point) -> u8 {
    match board.cell(p) {
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
    }
}

/// Who owns each point at the end of a playout: stones, and empty points touching one colour.
#[inline]
pub fn add_ownership(board: &Board, sums: &mut [i32]) {
    board.add_area_owners(sums);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::point::{BLACK, WHITE};
    use crate::go::score;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_in_two_passes_with_a_valid_board() {
        let mut rng = SmallRng::seed_from_u64(1);
        for size in [5, 9, 13, 19] {
            for _ in 0..20 {
                let mut b = Board::new(size).unwrap();
                let r = light_playout(
                    &mut b,
                    Color::Black,
                    &mut rng,
                    3 * (size * size) as u32,
                    |_, _| {},
                );
                assert!(r.finished);
                b.check_invariants().unwrap();
                // It stopped because neither side has a light-policy move left.
                assert_eq!(light_move(&b, Color::Black, &mut rng), None);
                assert_eq!(light_move(&b, Color::White, &mut rng), None);
                // The fast count equals the exact area count at the end of a playout.
                let counts = score::count(&b, &[], &[]);
                assert_eq!(r.margin as f64, counts.area_margin(), "\n{b:?}");
                // The territory count with prisoners is the area count less the stones
                // each side placed (what the search uses under territory rules).
                let prisoners = b.captures(Color::Black) as f64 - b.captures(Color::White) as f64;
                assert_eq!(
                    (r.margin - b.placed_margin()) as f64,
                    counts.territory_margin() + prisoners,
                    "\n{b:?}"
                );
            }
        }
    }

    /// Calls `f` on every position of ten light-policy games on each of the boards from
    /// 2×2 to 19×19 (three moves a point, passes included).
    fn each_light_position(seed: u64, mut f: impl FnMut(&Board)) {
        let mut rng = SmallRng::seed_from_u64(seed);
        for size in [2, 3, 5, 9, 19] {
            for _ in 0..10 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..(3 * size * size) {
                    f(&b);
                    match light_move(&b, c, &mut rng) {
                        Some(p) => {
                            b.play(p, c);
                        }
                        None => b.pass(),
                    }
                    c = c.opp();
                }
            }
        }
    }

    #[test]
    fn a_false_eye_gives_way_to_a_capture_or_an_atari_of_the_stone_that_spoils_it() {
        // Over random positions: wherever a random move would fill an own false eye, the
        // fix offered is a liberty of an enemy chain on a diagonal of the eye, the capture
        // of one in atari or an atari on one of two liberties by a stone that keeps two.
        let mut offered = [0, 0];
        each_light_position(13, |b| {
            for c in [Color::Black, Color::White] {
                for k in 0..b.empty_count() {
                    let Some(p) = b.playout_candidate(k, c) else {
                        continue;
                    };
                    if !b.is_eyeish(p, c) {
                        continue;
                    }
                    let Some(q) = false_eye_fix(b, p, c) else {
                        continue;
                    };
                    assert!(b.is_legal(q, c, false), "{q:?}");
                    let spoilers: Vec<Point> = b
                        .diagonals(p)
                        .into_iter()
                        .filter(|&d| b.color_at(d) == Some(c.opp()))
                        .collect();
                    let takes = spoilers.iter().any(|&d| b.atari_liberty(d) == Some(q));
                    let presses = spoilers
                        .iter()
                        .any(|&d| b.two_liberties(d).is_some_and(|(x, y)| x == q || y == q))
                        && b.libs_after(q, c, 2).0 >= 2;
                    assert!(takes || presses, "{q:?} for {p:?}");
                    offered[usize::from(!takes)] += 1;
                }
            }
        });
        assert!(offered[0] > 0 && offered[1] > 0, "{offered:?}");
    }

    #[test]
    fn playout_candidate_agrees_with_legality_and_the_eye_test() {
        each_light_position(11, |b| {
            for color in [Color::Black, Color::White] {
                for k in 0..b.empty_count() {
                    let p = b.empty_at(k);
                    let expected = !b.is_true_eye(p, color) && b.is_legal(p, color, false);
                    assert_eq!(b.playout_candidate(k, color).is_some(), expected, "\n{b:?}");
                }
            }
        });
    }

    #[test]
    fn ownership_counts_agree_with_the_area_owner_of_each_point() {
        each_light_position(13, |b| {
            let mut sums = vec![0i32; MAX_POINTS];
            add_ownership(b, &mut sums);
            let mut total = 0;
            for p in b.geometry().points() {
                let want = match area_owner(b, p) {
                    BLACK => 1,
                    WHITE => -1,
                    _ => 0,
                };
                assert_eq!(sums[p.idx()], want, "{p:?}\n{b:?}");
                total += want;
            }
            assert_eq!(total, b.fast_area_margin(), "\n{b:?}");
        });
    }

    #[test]
    fn two_empty_neighbours_pass_the_shape_move_tests() {
        let mut checked = 0;
        each_light_position(12, |b| {
            for k in 0..b.empty_count() {
                let p = b.empty_at(k);
                if b.empty_neighbors(p) < 2 {
                    continue;
                }
                for color in [Color::Black, Color::White] {
                    assert!(safe_shape_point(b, p, color), "{p:?}\n{b:?}");
                    checked += 1;
                }
            }
        });
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn atari_near_tells_whether_a_chain_at_or_beside_the_point_is_in_atari() {
        // The quick test before the capture and save candidates: over random positions it
        // agrees with `atari_liberty` on the point and its four neighbours, for stones,
        // empty points, on the first line and inside alike.
        let mut seen = [0, 0];
        each_light_position(14, |b| {
            for p in b.geometry().points() {
                let expected = std::iter::once(p)
                    .chain(b.neighbors(p))
                    .any(|q| b.atari_liberty(q).is_some());
                assert_eq!(b.atari_near(p), expected, "{p:?}\n{b:?}");
                seen[expected as usize] += 1;
            }
        });
        assert!(seen[0] > 10_000 && seen[1] > 10_000, "{seen:?}");
    }

    #[test]
    fn light_policy_never_fills_a_true_eye() {
        let b = Board::from_diagram(
            ". X . . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut rng = SmallRng::seed_from_u64(3);
        let eye = b.geometry().point(0, 4);
        for _ in 0..200 {
            assert_ne!(light_move(&b, Color::Black, &mut rng), Some(eye));
        }
    }

    /// Weights with only the random move's rules set.
    fn rules(sacrifice: u32, self_atari: u32, seki_guard: bool) -> Weights {
        Weights {
            capture: 0,
            capture_per_stone: 0,
            save: 0,
            pattern: 0,
            nakade: 0,
            sacrifice,
            self_atari,
            random: 0,
            seki_guard,
            eye_fix: 0,
        }
    }

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.geometry().point(x, y)
    }

    #[test]
    fn heavy_playouts_end_in_two_passes_with_a_valid_board() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [2, 3, 5, 9, 13, 19, 25] {
            let mut runner = Playouts::new(Policy::Heavy, &Params::default(), size);
            for _ in 0..10 {
                let mut b = Board::new(size).unwrap();
                let max = 3 * (size * size) as u32;
                let r = runner.run(&mut b, Color::Black, [None, None], &mut rng, max, |_, _| {});
                assert!(r.finished, "{size}");
                b.check_invariants().unwrap();
            }
        }
    }

    #[test]
    fn heavy_policy_captures_the_chain_the_last_move_left_in_atari() {
        // White's last move at D4 leaves its two stones in atari at E4: black captures.
        let b = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . X X . . .
             . X O O . . .
             . . X X . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let last = at(&b, 3, 3);
        let capture = at(&b, 4, 3);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut runner = Playouts::new(Policy::Heavy, &Params::default(), 9);
        let hits = (0..1000)
            .filter(|_| {
                runner.heavy_move(&b, Color::Black, [Some(last), None], &mut rng) == Some(capture)
            })
            .count();
        assert!(hits > 700, "{hits}");
        // The weights are the Params': with the capture and shape weights at zero the
        // capture is one random move among many.
        let blind = Params {
            playout_capture: 0,
            playout_capture_per_stone: 0,
            playout_pattern: 0,
            ..Params::default()
        };
        let mut blind_runner = Playouts::new(Policy::Heavy, &blind, 9);
        let blind_hits = (0..1000)
            .filter(|_| {
                blind_runner.heavy_move(&b, Color::Black, [Some(last), None], &mut rng)
                    == Some(capture)
            })
            .count();
        assert!(blind_hits < 100, "{blind_hits}");
        // The light policy finds it about once in the number of empty points.
        let light = (0..1000)
            .filter(|_| light_move(&b, Color::Black, &mut rng) == Some(capture))
            .count();
        assert!(light < 100, "{light}");
    }

    #[test]
    fn heavy_playouts_leave_a_seki_standing() {
        // Black's D2–F2 and White's ring share their only liberties, C2 and G2
        // (`tactics::SEKI`), the only points either side may play. Even where every random
        // move may self-atari, the seki guard never fills them: the move is a pass.
        let b = Board::from_diagram(crate::go::tactics::SEKI).unwrap();
        let shared = [at(&b, 2, 1), at(&b, 6, 1)];
        let mut rng = SmallRng::seed_from_u64(5);
        for c in [Color::Black, Color::White] {
            let mut hits = |guard: bool| {
                (0..5000)
                    .filter(|_| {
                        random_move(&b, c, &mut rng, &rules(0, 100, guard), |_| false)
                            .is_some_and(|p| shared.contains(&p))
                    })
                    .count()
            };
            assert_eq!(hits(true), 0, "{c:?}");
            assert_eq!(hits(false), 5000, "{c:?}");
        }
        // Whole playouts at the default rate (40%), Black first: with the guard both pass
        // and White's ring stands. Without it Black's self-atari (40%) gives its stones
        // away, but White's, when Black passed (60% of 40%), gives the ring away.
        let ring = at(&b, 1, 0);
        let mut taken = |guard: u32| {
            let params = Params {
                playout_seki_guard: guard,
                ..Params::default()
            };
            let mut runner = Playouts::new(Policy::Heavy, &params, 9);
            (0..300)
                .filter(|_| {
                    let mut board = b.clone();
                    runner.run(
                        &mut board,
                        Color::Black,
                        [None, None],
                        &mut rng,
                        400,
                        |_, _| {},
                    );
                    board.color_at(ring) != Some(Color::White)
                })
                .count()
        };
        assert_eq!(taken(1), 0);
        let unguarded = taken(0);
        assert!(unguarded > 10, "{unguarded}");
    }

    #[test]
    fn heavy_random_moves_avoid_big_self_atari_but_at_their_rate() {
        // Filling B3 would leave black's three stones (A3, A4, B3) with one liberty, A5:
        // refused at rate 0, drawn as any other point at rate 100, and in between at 40.
        let b = Board::from_diagram(
            ". O . . .
             X O . . .
             X . O . .
             O O . . .
             . . . . .",
        )
        .unwrap();
        let self_atari = at(&b, 1, 2);
        assert_eq!(b.libs_after(self_atari, Color::Black, 2), (1, 3));
        let mut rng = SmallRng::seed_from_u64(3);
        let mut hits = |rate: u32| {
            (0..20_000)
                .filter(|_| {
                    random_move(&b, Color::Black, &mut rng, &rules(0, rate, false), |_| {
                        false
                    }) == Some(self_atari)
                })
                .count()
        };
        let (never, some, always) = (hits(0), hits(40), hits(100));
        assert_eq!(never, 0);
        // 18 empty points: about 1,100 of 20,000 at rate 100, 450 at 40.
        assert!(always > 900, "{always}");
        assert!(
            some * 100 > always * 25 && some * 100 < always * 55,
            "{some} of {always}"
        );
        // The runner takes the rate from the parameters by board size: none under 5×5,
        // `playout_self_atari_large` from 13×13 up.
        let params = Params {
            playout_self_atari: 100,
            playout_self_atari_large: 50,
            ..Params::default()
        };
        let rate = |size| {
            Playouts::new(Policy::Heavy, &params, size)
                .weights
                .self_atari
        };
        assert_eq!(
            (
                rate(2),
                rate(4),
                rate(5),
                rate(9),
                rate(12),
                rate(13),
                rate(19)
            ),
            (0, 0, 100, 100, 100, 50, 50)
        );
    }

    #[test]
    fn heavy_random_moves_may_sacrifice_for_a_nakade_at_their_rate() {
        // White's only liberties are E1 and F1. Black's other empty points are its own true
        // eyes (B7, D7, F7) and F1 (a lone stone in atari, always allowed); E1 sacrifices
        // C1 D1 E1 as a straight three and leaves White in atari: a nakade.
        let b = Board::from_diagram(
            "X . X . X . X
             X X X X X X X
             X X X X X X X
             X X X X X X X
             X X X X X X X
             X O O O O O O
             X O X X . . O",
        )
        .unwrap();
        let sacrifice = at(&b, 4, 0);
        assert_eq!(b.libs_after(sacrifice, Color::Black, 2), (1, 3));
        let draws = |rate: u32| {
            let mut rng = SmallRng::seed_from_u64(3);
            (0..400)
                .filter(|_| {
                    random_move(&b, Color::Black, &mut rng, &rules(rate, 0, false), |_| {
                        false
                    }) == Some(sacrifice)
                })
                .count()
        };
        assert_eq!(draws(0), 0);
        // At 100% E1 and F1 are the two candidates: the scan from a random start over the
        // empty points takes E1 for a fifth or four fifths of the starts, by their order.
        let full = draws(100);
        assert!(full >= 60, "{full}");
        // At 50%, about half as often.
        let half = draws(50);
        assert!(
            half * 10 >= full * 3 && half * 10 <= full * 7,
            "{half} of {full}"
        );
    }

    #[test]
    fn nakade_plays_the_vital_point_after_a_capture() {
        // White's A1 B1 C1 are in atari at D1; black captures them, leaving a straight
        // three on the edge: white plays its middle, B1, so it stays one eye.
        let mut b = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             X X X X .
             O O O . .",
        )
        .unwrap();
        let d1 = at(&b, 3, 0);
        b.play(d1, Color::Black);
        assert_eq!(b.captures(Color::Black), 3);
        assert_eq!(nakade_point(&b, d1, Color::Black), Some(at(&b, 1, 0)));
        let mut rng = SmallRng::seed_from_u64(4);
        let mut runner = Playouts::new(Policy::Heavy, &Params::default(), 9);
        runner.captures = [0, 0];
        let vital = (0..200)
            .filter(|_| {
                runner.captures = [0, 0];
                runner.heavy_move(&b, Color::White, [Some(d1), None], &mut rng)
                    == Some(at(&b, 1, 0))
            })
            .count();
        assert!(vital > 150, "{vital}");
        // No vital point in an open area.
        let open = Board::new(9).unwrap();
        assert_eq!(nakade_point(&open, at(&open, 4, 4), Color::Black), None);
    }
}
