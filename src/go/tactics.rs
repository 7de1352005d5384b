//! Board-level tactics shared by the playouts, the tree's priors and the dead-stone
//! judgement: ladder reading (with its own scratch boards), the vital point of a nakade
//! shape, bent four in the corner, the ataris next to a chain, and whether a stone can be
//! played without being left in atari. Reads boards only;
//! knows nothing of search or GTP.

use super::point::{EDGE, EMPTY};
use super::{Board, Color, Point};

/// Plies a ladder is read out before it is assumed to fail (the chain escapes).
const LADDER_DEPTH: usize = 80;
/// Largest eye space whose vital point `nakade_point` finds.
pub const NAKADE_MAX: usize = 6;

/// A ladder reader with its scratch boards (one per ply, grown on first use). Keep one per
/// thread: reading a ladder copies into them and allocates nothing after the first reads.
#[derive(Default)]
pub struct Ladder {
    boards: Vec<Board>,
}

impl Ladder {
    pub fn new() -> Ladder {
        Ladder::default()
    }

    /// Whether `c`, whose chain is in atari at `lib`, gets away by extending there: the
    /// ladder read out with the attacker trying both liberties at every step.
    pub fn escapes(&mut self, b: &Board, lib: Point, c: Color) -> bool {
        match b.libs_after(lib, c, 3).0 {
            0 | 1 => return false,
            2 => {}
            _ => return true,
        }
        if self.boards.is_empty() {
            self.boards.push(b.clone());
        } else {
            self.boards[0].copy_from(b);
        }
        self.escapes_from(0, 0, lib, c)
    }

    /// `ladder[k]`, this call's own board (changed in place), has `c`'s chain in atari at
    /// `lib` after `ply` plies of the ladder: does extending there escape? The extension
    /// is played on `ladder[k]` itself; the attacker's first try on a copy in `ladder[k +
    /// 1]`, handed to the next step, and the second in place, the extension's board being
    /// needed no more: one board copy a step.
    fn escapes_from(&mut self, k: usize, ply: usize, lib: Point, c: Color) -> bool {
        if ply + 2 >= LADDER_DEPTH {
            return true;
        }
        let ext = &mut self.boards[k];
        if !ext.legal_fast(lib, c) {
            return false;
        }
        ext.play(lib, c);
        match ext.libs_upto(lib, 3) {
            0 | 1 => return false,
            2 => {}
            _ => return true,
        }
        // A counter-capture gets out of a ladder.
        if adjacent_ataris(ext, lib).next().is_some() {
            return true;
        }
        let Some((a1, a2)) = ext.two_liberties(lib) else {
            return true;
        };
        for (first, a) in [(true, a1), (false, a2)] {
            if !self.boards[k].legal_fast(a, c.opp()) {
                continue;
            }
            let j = if first {
                while self.boards.len() < k + 2 {
                    let b = self.boards[0].clone();
                    self.boards.push(b);
                }
                let (lo, hi) = self.boards.split_at_mut(k + 1);
                hi[0].copy_from(&lo[k]);
                k + 1
            } else {
                k
            };
            let att = &mut self.boards[j];
            att.play(a, c.opp());
            if att.libs_upto(a, 2) == 1 {
                // The attacking stone can be captured.
                continue;
            }
            let Some(next) = att.atari_liberty(lib) else {
                continue;
            };
            if !self.escapes_from(j, ply + 2, next, c) {
                return false;
            }
        }
        true
    }
}

/// The vital point of the empty region next to `l` that `owner`'s stones alone enclose,
/// when it has 3 to `NAKADE_MAX` points and one point touches more of the region than
/// any other (straight and bent three, pyramid four, bulky and crossed five, rabbity six).
pub fn nakade_point(b: &Board, l: Point, owner: Color) -> Option<Point> {
    let mut region = [Point(0); NAKADE_MAX + 1];
    for start in b.neighbors(l) {
        if b.cell(start) != EMPTY {
            continue;
        }
        let mut n = 1;
        region[0] = start;
        let mut k = 0;
        let mut enclosed = true;
        while k < n && enclosed {
            for q in b.neighbors(region[k]) {
                match b.color_at(q) {
                    None if b.cell(q) == EMPTY && !region[..n].contains(&q) => {
                        if n > NAKADE_MAX {
                            enclosed = false;
                            break;
                        }
                        region[n] = q;
                        n += 1;
                    }
                    Some(c) if c != owner => enclosed = false,
                    _ => {}
                }
            }
            k += 1;
        }
        if !enclosed || !(3..=NAKADE_MAX).contains(&n) {
            continue;
        }
        let inside = |p: Point| {
            b.neighbors(p)
                .iter()
                .filter(|q| region[..n].contains(q))
                .count()
        };
        let mut best = (0, Point(0), false);
        for &p in &region[..n] {
            let d = inside(p);
            if d > best.0 {
                best = (d, p, true);
            } else if d == best.0 {
                best.2 = false;
            }
        }
        if best.2 && best.0 >= 2 {
            return Some(best.1);
        }
    }
    None
}

/// Whether the points `pts` (2 to `NAKADE_MAX`), as one side's eye space, make a shape that
/// one stone at its vital point leaves with one eye at most: any two or three points, the
/// square and the pyramid four, the bulky and the crossed five, the rabbity six. Read from
/// the points' adjacency within the set: the most neighbours any point has there and the
/// number of adjacent pairs.
pub fn dead_shape(b: &Board, pts: &[Point]) -> bool {
    let mut pairs2 = 0;
    let mut most = 0;
    for &p in pts {
        let d = b.neighbors(p).iter().filter(|q| pts.contains(q)).count();
        pairs2 += d;
        most = most.max(d);
    }
    let pairs = pairs2 / 2;
    match pts.len() {
        2 | 3 => true,
        4 => pairs == 4 || most == 3,
        5 => most == 4 || (most == 3 && pairs == 5),
        6 => most == 4 && pairs == 6,
        _ => false,
    }
}

/// Whether a stone of `c` at the empty point `p`, putting its chain in atari, sacrifices a
/// chain of 2 to `NAKADE_MAX` stones whose points, once the opponent takes them, leave
/// the opponent a dead eye shape there (`dead_shape`), and leaves every enemy chain
/// around it in atari as well: a nakade by sacrifice, not a seki broken from inside. The
/// caller has found the chain `p` makes to have one liberty.
pub fn nakade_sacrifice(b: &Board, p: Point, c: Color) -> bool {
    let mut pts = [Point(0); NAKADE_MAX];
    pts[0] = p;
    let mut n = 1;
    for q in b.neighbors(p) {
        if b.color_at(q) != Some(c) || pts[..n].contains(&q) {
            continue;
        }
        for s in b.chain_walk(q) {
            if n == NAKADE_MAX {
                return false;
            }
            pts[n] = s;
            n += 1;
        }
    }
    if n < 2 || !dead_shape(b, &pts[..n]) {
        return false;
    }
    // Not a seki broken from inside: the sacrifice must leave every enemy chain around it
    // in atari too, on the sacrificed chain's own last liberty (its liberties `p` and that
    // one), so that the enemy has to take and the space taken is all its room; a chain
    // with a liberty elsewhere (outside, or an eye of its own) would only gain an eye.
    let Some(last) = last_liberty_after(b, p, c) else {
        return false;
    };
    let touches_p = |head: Point| {
        b.neighbors(p)
            .iter()
            .any(|&m| b.color_at(m) == Some(c.opp()) && b.chain_head(m) == head)
    };
    pts[..n].iter().all(|&s| {
        b.neighbors(s).iter().all(|&m| {
            if b.color_at(m) != Some(c.opp()) {
                return true;
            }
            match b.two_liberties(m) {
                Some((x, y)) => {
                    touches_p(b.chain_head(m)) && ((x, y) == (p, last) || (y, x) == (p, last))
                }
                None => b.libs_upto(m, 2) <= 1,
            }
        })
    })
}

/// The one liberty left to the chain that a stone of `c` at the empty point `p` makes,
/// when it has one: an empty neighbour of `p`, or a liberty other than `p` of an own
/// chain beside it. The caller has found the chain to have one liberty.
fn last_liberty_after(b: &Board, p: Point, c: Color) -> Option<Point> {
    let nbrs = b.neighbors(p);
    if let Some(&e) = nbrs.iter().find(|&&n| b.cell(n) == EMPTY) {
        return Some(e);
    }
    nbrs.iter()
        .filter(|&&n| b.color_at(n) == Some(c))
        .find_map(|&n| {
            let (libs, k) = b.liberties_upto(n, 3);
            libs[..k].iter().copied().find(|&l| l != p)
        })
}

/// Whether a stone of `c` at the empty point `p` is a mutual atari that breaks a seki (or
/// loses a race) from inside: its chain there, of two stones or more, keeps one liberty
/// and captures nothing, while an enemy chain beside `p` of two liberties is left with
/// one. The opponent moves next and takes first, so the stone only gives the chain away,
/// unless the stones taken leave the opponent a dead eye shape (`nakade_sacrifice`).
/// Cheap for most points: a point with two empty neighbours, or with no own stone or no
/// enemy chain of two liberties beside it, is no such move and nothing is counted.
pub fn breaks_seki(b: &Board, p: Point, c: Color) -> bool {
    if b.empty_neighbors(p) >= 2 || b.stone_neighbors(p, c) == 0 {
        return false;
    }
    let mut enemy_short = false;
    for q in b.neighbors(p) {
        if b.color_at(q) != Some(c.opp()) {
            continue;
        }
        if b.atari_liberty(q).is_some() {
            return false; // a capture
        }
        enemy_short |= b.two_liberties(q).is_some();
    }
    if !enemy_short {
        return false;
    }
    let (libs, stones) = b.libs_after(p, c, 2);
    libs == 1 && stones >= 2 && !nakade_sacrifice(b, p, c)
}

/// Whether `c` may play the point `p` (simple ko, no suicide) and its chain there keeps
/// two liberties or more: a stone the opponent cannot take at once.
pub fn plays_safely(b: &Board, p: Point, c: Color) -> bool {
    b.is_legal(p, c, false) && b.libs_after(p, c, 2).0 >= 2
}

/// Whether a stone of `c` at `p` is a legal one-stone self-atari that the opponent can
/// take only by a ko capture: the taking stone captures that one stone and stands alone
/// with one liberty, so `c` may take back after a ko threat. Unlike a plain self-atari
/// (see `plays_safely`), such a stone threatens what it puts in atari.
pub fn starts_ko(b: &Board, p: Point, c: Color) -> bool {
    if !b.is_legal(p, c, false) || b.libs_after(p, c, 2) != (1, 1) {
        return false;
    }
    let mut after = b.clone();
    after.play(p, c);
    let Some(take) = after.atari_liberty(p) else {
        return false;
    };
    after.is_legal(take, c.opp(), false) && takes_as_ko(&after, take, c)
}

/// Whether the opponent of `c`, playing the empty point `p`, would take a single stone of
/// `c` in atari there as a ko capture: the capturing stone stands alone with the captured
/// point as its one liberty.
pub fn takes_as_ko(b: &Board, p: Point, c: Color) -> bool {
    let takes_one = b.neighbors(p).into_iter().any(|n| {
        b.color_at(n) == Some(c) && b.atari_liberty(n) == Some(p) && b.chain_walk(n).count() == 1
    });
    takes_one && b.libs_after(p, c.opp(), 2) == (1, 1)
}

/// Liberties of the opponent chains in atari that touch the chain through stone `q`, with
/// their sizes.
pub fn adjacent_ataris(b: &Board, q: Point) -> impl Iterator<Item = (Point, u16)> + '_ {
    let own = b.cell(q);
    b.chain_walk(q)
        .flat_map(move |s| b.neighbors(s))
        .filter(move |&n| {
            let v = b.cell(n);
            v != own && b.color_at(n).is_some()
        })
        .filter_map(move |n| b.atari_liberty(n).map(|l| (l, b.chain(n).stones)))
}

/// Stones of groups that are "bent four in the corner": the group's only liberties are an
/// empty corner region of four points bent at the corner point (three along one edge, one
/// along the other), and no enclosing stone can be captured (each has two liberties or
/// more). The owner cannot live: its own moves there leave a dead three-point shape, and
/// the opponent can start a ko that it wins after removing every ko threat first. Under
/// Japanese rules such a group is dead by rule; playouts cannot see it, because they fight
/// the ko as if both sides had threats.
pub fn bent_four_in_the_corner(board: &Board) -> Vec<Point> {
    let geo = board.geometry();
    let n = geo.size();
    let mut dead = Vec::new();
    if n < 4 {
        return dead;
    }
    let (s, last) = (board.stride() as i32, n - 1);
    for (cx, cy, dx, dy) in [
        (0, 0, 1, s),
        (last, 0, -1, s),
        (0, last, 1, -s),
        (last, last, -1, -s),
    ] {
        let k = geo.point(cx, cy).0 as i32;
        let at = |d: i32| Point((k + d) as u16);
        for region in [
            [at(0), at(dx), at(2 * dx), at(dy)],
            [at(0), at(dy), at(2 * dy), at(dx)],
        ] {
            if region.iter().any(|&p| board.cell(p) != EMPTY) {
                continue;
            }
            let mut owner = None;
            let mut heads: Vec<Point> = Vec::new();
            let mut closed = true;
            for &p in &region {
                for q in board.neighbors(p) {
                    if region.contains(&q) || board.cell(q) == EDGE {
                        continue;
                    }
                    match board.color_at(q) {
                        None => closed = false,
                        Some(c) => {
                            closed &= owner.is_none_or(|o| o == c);
                            owner = Some(c);
                            let h = board.chain_head(q);
                            if !heads.contains(&h) {
                                heads.push(h);
                            }
                        }
                    }
                }
            }
            if !closed || heads.is_empty() {
                continue;
            }
            let no_outside_liberty = heads
                .iter()
                .all(|&h| board.chain_liberties(h).iter().all(|l| region.contains(l)));
            let enclosers_safe = heads.iter().all(|&h| {
                board
                    .chain_stones(h)
                    .into_iter()
                    .flat_map(|p| board.neighbors(p))
                    .filter(|&q| board.color_at(q).is_some() && board.color_at(q) != owner)
                    .all(|q| board.libs_upto(q, 2) >= 2)
            });
            if no_outside_liberty && enclosers_safe {
                dead.extend(heads.iter().flat_map(|&h| board.chain_stones(h)));
            }
        }
    }
    dead
}

#[cfg(test)]
/// Black's three stones D2–F2 and White's ring around them share their only liberties,
/// C2 and G2: a seki inside Black's wall, which lives by its eyes at A9 and C9.
pub(crate) const SEKI: &str = ". X . X X X X X X
                               X X X X X X X X X
                               X X X X X X X X X
                               X X X X X X X X X
                               X X X X X X X X X
                               X X X X X X X X X
                               X O O O O O O O X
                               X O . X X X . O X
                               X O O O O O O O X";

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, x: usize, y: usize) -> Point {
        b.geometry().point(x, y)
    }

    #[test]
    fn dead_shapes_are_the_nakade_shapes() {
        let b = Board::new(9).unwrap();
        let shape = |cells: &[(usize, usize)]| {
            let pts: Vec<Point> = cells.iter().map(|&(x, y)| at(&b, x, y)).collect();
            dead_shape(&b, &pts)
        };
        // Dead: two and three points, square and pyramid four, bulky and crossed five,
        // rabbity six.
        assert!(shape(&[(3, 3), (4, 3)]));
        assert!(shape(&[(3, 3), (4, 3), (5, 3)]));
        assert!(shape(&[(3, 3), (4, 3), (4, 4)]));
        assert!(shape(&[(3, 3), (4, 3), (3, 4), (4, 4)]));
        assert!(shape(&[(3, 3), (4, 3), (5, 3), (4, 4)]));
        assert!(shape(&[(3, 3), (4, 3), (3, 4), (4, 4), (5, 3)]));
        assert!(shape(&[(4, 3), (3, 4), (4, 4), (5, 4), (4, 5)]));
        assert!(shape(&[(4, 3), (3, 4), (4, 4), (5, 4), (4, 5), (5, 5)]));
        // Alive: straight and bent four, straight five, the bent five with a branch, the
        // rectangular six, the crossed five with a tail.
        assert!(!shape(&[(3, 3), (4, 3), (5, 3), (6, 3)]));
        assert!(!shape(&[(3, 3), (4, 3), (5, 3), (5, 4)]));
        assert!(!shape(&[(2, 3), (3, 3), (4, 3), (5, 3), (6, 3)]));
        assert!(!shape(&[(3, 3), (4, 3), (5, 3), (4, 4), (4, 5)]));
        assert!(!shape(&[(3, 3), (4, 3), (5, 3), (3, 4), (4, 4), (5, 4)]));
        assert!(!shape(&[(4, 3), (3, 4), (4, 4), (5, 4), (4, 5), (4, 6)]));
    }

    /// A 7×7 board: four empty rows, a black wall, and the two rows `wall` and `inside`.
    fn walled_bottom(wall: &str, inside: &str) -> Board {
        Board::from_diagram(&format!(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             X X X X X X X
             {wall}
             {inside}"
        ))
        .unwrap()
    }

    #[test]
    fn a_sacrifice_that_leaves_a_dead_shape_is_a_nakade() {
        // White's only liberties are E1 and F1: black E1 sacrifices three stones in a row
        // (F1 their one liberty) and leaves White in atari; White's capture leaves a
        // straight three.
        let b = walled_bottom("X O O O O O O", "X O X X . . O");
        assert!(nakade_sacrifice(&b, at(&b, 4, 0), Color::Black));
        // A lone stone sacrifices no chain.
        assert!(!nakade_sacrifice(&b, at(&b, 5, 0), Color::Black));
        // With a liberty outside (A2), White need not take: the sacrifice would only give
        // it an eye (a seki broken from inside).
        let open = walled_bottom(". O O O O O O", "X O X X . . O");
        assert!(!nakade_sacrifice(&open, at(&open, 4, 0), Color::Black));
        // In a space of six the same move makes a straight four: two eyes for White.
        let wide = walled_bottom("O O O O O O O", "O X X X . . O");
        assert!(!nakade_sacrifice(&wide, at(&wide, 4, 0), Color::Black));
    }

    #[test]
    fn a_mutual_atari_inside_a_seki_breaks_it_and_a_nakade_does_not() {
        let b = Board::from_diagram(super::SEKI).unwrap();
        // Either side filling either shared liberty puts its own chain in atari beside the
        // other's: the opponent takes first. Black's four stones would leave White a
        // straight four, White's ring is far too big for a nakade.
        for x in [2, 6] {
            for c in [Color::Black, Color::White] {
                assert!(breaks_seki(&b, at(&b, x, 1), c), "{x} {c:?}");
            }
        }
        // A point with no enemy chain beside it (Black's own eye) is none.
        assert!(!breaks_seki(&b, at(&b, 0, 8), Color::Black));
        // gtp-scripts' seki.sgf: White's corner (eye A9) and Black's group (eye E9) share
        // C9. White's C9 would sacrifice a bulky five, but Black takes it and keeps its eye
        // at E9 besides: no nakade, a seki broken. So is Black's C9.
        let corner = Board::from_diagram(
            ". O . X . X O . .
             O O O X X X O . .
             X X X X X X O . .
             O O O O O O O . .
             X X X X X X O . .
             . . . . . X O . .
             . . . . . X O . .
             . . . . . X O . .
             . . . . . X O . .",
        )
        .unwrap();
        let c9 = at(&corner, 2, 8);
        assert!(!nakade_sacrifice(&corner, c9, Color::White));
        assert!(breaks_seki(&corner, c9, Color::White));
        assert!(breaks_seki(&corner, c9, Color::Black));
        // The sacrifice of three stones that leaves White a straight three kills: a
        // nakade, not a seki broken.
        let nakade = walled_bottom("X O O O O O O", "X O X X . . O");
        assert!(!breaks_seki(&nakade, at(&nakade, 4, 0), Color::Black));
        // With White's liberty at A2 the same stone puts nothing in atari but itself.
        let open = walled_bottom(". O O O O O O", "X O X X . . O");
        assert!(!breaks_seki(&open, at(&open, 4, 0), Color::Black));
        // A stone that captures gives nothing away: Black E1 takes White's ring and its
        // lone stone at F1, both in atari there.
        let capture = walled_bottom("X O O O O X X", "X O X X . O X");
        assert!(!breaks_seki(&capture, at(&capture, 4, 0), Color::Black));
    }

    #[test]
    fn a_throw_in_that_only_a_ko_can_take_starts_a_ko() {
        // White A1 (0, 0) puts black A2 in atari; black takes it at B1 only as a ko.
        let b = Board::from_diagram(
            ". . . . .
             X X . . .
             . X O . .
             X O . . .
             . . O . .",
        )
        .unwrap();
        assert!(starts_ko(&b, at(&b, 0, 0), Color::White));
        // With C1 gone, black's stone at B1 would have two liberties: a plain capture.
        let open = Board::from_diagram(
            ". . . . .
             X X . . .
             . X O . .
             X O . . .
             . . . . .",
        )
        .unwrap();
        assert!(!starts_ko(&open, at(&open, 0, 0), Color::White));
        // A stone with two liberties, or a suicide, starts nothing.
        assert!(!starts_ko(&b, at(&b, 3, 3), Color::White));
        assert!(!starts_ko(&b, at(&b, 0, 2), Color::White));
    }

    #[test]
    fn a_ko_stone_is_one_the_opponent_takes_as_a_ko() {
        // Black C2 is in atari at C1; white there stands between black B1 and D1.
        let ko = Board::from_diagram(
            ". . . . .
             . . . . .
             . . O . .
             . O X O .
             . X . X .",
        )
        .unwrap();
        let c1 = ko.geometry().point(2, 0);
        assert!(takes_as_ko(&ko, c1, Color::Black));
        // Without B1 and D1 white's stone would have three liberties: no ko.
        let plain = Board::from_diagram(
            ". . . . .
             . . . . .
             . . O . .
             . O X O .
             . . . . .",
        )
        .unwrap();
        assert!(!takes_as_ko(&plain, c1, Color::Black));
    }

    #[test]
    fn ladders_are_read_out() {
        // Black's stone at C3 is in atari at D3 (white B3, C4, C2, D2). Extending runs
        // into a ladder towards the top-right corner: captured on an empty board...
        let ladder = ". . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . O . . . . . .
                      . O X . . . . . .
                      . . O O . . . . .
                      . . . . . . . . .";
        let b = Board::from_diagram(ladder).unwrap();
        let mut ladder = Ladder::new();
        let lib = at(&b, 3, 2);
        assert_eq!(b.atari_liberty(at(&b, 2, 2)), Some(lib));
        assert!(!ladder.escapes(&b, lib, Color::Black));
        // ...and escaping with a black ladder breaker on its path.
        let mut broken = b.clone();
        broken.play(at(&b, 6, 6), Color::Black);
        assert!(ladder.escapes(&broken, lib, Color::Black));
        // An extension to three liberties escapes at once.
        let open = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             . O X O .
             . . O . .",
        )
        .unwrap();
        assert!(ladder.escapes(&open, at(&open, 2, 2), Color::Black));
    }

    /// Stone coordinates (x, y) from the top-left corner.
    type Stones = Vec<(usize, usize)>;

    /// The bent-four position of gtp-scripts/games/bent_four.sgf: white's corner group and
    /// black's enclosing stones.
    fn bent_four_stones() -> (Stones, Stones) {
        let white = vec![(3, 0), (1, 1), (2, 1), (3, 1), (0, 2), (1, 2)];
        let black = vec![
            (4, 0),
            (4, 1),
            (2, 2),
            (3, 2),
            (4, 2),
            (0, 3),
            (1, 3),
            (2, 3),
        ];
        (white, black)
    }

    /// Builds a 9x9 board from top-left-relative stones, mirrored into `corner` (0..4) and
    /// with colours swapped if `swap`.
    fn placed(
        white: &[(usize, usize)],
        black: &[(usize, usize)],
        corner: usize,
        swap: bool,
    ) -> (Board, Vec<Point>) {
        let geo = crate::go::Geometry::new(9).unwrap();
        let map = |(x, y): (usize, usize)| {
            let x = if corner & 1 == 1 { 8 - x } else { x };
            let y = if corner & 2 == 2 { y } else { 8 - y };
            geo.point(x, y)
        };
        let (w, b) = if swap {
            (Color::Black, Color::White)
        } else {
            (Color::White, Color::Black)
        };
        let mut stones: Vec<(Point, Color)> = white.iter().map(|&p| (map(p), w)).collect();
        stones.extend(black.iter().map(|&p| (map(p), b)));
        let mut defender: Vec<Point> = white.iter().map(|&p| map(p)).collect();
        defender.sort_unstable();
        (Board::from_stones(9, &stones).unwrap(), defender)
    }

    #[test]
    fn bent_four_in_the_corner_is_found_in_every_corner_for_both_colours() {
        let (white, black) = bent_four_stones();
        for corner in 0..4 {
            for swap in [false, true] {
                let (b, defender) = placed(&white, &black, corner, swap);
                let mut dead = bent_four_in_the_corner(&b);
                dead.sort_unstable();
                assert_eq!(dead, defender, "corner {corner} swap {swap}\n{b:?}");
            }
        }
    }

    #[test]
    fn not_bent_four_in_the_corner() {
        let (white, black) = bent_four_stones();
        // An outside liberty (black's E9 removed: white D9 touches E9).
        let open: Vec<_> = black.iter().copied().filter(|&p| p != (4, 0)).collect();
        let (b, _) = placed(&white, &open, 0, false);
        assert!(bent_four_in_the_corner(&b).is_empty(), "\n{b:?}");
        // An enclosing stone in atari can be captured: no ruling.
        let mut weak_w = white.clone();
        weak_w.extend([
            (5, 0),
            (5, 1),
            (4, 3),
            (3, 3),
            (2, 4),
            (1, 4),
            (0, 4),
            (5, 2),
        ]);
        let weak_b: Vec<_> = black.iter().copied().filter(|&p| p != (4, 2)).collect();
        let (b, _) = placed(&weak_w, &weak_b, 0, false);
        assert!(bent_four_in_the_corner(&b).is_empty(), "\n{b:?}");
        // A straight four along the edge (alive) is not the shape.
        let straight_w = vec![(4, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1)];
        let straight_b = vec![
            (5, 0),
            (5, 1),
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
        ];
        let (b, _) = placed(&straight_w, &straight_b, 0, false);
        assert!(bent_four_in_the_corner(&b).is_empty(), "\n{b:?}");
        // An empty board has no groups.
        assert!(bent_four_in_the_corner(&Board::new(9).unwrap()).is_empty());
    }
}
