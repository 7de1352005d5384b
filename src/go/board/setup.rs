//! Off the hot path: a board from a stone list or a diagram (chains flood-filled from
//! scratch, neighbour counts recounted), the stone list, a chain's liberty list, the
//! diagram of a board, and `Debug`. A child module of
//! `board`, so it sees the private fields; nothing here is called during search.

use super::*;

impl Board {
    /// Recomputes the neighbour counts from the cells.
    pub(super) fn count_neighbors(&mut self) {
        for p in self.geo.points() {
            let mut counts = [0u8; 3];
            for n in self.neighbors(p) {
                match self.cells[n.idx()] {
                    EDGE => {
                        counts[1] += 1;
                        counts[2] += 1;
                    }
                    v => counts[v as usize] += 1,
                }
            }
            self.nb[p.idx()] =
                counts[0] as u32 | (counts[1] as u32) << 8 | (counts[2] as u32) << 16;
        }
    }

    /// The distinct liberties of the chain through stone `p`, sorted.
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .chain_stones(p)
            .into_iter()
            .flat_map(|s| self.neighbors(s))
            .filter(|&n| self.cells[n.idx()] == EMPTY)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// Builds a board from a stone layout, computing chains, liberties and hash from scratch.
    /// `stones` lists `(point, colour)`; later entries overwrite earlier ones. The layout is
    /// taken as given (setup stones capture nothing); chains without liberties are reported
    /// as an error.
    pub fn from_stones(size: usize, stones: &[(Point, Color)]) -> Result<Board, String> {
        let mut b = Board::new(size).ok_or_else(|| format!("unacceptable size {size}"))?;
        let geo = b.geo;
        for &(p, c) in stones {
            let i = p.idx();
            if i >= MAX_POINTS || b.cells[i] == EDGE {
                return Err("point off the board".into());
            }
            b.cells[i] = c.cell();
        }
        b.n_empty = 0;
        b.hash = 0;
        for p in geo.points() {
            let i = p.idx();
            b.head[i] = 0;
            match b.cells[i] {
                EMPTY => b.add_empty(i),
                cell => {
                    b.hash ^= zobrist::stone(cell, i);
                    b.stone_count[cell as usize - 1] += 1;
                }
            }
        }
        b.count_neighbors();
        for p in geo.points() {
            let i = p.idx();
            if b.cells[i] == EMPTY || b.head[i] != 0 {
                continue;
            }
            b.flood_chain(p);
            if b.chain[i].libs == 0 {
                return Err(format!("chain at {} has no liberties", geo.vertex(p)));
            }
        }
        Ok(b)
    }

    /// Labels the chain through `start` from scratch (its head becomes `start`).
    fn flood_chain(&mut self, start: Point) {
        let cell = self.cells[start.idx()];
        let mut stack = vec![start];
        let mut members = Vec::new();
        self.head[start.idx()] = start.0;
        while let Some(p) = stack.pop() {
            members.push(p);
            for n in self.neighbors(p) {
                if self.cells[n.idx()] == cell && self.head[n.idx()] != start.0 {
                    self.head[n.idx()] = start.0;
                    stack.push(n);
                }
            }
        }
        for (k, p) in members.iter().enumerate() {
            self.next[p.idx()] = members[(k + 1) % members.len()].0;
        }
        let mut ch = Chain {
            stones: members.len() as u16,
            ..Chain::default()
        };
        for n in members.iter().flat_map(|&p| self.neighbors(p)) {
            if self.cells[n.idx()] == EMPTY {
                ch.libs += lib_term(n.idx());
            }
        }
        self.chain[start.idx()] = ch;
    }

    /// Every stone on the board with its colour.
    pub fn stones(&self) -> Vec<(Point, Color)> {
        self.geo
            .points()
            .filter_map(|p| self.color_at(p).map(|c| (p, c)))
            .collect()
    }

    /// A board diagram: rows from the top, `X` black, `O` white, `.` empty.
    pub fn diagram(&self) -> String {
        let n = self.size();
        let mut out = String::new();
        for y in (0..n).rev() {
            for x in 0..n {
                out.push(match self.cells[self.geo.point(x, y).idx()] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// Parses a diagram as `diagram` writes it (whitespace between cells ignored; `X`/`x`/`#`
    /// black, `O`/`o`/`@` white, `.`/`+` empty). Rows from the top; the size is the row count.
    pub fn from_diagram(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        let geo = Geometry::new(n).ok_or_else(|| format!("unacceptable size {n}"))?;
        let mut stones = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(format!("row {} has {} cells, want {n}", r + 1, row.len()));
            }
            for (x, &ch) in row.iter().enumerate() {
                let p = geo.point(x, n - 1 - r);
                match ch {
                    'X' | 'x' | '#' => stones.push((p, Color::Black)),
                    'O' | 'o' | '@' => stones.push((p, Color::White)),
                    '.' | '+' => {}
                    other => return Err(format!("bad cell {other:?}")),
                }
            }
        }
        Board::from_stones(n, &stones)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Board {}x{}\n{}",
            self.size(),
            self.size(),
            self.diagram()
        )
    }
}
