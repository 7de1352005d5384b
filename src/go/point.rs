//! Points, colours, moves and GTP vertex text.
//!
//! A board of size `n` is stored in a padded 1-D array with stride `n + 2`: one ring of
//! `EDGE` cells surrounds the playing area, so neighbour and diagonal look-ups never need
//! bounds checks. Point `(x, y)` (0-based, `y = 0` is the bottom row, as in GTP `A1`) lives at
//! index `(y + 1) * stride + x + 1`.

use std::fmt;

/// Smallest board the engine accepts.
pub const MIN_SIZE: usize = 2;
/// Largest board the engine accepts.
pub const MAX_SIZE: usize = 25;
/// Stride of the largest padded board.
pub const MAX_STRIDE: usize = MAX_SIZE + 2;
/// Cells in the largest padded board; every board array has this length so `Clone` is a memcpy.
pub const MAX_POINTS: usize = MAX_STRIDE * MAX_STRIDE;

/// Cell contents as stored in the board array.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
pub const EDGE: u8 = 3;

/// Column letters used by GTP: `A`..`Z` without `I`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A stone colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    Black = BLACK,
    White = WHITE,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The cell value of a stone of this colour.
    #[inline]
    pub fn cell(self) -> u8 {
        self as u8
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }

    /// Parses `b`, `black`, `w`, `white` (any case).
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The colour whose stone is in `cell`, if any.
    #[inline]
    pub fn from_cell(cell: u8) -> Option<Color> {
        match cell {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// An index into a padded board array. Only meaningful together with the board size.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    /// The array index.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Pass,
    Play(Point),
}

/// Board geometry for one size: conversions between coordinates, points and vertex text.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Geometry {
    size: usize,
}

impl Geometry {
    /// `None` unless `MIN_SIZE <= size <= MAX_SIZE`.
    pub fn new(size: usize) -> Option<Geometry> {
        (MIN_SIZE..=MAX_SIZE)
            .contains(&size)
            .then_some(Geometry { size })
    }

    #[inline]
    pub fn size(self) -> usize {
        self.size
    }

    #[inline]
    pub fn stride(self) -> usize {
        self.size + 2
    }

    /// The point at column `x`, row `y` (0-based, row 0 at the bottom). Caller ensures bounds.
    #[inline]
    pub fn point(self, x: usize, y: usize) -> Point {
        debug_assert!(x < self.size && y < self.size);
        Point(((y + 1) * self.stride() + x + 1) as u16)
    }

    /// Column and row of an on-board point.
    #[inline]
    pub fn coords(self, p: Point) -> (usize, usize) {
        let s = self.stride();
        (p.idx() % s - 1, p.idx() / s - 1)
    }

    /// The line an on-board point is on: 1 on the edge, 2 next to it, and so on.
    #[inline]
    pub fn line(self, p: Point) -> usize {
        let (x, y) = self.coords(p);
        let n = self.size;
        1 + x.min(y).min(n - 1 - x).min(n - 1 - y)
    }

    /// Every on-board point, row by row from the bottom.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| self.point(x, y)))
    }

    /// Parses GTP vertex text (`D4`, `d4`, `pass`). `None` if malformed or off the board.
    pub fn parse_move(self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        let bytes = text.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return None;
        }
        let letter = bytes[0].to_ascii_uppercase();
        let x = COLUMNS.iter().position(|&c| c == letter)?;
        let digits = &text[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let row: usize = digits.parse().ok()?;
        if x >= self.size || row == 0 || row > self.size {
            return None;
        }
        Some(Move::Play(self.point(x, row - 1)))
    }

    /// GTP vertex text of a move: `D4` or `pass`.
    pub fn move_text(self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => self.vertex(p),
        }
    }

    /// GTP vertex text of a point.
    pub fn vertex(self, p: Point) -> String {
        let (x, y) = self.coords(p);
        format!("{}{}", COLUMNS[x] as char, y + 1)
    }

    /// SGF coordinates (`aa` is the top-left corner) of a point.
    pub fn sgf_coords(self, p: Point) -> String {
        let (x, y) = self.coords(p);
        let row = self.size - 1 - y;
        format!("{}{}", (b'a' + x as u8) as char, (b'a' + row as u8) as char)
    }

    /// The point for SGF coordinates `xy` (top-left `aa`); `None` if off the board.
    pub fn from_sgf(self, x: usize, row_from_top: usize) -> Option<Point> {
        (x < self.size && row_from_top < self.size)
            .then(|| self.point(x, self.size - 1 - row_from_top))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_round_trip_every_size() {
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::new(size).unwrap();
            for p in g.points() {
                let text = g.vertex(p);
                assert_eq!(g.parse_move(&text), Some(Move::Play(p)), "{text}");
                assert_eq!(g.parse_move(&text.to_lowercase()), Some(Move::Play(p)));
            }
        }
    }

    #[test]
    fn vertex_text_skips_i() {
        let g = Geometry::new(19).unwrap();
        assert_eq!(g.vertex(g.point(8, 0)), "J1");
        assert_eq!(g.vertex(g.point(18, 18)), "T19");
        assert_eq!(g.parse_move("I5"), None);
        assert_eq!(g.parse_move("PASS"), Some(Move::Pass));
    }

    #[test]
    fn bad_vertices_are_rejected() {
        let g = Geometry::new(9).unwrap();
        for bad in [
            "", "A", "A0", "A10", "J1x", "K1", "Z9", "A-1", "A01", "11", "é1", "A+1", "A1000",
        ] {
            assert_eq!(g.parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn sizes_outside_range_are_refused() {
        assert!(Geometry::new(1).is_none());
        assert!(Geometry::new(26).is_none());
        assert!(Geometry::new(2).is_some());
        assert!(Geometry::new(25).is_some());
    }

    #[test]
    fn sgf_coordinates() {
        let g = Geometry::new(19).unwrap();
        let p = g.point(3, 15); // D16
        assert_eq!(g.sgf_coords(p), "dd");
        assert_eq!(g.from_sgf(3, 3), Some(p));
        assert_eq!(g.from_sgf(19, 0), None);
    }
}
