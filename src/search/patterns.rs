//! 3×3 shape patterns around a candidate point: the Mogo patterns (hane, cut, edge moves)
//! as michi and Pachi's playouts use them, expanded over rotations, reflections, colour
//! swap and wildcards into a 65,536-entry table keyed by `Board::neighborhood`.
//!
//! Pattern text, row by row: `X`/`O` the two colours (any assignment: the colour swap is
//! included), `.` empty, ` ` off board, `?` anything, `x` anything but `X`, `o` anything
//! but `O`. The centre is the (empty) candidate point.

use std::sync::OnceLock;

use crate::go::point::{BLACK, EDGE, EMPTY, WHITE};

/// The source patterns (michi's set, after Mogo).
const SOURCE: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing hane
    ["XO.", "...", "?.?"], // hane: non-cutting hane
    ["XO?", "X..", "x.?"], // hane: magari
    [".O.", "X..", "..."], // attachment (katatsuke) or diagonal attachment
    ["XO?", "O.o", "?o?"], // cut: unprotected
    ["XO?", "O.X", "???"], // cut: peeped
    ["?X?", "O.O", "ooo"], // cut 2 (de)
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block side cut
    ["?X?", "x.O", "   "], // edge: block side connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// Whether the neighbourhood key (see `Board::neighborhood`) matches a pattern.
#[inline]
pub fn matches(key: u16) -> bool {
    matches_in(table(), key)
}

/// The pattern table, one bit per neighbourhood key, built on first use: for loops that
/// look up many keys (`matches_in`) without the first-use check each time.
pub fn table() -> &'static Table {
    TABLE.get_or_init(build)
}

/// Whether `key` matches a pattern of `table` (`table()`).
#[inline(always)]
pub fn matches_in(table: &Table, key: u16) -> bool {
    table[key as usize >> 3] & (1 << (key & 7)) != 0
}

/// One bit for each of the 65,536 neighbourhood keys.
pub type Table = [u8; 1 << 13];

static TABLE: OnceLock<Box<Table>> = OnceLock::new();

/// The 9 cells of a pattern, row-major.
type Grid = [u8; 9];

fn build() -> Box<Table> {
    let mut table = Box::new([0u8; 1 << 13]);
    for src in SOURCE {
        let mut grid = [0u8; 9];
        for (r, row) in src.iter().enumerate() {
            for (c, ch) in row.bytes().enumerate() {
                grid[3 * r + c] = ch;
            }
        }
        for g in symmetries(grid) {
            expand(g, 0, &mut table[..]);
        }
    }
    table
}

/// The 16 variants: 4 rotations × reflection × colour swap.
fn symmetries(g: Grid) -> Vec<Grid> {
    let rot = |g: Grid| -> Grid { std::array::from_fn(|k| g[3 * (2 - k % 3) + k / 3]) };
    let flip = |g: Grid| -> Grid { std::array::from_fn(|k| g[3 * (k / 3) + 2 - k % 3]) };
    let swap = |g: Grid| -> Grid {
        g.map(|ch| match ch {
            b'X' => b'O',
            b'O' => b'X',
            b'x' => b'o',
            b'o' => b'x',
            other => other,
        })
    };
    let mut out = Vec::with_capacity(16);
    let mut r = g;
    for _ in 0..4 {
        for v in [r, flip(r)] {
            out.push(v);
            out.push(swap(v));
        }
        r = rot(r);
    }
    out
}

/// Marks every concrete neighbourhood the pattern `g` covers, resolving wildcards from
/// cell `k` on.
fn expand(g: Grid, k: usize, table: &mut [u8]) {
    if k == 9 {
        let mut key = 0u16;
        let mut bit = 0;
        for (idx, &ch) in g.iter().enumerate() {
            if idx == 4 {
                continue;
            }
            let v = match ch {
                b'.' => EMPTY,
                b'X' => BLACK,
                b'O' => WHITE,
                _ => EDGE,
            };
            key |= (v as u16) << bit;
            bit += 2;
        }
        table[key as usize >> 3] |= 1 << (key & 7);
        return;
    }
    let choices: &[u8] = match g[k] {
        b'?' => b".XO ",
        b'x' => b".O ",
        b'o' => b".X ",
        _ => {
            expand(g, k + 1, table);
            return;
        }
    };
    for &ch in choices {
        let mut h = g;
        h[k] = ch;
        expand(h, k + 1, table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Board;

    fn key_at(diagram: &str, x: usize, y: usize) -> u16 {
        let b = Board::from_diagram(diagram).unwrap();
        b.neighborhood(b.geometry().point(x, y))
    }

    #[test]
    fn hane_and_cut_match_in_every_orientation() {
        // Enclosing hane: X O X above the point, in four orientations and both colours.
        let hane = ". . . . .
                    . X O X .
                    . . . . .
                    . . . . .
                    . . . . .";
        assert!(matches(key_at(hane, 2, 2)));
        let rotated = ". . . . .
                       . X . . .
                       . O . . .
                       . X . . .
                       . . . . .";
        assert!(matches(key_at(rotated, 2, 2)));
        let swapped = ". . . . .
                       . O X O .
                       . . . . .
                       . . . . .
                       . . . . .";
        assert!(matches(key_at(swapped, 2, 2)));
        // Unprotected cut: X O / O . with no O below-right.
        let cut = ". . . . .
                   . X O . .
                   . O . . .
                   . . . . .
                   . . . . .";
        assert!(matches(key_at(cut, 2, 2)));
    }

    #[test]
    fn empty_and_one_sided_shapes_do_not_match() {
        let empty = ". . . . .
                     . . . . .
                     . . . . .
                     . . . . .
                     . . . . .";
        assert!(!matches(key_at(empty, 2, 2)));
        // A lone friendly stone diagonally: no pattern.
        let lone = ". . . . .
                    . X . . .
                    . . . . .
                    . . . . .
                    . . . . .";
        assert!(!matches(key_at(lone, 2, 2)));
        // The table is symmetric in colour for every key.
        for key in 0..=u16::MAX {
            let swapped = (0..8).fold(0u16, |acc, k| {
                let v = (key >> (2 * k)) & 3;
                let w = match v as u8 {
                    BLACK => WHITE,
                    WHITE => BLACK,
                    other => other,
                } as u16;
                acc | (w << (2 * k))
            });
            assert_eq!(matches(key), matches(swapped), "{key:#06x}");
        }
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // Edge "block side cut": O X / X . O on the first line.
        let edge = ". . . . .
                    . . . . .
                    . . . . .
                    O X . . .
                    X . O . .";
        assert!(matches(key_at(edge, 1, 0)));
    }
}
