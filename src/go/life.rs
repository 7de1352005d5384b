//! Unconditional life (Benson 1976): the chains that no sequence of enemy moves can
//! capture even if their owner passes every turn ("pass-alive"), and the regions they
//! enclose that the enemy can never live in. A stone placed inside such a region gains
//! nothing for either side under any rule set: the enemy's is captured (or is suicide),
//! the owner's fills its own area.
//!
//! For one colour X: the X-enclosed regions are the maximal connected sets of points
//! without an X stone. A region is *healthy* for an X chain when every empty point of the
//! region is a liberty of that chain. Start from all X chains and all regions, then repeat
//! until nothing changes: drop the chains with fewer than two healthy regions, and drop
//! the regions that touch a dropped chain. The chains left are pass-alive; a region left
//! that is healthy for one of them is pass-alive territory (every empty point of it
//! touches the chain, so the enemy can never make an eye there).
//!
//! Where multi-stone suicide is allowed (Tromp-Taylor, New Zealand) the enemy can empty
//! its own stones out of a region, and the points they leave need not touch the chain: a
//! region is then healthy only when every point of it, stones included, touches the chain.

use super::point::{BLACK, EDGE, EMPTY, MAX_POINTS, WHITE};
use super::{Board, Color, Point};

/// Who owns each point unconditionally: the stones of pass-alive chains, and every point
/// (empty, or an enemy stone, which is dead) of the pass-alive territory they enclose.
#[derive(Clone, Debug)]
pub struct PassAlive {
    owner: Vec<u8>,
    any: bool,
}

impl PassAlive {
    /// Benson's algorithm for both colours on `board`, under rules that allow multi-stone
    /// suicide or not.
    pub fn of(board: &Board, suicide_allowed: bool) -> PassAlive {
        let mut owner = vec![EMPTY; MAX_POINTS];
        let mut any = false;
        for c in [Color::Black, Color::White] {
            any |= mark(board, c, suicide_allowed, &mut owner);
        }
        PassAlive { owner, any }
    }

    /// The colour that owns `p` unconditionally, if one does.
    #[inline]
    pub fn owner(&self, p: Point) -> Option<Color> {
        Color::from_cell(self.owner[p.idx()] & COLOR_BITS)
    }

    /// Whether `p` is a point of pass-alive territory whose region holds dead enemy
    /// stones (which rules that count stones as they stand need captured).
    pub fn holds_dead(&self, p: Point) -> bool {
        self.owner[p.idx()] & HOLDS_DEAD != 0
    }

    /// Whether the stone at `p` belongs to a pass-alive chain.
    pub fn is_alive_stone(&self, board: &Board, p: Point) -> bool {
        board.color_at(p).is_some_and(|c| self.owner(p) == Some(c))
    }

    /// Whether `p` is an empty point of pass-alive territory: a stone of either colour
    /// there gains nothing.
    #[inline]
    pub fn is_settled_empty(&self, board: &Board, p: Point) -> bool {
        board.cell(p) == EMPTY && self.owner(p).is_some()
    }

    /// Whether no point is owned unconditionally (the usual case before the endgame).
    pub fn is_empty(&self) -> bool {
        !self.any
    }
}

/// Runs Benson's algorithm for `c` and marks its pass-alive chains and territory in
/// `owner`. True when anything was marked.
fn mark(board: &Board, c: Color, suicide_allowed: bool, owner: &mut [u8]) -> bool {
    let own = c.cell();
    let points: Vec<Point> = board.geometry().points().collect();
    // Chains of c, numbered by their head.
    let mut chain_of = vec![usize::MAX; MAX_POINTS];
    let mut chains: Vec<Point> = Vec::new();
    for &p in &points {
        if board.cell(p) == own {
            let head = board.chain_head(p);
            if chain_of[head.idx()] == usize::MAX {
                chain_of[head.idx()] = chains.len();
                chains.push(head);
            }
            chain_of[p.idx()] = chain_of[head.idx()];
        }
    }
    if chains.is_empty() {
        return false;
    }
    // Regions: maximal connected sets of points without a stone of c.
    let mut region_of = vec![usize::MAX; MAX_POINTS];
    let mut regions: Vec<Region> = Vec::new();
    let mut stack = Vec::new();
    for &start in &points {
        if board.cell(start) == own || region_of[start.idx()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut region = Region {
            points: Vec::new(),
            borders: Vec::new(),
            healthy: Vec::new(),
        };
        region_of[start.idx()] = id;
        stack.push(start);
        // For each empty point (each point, with suicide), the chains it touches; a chain
        // is healthy for the region when every such point touches it.
        let mut first_empty = true;
        while let Some(p) = stack.pop() {
            region.points.push(p);
            let mut touching: [usize; 4] = [usize::MAX; 4];
            for (k, n) in board.neighbors(p).into_iter().enumerate() {
                let v = board.cell(n);
                if v == EDGE {
                    continue;
                }
                if v == own {
                    let ch = chain_of[n.idx()];
                    touching[k] = ch;
                    if !region.borders.contains(&ch) {
                        region.borders.push(ch);
                    }
                } else if region_of[n.idx()] == usize::MAX {
                    region_of[n.idx()] = id;
                    stack.push(n);
                }
            }
            if suicide_allowed || board.cell(p) == EMPTY {
                if first_empty {
                    region.healthy = touching
                        .iter()
                        .copied()
                        .filter(|&t| t != usize::MAX)
                        .collect();
                    region.healthy.sort_unstable();
                    region.healthy.dedup();
                    first_empty = false;
                } else {
                    region.healthy.retain(|ch| touching.contains(ch));
                }
            }
        }
        regions.push(region);
    }
    let mut chain_alive = vec![true; chains.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut healthy_count = vec![0u32; chains.len()];
        for (r, region) in regions.iter().enumerate() {
            if region_alive[r] {
                for &ch in &region.healthy {
                    healthy_count[ch] += 1;
                }
            }
        }
        for (ch, alive) in chain_alive.iter_mut().enumerate() {
            if *alive && healthy_count[ch] < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, region) in regions.iter().enumerate() {
            if region_alive[r] && region.borders.iter().any(|&ch| !chain_alive[ch]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut any = false;
    for &p in &points {
        if board.cell(p) == own && chain_alive[chain_of[p.idx()]] {
            owner[p.idx()] = own;
            any = true;
        }
    }
    let enemy = c.opp().cell();
    for (r, region) in regions.iter().enumerate() {
        if region_alive[r] && region.healthy.iter().any(|&ch| chain_alive[ch]) {
            let dead = region.points.iter().any(|&p| board.cell(p) == enemy);
            for &p in &region.points {
                owner[p.idx()] = own | if dead { HOLDS_DEAD } else { 0 };
            }
        }
    }
    any
}

/// `PassAlive::owner`'s bits: the owner's cell value, and whether its region holds dead
/// enemy stones.
const COLOR_BITS: u8 = 3;
const HOLDS_DEAD: u8 = 4;

/// An enclosed region of one colour's analysis.
struct Region {
    points: Vec<Point>,
    /// The chains (numbers) next to the region.
    borders: Vec<usize>,
    /// The chains every empty point of the region touches.
    healthy: Vec<usize>,
}

const _: () = assert!(BLACK | WHITE == COLOR_BITS && EMPTY == 0);

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.geometry().point(x, y)
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        // Black's chain on the left has two one-point eyes (A7, A5): pass-alive. White's
        // chain on the right has one eye of three points (E7 F7 G7): not.
        let b = Board::from_diagram(
            ". X . O . . .
             X X . O O O O
             . X . . . . .
             X X . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let pa = PassAlive::of(&b, false);
        let top_eye = at(&b, 0, 6);
        let second_eye = at(&b, 0, 4);
        assert_eq!(pa.owner(top_eye), Some(Color::Black), "{pa:?}");
        assert_eq!(pa.owner(second_eye), Some(Color::Black));
        assert!(pa.is_alive_stone(&b, at(&b, 1, 6)));
        assert!(pa.is_alive_stone(&b, at(&b, 0, 3)));
        assert!(pa.is_settled_empty(&b, top_eye));
        // The open area is no one's, and neither is white's one eye.
        assert_eq!(pa.owner(at(&b, 4, 2)), None);
        assert!(!pa.is_alive_stone(&b, at(&b, 3, 6)));
        assert_eq!(pa.owner(at(&b, 5, 6)), None);
        assert!(!pa.is_empty());
        assert!(PassAlive::of(&Board::new(9).unwrap(), false).is_empty());
        // A second eye for white (G7 split off by a stone at F7) makes it pass-alive.
        let mut b2 = b.clone();
        b2.play(at(&b, 5, 6), Color::White);
        let pa2 = PassAlive::of(&b2, false);
        assert!(pa2.is_alive_stone(&b2, at(&b, 3, 6)));
        assert!(pa2.is_settled_empty(&b2, at(&b, 6, 6)));
    }

    #[test]
    fn dead_enemy_stones_inside_a_healthy_region_are_the_owners() {
        // Black's chain has two eyes, B7 and D7; the corner region of B7 also holds a
        // white stone (A7), dead: the region's only empty point touches black's chain.
        let b = Board::from_diagram(
            "O . X . X . .
             X X X X X . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let pa = PassAlive::of(&b, false);
        let white_stone = at(&b, 0, 6);
        assert_eq!(pa.owner(white_stone), Some(Color::Black), "{pa:?}");
        assert!(pa.is_alive_stone(&b, at(&b, 2, 6)));
        assert!(pa.is_settled_empty(&b, at(&b, 1, 6)));
        assert!(!pa.is_alive_stone(&b, white_stone));
        assert!(pa.holds_dead(white_stone) && pa.holds_dead(at(&b, 1, 6)));
        assert!(!pa.holds_dead(at(&b, 3, 6)));
    }

    #[test]
    fn a_big_territory_is_not_pass_alive() {
        // A wall with a big area behind it: the enemy could live inside, so none of it is
        // unconditional.
        let b = Board::from_diagram(
            ". . . X . . .
             . . . X . . .
             . . . X . . .
             X X X X . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let pa = PassAlive::of(&b, false);
        assert!(pa.is_empty(), "{pa:?}");
    }

    #[test]
    fn with_suicide_the_enemy_can_empty_a_region() {
        // Black's E4 stone has D4 and E5 as its two one-point regions; white's three
        // stones next to D4 share the region. Without suicide they stay, and D4 and E5 are
        // all the region's empty points: E4 is pass-alive. With multi-stone suicide white
        // can play D4 and remove its own stones, which leaves points E4 does not touch.
        let b = Board::from_diagram(
            "X X X X .
             X O O . X
             X O X X .
             . X X X O
             O . X O .",
        )
        .unwrap();
        let e4 = at(&b, 4, 3);
        assert!(PassAlive::of(&b, false).is_alive_stone(&b, e4));
        assert!(!PassAlive::of(&b, true).is_alive_stone(&b, e4));
    }

    /// Random play where the owner of each pass-alive chain never moves: no pass-alive
    /// stone is ever captured, with or without multi-stone suicide.
    #[test]
    fn pass_alive_chains_survive_any_enemy_play() {
        for suicide in [false, true] {
            pass_alive_chains_survive(suicide);
        }
    }

    fn pass_alive_chains_survive(suicide: bool) {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut checked = 0;
        for size in [5, 7, 9] {
            for _ in 0..300 {
                let mut b = Board::new(size).unwrap();
                let mut c = Color::Black;
                for _ in 0..rng.random_range(0..4 * size * size) {
                    b.play_random(c, true, &mut rng);
                    c = c.opp();
                }
                let pa = PassAlive::of(&b, suicide);
                if pa.is_empty() {
                    continue;
                }
                for owner in [Color::Black, Color::White] {
                    let alive: Vec<Point> = b
                        .geometry()
                        .points()
                        .filter(|&p| b.color_at(p) == Some(owner) && pa.owner(p) == Some(owner))
                        .collect();
                    if alive.is_empty() {
                        continue;
                    }
                    checked += 1;
                    let mut t = b.clone();
                    let enemy = owner.opp();
                    for _ in 0..200 {
                        let empties: Vec<Point> =
                            (0..t.empty_count()).map(|k| t.empty_at(k)).collect();
                        let legal: Vec<Point> = empties
                            .into_iter()
                            .filter(|&p| t.is_legal(p, enemy, suicide))
                            .collect();
                        if legal.is_empty() {
                            break;
                        }
                        let p = legal[rng.random_range(0..legal.len())];
                        t.play(p, enemy);
                        for &s in &alive {
                            assert_eq!(t.color_at(s), Some(owner), "\n{b:?}\n{t:?}");
                        }
                    }
                }
            }
        }
        assert!(checked > 20, "{checked}");
    }
}
