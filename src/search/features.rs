//! Move features for the learned prior (after Coulom, "Computing Elo Ratings of Move
//! Patterns in the Game of Go", 2007): each legal move gets one value in each of a few
//! feature groups, each value a strength γ, and a move's strength is the product of its
//! values' γ. The γ are fitted to games by `train` (Minorization-Maximization) and the
//! tables are compiled in (`gammas.txt` fitted to 9×9 games, `gammas-large.txt` to 19×19
//! games for boards of 13×13 and up); the tree's prior reads a move's share of the
//! position's total strength.
//!
//! Groups:
//! - **shape**: the 3×3 neighbourhood seen from the mover (own, enemy, empty, edge), each
//!   orthogonal stone marked when its chain is in atari, reduced over the 8 symmetries;
//! - **capture**: none, one stone, several, or a capture that frees an own chain in atari;
//! - **escape**: the liberty of an own chain in atari: none, extends out of the ladder, is
//!   caught in it;
//! - **self-atari**: none, one stone, several stones;
//! - **atari**: none, puts an enemy chain in atari;
//! - **distance to the last move** and **to the move before** (Coulom's dx + dy + max):
//!   2 to 16, 17 or more, or no such move;
//! - **line**: first to fourth, fifth or more;
//! - **diamond**: the shape out to Manhattan distance 2 (the 3×3 cells and the four points
//!   two away on the lines), coded as the 3×3 shape, reduced over the 8 symmetries;
//! - **region** (boards of 13×13 and up): where a move in open space stands: its line, its
//!   line along the other axis (corner, side or middle) and how far the nearest stone is.
//!   This is the whole-board knowledge of the opening (corners, then sides) that the local
//!   shapes cannot see;
//! - **big** (boards of 13×13 and up): the shape out to Manhattan distance 3 (the diamond
//!   and the twelve points three away), reduced over the 8 symmetries and hashed to 32
//!   bits; 0 with no stone within distance 3 (open space, which region tells apart). Most
//!   such shapes are rare: only those seen often in the games get a strength.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::go::point::{EDGE, EMPTY, MAX_POINTS};
use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Point};

/// Feature groups; a move has one value in each.
pub const GROUPS: usize = 11;
pub const SHAPE: usize = 0;
pub const CAPTURE: usize = 1;
pub const ESCAPE: usize = 2;
pub const SELF_ATARI: usize = 3;
pub const ATARI: usize = 4;
pub const LAST: usize = 5;
pub const LAST2: usize = 6;
pub const LINE: usize = 7;
pub const DIAMOND: usize = 8;
pub const REGION: usize = 9;
pub const BIG: usize = 10;

/// Names of the groups, as in `gammas.txt`.
pub const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "capture",
    "escape",
    "self_atari",
    "atari",
    "last",
    "last2",
    "line",
    "diamond",
    "region",
    "big",
];

/// The smallest board that has the region group (below it the value is `REGION_NONE`): the
/// size from which the `_large` parameters apply (`params::LARGE_SIZE`), as the larger
/// learned-prior weight is meant for boards with this group.
pub const REGION_MIN_SIZE: usize = super::params::LARGE_SIZE;
/// Region value on boards below `REGION_MIN_SIZE`: never fitted, so of strength 1.
pub const REGION_NONE: u32 = 0;
/// Region value of a move with a stone within Manhattan distance 2.
pub const REGION_NEAR: u32 = 1;
/// The farthest stone distance the region group tells apart (farther counts as this).
const REGION_FAR: usize = 5;

/// Values of the distance groups: 0 none, 1 for distance 2, …, 15 for 16, 16 for 17+.
const DISTANCE_VALUES: u32 = 17;

/// A move's feature values, one per group (shape: the canonical key).
pub type Features = [u32; GROUPS];

/// The neighbourhood offsets in `Board::neighborhood` order, as (dx, dy) with dy the row.
const CELLS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The diamond's cells beyond the 3×3 ring: the four points two away on the lines.
const FAR: [(i32, i32); 4] = [(0, -2), (-2, 0), (2, 0), (0, 2)];

/// The diamond's cells: the 3×3 ring (`CELLS`), then `FAR`.
fn diamond_cells() -> [(i32, i32); 12] {
    std::array::from_fn(|k| if k < 8 { CELLS[k] } else { FAR[k - 8] })
}

/// For each of the 8 symmetries (bit 0: mirror x, bit 1: mirror y, bit 2: transpose), where
/// each of `cells` goes; `cells` must be closed under them.
fn permutations<const N: usize>(cells: &[(i32, i32); N]) -> [[usize; N]; 8] {
    let mut out = [[0; N]; 8];
    for (s, perm) in out.iter_mut().enumerate() {
        for (k, &(x, y)) in cells.iter().enumerate() {
            let (mut x, mut y) = (x, y);
            if s & 1 != 0 {
                x = -x;
            }
            if s & 2 != 0 {
                y = -y;
            }
            if s & 4 != 0 {
                (x, y) = (y, x);
            }
            perm[k] = cells.iter().position(|&c| c == (x, y)).unwrap_or(k);
        }
    }
    out
}

/// Per symmetry, the weight of each cell's code in the key: `CODES` to the power of the
/// cell's place under the symmetry (`permutations`).
type Weights<const N: usize> = [[u64; N]; 8];

/// `Weights` of `cells` (at most 24, so that a key fits in 64 bits).
fn weights<const N: usize>(cells: &[(i32, i32); N]) -> Weights<N> {
    permutations(cells).map(|perm| perm.map(|to| (CODES as u64).pow(to as u32)))
}

/// The symmetries of the 3×3 cells.
fn symmetries() -> &'static Weights<8> {
    static SYM: OnceLock<Weights<8>> = OnceLock::new();
    SYM.get_or_init(|| weights(&CELLS))
}

/// The big shape's cells beyond the diamond: the twelve points at Manhattan distance 3.
const FARTHER: [(i32, i32); 12] = [
    (0, -3),
    (-3, 0),
    (3, 0),
    (0, 3),
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
];

/// The big shape's cells: the diamond's (`diamond_cells`), then `FARTHER`.
fn big_cells() -> [(i32, i32); 24] {
    let diamond = diamond_cells();
    std::array::from_fn(|k| if k < 12 { diamond[k] } else { FARTHER[k - 12] })
}

/// The symmetries of the big shape's cells.
fn big_symmetries() -> &'static Weights<24> {
    static SYM: OnceLock<Weights<24>> = OnceLock::new();
    SYM.get_or_init(|| weights(&big_cells()))
}

/// The symmetries of the diamond's cells.
fn diamond_symmetries() -> &'static Weights<12> {
    static SYM: OnceLock<Weights<12>> = OnceLock::new();
    SYM.get_or_init(|| weights(&diamond_cells()))
}

/// The least base-`CODES` number of `codes` over the symmetries: each cell's code is the
/// digit of the place the symmetry moves the cell to. Up to 12 cells fit in 32 bits.
fn least_key<const N: usize>(codes: &[u32; N], weights: &Weights<N>) -> u64 {
    weights
        .iter()
        .map(|w| (0..N).map(|k| codes[k] as u64 * w[k]).sum::<u64>())
        .min()
        .unwrap_or(0)
}

/// Cell codes of the shape key: 0 empty, 1 own, 2 enemy, 3 edge, 4 own in atari, 5 enemy
/// in atari (orthogonal neighbours only are marked).
const CODES: u32 = 6;

/// The code of the stone or cell at `q` as `c` sees it; `orthogonal`: mark atari.
fn cell_code(b: &Board, q: Point, c: Color, orthogonal: bool) -> u32 {
    match b.cell(q) {
        EMPTY => 0,
        EDGE => 3,
        _ => {
            let own = b.color_at(q) == Some(c);
            let atari = orthogonal && b.atari_liberty(q).is_some();
            match (own, atari) {
                (true, false) => 1,
                (false, false) => 2,
                (true, true) => 4,
                (false, true) => 5,
            }
        }
    }
}

/// The 3×3 codes around `p` in `CELLS` order.
fn ring_codes(b: &Board, p: Point, c: Color) -> [u32; 8] {
    // The padded layout has an edge cell around the board, so every neighbour is a cell.
    let stride = b.stride() as isize;
    let mut codes = [0u32; 8];
    for (k, &(dx, dy)) in CELLS.iter().enumerate() {
        let q = Point((p.idx() as isize + dy as isize * stride + dx as isize) as u16);
        codes[k] = cell_code(b, q, c, dx * dy == 0);
    }
    codes
}

/// The shape key of `c` playing `p`: cell codes in base 6, minimal over the symmetries.
pub fn shape_key(b: &Board, p: Point, c: Color) -> u32 {
    least_key(&ring_codes(b, p, c), symmetries()) as u32
}

/// The diamond key of `c` playing `p`: the 3×3 codes and the four points two away on the
/// lines (edge beyond the board; not marked for atari), minimal over the symmetries.
pub fn diamond_key(b: &Board, p: Point, c: Color) -> u32 {
    least_key(
        &diamond_codes(b, p, c, &ring_codes(b, p, c)),
        diamond_symmetries(),
    ) as u32
}

/// The diamond's cell codes (`diamond_cells` order) given the 3×3 codes `ring`
/// (`ring_codes`), which `features` shares with the shape key; the big shape extends them.
fn diamond_codes(b: &Board, p: Point, c: Color, ring: &[u32; 8]) -> [u32; 12] {
    let mut codes = [0u32; 12];
    codes[..8].copy_from_slice(ring);
    far_codes(b, p, c, &FAR, &mut codes[8..]);
    codes
}

/// The codes of the cells at `offsets` from `p` (not marked for atari; edge beyond the
/// board).
fn far_codes<const N: usize>(
    b: &Board,
    p: Point,
    c: Color,
    offsets: &[(i32, i32); N],
    codes: &mut [u32],
) {
    let g = b.geometry();
    let (x, y) = g.coords(p);
    let n = g.size() as i32;
    for (k, &(dx, dy)) in offsets.iter().enumerate() {
        let (qx, qy) = (x as i32 + dx, y as i32 + dy);
        codes[k] = if (0..n).contains(&qx) && (0..n).contains(&qy) {
            cell_code(b, g.point(qx as usize, qy as usize), c, false)
        } else {
            3
        };
    }
}

/// The big key of `c` playing `p` (see the module's list), given the diamond's codes
/// (`diamond_codes`); `nearest` is the distance to the nearest stone (`StoneDistance::at`).
fn big_key_around(b: &Board, p: Point, c: Color, diamond: &[u32; 12], nearest: usize) -> u32 {
    if b.geometry().size() < REGION_MIN_SIZE || nearest > 3 {
        return 0;
    }
    let mut codes = [0u32; 24];
    codes[..12].copy_from_slice(diamond);
    far_codes(b, p, c, &FARTHER, &mut codes[12..]);
    let key = least_key(&codes, big_symmetries());
    // Fibonacci hashing to 32 bits; 0 is kept for open space.
    ((key.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32).max(1)
}

/// Coulom's distance bucket between two points (`None`: no such move).
fn distance(b: &Board, p: Point, other: Option<Point>) -> u32 {
    let Some(o) = other else {
        return 0;
    };
    let g = b.geometry();
    let ((x0, y0), (x1, y1)) = (g.coords(p), g.coords(o));
    let (dx, dy) = (x0.abs_diff(x1) as u32, y0.abs_diff(y1) as u32);
    let d = dx + dy + dx.max(dy);
    d.clamp(2, DISTANCE_VALUES) - 1
}

/// Each point's Manhattan distance to the nearest stone, up to `REGION_FAR` (farther
/// counts as that): the position's part of the region group, computed once for all its
/// moves. Empty (all far) below `REGION_MIN_SIZE`, where the group is not used.
pub struct StoneDistance {
    dist: [u8; MAX_POINTS],
}

impl StoneDistance {
    /// The distances on `b`: the two sweeps of a city-block distance transform.
    pub fn new(b: &Board) -> Self {
        let mut dist = [REGION_FAR as u8; MAX_POINTS];
        let g = b.geometry();
        let n = g.size();
        if n < REGION_MIN_SIZE {
            return StoneDistance { dist };
        }
        let at = |x: usize, y: usize| g.point(x, y).idx();
        for y in 0..n {
            for x in 0..n {
                let i = at(x, y);
                if b.cell(g.point(x, y)) != EMPTY {
                    dist[i] = 0;
                    continue;
                }
                let mut d = dist[i];
                if x > 0 {
                    d = d.min(dist[at(x - 1, y)] + 1);
                }
                if y > 0 {
                    d = d.min(dist[at(x, y - 1)] + 1);
                }
                dist[i] = d;
            }
        }
        for y in (0..n).rev() {
            for x in (0..n).rev() {
                let i = at(x, y);
                let mut d = dist[i];
                if x + 1 < n {
                    d = d.min(dist[at(x + 1, y)] + 1);
                }
                if y + 1 < n {
                    d = d.min(dist[at(x, y + 1)] + 1);
                }
                dist[i] = d;
            }
        }
        StoneDistance { dist }
    }

    /// The distance from `p` to the nearest stone, `REGION_FAR` for that and farther.
    pub fn at(&self, p: Point) -> usize {
        self.dist[p.idx()] as usize
    }
}

/// The region value of a move at `p` (see the module's list), `near` being the position's
/// stone distances: `REGION_NONE` on small boards, `REGION_NEAR` with a stone within
/// distance 2, else a value from 2 on coding the move's line (1 to 5, 5 for the fifth and
/// up), its line along the other axis (from the first, up to 7) and the distance to the
/// nearest stone (3, 4, or 5 and more).
pub fn region(b: &Board, p: Point, near: &StoneDistance) -> u32 {
    let g = b.geometry();
    let n = g.size();
    if n < REGION_MIN_SIZE {
        return REGION_NONE;
    }
    let nearest = near.at(p);
    if nearest <= 2 {
        return REGION_NEAR;
    }
    let (px, py) = g.coords(p);
    let line_x = px.min(n - 1 - px) + 1;
    let line_y = py.min(n - 1 - py) + 1;
    let (line, along) = (line_x.min(line_y).min(5), line_x.max(line_y).min(7));
    (2 + ((line - 1) * 7 + (along - 1)) * 3 + (nearest - 3)) as u32
}

/// The features of `c` playing the legal point `p`, the last two moves being `last` and
/// `near` the position's stone distances (`StoneDistance::new(b)`).
pub fn features(
    b: &Board,
    p: Point,
    c: Color,
    last: [Option<Point>; 2],
    near: &StoneDistance,
    ladder: &mut Ladder,
) -> Features {
    let mut f = [0u32; GROUPS];
    let ring = ring_codes(b, p, c);
    f[SHAPE] = least_key(&ring, symmetries()) as u32;
    let mut captured = 0u32;
    let mut frees = false;
    let mut escapes = false;
    let mut atari = false;
    for n in b.neighbors(p) {
        match b.color_at(n) {
            Some(o) if o != c => {
                if b.atari_liberty(n) == Some(p) {
                    captured += b.chain(n).stones as u32;
                    frees |= b
                        .chain_walk(n)
                        .flat_map(|s| b.neighbors(s))
                        .any(|q| b.color_at(q) == Some(c) && b.atari_liberty(q).is_some());
                } else if b.two_liberties(n).is_some() {
                    atari = true;
                }
            }
            Some(_) if b.atari_liberty(n) == Some(p) => escapes = true,
            _ => {}
        }
    }
    f[CAPTURE] = match (captured, frees) {
        (0, _) => 0,
        (_, true) => 3,
        (1, false) => 1,
        _ => 2,
    };
    if escapes {
        f[ESCAPE] = if ladder.escapes(b, p, c) { 1 } else { 2 };
    }
    let (libs, stones) = b.libs_after(p, c, 2);
    if libs < 2 && captured == 0 {
        f[SELF_ATARI] = if stones == 1 { 1 } else { 2 };
    }
    f[ATARI] = (atari && libs >= 2) as u32;
    f[LAST] = distance(b, p, last[0]);
    f[LAST2] = distance(b, p, last[1]);
    f[LINE] = (b.geometry().line(p) - 1).min(4) as u32;
    let diamond = diamond_codes(b, p, c, &ring);
    f[DIAMOND] = least_key(&diamond, diamond_symmetries()) as u32;
    f[REGION] = region(b, p, near);
    f[BIG] = big_key_around(b, p, c, &diamond, near.at(p));
    f
}

/// Fitted strengths: per group, value → γ (1 for a value never fitted). Looked up for every
/// move of every node the tree expands: a fast hash (rustc-hash's) rather than SipHash,
/// whose keys need no defence against chosen collisions here.
#[derive(Clone, Debug, Default)]
pub struct Gammas {
    pub groups: [FxHashMap<u32, f32>; GROUPS],
}

impl Gammas {
    /// A move's strength: the product of its values' γ.
    pub fn strength(&self, f: &Features) -> f32 {
        let mut s = 1.0;
        for (g, &v) in f.iter().enumerate() {
            s *= self.groups[g].get(&v).copied().unwrap_or(1.0);
        }
        s
    }

    /// Reads the text form: `group value gamma` a line, `#` comments.
    pub fn parse(text: &str) -> Result<Gammas, String> {
        let mut out = Gammas::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut it = line.split_whitespace();
            let (Some(group), Some(value), Some(gamma), None) =
                (it.next(), it.next(), it.next(), it.next())
            else {
                return Err(format!("line {}: want `group value gamma`", n + 1));
            };
            let g = GROUP_NAMES
                .iter()
                .position(|&name| name == group)
                .ok_or_else(|| format!("line {}: unknown group {group:?}", n + 1))?;
            let value: u32 = value
                .parse()
                .map_err(|_| format!("line {}: bad value {value:?}", n + 1))?;
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|x: &f32| x.is_finite() && *x > 0.0)
                .ok_or_else(|| format!("line {}: bad gamma {gamma:?}", n + 1))?;
            out.groups[g].insert(value, gamma);
        }
        Ok(out)
    }

    /// The text form, groups in order and values sorted.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (g, map) in self.groups.iter().enumerate() {
            let mut values: Vec<_> = map.iter().collect();
            values.sort_by_key(|(v, _)| **v);
            for (v, gamma) in values {
                out.push_str(&format!("{} {v} {gamma:.5}\n", GROUP_NAMES[g]));
            }
        }
        out
    }

    /// The table compiled into the engine for a board of `size`: `gammas.txt` (fitted to
    /// 9×9 games) below `LARGE_SIZE`, `gammas-large.txt` (fitted to 19×19 games) from it up.
    pub fn builtin(size: usize) -> &'static Gammas {
        static SMALL: OnceLock<Gammas> = OnceLock::new();
        static LARGE: OnceLock<Gammas> = OnceLock::new();
        let (cell, text, name) = if size >= super::params::LARGE_SIZE {
            (&LARGE, include_str!("gammas-large.txt"), "gammas-large.txt")
        } else {
            (&SMALL, include_str!("gammas.txt"), "gammas.txt")
        };
        cell.get_or_init(|| {
            Gammas::parse(text).unwrap_or_else(|e| {
                log::error!("the compiled-in {name} is unreadable ({e}); no learned prior");
                Gammas::default()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where symmetry `s` (bit 0: mirror x, bit 1: mirror y, bit 2: transpose) takes
    /// (x, y) on an n×n board.
    fn turn(s: usize, n: usize, (mut x, mut y): (usize, usize)) -> (usize, usize) {
        if s & 1 != 0 {
            x = n - 1 - x;
        }
        if s & 2 != 0 {
            y = n - 1 - y;
        }
        if s & 4 != 0 {
            (x, y) = (y, x);
        }
        (x, y)
    }

    /// `b` turned by symmetry `s`.
    fn transformed(b: &Board, s: usize) -> Board {
        let g = b.geometry();
        let stones: Vec<_> = g
            .points()
            .filter_map(|p| {
                let (tx, ty) = turn(s, g.size(), g.coords(p));
                b.color_at(p).map(|c| (g.point(tx, ty), c))
            })
            .collect();
        Board::from_stones(g.size(), &stones).unwrap()
    }

    #[test]
    fn shape_keys_are_the_same_under_every_symmetry_and_follow_the_mover() {
        let b = Board::from_diagram(
            ". . . . . . .
             . . X O . . .
             . X . O . . .
             . . X X O . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        for p in g.points().filter(|&p| b.cell(p) == EMPTY) {
            let key = shape_key(&b, p, Color::Black);
            let diamond = diamond_key(&b, p, Color::Black);
            for s in 0..8 {
                let t = transformed(&b, s);
                let (tx, ty) = turn(s, g.size(), g.coords(p));
                assert_eq!(shape_key(&t, g.point(tx, ty), Color::Black), key);
                assert_eq!(diamond_key(&t, g.point(tx, ty), Color::Black), diamond);
            }
        }
        // The colours are seen from the mover: white at a point of the colour-swapped
        // board sees what black sees here.
        let swapped_stones: Vec<_> = g
            .points()
            .filter_map(|p| b.color_at(p).map(|c| (p, c.opp())))
            .collect();
        let swapped = Board::from_stones(g.size(), &swapped_stones).unwrap();
        for p in g.points().filter(|&p| b.cell(p) == EMPTY) {
            assert_eq!(
                shape_key(&swapped, p, Color::White),
                shape_key(&b, p, Color::Black)
            );
        }
        // The empty middle and a point next to a stone differ; the atari mark counts.
        let middle = shape_key(&b, g.point(5, 1), Color::Black);
        let eye = g.point(2, 4);
        assert_ne!(shape_key(&b, eye, Color::Black), middle);
        assert_eq!(middle, 0);
        // The diamond sees two points further: (5, 5), on the second line, has an empty
        // 3x3 but the edge two points away; (5, 4) has white's E4 in its 3x3.
        assert_eq!(shape_key(&b, g.point(5, 5), Color::Black), 0);
        assert_ne!(diamond_key(&b, g.point(5, 5), Color::Black), 0);
        assert_ne!(
            diamond_key(&b, g.point(5, 5), Color::Black),
            diamond_key(&b, g.point(5, 4), Color::Black)
        );
    }

    #[test]
    fn big_keys_are_the_same_under_every_symmetry_see_three_points_out_and_need_a_large_board() {
        let b = Board::from_diagram(
            ". . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . X O . . . . . . . . .
             . . . O X . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        let big = |b: &Board, p: Point| {
            let diamond = diamond_codes(b, p, Color::Black, &ring_codes(b, p, Color::Black));
            big_key_around(b, p, Color::Black, &diamond, StoneDistance::new(b).at(p))
        };
        for p in g.points().filter(|&p| b.cell(p) == EMPTY) {
            let key = big(&b, p);
            for s in 0..8 {
                let t = transformed(&b, s);
                let (tx, ty) = turn(s, g.size(), g.coords(p));
                assert_eq!(big(&t, g.point(tx, ty)), key);
            }
        }
        // Rows count from the bottom: the stones are at (2, 10), (3, 10), (3, 9) and (4, 9).
        // (7, 9) has (4, 9) three away on its line: out of its diamond, in its big shape.
        // (8, 9), four away, is open space; so is the middle. (2, 7) has (2, 10) three away
        // and the edge three to its left.
        assert_eq!(big(&b, g.point(6, 6)), 0, "open space");
        assert_eq!(big(&b, g.point(8, 9)), 0);
        assert_eq!(diamond_key(&b, g.point(7, 9), Color::Black), 0);
        assert_ne!(big(&b, g.point(7, 9)), 0);
        assert_eq!(diamond_key(&b, g.point(2, 7), Color::Black), 0);
        assert_ne!(big(&b, g.point(2, 7)), 0);
        assert_ne!(big(&b, g.point(2, 7)), big(&b, g.point(7, 9)));
        // Below 13x13 the group is not used.
        let small = Board::from_diagram(
            ". . . . .
             . X O . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let q = small.geometry().point(2, 3);
        let diamond = diamond_codes(
            &small,
            q,
            Color::Black,
            &ring_codes(&small, q, Color::Black),
        );
        assert_eq!(big_key_around(&small, q, Color::Black, &diamond, 1), 0);
    }

    #[test]
    fn tactical_features_see_captures_escapes_self_atari_and_atari() {
        // White D4 is in atari at E4; white F7 and A1 stand alone.
        let b = Board::from_diagram(
            ". . . . . O .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             O . . . . . .",
        )
        .unwrap();
        let g = b.geometry();
        let mut ladder = Ladder::new();
        let near = StoneDistance::new(&b);
        let mut f = |x, y, c| features(&b, g.point(x, y), c, [None, None], &near, &mut ladder);
        // Black E4 captures one stone; white E4 extends out of atari to three liberties.
        assert_eq!(f(4, 3, Color::Black)[CAPTURE], 1);
        assert_eq!(f(4, 3, Color::White)[ESCAPE], 1);
        assert_eq!(f(4, 3, Color::White)[CAPTURE], 0);
        // Black B1 puts white's A1 (two liberties) in atari; black B2 does not.
        assert_eq!(f(1, 0, Color::Black)[ATARI], 1);
        assert_eq!(f(1, 1, Color::Black)[ATARI], 0);
        // Black G7 in the corner beside white F7 keeps one liberty: a one-stone self-atari.
        assert_eq!(f(6, 6, Color::Black)[SELF_ATARI], 1);
        assert_eq!(f(5, 5, Color::Black)[SELF_ATARI], 0);
        // Lines count from 0 on the edge.
        assert_eq!(f(0, 3, Color::Black)[LINE], 0);
        assert_eq!(f(3, 1, Color::Black)[LINE], 1);
        assert_eq!(f(2, 2, Color::Black)[LINE], 2);
        // Distances: none; adjacent (2 → value 1); a knight's move (1 + 2 + 2 = 5 → 4).
        let p = g.point(3, 1);
        let mut l = Ladder::new();
        assert_eq!(
            features(&b, p, Color::Black, [None, None], &near, &mut l)[LAST],
            0
        );
        let next = g.point(3, 0);
        assert_eq!(
            features(&b, p, Color::Black, [Some(next), None], &near, &mut l)[LAST],
            1
        );
        let knight = g.point(5, 2);
        assert_eq!(
            features(&b, p, Color::Black, [None, Some(knight)], &near, &mut l)[LAST2],
            4
        );
    }

    #[test]
    fn region_tells_corners_sides_and_middle_apart_in_open_space_only() {
        let empty = Board::new(19).unwrap();
        let g = empty.geometry();
        let r = |b: &Board, x, y| region(b, b.geometry().point(x, y), &StoneDistance::new(b));
        // The 4-4 point, the 3-4 point, a fourth-line side point and the middle differ.
        let star = r(&empty, 3, 3);
        let komoku = r(&empty, 2, 3);
        let side = r(&empty, 3, 9);
        let tengen = r(&empty, 9, 9);
        let all = [star, komoku, side, tengen];
        for (i, a) in all.iter().enumerate() {
            assert!(*a >= 2, "{a}");
            assert!(all[i + 1..].iter().all(|b| b != a), "{all:?}");
        }
        // The same under every symmetry of the board, and the same for either colour.
        for s in 0..8 {
            for (x, y) in [(3, 3), (2, 3), (3, 9), (9, 9), (5, 16)] {
                let (tx, ty) = turn(s, 19, (x, y));
                assert_eq!(r(&empty, tx, ty), r(&empty, x, y));
            }
        }
        // A stone within distance 2 makes it "near"; at 3 or 4 the distance is coded.
        let near = Board::from_stones(19, &[(g.point(4, 4), Color::White)]).unwrap();
        assert_eq!(r(&near, 3, 3), REGION_NEAR);
        let three = Board::from_stones(19, &[(g.point(5, 4), Color::White)]).unwrap();
        let four = Board::from_stones(19, &[(g.point(5, 5), Color::Black)]).unwrap();
        assert!(![REGION_NEAR, star].contains(&r(&three, 3, 3)));
        assert!(![REGION_NEAR, star, r(&three, 3, 3)].contains(&r(&four, 3, 3)));
        // Distance 5 and more count alike.
        let five = Board::from_stones(19, &[(g.point(6, 5), Color::Black)]).unwrap();
        assert_eq!(r(&five, 3, 3), star);
        // Small boards have no region group: it stays out of the 9×9 fit.
        let small = Board::new(9).unwrap();
        assert_eq!(r(&small, 2, 2), REGION_NONE);
        assert_eq!(r(&small, 4, 4), REGION_NONE);
        let mut ladder = Ladder::new();
        let f = features(
            &empty,
            g.point(3, 3),
            Color::Black,
            [None, None],
            &StoneDistance::new(&empty),
            &mut ladder,
        );
        assert_eq!(f[REGION], star);
    }

    #[test]
    fn stone_distances_match_a_scan_of_every_stone() {
        use rand::{RngExt, SeedableRng, rngs::SmallRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [13, 19, 25] {
            let g = Board::new(size).unwrap().geometry();
            for count in [0, 1, 3, 10, 40] {
                let stones: Vec<(Point, Color)> = (0..count)
                    .map(|_| {
                        let p = g.point(rng.random_range(0..size), rng.random_range(0..size));
                        (p, Color::Black)
                    })
                    .collect();
                let b = Board::from_stones(size, &stones).unwrap();
                let near = StoneDistance::new(&b);
                for p in g.points() {
                    let (x, y) = g.coords(p);
                    let scan = stones
                        .iter()
                        .map(|&(s, _)| {
                            let (sx, sy) = g.coords(s);
                            x.abs_diff(sx) + y.abs_diff(sy)
                        })
                        .min()
                        .unwrap_or(usize::MAX)
                        .min(REGION_FAR);
                    assert_eq!(near.at(p), scan, "{size} {count} {x} {y}");
                }
            }
        }
    }

    #[test]
    fn gammas_round_trip_through_text_and_reject_bad_lines() {
        let mut g = Gammas::default();
        g.groups[SHAPE].insert(12, 2.5);
        g.groups[LAST].insert(1, 7.25);
        let back = Gammas::parse(&g.to_text()).unwrap();
        assert_eq!(back.groups[SHAPE].get(&12), Some(&2.5));
        assert_eq!(back.groups[LAST].get(&1), Some(&7.25));
        let mut f = [0u32; GROUPS];
        f[SHAPE] = 12;
        f[LAST] = 1;
        assert!((back.strength(&f) - 2.5 * 7.25).abs() < 1e-4);
        for bad in [
            "shape 1",
            "colour 1 2.0",
            "shape x 2.0",
            "shape 1 -1",
            "shape 1 2 3",
        ] {
            assert!(Gammas::parse(bad).is_err(), "{bad}");
        }
        for size in [9, 19] {
            assert!(
                Gammas::builtin(size)
                    .groups
                    .iter()
                    .all(|m| m.values().all(|&v| v > 0.0))
            );
        }
    }
}
