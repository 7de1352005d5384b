//! The incremental board: stones, chains, exact liberties, captures, simple ko, hash.
//!
//! Representation (see `point.rs` for the padded layout):
//! - `cells`: EMPTY / BLACK / WHITE / EDGE per array index.
//! - `head`: for a stone, the index of its chain's head; 0 (an edge cell) otherwise.
//! - `next`: a ring through the stones of each chain, to walk its members.
//! - `chain[head]`: stone count, exact liberty count and the *sum* of the liberty indices.
//!   With exact counts, a chain in atari (one liberty) has that liberty equal to the sum,
//!   so "is it in atari, and where" is O(1).
//! - `empties` / `empty_pos`: an indexed list of empty points for O(1) random choice.
//!
//! Every array has `MAX_POINTS` entries and no heap data, so `Clone` is a plain memcpy.
//! `play` assumes a legal move (check it with `legality` first); the checked API with
//! superko and history lives in `Game`.

use super::point::*;
use super::zobrist;

/// Per-chain data, stored at the chain's head index.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Chain {
    pub stones: u16,
    pub libs: u16,
    pub lib_sum: u32,
}

/// Why a move is not legal.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    Occupied,
    Suicide,
    Ko,
    Superko,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::Occupied => "point occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko => "superko",
        })
    }
}

#[derive(Clone)]
pub struct Board {
    geo: Geometry,
    stride: usize,
    cells: [u8; MAX_POINTS],
    head: [u16; MAX_POINTS],
    next: [u16; MAX_POINTS],
    chain: [Chain; MAX_POINTS],
    /// Per point, how many neighbours are empty (`nb[0]`), black or edge (`nb[1]`), white or
    /// edge (`nb[2]`): eye and liberty tests in one load. Meaningless on edge cells.
    nb: [[u8; MAX_POINTS]; 3],
    empties: [u16; MAX_POINTS],
    empty_pos: [u16; MAX_POINTS],
    n_empty: usize,
    /// Point where the player `ko_color` may not play now (simple ko); 0 if none.
    ko: u16,
    ko_color: u8,
    /// Stones captured by black (index 0) and by white (index 1).
    captures: [u32; 2],
    /// Stones on the board: black (index 0) and white (index 1).
    stone_count: [u32; 2],
    hash: u64,
}

impl Board {
    /// An empty board; `None` unless `MIN_SIZE <= size <= MAX_SIZE`.
    pub fn new(size: usize) -> Option<Board> {
        let geo = Geometry::new(size)?;
        let mut b = Board {
            geo,
            stride: geo.stride(),
            cells: [EDGE; MAX_POINTS],
            head: [0; MAX_POINTS],
            next: [0; MAX_POINTS],
            chain: [Chain::default(); MAX_POINTS],
            nb: [[0; MAX_POINTS]; 3],
            empties: [0; MAX_POINTS],
            empty_pos: [0; MAX_POINTS],
            n_empty: 0,
            ko: 0,
            ko_color: 0,
            captures: [0; 2],
            stone_count: [0; 2],
            hash: 0,
        };
        for p in geo.points() {
            b.cells[p.idx()] = EMPTY;
            b.add_empty(p.idx());
        }
        b.count_neighbors();
        Some(b)
    }

    /// Recomputes the neighbour counts from the cells.
    fn count_neighbors(&mut self) {
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
            for (k, &c) in counts.iter().enumerate() {
                self.nb[k][p.idx()] = c;
            }
        }
    }

    // Unchecked access for the hot path.
    //
    // SAFETY (for every caller below): indices passed here are on-board points of this
    // board, their orthogonal or diagonal neighbours, chain heads or ring members (which are
    // on-board stones), or liberty sums of chains in atari (on-board empty points). All of
    // these are below `(size + 2)²  <= MAX_POINTS`, the padded array length. Public methods
    // that take a `Point` from outside validate it (`on_board_empty`) before using these.
    #[inline(always)]
    fn cell_u(&self, i: usize) -> u8 {
        debug_assert!(i < MAX_POINTS);
        unsafe { *self.cells.get_unchecked(i) }
    }

    #[inline(always)]
    fn head_u(&self, i: usize) -> u16 {
        debug_assert!(i < MAX_POINTS);
        unsafe { *self.head.get_unchecked(i) }
    }

    #[inline(always)]
    fn next_u(&self, i: usize) -> u16 {
        debug_assert!(i < MAX_POINTS);
        unsafe { *self.next.get_unchecked(i) }
    }

    #[inline(always)]
    fn chain_u(&self, head: usize) -> Chain {
        debug_assert!(head < MAX_POINTS);
        unsafe { *self.chain.get_unchecked(head) }
    }

    #[inline(always)]
    fn chain_mut_u(&mut self, head: usize) -> &mut Chain {
        debug_assert!(head < MAX_POINTS);
        unsafe { self.chain.get_unchecked_mut(head) }
    }

    #[inline(always)]
    fn nb_u(&self, k: usize, i: usize) -> u8 {
        debug_assert!(k < 3 && i < MAX_POINTS);
        unsafe { *self.nb.get_unchecked(k).get_unchecked(i) }
    }

    #[inline(always)]
    fn nb_add_u(&mut self, k: usize, i: usize, delta: u8) {
        debug_assert!(k < 3 && i < MAX_POINTS);
        unsafe {
            let v = self.nb.get_unchecked_mut(k).get_unchecked_mut(i);
            *v = v.wrapping_add(delta);
        }
    }

    /// Whether `i` is an empty point of this board (so its neighbours and diagonals are
    /// inside the padded array). Checked: safe for any index.
    #[inline(always)]
    fn on_board_empty(&self, i: usize) -> bool {
        i < self.used() && self.cells[i] == EMPTY
    }

    /// Neighbour-count bookkeeping when a stone of `cell` appears at (or, `appear == false`,
    /// leaves) point `i`.
    #[inline(always)]
    fn update_counts(&mut self, i: usize, cell: u8, appear: bool) {
        let s = self.stride;
        let (empty_delta, cell_delta) = if appear { (u8::MAX, 1) } else { (1, u8::MAX) };
        for n in [i - 1, i + 1, i - s, i + s] {
            self.nb_add_u(0, n, empty_delta);
            self.nb_add_u(cell as usize, n, cell_delta);
        }
    }

    /// Empty neighbours of an empty point. O(1).
    #[inline]
    pub fn empty_neighbors(&self, p: Point) -> u8 {
        self.nb[0][p.idx()]
    }

    /// Number of array cells this board uses: `(size + 2)²`.
    #[inline]
    fn used(&self) -> usize {
        self.stride * self.stride
    }

    /// Makes `self` a copy of `src`, copying only the cells `src` uses (about 2 KB on 9×9
    /// against 12 KB for a full `clone`): the way playouts reuse one scratch board.
    pub fn copy_from(&mut self, src: &Board) {
        let n = src.used();
        self.geo = src.geo;
        self.stride = src.stride;
        self.cells[..n].copy_from_slice(&src.cells[..n]);
        self.head[..n].copy_from_slice(&src.head[..n]);
        self.next[..n].copy_from_slice(&src.next[..n]);
        self.chain[..n].copy_from_slice(&src.chain[..n]);
        for k in 0..3 {
            self.nb[k][..n].copy_from_slice(&src.nb[k][..n]);
        }
        self.empty_pos[..n].copy_from_slice(&src.empty_pos[..n]);
        self.empties[..src.n_empty].copy_from_slice(&src.empties[..src.n_empty]);
        self.n_empty = src.n_empty;
        self.ko = src.ko;
        self.ko_color = src.ko_color;
        self.captures = src.captures;
        self.stone_count = src.stone_count;
        self.hash = src.hash;
    }

    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.geo.size()
    }

    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Cell value at `p`: EMPTY, BLACK, WHITE or EDGE.
    #[inline]
    pub fn cell(&self, p: Point) -> u8 {
        self.cells[p.idx()]
    }

    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        Color::from_cell(self.cells[p.idx()])
    }

    /// Zobrist hash of the stones (positional: no side to move, no ko).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point and the colour that may not play there, if any.
    pub fn ko(&self) -> Option<(Point, Color)> {
        Color::from_cell(self.ko_color)
            .filter(|_| self.ko != 0)
            .map(|c| (Point(self.ko), c))
    }

    /// Stones captured so far by `c`.
    #[inline]
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The `i`-th empty point (`i < empty_count()`); order is arbitrary.
    #[inline]
    pub fn empty_at(&self, i: usize) -> Point {
        Point(self.empties[i])
    }

    /// The four orthogonal neighbours (some may be EDGE cells).
    #[inline]
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        let i = p.0;
        let s = self.stride as u16;
        [Point(i - 1), Point(i + 1), Point(i - s), Point(i + s)]
    }

    /// The four diagonal neighbours (some may be EDGE cells).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let i = p.0;
        let s = self.stride as u16;
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }

    /// Head of the chain through stone `p`.
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        Point(self.head[p.idx()])
    }

    /// Chain data for the chain through stone `p`.
    #[inline]
    pub fn chain(&self, p: Point) -> Chain {
        self.chain[self.head[p.idx()] as usize]
    }

    /// Liberty count of the chain through stone `p`.
    #[inline]
    pub fn libs(&self, p: Point) -> usize {
        self.chain(p).libs as usize
    }

    /// If the chain through stone `p` has exactly one liberty, that liberty. O(1).
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let c = self.chain(p);
        (c.libs == 1).then_some(Point(c.lib_sum as u16))
    }

    /// The stones of the chain through stone `p`.
    pub fn chain_stones(&self, p: Point) -> Vec<Point> {
        let start = self.head[p.idx()];
        let mut out = Vec::new();
        let mut s = start;
        loop {
            out.push(Point(s));
            s = self.next[s as usize];
            if s == start {
                return out;
            }
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

    #[inline(always)]
    fn add_empty(&mut self, p: usize) {
        debug_assert!(p < MAX_POINTS && self.n_empty < MAX_POINTS);
        // SAFETY: p is an on-board point and there are fewer empties than points.
        unsafe {
            *self.empty_pos.get_unchecked_mut(p) = self.n_empty as u16;
            *self.empties.get_unchecked_mut(self.n_empty) = p as u16;
        }
        self.n_empty += 1;
    }

    #[inline(always)]
    fn remove_empty(&mut self, p: usize) {
        debug_assert!(p < MAX_POINTS && self.n_empty > 0);
        // SAFETY: p is an on-board empty point, listed at empty_pos[p] < n_empty.
        unsafe {
            let i = *self.empty_pos.get_unchecked(p) as usize;
            self.n_empty -= 1;
            let last = *self.empties.get_unchecked(self.n_empty);
            *self.empties.get_unchecked_mut(i) = last;
            *self.empty_pos.get_unchecked_mut(last as usize) = i as u16;
        }
    }

    /// Whether `p` is a point where colour `c` may play under simple ko, with multi-stone
    /// suicide allowed or not. Single-stone suicide is never legal.
    #[inline]
    pub fn is_legal(&self, p: Point, c: Color, suicide_allowed: bool) -> bool {
        self.legality(p, c, suicide_allowed).is_ok()
    }

    /// As `is_legal`, saying why not.
    #[inline]
    pub fn legality(&self, p: Point, c: Color, suicide_allowed: bool) -> Result<(), Illegal> {
        let i = p.idx();
        if !self.on_board_empty(i) {
            return Err(Illegal::Occupied);
        }
        if p.0 == self.ko && c.cell() == self.ko_color {
            return Err(Illegal::Ko);
        }
        if self.nb_u(0, i) > 0 {
            return Ok(());
        }
        let own = c.cell();
        let mut friendly = false;
        let s = self.stride;
        for n in [i - 1, i + 1, i - s, i + s] {
            let v = self.cell_u(n);
            if v == own {
                friendly = true;
                if self.chain_u(self.head_u(n) as usize).libs > 1 {
                    return Ok(());
                }
            } else if v != EDGE && self.chain_u(self.head_u(n) as usize).libs == 1 {
                return Ok(());
            }
        }
        if friendly && suicide_allowed {
            Ok(())
        } else {
            Err(Illegal::Suicide)
        }
    }

    /// Stones of colour `c` on the board. O(1).
    #[inline]
    pub fn stone_count(&self, c: Color) -> u32 {
        self.stone_count[c.index()]
    }

    /// Whether the `k`-th empty point is a light-playout move for `c`: legal (simple ko,
    /// no suicide) and not a true eye of `c`. Returns the point if so.
    #[inline(always)]
    pub fn playout_candidate(&self, k: usize, c: Color) -> Option<Point> {
        let i = self.empties[k] as usize;
        let own = c.cell() as usize;
        if self.nb_u(own, i) == 4 {
            // Eyeish: playable only if it is a false eye (and then legal: every neighbour is
            // ours or the edge, and one of our chains has another liberty, or this is
            // suicide and we skip it).
            let enemy = c.opp().cell();
            let s = self.stride;
            let mut bad = 0;
            let mut edge = false;
            for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
                let v = self.cell_u(d);
                edge |= v == EDGE;
                bad += (v == enemy) as u32;
            }
            let true_eye = if edge { bad == 0 } else { bad < 2 };
            if true_eye {
                return None;
            }
        }
        self.legal_on_empty(i, c).then_some(Point(i as u16))
    }

    /// Legality (simple ko, no suicide) of `c` on `i`, known to be an empty point of this
    /// board. The playout fast path of `legality`.
    #[inline(always)]
    fn legal_on_empty(&self, i: usize, c: Color) -> bool {
        if i == self.ko as usize && c.cell() == self.ko_color {
            return false;
        }
        if self.nb_u(0, i) > 0 {
            return true;
        }
        let own = c.cell();
        let s = self.stride;
        for n in [i - 1, i + 1, i - s, i + s] {
            let v = self.cell_u(n);
            if v == EDGE {
                continue;
            }
            let libs = self.chain_u(self.head_u(n) as usize).libs;
            // Connecting to a chain with another liberty, or capturing a chain in atari.
            if (v == own) == (libs > 1) {
                return true;
            }
        }
        false
    }

    /// Whether `c` may play on `p` under simple ko without suicide, for an empty point `p`
    /// of this board (checked: false for anything else). The playout policy's legality test.
    #[inline]
    pub fn legal_fast(&self, p: Point, c: Color) -> bool {
        self.on_board_empty(p.idx()) && self.legal_on_empty(p.idx(), c)
    }

    /// The 8 cells around `p` (EMPTY/BLACK/WHITE/EDGE, two bits each), row by row from
    /// `p - stride - 1` to `p + stride + 1`, the first in the low bits: a 3×3 pattern key.
    /// `p` must be an on-board point.
    #[inline]
    pub fn neighborhood(&self, p: Point) -> u16 {
        let (i, s) = (p.idx(), self.stride);
        debug_assert!(self.cells[i] != EDGE);
        let mut key = 0u16;
        for (k, n) in [
            i - s - 1,
            i - s,
            i - s + 1,
            i - 1,
            i + 1,
            i + s - 1,
            i + s,
            i + s + 1,
        ]
        .into_iter()
        .enumerate()
        {
            key |= (self.cell_u(n) as u16) << (2 * k);
        }
        key
    }

    /// The two liberties of the chain through stone `p` when it has exactly two. O(stones
    /// walked until the first liberty); the second comes from the liberty sum.
    pub fn two_liberties(&self, p: Point) -> Option<(Point, Point)> {
        let head = self.head[p.idx()] as usize;
        let ch = self.chain[head];
        if self.cells[p.idx()] == EMPTY || self.cells[p.idx()] == EDGE || ch.libs != 2 {
            return None;
        }
        let st = self.stride;
        let mut s = head;
        loop {
            for n in [s - 1, s + 1, s - st, s + st] {
                if self.cell_u(n) == EMPTY {
                    let other = ch.lib_sum as usize - n;
                    return Some((Point(n as u16), Point(other as u16)));
                }
            }
            s = self.next_u(s) as usize;
            if s == head {
                return None;
            }
        }
    }

    /// Liberties (counted up to `cap`, at most 4) and stones of the chain that `c` would
    /// form by playing the empty point `p`, without playing it. Captured stones next to `p`
    /// count as liberties; other points opened by capturing a chain of several stones are
    /// not counted, so the figure is exact unless the move captures more than one stone,
    /// and a lower bound then. Used for self-atari and ladder-escape tests.
    pub fn libs_after(&self, p: Point, c: Color, cap: usize) -> (usize, u32) {
        let cap = cap.min(4);
        let (i, st) = (p.idx(), self.stride);
        debug_assert!(self.cells[i] == EMPTY);
        let own = c.cell();
        let mut libs = [0usize; 4];
        let mut n_libs = 0;
        let add = |l: usize, libs: &mut [usize; 4], n: &mut usize| {
            if *n < cap && !libs[..*n].contains(&l) {
                libs[*n] = l;
                *n += 1;
            }
        };
        let mut stones = 1u32;
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let nbrs = [i - 1, i + 1, i - st, i + st];
        for n in nbrs {
            let v = self.cell_u(n);
            if v == EMPTY {
                add(n, &mut libs, &mut n_libs);
            } else if v != EDGE && v != own && self.chain_u(self.head_u(n) as usize).libs == 1 {
                // Captured: its stone next to `p` becomes a liberty.
                add(n, &mut libs, &mut n_libs);
            }
        }
        for n in nbrs {
            if self.cell_u(n) != own {
                continue;
            }
            let hd = self.head_u(n);
            if seen[..n_seen].contains(&hd) {
                continue;
            }
            seen[n_seen] = hd;
            n_seen += 1;
            let ch = self.chain_u(hd as usize);
            stones += ch.stones as u32;
            if n_libs >= cap {
                continue;
            }
            match ch.libs {
                0 | 1 => {}
                2 => add(ch.lib_sum as usize - i, &mut libs, &mut n_libs),
                _ => {
                    // Walk the chain for liberties other than `p`.
                    let mut s = hd as usize;
                    'walk: loop {
                        for m in [s - 1, s + 1, s - st, s + st] {
                            if m != i && self.cell_u(m) == EMPTY {
                                add(m, &mut libs, &mut n_libs);
                                if n_libs >= cap {
                                    break 'walk;
                                }
                            }
                        }
                        s = self.next_u(s) as usize;
                        if s == hd as usize {
                            break;
                        }
                    }
                }
            }
        }
        (n_libs, stones)
    }

    /// Area margin (black minus white, no komi) counting every stone, and each empty point
    /// for the colour it touches when it touches one colour only. Exact when every empty
    /// region is a single point, as at the end of a playout. O(stones + empties).
    pub fn fast_area_margin(&self) -> i32 {
        let mut margin = self.stone_count[0] as i32 - self.stone_count[1] as i32;
        for k in 0..self.n_empty {
            let i = self.empties[k] as usize;
            let (e, b, w) = (self.nb_u(0, i), self.nb_u(1, i), self.nb_u(2, i));
            // nb[1] and nb[2] both count edges: edges = b + w + e - 4.
            let edges = b + w + e - 4;
            let (blacks, whites) = (b - edges, w - edges);
            margin += (blacks > 0 && whites == 0) as i32 - (whites > 0 && blacks == 0) as i32;
        }
        margin
    }

    /// Whether `p` is empty and every neighbour is a stone of `c` or the edge.
    #[inline]
    pub fn is_eyeish(&self, p: Point, c: Color) -> bool {
        self.on_board_empty(p.idx()) && self.nb_u(c.cell() as usize, p.idx()) == 4
    }

    /// An eye of `c` by the usual playout test: eyeish, and at most one enemy diagonal in the
    /// centre (none on the edge or in the corner).
    #[inline]
    pub fn is_true_eye(&self, p: Point, c: Color) -> bool {
        if !self.is_eyeish(p, c) {
            return false;
        }
        let enemy = c.opp().cell();
        let (i, s) = (p.idx(), self.stride);
        let mut bad = 0;
        let mut edge = false;
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            let v = self.cell_u(d);
            edge |= v == EDGE;
            bad += (v == enemy) as u32;
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    /// The hash the board would have after `c` plays at `p` (legal by simple-ko rules),
    /// without playing it: used for superko checks.
    pub fn hash_after(&self, p: Point, c: Color) -> u64 {
        let own = c.cell();
        let mut h = self.hash ^ zobrist::stone(own, p.idx());
        let mut seen = [0u16; 4];
        let mut ns = 0;
        let mut captured = false;
        let mut has_liberty = false;
        let mut own_chains = [0u16; 4];
        let mut no = 0;
        for n in self.neighbors(p) {
            let v = self.cells[n.idx()];
            if v == EMPTY {
                has_liberty = true;
                continue;
            }
            if v == EDGE {
                continue;
            }
            let hd = self.head[n.idx()];
            if seen[..ns].contains(&hd) {
                continue;
            }
            seen[ns] = hd;
            ns += 1;
            let ch = self.chain[hd as usize];
            if v == own {
                if ch.libs > 1 {
                    has_liberty = true;
                }
                own_chains[no] = hd;
                no += 1;
            } else if ch.libs == 1 {
                captured = true;
                h ^= self.chain_hash(hd);
            }
        }
        if !captured && !has_liberty {
            // Suicide: the new stone and the chains it joins disappear.
            h ^= zobrist::stone(own, p.idx());
            for &hd in &own_chains[..no] {
                h ^= self.chain_hash(hd);
            }
        }
        h
    }

    fn chain_hash(&self, head: u16) -> u64 {
        let cell = self.cells[head as usize];
        let mut h = 0;
        let mut s = head;
        loop {
            h ^= zobrist::stone(cell, s as usize);
            s = self.next[s as usize];
            if s == head {
                return h;
            }
        }
    }

    /// Plays a stone, which must be legal by `legality` (with the same suicide setting).
    /// Captures, merges chains, sets the ko point. Returns the number of stones captured
    /// (0 for a multi-stone suicide, whose stones are credited to the opponent).
    ///
    /// Panics if `p` is not an empty point of this board.
    pub fn play(&mut self, p: Point, c: Color) -> u32 {
        let i = p.idx();
        assert!(self.on_board_empty(i), "play on a point that is not empty");
        let own = c.cell();
        let enemy = c.opp().cell();
        let s = self.stride;
        self.remove_empty(i);
        self.cells[i] = own;
        self.stone_count[c.index()] += 1;
        self.update_counts(i, own, true);
        self.hash ^= zobrist::stone(own, i);
        self.head[i] = p.0;
        self.next[i] = p.0;
        // Branch-free neighbour bookkeeping: `head` is 0 (an edge cell, never a chain head)
        // for empty and edge neighbours, so chain 0 is a harmless sink for their updates.
        let nbrs = [i - 1, i + 1, i - s, i + s];
        let h = nbrs.map(|n| self.head_u(n));
        let mut lib_sum = 0u32;
        for n in nbrs {
            lib_sum += n as u32 * (self.cell_u(n) == EMPTY) as u32;
        }
        // Each distinct neighbouring chain loses the liberty `i` once.
        let unique = [
            h[0] != 0,
            (h[1] != 0) & (h[1] != h[0]),
            (h[2] != 0) & (h[2] != h[0]) & (h[2] != h[1]),
            (h[3] != 0) & (h[3] != h[0]) & (h[3] != h[1]) & (h[3] != h[2]),
        ];
        for k in 0..4 {
            let u = unique[k] as u16;
            let ch = self.chain_mut_u(h[k] as usize);
            ch.libs -= u;
            ch.lib_sum -= i as u32 * u as u32;
        }
        self.chain[i] = Chain {
            stones: 1,
            libs: self.nb_u(0, i) as u16,
            lib_sum,
        };
        let mut captured = 0u32;
        let mut captured_at = 0u16;
        for k in 0..4 {
            let hd = h[k] as usize;
            if unique[k] & (self.cell_u(hd) == enemy) & (self.chain_u(hd).libs == 0) {
                captured += self.chain_u(hd).stones as u32;
                captured_at = h[k];
                self.remove_chain(h[k]);
            }
        }
        for k in 0..4 {
            if unique[k] & (self.cell_u(h[k] as usize) == own) {
                self.merge(self.head_u(i), h[k]);
            }
        }
        let mine = self.head_u(i) as usize;
        let ch = self.chain_u(mine);
        self.ko = 0;
        if ch.libs == 0 {
            // Multi-stone suicide (only reached where the rules allow it).
            self.captures[c.opp().index()] += ch.stones as u32;
            self.remove_chain(mine as u16);
            return 0;
        }
        self.captures[c.index()] += captured;
        if captured == 1 && ch.stones == 1 && ch.libs == 1 {
            self.ko = captured_at;
            self.ko_color = enemy;
        }
        captured
    }

    /// A pass: clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = 0;
    }

    /// Joins chains `a` and `b` (both heads of the same colour), relabelling the smaller.
    #[inline]
    fn merge(&mut self, a: u16, b: u16) {
        if a == b {
            return;
        }
        let (big, small) = if self.chain_u(a as usize).stones >= self.chain_u(b as usize).stones {
            (a, b)
        } else {
            (b, a)
        };
        let st = self.stride;
        let mut s = small as usize;
        let mut added_libs = 0u16;
        let mut added_sum = 0u32;
        loop {
            for n in [s - 1, s + 1, s - st, s + st] {
                // A liberty of the small chain is new to the big one unless it already touches
                // it; stones relabelled earlier in this loop count as the big chain, so a
                // liberty shared by several small stones is added once.
                let new_lib = (self.cell_u(n) == EMPTY && !self.touches(n, big)) as u16;
                added_libs += new_lib;
                added_sum += n as u32 * new_lib as u32;
            }
            // SAFETY: s is a stone of the small chain (an on-board point).
            unsafe { *self.head.get_unchecked_mut(s) = big };
            s = self.next_u(s) as usize;
            if s == small as usize {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        let small_stones = self.chain_u(small as usize).stones;
        let ch = self.chain_mut_u(big as usize);
        ch.libs += added_libs;
        ch.lib_sum += added_sum;
        ch.stones += small_stones;
    }

    /// Whether the on-board point `i` touches the chain with head `head`.
    #[inline(always)]
    fn touches(&self, i: usize, head: u16) -> bool {
        debug_assert!(self.cells[i] != EDGE, "touches() probes an on-board point");
        let s = self.stride;
        (self.head_u(i - 1) == head)
            | (self.head_u(i + 1) == head)
            | (self.head_u(i - s) == head)
            | (self.head_u(i + s) == head)
    }

    /// Removes every stone of the chain at `head`, giving liberties to the adjacent chains.
    fn remove_chain(&mut self, head: u16) {
        let cell = self.cell_u(head as usize);
        let other = 3 - cell;
        let st = self.stride;
        let mut s = head as usize;
        loop {
            let nx = self.next_u(s);
            // SAFETY: s is a stone of the chain (an on-board point).
            unsafe {
                *self.cells.get_unchecked_mut(s) = EMPTY;
                *self.head.get_unchecked_mut(s) = 0;
            }
            self.update_counts(s, cell, false);
            self.stone_count[cell as usize - 1] -= 1;
            self.hash ^= zobrist::stone(cell, s);
            self.add_empty(s);
            let mut seen = [0u16; 4];
            let mut ns = 0;
            for n in [s - 1, s + 1, s - st, s + st] {
                if self.cell_u(n) == other {
                    let hd = self.head_u(n);
                    if !seen[..ns].contains(&hd) {
                        seen[ns] = hd;
                        ns += 1;
                        let ch = self.chain_mut_u(hd as usize);
                        ch.libs += 1;
                        ch.lib_sum += s as u32;
                    }
                }
            }
            s = nx as usize;
            if s == head as usize {
                break;
            }
        }
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
        let mut libs: Vec<Point> = members
            .iter()
            .flat_map(|&p| self.neighbors(p))
            .filter(|n| self.cells[n.idx()] == EMPTY)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        self.chain[start.idx()] = Chain {
            stones: members.len() as u16,
            libs: libs.len() as u16,
            lib_sum: libs.iter().map(|p| p.0 as u32).sum(),
        };
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

    /// Recomputes every chain, liberty count, liberty sum, the empty list and the hash from
    /// the stone array and compares them with the incremental data.
    pub fn check_invariants(&self) -> Result<(), String> {
        let fresh = Board::from_stones(self.size(), &self.stones())
            .map_err(|e| format!("stone layout invalid: {e}"))?;
        if fresh.hash != self.hash {
            return Err("hash differs from recomputed hash".into());
        }
        if fresh.stone_count != self.stone_count {
            return Err(format!(
                "stone counts {:?} != recomputed {:?}",
                self.stone_count, fresh.stone_count
            ));
        }
        if fresh.n_empty != self.n_empty {
            return Err(format!(
                "empty count {} != recomputed {}",
                self.n_empty, fresh.n_empty
            ));
        }
        for i in 0..self.n_empty {
            let e = self.empties[i] as usize;
            if self.cells[e] != EMPTY || self.empty_pos[e] as usize != i {
                return Err(format!("empty list corrupt at {i}"));
            }
        }
        for p in self.geo.points() {
            let i = p.idx();
            if self.cells[i] != fresh.cells[i] {
                return Err("cells differ".into());
            }
            if (0..3).any(|k| self.nb[k][i] != fresh.nb[k][i]) {
                return Err(format!("neighbour counts at {} differ", self.geo.vertex(p)));
            }
            if self.cells[i] == EMPTY {
                if self.head[i] != 0 {
                    return Err(format!("empty point {} has a head", self.geo.vertex(p)));
                }
                continue;
            }
            let mine = self.chain(p);
            let theirs = fresh.chain(p);
            if mine != theirs {
                return Err(format!(
                    "chain at {}: incremental {mine:?}, recomputed {theirs:?}",
                    self.geo.vertex(p)
                ));
            }
            let members = self.chain_stones(p);
            if members.len() != mine.stones as usize
                || members.iter().any(|m| fresh.head[m.idx()] != fresh.head[i])
            {
                return Err(format!("chain ring at {} is wrong", self.geo.vertex(p)));
            }
        }
        if self.ko != 0 {
            let k = self.ko as usize;
            if self.cells[k] != EMPTY {
                return Err("ko point is not empty".into());
            }
        }
        Ok(())
    }
}

impl PartialEq for Board {
    /// Same size, same stones, same ko state and capture counts.
    fn eq(&self, other: &Board) -> bool {
        self.geo == other.geo
            && self.hash == other.hash
            && self.cells[..self.used()] == other.cells[..other.used()]
            && self.ko() == other.ko()
            && self.captures == other.captures
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_from_a_smaller_board_equals_clone() {
        let mut big = Board::new(19).unwrap();
        let g19 = big.geometry();
        big.play(g19.point(3, 3), Color::Black);
        let mut small = Board::from_diagram(
            ". X O .
             X O . O
             . X O .
             . . . .",
        )
        .unwrap();
        small.play(small.geometry().point(2, 2), Color::Black); // a ko capture
        big.copy_from(&small);
        assert_eq!(big, small);
        assert_eq!(big.ko(), small.ko());
        big.check_invariants().unwrap();
        let p = small.geometry().point(3, 0);
        big.play(p, Color::White);
        small.play(p, Color::White);
        assert_eq!(big, small);
    }

    /// `libs_after` and `two_liberties` agree with playing the move and walking the chain.
    #[test]
    fn tactical_queries_agree_with_playing_the_move() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(5);
        for size in [3, 5, 9, 13] {
            for _ in 0..8 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..(2 * size * size) {
                    for k in 0..b.empty_count() {
                        let p = b.empty_at(k);
                        for color in [Color::Black, Color::White] {
                            assert_eq!(b.legal_fast(p, color), b.is_legal(p, color, false));
                            if !b.is_legal(p, color, false) {
                                continue;
                            }
                            let mut after = b.clone();
                            let captured = after.play(p, color);
                            let actual = after.libs(p).min(4);
                            let stones = after.chain(p).stones as u32;
                            let (libs, st) = b.libs_after(p, color, 4);
                            assert_eq!(st, stones, "\n{b:?}");
                            if captured <= 1 {
                                assert_eq!(libs, actual, "{p:?} {color}\n{b:?}");
                            } else {
                                assert!(libs <= actual && libs >= 1);
                            }
                            assert_eq!(b.libs_after(p, color, 2).0, actual.min(libs).min(2));
                        }
                    }
                    for s in b.stones() {
                        let libs = b.chain_liberties(s.0);
                        match b.two_liberties(s.0) {
                            Some((l1, l2)) => {
                                let mut got = vec![l1, l2];
                                got.sort_unstable();
                                assert_eq!(got, libs);
                            }
                            None => assert_ne!(libs.len(), 2),
                        }
                    }
                    let moves: Vec<Point> = (0..b.empty_count())
                        .map(|k| b.empty_at(k))
                        .filter(|&p| b.is_legal(p, c, false))
                        .collect();
                    if moves.is_empty() {
                        b.pass();
                    } else {
                        b.play(moves[rng.random_range(0..moves.len())], c);
                    }
                    c = c.opp();
                }
            }
        }
    }
}
