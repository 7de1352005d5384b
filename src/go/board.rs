//! The incremental board: stones, chains, pseudo-liberties, captures, simple ko, hash.
//!
//! Representation (see `point.rs` for the padded layout):
//! - `cells`: EMPTY / BLACK / WHITE / EDGE per array index.
//! - `head`: for a stone, the index of its chain's head; 0 (an edge cell) otherwise.
//! - `next`: a ring through the stones of each chain, to walk its members.
//! - `chain[head]`: stone count and *pseudo-liberties*: every (stone, empty neighbour)
//!   adjacency counts once, with the sum and the sum of squares of the liberty indices.
//!   Pseudo-liberties are cheap to keep (no test whether a liberty is shared, when chains
//!   merge or stones are captured) and still exact where it matters: a chain has no
//!   liberty iff its count is 0, and all its adjacencies are one point (atari) iff
//!   `count · Σx² = (Σx)²` (Cauchy–Schwarz), the point being `Σx / count`; both O(1).
//!   Exact counts beyond that (`libs`, `libs_upto`, `two_liberties`) walk the chain.
//! - `empties` / `empty_pos`: an indexed list of empty points for O(1) random choice.
//!
//! Every array has `MAX_POINTS` entries and no heap data, so `Clone` is a plain memcpy.
//! `play` assumes a legal move (check it with `legality` first); the checked API with
//! superko and history lives in `Game`.

use super::error::Illegal;
use super::point::*;
use super::zobrist;

mod check;
mod setup;
mod superko;

/// Per-chain data, stored at the chain's head index.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Chain {
    pub stones: u16,
    /// Pseudo-liberties packed in one word, so that an update is one add: the number of
    /// adjacencies between the chain's stones and empty points (bits 0–10), the sum of
    /// those points' indices (bits 11–30) and the sum of their squares (bits 31–63).
    /// A 25×25 board has 1,200 stone–point adjacencies in all and indices below 729, so
    /// no field can overflow into the next (at most 1,200; 873,600; 636·10⁶).
    libs: u64,
}

const SUM_SHIFT: u32 = 11;
const SQ_SHIFT: u32 = 31;

/// The packed pseudo-liberty term of one adjacency with the point at index `i`.
const fn lib_term_of(i: usize) -> u64 {
    1 | (i as u64) << SUM_SHIFT | ((i * i) as u64) << SQ_SHIFT
}

/// `lib_term_of` for every index: one load instead of a multiply and three bit operations.
/// Index 0, a corner of the padding that is never a liberty, maps to 0, so a masked term
/// is a load from a masked index (which the compiler cannot turn into a branch).
static LIB_TERMS: [u64; MAX_POINTS] = {
    let mut t = [0u64; MAX_POINTS];
    let mut i = 1;
    while i < MAX_POINTS {
        t[i] = lib_term_of(i);
        i += 1;
    }
    t
};

#[inline(always)]
fn lib_term(i: usize) -> u64 {
    debug_assert!(i < MAX_POINTS);
    // SAFETY: i is an index of the padded array (an on-board point or its neighbour).
    unsafe { *LIB_TERMS.get_unchecked(i) }
}

/// Adds the point `l` to the `*n` distinct liberties listed in `libs`, unless it is listed
/// already or `cap` are.
#[inline(always)]
fn add_liberty<const N: usize>(libs: &mut [usize; N], n: &mut usize, cap: usize, l: usize) {
    if *n < cap && !libs[..*n].contains(&l) {
        libs[*n] = l;
        *n += 1;
    }
}

impl Chain {
    #[inline(always)]
    fn pseudo(&self) -> u64 {
        self.libs & ((1 << SUM_SHIFT) - 1)
    }

    /// The sum of the pseudo-liberties' indices.
    #[inline(always)]
    fn sum(&self) -> u64 {
        (self.libs >> SUM_SHIFT) & ((1 << (SQ_SHIFT - SUM_SHIFT)) - 1)
    }

    /// Whether the chain has at most one liberty (exact; true for no liberty too, and for
    /// the all-zero record of chain 0 that empty and edge cells point to): every
    /// adjacency is with the same point iff `count · Σx² = (Σx)²`.
    #[inline(always)]
    fn at_most_one_liberty(&self) -> bool {
        self.pseudo() * (self.libs >> SQ_SHIFT) == self.sum() * self.sum()
    }

    /// Whether every liberty of the chain is the point whose packed term is `term`, for a
    /// point known to be one of its liberties (an empty neighbour): exactly "at most one
    /// liberty" there, at one multiply. If all n adjacencies are with that point the record
    /// is n·term; conversely equal records mean Σx = n·i and Σx² = n·i², so Σ(x − i)² = 0.
    /// (n·term cannot carry between fields: n·i < 2²⁰ and n·i² < 2³³.) True for chain 0.
    #[inline(always)]
    fn only_liberty_is(&self, term: u64) -> bool {
        self.libs == self.pseudo().wrapping_mul(term)
    }

    /// The liberty of a chain in atari.
    #[inline]
    fn atari_point(&self) -> Option<u16> {
        (self.pseudo() > 0 && self.at_most_one_liberty())
            .then(|| (self.sum() / self.pseudo()) as u16)
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
    /// Per point, how many neighbours are empty (byte 0), black or edge (byte 1), white or
    /// edge (byte 2), packed in one word: eye and liberty tests in one load, and a stone
    /// appearing or leaving updates each neighbour with one add. Meaningless on edge cells.
    nb: [u32; MAX_POINTS],
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
            nb: [0; MAX_POINTS],
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

    // Unchecked access for the hot path.
    //
    // SAFETY (for every caller below): indices passed here are on-board points of this
    // board, their orthogonal or diagonal neighbours, chain heads or ring members (which are
    // on-board stones), or the liberty of a chain in atari (an on-board empty point). All of
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
        (unsafe { *self.nb.get_unchecked(i) } >> (8 * k)) as u8
    }

    #[inline(always)]
    fn nb_add_u(&mut self, i: usize, delta: u32) {
        debug_assert!(i < MAX_POINTS);
        unsafe {
            let v = self.nb.get_unchecked_mut(i);
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
        // One more `cell` neighbour and one fewer empty one (or the reverse). The packed
        // counts never leave 0..=4, so adding the difference of the two place values to the
        // whole word updates both bytes exactly.
        let delta = (1u32 << (8 * cell)).wrapping_sub(1);
        let delta = if appear { delta } else { delta.wrapping_neg() };
        for n in [i - 1, i + 1, i - s, i + s] {
            self.nb_add_u(n, delta);
        }
    }

    /// Empty neighbours of an empty point. O(1).
    #[inline]
    pub fn empty_neighbors(&self, p: Point) -> u8 {
        self.nb[p.idx()] as u8
    }

    /// Stones of colour `c` next to the empty point `p`. O(1): the byte of the other
    /// colour counts its stones and the edge, so `c`'s stones are what the empty
    /// neighbours and that byte leave of four.
    #[inline]
    pub fn stone_neighbors(&self, p: Point, c: Color) -> u8 {
        debug_assert!(self.cells[p.idx()] == EMPTY);
        4 - self.nb_u(0, p.idx()) - self.nb_u(c.opp().cell() as usize, p.idx())
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
        self.nb[..n].copy_from_slice(&src.nb[..n]);
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

    /// Stones black has placed minus stones white has placed since the board's start
    /// (setup stones included): the stones on the board plus those captured from each.
    /// The territory margin is the area margin less this (every placed stone is a point of
    /// area and not of territory, every capture a prisoner).
    #[inline]
    pub fn placed_margin(&self) -> i32 {
        (self.stone_count[0] + self.captures[1]) as i32
            - (self.stone_count[1] + self.captures[0]) as i32
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

    /// Liberty count of the chain through stone `p` (0 for an empty point). O(1) up to
    /// one liberty, else a walk of the chain.
    pub fn libs(&self, p: Point) -> usize {
        match self.libs_upto(p, 1) {
            1 if !self.chain(p).at_most_one_liberty() => self.chain_liberties(p).len(),
            n => n,
        }
    }

    /// `min(libs(p), cap)` for `cap` ≤ 4, walking the chain only until `cap` distinct
    /// liberties are found; O(1) when the chain has at most one liberty or `cap` ≤ 1. A
    /// larger cap is a caller's error (it would count as 4: `libs_upto(p, 5) <= 4` always
    /// holds), checked in debug builds; use `libs` for more.
    pub fn libs_upto(&self, p: Point, cap: usize) -> usize {
        debug_assert!(
            cap <= 4,
            "libs_upto counts at most 4 liberties, asked {cap}"
        );
        let cap = cap.min(4);
        if !matches!(self.cells[p.idx()], BLACK | WHITE) || cap == 0 {
            return 0;
        }
        let head = self.head[p.idx()] as usize;
        let ch = self.chain[head];
        if ch.libs == 0 {
            return 0;
        }
        if cap == 1 || ch.at_most_one_liberty() {
            return 1;
        }
        self.distinct_liberties(head, cap).1
    }

    /// Up to `cap` (at most 4) liberties of the chain through stone `p`, in ascending order
    /// when the chain has no more than `cap`, and how many were found (0 for an empty
    /// point); a count of `cap` means `cap` or more. No allocation, unlike
    /// `chain_liberties`.
    pub fn liberties_upto(&self, p: Point, cap: usize) -> ([Point; 4], usize) {
        let mut out = [Point(0); 4];
        if !matches!(self.cells[p.idx()], BLACK | WHITE) {
            return (out, 0);
        }
        let (found, n) = self.distinct_liberties(self.head[p.idx()] as usize, cap);
        for (o, &f) in out.iter_mut().zip(&found[..n]) {
            *o = Point(f as u16);
        }
        out[..n].sort_unstable();
        (out, n)
    }

    /// The first `cap` (at most 4) distinct liberties a walk of the chain at `head` meets,
    /// and how many there are.
    #[inline]
    fn distinct_liberties(&self, head: usize, cap: usize) -> ([usize; 4], usize) {
        let cap = cap.min(4);
        let mut found = [0usize; 4];
        let mut n = 0;
        if cap > 0 {
            self.walk_liberties(head, usize::MAX, |l| {
                if !found[..n].contains(&l) {
                    found[n] = l;
                    n += 1;
                }
                n < cap
            });
        }
        (found, n)
    }

    /// Calls `f` with every (stone, empty neighbour) adjacency of the chain at `head`,
    /// skipping the point `skip`, until `f` returns false.
    #[inline]
    fn walk_liberties(&self, head: usize, skip: usize, mut f: impl FnMut(usize) -> bool) {
        let st = self.stride;
        let mut s = head;
        loop {
            for n in [s - 1, s + 1, s - st, s + st] {
                if n != skip && self.cell_u(n) == EMPTY && !f(n) {
                    return;
                }
            }
            s = self.next_u(s) as usize;
            if s == head {
                return;
            }
        }
    }

    /// If the chain through stone `p` has exactly one liberty, that liberty. O(1).
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        if !matches!(self.cells[p.idx()], BLACK | WHITE) {
            return None;
        }
        self.chain(p).atari_point().map(Point)
    }

    /// Whether the chain through `p` (if a stone) or one next to it is in atari. O(1): five
    /// chain records read without a branch each (empty and edge cells point to the
    /// all-zero record of chain 0, which has no liberty counted). The playouts' quick test
    /// before they look around the last moves for captures and saves.
    #[inline]
    pub fn atari_near(&self, p: Point) -> bool {
        let (i, s) = (p.idx(), self.stride);
        // A point off the top or bottom border row has all four neighbours in the array.
        if i < s || i + s >= self.used() {
            return false;
        }
        let mut any = false;
        for n in [i, i - 1, i + 1, i - s, i + s] {
            let ch = self.chain_u(self.head_u(n) as usize);
            any |= (ch.pseudo() > 0) & ch.at_most_one_liberty();
        }
        any
    }

    /// The stones of the chain through stone `p`, walked without allocating (just `p` for
    /// an empty point).
    pub fn chain_walk(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let stone = matches!(self.cells[p.idx()], BLACK | WHITE);
        let start = if stone { self.head[p.idx()] } else { p.0 };
        let mut s = Some(start);
        std::iter::from_fn(move || {
            let cur = s?;
            let next = self.next[cur as usize];
            s = (stone && next != start).then_some(next);
            Some(Point(cur))
        })
    }

    /// The stones of the chain through stone `p`.
    pub fn chain_stones(&self, p: Point) -> Vec<Point> {
        self.chain_walk(p).collect()
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
        let term = lib_term(i);
        let mut friendly = false;
        let s = self.stride;
        for n in [i - 1, i + 1, i - s, i + s] {
            let v = self.cell_u(n);
            if v == own {
                friendly = true;
                if !self.chain_u(self.head_u(n) as usize).only_liberty_is(term) {
                    return Ok(());
                }
            } else if v != EDGE && self.chain_u(self.head_u(n) as usize).only_liberty_is(term) {
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
        // SAFETY: i is an empty on-board point.
        let counts = unsafe { *self.nb.get_unchecked(i) };
        if counts & 0xff != 0 {
            // An empty neighbour: legal, and neither an eye nor the ko point (whose
            // neighbours are all the capturer's stones or the edge).
            return Some(Point(i as u16));
        }
        let own = c.cell() as usize;
        if (counts >> (8 * own)) & 0xff == 4 {
            // Eyeish: playable only if it is a false eye, and then legal only if one of
            // our chains around it keeps another liberty.
            let enemy = c.opp().cell();
            let s = self.stride;
            let mut bad = 0u32;
            let mut edge = 0u32;
            for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
                let v = self.cell_u(d);
                edge |= (v == EDGE) as u32;
                bad += (v == enemy) as u32;
            }
            // True eye: no enemy diagonal on the edge, at most one in the centre.
            if bad + edge < 2 {
                return None;
            }
        }
        self.legal_on_empty(i, c).then_some(Point(i as u16))
    }

    /// Legality (simple ko, no suicide) of `c` on `i`, known to be an empty point of this
    /// board. The playout fast path of `legality`, branch-free.
    ///
    /// A move is legal when some neighbour is empty, or is our chain with another liberty,
    /// or is an enemy chain in atari. Empty points have head 0, whose chain record is
    /// all zeros and so has "at most one liberty", so "not ours, and at most one liberty"
    /// covers the empty neighbour too; edge cells are masked out.
    #[inline(always)]
    fn legal_on_empty(&self, i: usize, c: Color) -> bool {
        debug_assert!(self.chain[0] == Chain::default());
        let not_ko = (i != self.ko as usize) | (c.cell() != self.ko_color);
        let own = c.cell();
        let s = self.stride;
        let term = lib_term(i);
        let mut ok = false;
        for n in [i - 1, i + 1, i - s, i + s] {
            let v = self.cell_u(n);
            // `i` is a liberty of every chain around it.
            let short = self.chain_u(self.head_u(n) as usize).only_liberty_is(term);
            ok |= (v != EDGE) & ((v == own) != short);
        }
        not_ko & ok
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

    /// The two liberties of the chain through stone `p` when it has exactly two, in the
    /// order a walk of the chain meets them. O(stones); O(1) for a chain in atari or with
    /// more than eight stone–liberty adjacencies.
    pub fn two_liberties(&self, p: Point) -> Option<(Point, Point)> {
        if !matches!(self.cells[p.idx()], BLACK | WHITE) {
            return None;
        }
        let head = self.head[p.idx()] as usize;
        let ch = &self.chain[head];
        // A liberty touches at most four stones: more than eight adjacencies make three
        // liberties or more, with no walk.
        if ch.pseudo() > 8 || ch.at_most_one_liberty() {
            return None;
        }
        let (found, n) = self.distinct_liberties(head, 3);
        (n == 2).then(|| (Point(found[0] as u16), Point(found[1] as u16)))
    }

    /// Liberties (counted up to `cap`, at most 4) and stones of the chain that `c` would
    /// form by playing the empty point `p`, without playing it. Captured stones next to `p`
    /// count as liberties; other points opened by capturing a chain of several stones are
    /// not counted, so the figure is exact unless the move captures more than one stone,
    /// and a lower bound then. Used for self-atari and ladder-escape tests.
    pub fn libs_after(&self, p: Point, c: Color, cap: usize) -> (usize, u32) {
        if cap <= 2 {
            return self.libs_after_upto2(p, c, cap);
        }
        self.libs_after_walk(p, c, cap)
    }

    /// `libs_after` up to two liberties, from the chain records alone (no walk): an own
    /// chain beside `p` keeps its adjacencies with other points, its record less one
    /// term of `p` for each of its stones next to `p`, and that remainder is empty, one
    /// point (its sum over its count) or at least two (exact: `at_most_one_liberty`).
    #[inline]
    fn libs_after_upto2(&self, p: Point, c: Color, cap: usize) -> (usize, u32) {
        let (i, st) = (p.idx(), self.stride);
        debug_assert!(self.cells[i] == EMPTY);
        let term = lib_term(i);
        let own = c.cell();
        let mut libs = [0usize; 2];
        let mut n_libs = 0;
        let nbrs = [i - 1, i + 1, i - st, i + st];
        // Own chains beside `p`, each with its stones next to `p`.
        let mut heads = [0u16; 4];
        let mut next_to_p = [0u64; 4];
        let mut n_heads = 0;
        for n in nbrs {
            let v = self.cell_u(n);
            if v == EMPTY {
                add_liberty(&mut libs, &mut n_libs, cap, n);
            } else if v == own {
                let hd = self.head_u(n);
                match heads[..n_heads].iter().position(|&h| h == hd) {
                    Some(k) => next_to_p[k] += 1,
                    None => {
                        heads[n_heads] = hd;
                        next_to_p[n_heads] = 1;
                        n_heads += 1;
                    }
                }
            } else if v != EDGE && self.chain_u(self.head_u(n) as usize).only_liberty_is(term) {
                // Captured: its stone next to `p` becomes a liberty.
                add_liberty(&mut libs, &mut n_libs, cap, n);
            }
        }
        let mut stones = 1u32;
        for k in 0..n_heads {
            let ch = self.chain_u(heads[k] as usize);
            stones += ch.stones as u32;
            if n_libs >= cap {
                continue;
            }
            let rest = Chain {
                stones: 0,
                libs: ch.libs.wrapping_sub(next_to_p[k].wrapping_mul(term)),
            };
            if rest.pseudo() == 0 {
                continue;
            }
            if rest.at_most_one_liberty() {
                let l = (rest.sum() / rest.pseudo()) as usize;
                add_liberty(&mut libs, &mut n_libs, cap, l);
            } else {
                // Two other liberties at least: as many as asked for.
                n_libs = cap;
            }
        }
        (n_libs, stones)
    }

    /// `libs_after` by walking the own chains beside `p` for their liberties.
    fn libs_after_walk(&self, p: Point, c: Color, cap: usize) -> (usize, u32) {
        let cap = cap.min(4);
        let (i, st) = (p.idx(), self.stride);
        let term = lib_term(i);
        debug_assert!(self.cells[i] == EMPTY);
        let own = c.cell();
        let mut libs = [0usize; 4];
        let mut n_libs = 0;
        let mut stones = 1u32;
        let mut seen = [0u16; 4];
        let mut n_seen = 0;
        let nbrs = [i - 1, i + 1, i - st, i + st];
        for n in nbrs {
            let v = self.cell_u(n);
            if v == EMPTY {
                add_liberty(&mut libs, &mut n_libs, cap, n);
            } else if v != EDGE
                && v != own
                && self.chain_u(self.head_u(n) as usize).only_liberty_is(term)
            {
                // Captured: its stone next to `p` becomes a liberty.
                add_liberty(&mut libs, &mut n_libs, cap, n);
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
            if n_libs >= cap || ch.only_liberty_is(term) {
                // Nothing more to count, or the chain's one liberty is `p` itself.
                continue;
            }
            // Walk the chain for liberties other than `p`.
            self.walk_liberties(hd as usize, i, |m| {
                add_liberty(&mut libs, &mut n_libs, cap, m);
                n_libs < cap
            });
        }
        (n_libs, stones)
    }

    /// Area margin (black minus white, no komi) counting every stone, and each empty point
    /// for the colour it touches when it touches one colour only. Exact when every empty
    /// region is a single point, as at the end of a playout. O(stones + empties).
    pub fn fast_area_margin(&self) -> i32 {
        let mut margin = self.stone_count[0] as i32 - self.stone_count[1] as i32;
        for k in 0..self.n_empty {
            margin += self.empty_area_owner(self.empties[k] as usize);
        }
        margin
    }

    /// The area count of the empty point `i`: +1 when it touches black stones only, −1
    /// white's only, 0 otherwise; from the packed neighbour counts alone.
    #[inline(always)]
    fn empty_area_owner(&self, i: usize) -> i32 {
        let (e, b, w) = (self.nb_u(0, i), self.nb_u(1, i), self.nb_u(2, i));
        // nb[1] and nb[2] both count edges: edges = b + w + e - 4.
        let edges = b + w + e - 4;
        let (blacks, whites) = (b - edges, w - edges);
        (blacks > 0 && whites == 0) as i32 - (whites > 0 && blacks == 0) as i32
    }

    /// Adds to `sums` (indexed by `Point::idx`) each point's owner by the count of
    /// `fast_area_margin`: +1 for a black stone or an empty point touching black stones
    /// only, −1 for white's, 0 for the rest (`empty_area_owner`).
    pub fn add_area_owners(&self, sums: &mut [i32]) {
        for p in self.geometry().points() {
            let i = p.idx();
            sums[i] += match self.cells[i] {
                BLACK => 1,
                WHITE => -1,
                _ => self.empty_area_owner(i),
            };
        }
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

    /// Plays a stone, which must be legal by `legality` (with the same suicide setting).
    /// Captures, merges chains, sets the ko point. Returns the number of stones captured
    /// (0 for a multi-stone suicide, whose stones are credited to the opponent).
    ///
    /// Panics if `p` is not an empty point of this board.
    #[inline(always)]
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
        // for empty and edge neighbours; their updates are masked and leave chain 0's
        // all-zero record alone. A chain touching `i` twice loses two pseudo-liberties.
        let nbrs = [i - 1, i + 1, i - s, i + s];
        let h = nbrs.map(|n| self.head_u(n));
        let term = lib_term(i);
        let mut libs = 0u64;
        for k in 0..4 {
            let empty = (self.cell_u(nbrs[k]) == EMPTY) as usize;
            libs += lib_term(nbrs[k] & 0usize.wrapping_sub(empty));
            self.chain_mut_u(h[k] as usize).libs -= term & 0u64.wrapping_sub((h[k] != 0) as u64);
        }
        self.chain[i] = Chain { stones: 1, libs };
        // Which neighbours are our chains, and which enemy chains are left without
        // liberties, as bit masks: one branch each on the common "none" instead of four
        // coin flips.
        let (mut own_mask, mut capture_mask) = (0u32, 0u32);
        for (k, &hd) in h.iter().enumerate() {
            let v = self.cell_u(hd as usize);
            own_mask |= ((v == own) as u32) << k;
            capture_mask |= (((v == enemy) & (self.chain_u(hd as usize).libs == 0)) as u32) << k;
        }
        let mut captured = 0u32;
        let mut captured_at = 0u16;
        while capture_mask != 0 {
            let hd = h[capture_mask.trailing_zeros() as usize] as usize;
            capture_mask &= capture_mask - 1;
            // A chain met twice is empty the second time.
            if self.cell_u(hd) == enemy {
                captured += self.chain_u(hd).stones as u32;
                captured_at = hd as u16;
                self.remove_chain(hd as u16);
            }
        }
        if own_mask != 0 {
            // The new stone joins the first of our chains around it without a walk; any
            // other one merges in.
            let base = h[own_mask.trailing_zeros() as usize] as usize;
            // The sides where that same chain touches the stone need no merge.
            let same = (h[0] as usize == base) as u32
                | ((h[1] as usize == base) as u32) << 1
                | ((h[2] as usize == base) as u32) << 2
                | ((h[3] as usize == base) as u32) << 3;
            own_mask &= !same;
            let single = self.chain_u(i);
            let b = self.chain_mut_u(base);
            b.stones += 1;
            b.libs += single.libs;
            self.head[i] = base as u16;
            self.next[i] = self.next_u(base);
            self.next[base] = i as u16;
            while own_mask != 0 {
                let hd = h[own_mask.trailing_zeros() as usize] as usize;
                own_mask &= own_mask - 1;
                // `hd` may have been relabelled by an earlier merge: use current heads.
                self.merge(self.head_u(i), self.head_u(hd));
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
        // A single stone's pseudo-liberties are its distinct liberties.
        if captured == 1 && ch.stones == 1 && ch.pseudo() == 1 {
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
    /// Pseudo-liberties simply add up: no liberty needs testing.
    #[inline]
    fn merge(&mut self, a: u16, b: u16) {
        if a == b {
            return;
        }
        let (ca, cb) = (self.chain_u(a as usize), self.chain_u(b as usize));
        let (big, small) = if ca.stones >= cb.stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small as usize;
        loop {
            // SAFETY: s is a stone of the small chain (an on-board point).
            unsafe { *self.head.get_unchecked_mut(s) = big };
            s = self.next_u(s) as usize;
            if s == small as usize {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        *self.chain_mut_u(big as usize) = Chain {
            stones: ca.stones + cb.stones,
            libs: ca.libs + cb.libs,
        };
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
            // Every adjacency with an enemy stone is a new pseudo-liberty of its chain
            // (masked for the others: empty and edge cells point to chain 0, stones of
            // this chain to its own dead record).
            let term = lib_term(s);
            for n in [s - 1, s + 1, s - st, s + st] {
                let mask = 0u64.wrapping_sub((self.cell_u(n) == other) as u64);
                self.chain_mut_u(self.head_u(n) as usize).libs += term & mask;
            }
            s = nx as usize;
            if s == head as usize {
                break;
            }
        }
    }
}

#[cfg(test)]
impl Board {
    /// Test helper: plays a uniformly random legal move for `c` (no suicide; none into an
    /// own true eye when `keep_eyes`), or passes when there is none.
    pub(crate) fn play_random(&mut self, c: Color, keep_eyes: bool, rng: &mut impl rand::Rng) {
        use rand::RngExt;
        let moves: Vec<Point> = (0..self.empty_count())
            .map(|k| self.empty_at(k))
            .filter(|&p| !(keep_eyes && self.is_true_eye(p, c)) && self.is_legal(p, c, false))
            .collect();
        if moves.is_empty() {
            self.pass();
        } else {
            self.play(moves[rng.random_range(0..moves.len())], c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chains of one to five stones of both colours, on the edge and in the corner.
    fn mixed_chains() -> Board {
        Board::from_diagram(
            ". X X O .
             . X O O .
             X X . O X
             . . . . X
             O . . . X",
        )
        .unwrap()
    }

    #[test]
    fn chain_walk_visits_each_stone_of_the_chain_once() {
        let b = mixed_chains();
        for p in b.geometry().points() {
            let mut walked: Vec<Point> = b.chain_walk(p).collect();
            walked.sort_by_key(|q| q.idx());
            if b.color_at(p).is_some() {
                let mut stones = b.chain_stones(p);
                stones.sort_by_key(|q| q.idx());
                assert_eq!(walked, stones);
                assert_eq!(walked.len(), b.chain(p).stones as usize);
            } else {
                assert_eq!(walked, vec![p]);
            }
        }
    }

    #[test]
    fn libs_after_up_to_two_from_the_records_equals_the_walk() {
        // Every empty point, both colours, caps 0-2, over random positions (captures,
        // merges, suicide points and eyes among them) on every board size.
        use rand::SeedableRng;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut seen = [0usize; 3];
        for size in [2, 3, 5, 9, 13, 19] {
            for _ in 0..4 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..(3 * size * size) {
                    for k in 0..b.empty_count() {
                        let p = b.empty_at(k);
                        for color in [Color::Black, Color::White] {
                            for cap in 0..=2 {
                                let fast = b.libs_after(p, color, cap);
                                assert_eq!(
                                    fast,
                                    b.libs_after_walk(p, color, cap),
                                    "{p:?} {color:?} cap {cap}\n{b:?}"
                                );
                                if cap == 2 {
                                    seen[fast.0] += 1;
                                }
                            }
                        }
                    }
                    b.play_random(c, true, &mut rng);
                    c = c.opp();
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }

    #[test]
    fn stone_neighbors_counts_the_stones_of_each_colour_around_an_empty_point() {
        let b = Board::from_diagram(
            ". X . O .
             X . X O .
             . X . O X
             O . O . .
             . O . X .",
        )
        .unwrap();
        let mut seen = [0; 5];
        for p in b.geometry().points() {
            if b.color_at(p).is_some() {
                continue;
            }
            for c in [Color::Black, Color::White] {
                let n = b
                    .neighbors(p)
                    .iter()
                    .filter(|&&q| b.color_at(q) == Some(c))
                    .count();
                assert_eq!(b.stone_neighbors(p, c) as usize, n, "{p:?} {c:?}");
                seen[n] += 1;
            }
        }
        // Points with none up to four stones of a colour around, on the edge and inside.
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }

    #[test]
    fn liberties_upto_agrees_with_chain_liberties() {
        let b = mixed_chains();
        for p in b.geometry().points() {
            if b.color_at(p).is_none() {
                assert_eq!(b.liberties_upto(p, 4).1, 0);
                continue;
            }
            let all = b.chain_liberties(p);
            for cap in 1..=4 {
                let (libs, n) = b.liberties_upto(p, cap);
                assert_eq!(n, all.len().min(cap), "{p:?} cap {cap}");
                if all.len() <= cap {
                    assert_eq!(&libs[..n], &all[..]);
                } else {
                    assert!(libs[..n].iter().all(|l| all.contains(l)));
                }
            }
        }
    }

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

    /// `libs_after`, `libs`, `libs_upto`, `atari_liberty` and `two_liberties` agree with
    /// playing the move and walking the chain.
    #[test]
    fn tactical_queries_agree_with_playing_the_move() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        let mut rng = SmallRng::seed_from_u64(5);
        for size in [3, 5, 9, 13] {
            for _ in 0..8 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..(2 * size * size) {
                    for k in 0..b.empty_count() {
                        let p = b.empty_at(k);
                        // The one-multiply test at a liberty against the liberty list.
                        for n in b.neighbors(p) {
                            if b.color_at(n).is_some() {
                                let single = b.chain_liberties(n) == [p];
                                assert_eq!(b.chain(n).only_liberty_is(lib_term(p.idx())), single);
                            }
                        }
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
                        // The O(1) and walking counts from pseudo-liberties agree with
                        // the sorted, deduplicated list.
                        assert_eq!(b.libs(s.0), libs.len());
                        for cap in 0..=4 {
                            assert_eq!(b.libs_upto(s.0, cap), libs.len().min(cap));
                        }
                        let atari = (libs.len() == 1).then(|| libs[0]);
                        assert_eq!(b.atari_liberty(s.0), atari, "\n{b:?}");
                        match b.two_liberties(s.0) {
                            Some((l1, l2)) => {
                                let mut got = vec![l1, l2];
                                got.sort_unstable();
                                assert_eq!(got, libs);
                            }
                            None => assert_ne!(libs.len(), 2),
                        }
                    }
                    b.play_random(c, false, &mut rng);
                    c = c.opp();
                }
            }
        }
    }
}
