//! Monte Carlo tree search: UCT with RAVE/AMAF and prior knowledge (the scheme of michi and
//! Pachi's UCT), light playouts at the leaves. Single-threaded in this increment; the
//! parallel shared tree, tree reuse and pondering build on the same node layout.
//!
//! Each node holds statistics from the view of the player who made its move. Prior
//! knowledge is added at expansion as virtual visits and wins (michi's scheme): an even
//! prior for every move, bonuses for captures and moves near the last move, maluses for
//! self-atari and for first/second-line moves in empty areas. Selection maximises
//! `(1 - β)·q + β·q_amaf` with Gelly and Silver's β; there is no separate exploration term
//! (the priors and RAVE provide it). Superko is checked for root moves only (`Game`);
//! deeper moves follow simple ko.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::go::point::{EMPTY, MAX_POINTS};
use crate::go::{Board, Color, Game, Move, Point};
use crate::player::{self, Candidate, Limits, Pacer, Report, add_ownership};
use crate::playout;

/// Real visits before a node's children are created.
const EXPAND_VISITS: u32 = 8;
/// RAVE equivalence parameter: AMAF statistics weigh as much as this many real visits.
const RAVE_EQUIV: f32 = 3500.0;
const PRIOR_EVEN: f32 = 10.0;
const PRIOR_CAPTURE_ONE: f32 = 15.0;
const PRIOR_CAPTURE_MANY: f32 = 30.0;
const PRIOR_SELF_ATARI: f32 = 10.0;
const PRIOR_NEAR_LAST: [f32; 3] = [24.0, 22.0, 8.0];
const PRIOR_EMPTY_AREA: f32 = 10.0;

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// Who played `mv`; statistics are from this player's view.
    color: Color,
    visits: f32,
    wins: f32,
    prior_visits: f32,
    prior_wins: f32,
    amaf_visits: f32,
    amaf_wins: f32,
    score_sum: f32,
    first_child: u32,
    child_count: u16,
    expanded: bool,
}

impl Node {
    fn new(mv: Move, color: Color) -> Node {
        Node {
            mv,
            color,
            visits: 0.0,
            wins: 0.0,
            prior_visits: 0.0,
            prior_wins: 0.0,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
            score_sum: 0.0,
            first_child: 0,
            child_count: 0,
            expanded: false,
        }
    }

    fn real_visits(&self) -> f32 {
        self.visits - self.prior_visits
    }

    fn value(&self) -> f32 {
        let q = if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        };
        if self.amaf_visits <= 0.0 {
            return q;
        }
        let q_amaf = self.amaf_wins / self.amaf_visits;
        let (n, a) = (self.visits, self.amaf_visits);
        let beta = a / (a + n + n * a / RAVE_EQUIV);
        (1.0 - beta) * q + beta * q_amaf
    }
}

/// The search tree: nodes in one arena, children contiguous.
struct Tree {
    nodes: Vec<Node>,
    max_nodes: usize,
}

/// Bytes per node, for the memory cap.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

impl Tree {
    fn children(&self, n: usize) -> std::ops::Range<usize> {
        let first = self.nodes[n].first_child as usize;
        first..first + self.nodes[n].child_count as usize
    }

    /// Adds children for `moves` (played by `color`) to node `n`, with priors. Returns false
    /// (and leaves `n` a leaf) when the arena is full.
    fn expand(
        &mut self,
        n: usize,
        board: &Board,
        color: Color,
        moves: &[Move],
        last: Option<Point>,
    ) -> bool {
        if self.nodes.len() + moves.len() > self.max_nodes {
            return false;
        }
        let first = self.nodes.len();
        for &mv in moves {
            let mut child = Node::new(mv, color);
            let (pv, pw) = prior(board, color, mv, last);
            child.visits = pv;
            child.wins = pw;
            child.prior_visits = pv;
            child.prior_wins = pw;
            self.nodes.push(child);
        }
        let node = &mut self.nodes[n];
        node.first_child = first as u32;
        node.child_count = moves.len() as u16;
        node.expanded = true;
        true
    }

    fn select(&self, n: usize) -> usize {
        self.children(n)
            .max_by(|&a, &b| self.nodes[a].value().total_cmp(&self.nodes[b].value()))
            .unwrap_or(n)
    }

    /// Principal variation from child `c`: most visited children, ending at a pass.
    fn pv(&self, c: usize) -> Vec<Move> {
        let mut pv = vec![self.nodes[c].mv];
        let mut n = c;
        while self.nodes[n].mv != Move::Pass && self.nodes[n].expanded && pv.len() < 30 {
            let Some(best) = self.children(n).max_by(|&a, &b| {
                self.nodes[a]
                    .real_visits()
                    .total_cmp(&self.nodes[b].real_visits())
            }) else {
                break;
            };
            if self.nodes[best].real_visits() < 1.0 {
                break;
            }
            pv.push(self.nodes[best].mv);
            n = best;
        }
        pv
    }
}

/// Prior knowledge for `color` playing `mv` on `board`: (virtual visits, virtual wins).
fn prior(board: &Board, color: Color, mv: Move, last: Option<Point>) -> (f32, f32) {
    let mut visits = PRIOR_EVEN;
    let mut wins = PRIOR_EVEN / 2.0;
    let Move::Play(p) = mv else {
        return (visits, wins);
    };
    // Captures: enemy neighbours in atari.
    let mut captured = 0;
    for n in board.neighbors(p) {
        if board.color_at(n) == Some(color.opp()) && board.atari_liberty(n) == Some(p) {
            captured += board.chain(n).stones as u32;
        }
    }
    if captured > 0 {
        let bonus = if captured == 1 {
            PRIOR_CAPTURE_ONE
        } else {
            PRIOR_CAPTURE_MANY
        };
        visits += bonus;
        wins += bonus;
    } else {
        // Self-atari: the new chain would have a single liberty.
        let mut after = board.clone();
        if after.is_legal(p, color, false) {
            after.play(p, color);
            if after.atari_liberty(p).is_some() {
                visits += PRIOR_SELF_ATARI;
            }
        }
    }
    if let Some(l) = last {
        let geo = board.geometry();
        let ((x0, y0), (x1, y1)) = (geo.coords(l), geo.coords(p));
        let d = x0.abs_diff(x1) + y0.abs_diff(y1);
        if (1..=3).contains(&d) {
            let bonus = PRIOR_NEAR_LAST[d - 1];
            visits += bonus;
            wins += bonus;
        }
    }
    // First and second line far from any stone: poor; third line there: good.
    let geo = board.geometry();
    let (x, y) = geo.coords(p);
    let size = geo.size();
    let line = 1 + x.min(y).min(size - 1 - x).min(size - 1 - y);
    if size >= 7 && line <= 3 && empty_area(board, p, 3) {
        visits += PRIOR_EMPTY_AREA;
        if line == 3 {
            wins += PRIOR_EMPTY_AREA;
        }
    }
    (visits, wins)
}

/// Whether no stone lies within Manhattan distance `r` of `p`.
fn empty_area(board: &Board, p: Point, r: usize) -> bool {
    let geo = board.geometry();
    let (px, py) = geo.coords(p);
    let n = geo.size();
    for y in py.saturating_sub(r)..=(py + r).min(n - 1) {
        for x in px.saturating_sub(r)..=(px + r).min(n - 1) {
            if px.abs_diff(x) + py.abs_diff(y) <= r && board.cell(geo.point(x, y)) != EMPTY {
                return false;
            }
        }
    }
    true
}

/// Moves to try for `color` at an inner node: legal (simple ko, no suicide), not filling
/// an own true eye; a pass only when nothing else is left.
fn inner_moves(board: &Board, color: Color) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..board.empty_count())
        .map(|k| board.empty_at(k))
        .filter(|&p| !board.is_true_eye(p, color) && board.is_legal(p, color, false))
        .map(Move::Play)
        .collect();
    if moves.is_empty() {
        moves.push(Move::Pass);
    }
    moves
}

/// Node cap for a memory budget in MiB.
pub fn max_nodes(memory_mb: u64) -> usize {
    ((memory_mb as usize) << 20) / NODE_BYTES.max(1)
}

/// Searches for `color` until `limits` or `stop()`, reporting progress every `every`.
#[allow(clippy::too_many_arguments)]
pub fn think(
    game: &Game,
    color: Color,
    limits: Limits,
    seed: u64,
    node_cap: usize,
    stop: &dyn Fn() -> bool,
    every: Option<Duration>,
    progress: &mut dyn FnMut(&Report),
) -> Report {
    let mut rng = SmallRng::seed_from_u64(seed);
    let komi = game.white_bonus() as f32;
    let size = game.size();
    let max_moves = 3 * (size * size) as u32;
    let last = match game.moves().last() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let mut tree = Tree {
        nodes: vec![Node::new(Move::Pass, color.opp())],
        max_nodes: node_cap.max(2),
    };
    let mut root_moves = player::candidate_moves(game, color);
    root_moves.push(Move::Pass);
    tree.expand(0, game.board(), color, &root_moves, last);
    let mut ownership_sum = vec![0i32; MAX_POINTS];
    let mut board = game.board().clone();
    let mut amaf = vec![0u8; MAX_POINTS];
    let mut path: Vec<usize> = Vec::with_capacity(64);
    let mut playouts = 0u64;
    let mut pacer = Pacer::new(limits, every);
    while !pacer.done(playouts, stop) {
        if pacer.report_due(playouts) {
            progress(&report(&tree, color, playouts, pacer.start, &ownership_sum));
        }
        board.copy_from(game.board());
        amaf.fill(0);
        path.clear();
        path.push(0);
        let mut n = 0;
        let mut to_move = color;
        let mut last_move = last;
        loop {
            if !tree.nodes[n].expanded {
                if tree.nodes[n].real_visits() < EXPAND_VISITS as f32 {
                    break;
                }
                let moves = inner_moves(&board, to_move);
                if !tree.expand(n, &board, to_move, &moves, last_move) {
                    break;
                }
            }
            if tree.nodes[n].child_count == 0 {
                break;
            }
            let c = tree.select(n);
            match tree.nodes[c].mv {
                Move::Play(p) => {
                    board.play(p, to_move);
                    if amaf[p.idx()] == 0 {
                        amaf[p.idx()] = to_move.cell();
                    }
                    last_move = Some(p);
                }
                Move::Pass => {
                    board.pass();
                    last_move = None;
                }
            }
            path.push(c);
            n = c;
            to_move = to_move.opp();
        }
        let result = playout::light_playout(&mut board, to_move, &mut rng, max_moves, |p, c| {
            if amaf[p.idx()] == 0 {
                amaf[p.idx()] = c.cell();
            }
        });
        let margin = result.margin as f32 - komi;
        let black_wins = margin > 0.0;
        for &node in &path {
            let nd = &mut tree.nodes[node];
            let won = (nd.color == Color::Black) == black_wins;
            nd.visits += 1.0;
            nd.wins += won as u8 as f32;
            nd.score_sum += if nd.color == Color::Black {
                margin
            } else {
                -margin
            };
            if tree.nodes[node].expanded {
                for ch in tree.children(node) {
                    let child = &mut tree.nodes[ch];
                    if let Move::Play(p) = child.mv
                        && amaf[p.idx()] == child.color.cell()
                    {
                        child.amaf_visits += 1.0;
                        child.amaf_wins +=
                            ((child.color == Color::Black) == black_wins) as u8 as f32;
                    }
                }
            }
        }
        add_ownership(&board, &mut ownership_sum);
        playouts += 1;
    }
    report(&tree, color, playouts, pacer.start, &ownership_sum)
}

fn report(
    tree: &Tree,
    color: Color,
    playouts: u64,
    start: Instant,
    ownership_sum: &[i32],
) -> Report {
    let mut candidates: Vec<Candidate> = tree
        .children(0)
        .map(|c| {
            let nd = &tree.nodes[c];
            let visits = nd.real_visits().max(0.0);
            Candidate {
                mv: nd.mv,
                visits: visits as u64,
                wins: (nd.wins - nd.prior_wins).max(0.0) as f64,
                margin_sum: nd.score_sum as f64,
                prior: (nd.prior_wins / nd.prior_visits.max(1.0)) as f64,
                pv: tree.pv(c),
            }
        })
        .collect();
    let prior_total: f64 = candidates.iter().map(|c| c.prior).sum();
    for c in &mut candidates {
        c.prior /= prior_total.max(1e-9);
    }
    candidates.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate().total_cmp(&a.winrate()))
    });
    Report {
        color,
        candidates,
        playouts,
        elapsed: start.elapsed(),
        ownership_sum: ownership_sum.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{RuleSet, Rules};

    fn run(game: &Game, color: Color, playouts: u64, seed: u64) -> Report {
        think(
            game,
            color,
            Limits {
                playouts: Some(playouts),
                time: None,
            },
            seed,
            1 << 20,
            &|| false,
            None,
            &mut |_| {},
        )
    }

    fn game(diagram: &str, komi: f64, to_move: Color) -> Game {
        let b = Board::from_diagram(diagram).unwrap();
        let mut g = Game::new(b.size(), Rules::new(RuleSet::Chinese), komi).unwrap();
        g.setup(&b.stones(), to_move).unwrap();
        g
    }

    #[test]
    fn captures_the_cutting_stone() {
        let g = game(
            ". . . . .
             X X X X .
             X X O . X
             X X X X X
             . X . X .",
            0.5,
            Color::Black,
        );
        let r = run(&g, Color::Black, 2000, 1);
        assert_eq!(g.geometry().move_text(player::choose(&r)), "D3");
        assert!(r.best().unwrap().winrate() > 0.9);
    }

    #[test]
    fn saves_a_big_group_in_atari() {
        // Black's five stones have one liberty at E3; extending there saves them.
        let g = game(
            ". . . . . . .
             . . . . . . .
             . O O O O . .
             O X X X X O .
             . O O O . O .
             . . . . . . .
             . . . . . . .",
            0.5,
            Color::Black,
        );
        let r = run(&g, Color::Black, 4000, 2);
        assert_eq!(g.geometry().move_text(player::choose(&r)), "E3");
    }

    #[test]
    fn deterministic_for_a_seed_and_pv_starts_with_the_move() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let a = run(&g, Color::Black, 1500, 9);
        let b = run(&g, Color::Black, 1500, 9);
        assert_eq!(player::choose(&a), player::choose(&b));
        assert_eq!(a.best().unwrap().visits, b.best().unwrap().visits);
        let best = a.best().unwrap();
        assert_eq!(best.pv[0], best.mv);
        assert!(best.pv.len() >= 2, "{:?}", best.pv);
        let total: u64 = a.candidates.iter().map(|c| c.visits).sum();
        assert!((1400..=1500).contains(&total), "{total}");
        let priors: f64 = a.candidates.iter().map(|c| c.prior).sum();
        assert!((priors - 1.0).abs() < 1e-6);
    }

    #[test]
    fn the_node_cap_is_respected() {
        let g = Game::new(9, Rules::default(), 7.5).unwrap();
        let r = think(
            &g,
            Color::Black,
            Limits {
                playouts: Some(3000),
                time: None,
            },
            1,
            200,
            &|| false,
            None,
            &mut |_| {},
        );
        assert_eq!(r.playouts, 3000);
        assert!(r.best().unwrap().pv.len() <= 3);
    }
}
