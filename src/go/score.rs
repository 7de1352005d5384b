//! Counting a finished position given which stones are dead (and which chains are in seki).

use super::board::Board;
use super::point::*;

/// Point counts for one side after removing dead stones.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Count {
    /// Living stones on the board.
    pub stones: u32,
    /// Empty points (including points of removed dead stones) surrounded only by this side,
    /// not touching a seki chain when seki is excluded.
    pub territory: u32,
    /// Opposing dead stones removed at the end.
    pub dead_taken: u32,
}

/// Both sides' counts.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub black: Count,
    pub white: Count,
}

impl Counts {
    /// Black minus white by area: stones plus territory.
    pub fn area_margin(&self) -> f64 {
        let b = self.black.stones + self.black.territory;
        let w = self.white.stones + self.white.territory;
        b as f64 - w as f64
    }

    /// Black minus white by territory: territory plus dead stones taken (prisoners taken
    /// during play are added by the caller).
    pub fn territory_margin(&self) -> f64 {
        let b = self.black.territory + self.black.dead_taken;
        let w = self.white.territory + self.white.dead_taken;
        b as f64 - w as f64
    }
}

/// Counts the board with the stones on `dead` removed. Empty regions (after removal) that
/// touch stones of one colour only belong to that colour; when `seki` lists chain stones,
/// a region touching any of those chains belongs to nobody (Japanese "no territory in seki").
pub fn count(board: &Board, dead: &[Point], seki: &[Point]) -> Counts {
    let regions = Regions::new(board, dead, seki);
    let mut counts = Counts::default();
    for p in board.geometry().points() {
        if regions.at(p).is_none() {
            match board.cell(p) {
                BLACK => counts.black.stones += 1,
                WHITE => counts.white.stones += 1,
                _ => {}
            }
        }
    }
    for r in &regions.regions {
        counts.white.dead_taken += r.taken[Color::Black.index()];
        counts.black.dead_taken += r.taken[Color::White.index()];
        match r.owner() {
            Some(Color::Black) => counts.black.territory += r.size,
            Some(Color::White) => counts.white.territory += r.size,
            None => {}
        }
    }
    counts
}

/// Black's margin under territory counting, before komi: territory and the dead stones on
/// `dead` taken off (`count`, with `seki` as judged), plus the prisoners taken so far.
pub fn territory_count(board: &Board, dead: &[Point], seki: &[Point]) -> f64 {
    count(board, dead, seki).territory_margin() + board.captures(Color::Black) as f64
        - board.captures(Color::White) as f64
}

/// One empty region of `Regions`: connected empty points, the removed dead stones among
/// them.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its points.
    pub size: u32,
    /// The colours (`BLACK | WHITE` bits) of the living stones it touches.
    pub borders: u8,
    /// Whether it touches a chain in seki.
    pub touches_seki: bool,
    /// The dead stones taken off inside it, per colour (`Color::index`).
    pub taken: [u32; 2],
}

impl Region {
    /// The colour whose territory it is: it touches that colour's stones only, and no
    /// chain in seki.
    pub fn owner(&self) -> Option<Color> {
        match (self.borders, self.touches_seki) {
            (BLACK, false) => Some(Color::Black),
            (WHITE, false) => Some(Color::White),
            _ => None,
        }
    }
}

/// The empty regions of a position once the stones on `dead` are taken off, and which
/// region each point lies in (`count`, and the engine's territory as judged).
#[derive(Clone, Debug)]
pub struct Regions {
    /// Per board index: the index of the point's region in `regions`; `NO_REGION` for a
    /// living stone or a point off the board.
    of: Vec<u16>,
    pub regions: Vec<Region>,
}

const NO_REGION: u16 = u16::MAX;

impl Regions {
    /// The regions of `board` with the stones on `dead` removed; a region touching a
    /// chain that `seki` lists a stone of is marked (`Region::touches_seki`).
    pub fn new(board: &Board, dead: &[Point], seki: &[Point]) -> Regions {
        let geo = board.geometry();
        let mut cells = [EDGE; MAX_POINTS];
        for p in geo.points() {
            cells[p.idx()] = board.cell(p);
        }
        let mut removed = [EMPTY; MAX_POINTS];
        for &p in dead {
            if board.color_at(p).is_some() && cells[p.idx()] != EMPTY {
                removed[p.idx()] = cells[p.idx()];
                cells[p.idx()] = EMPTY;
            }
        }
        let mut in_seki = [false; MAX_POINTS];
        for &p in seki {
            if board.color_at(p).is_some() {
                for s in board.chain_stones(p) {
                    in_seki[s.idx()] = true;
                }
            }
        }
        let mut of = vec![NO_REGION; MAX_POINTS];
        let mut regions: Vec<Region> = Vec::new();
        let mut stack = Vec::new();
        for p in geo.points() {
            if cells[p.idx()] != EMPTY || of[p.idx()] != NO_REGION {
                continue;
            }
            let id = regions.len() as u16;
            let mut r = Region::default();
            of[p.idx()] = id;
            stack.push(p);
            while let Some(q) = stack.pop() {
                r.size += 1;
                match removed[q.idx()] {
                    BLACK => r.taken[Color::Black.index()] += 1,
                    WHITE => r.taken[Color::White.index()] += 1,
                    _ => {}
                }
                for n in board.neighbors(q) {
                    match cells[n.idx()] {
                        EMPTY if of[n.idx()] == NO_REGION => {
                            of[n.idx()] = id;
                            stack.push(n);
                        }
                        c @ (BLACK | WHITE) => {
                            r.borders |= c;
                            r.touches_seki |= in_seki[n.idx()];
                        }
                        _ => {}
                    }
                }
            }
            regions.push(r);
        }
        Regions { of, regions }
    }

    /// The region of `p`, an empty point or a removed dead stone; `None` for a living
    /// stone.
    pub fn at(&self, p: Point) -> Option<&Region> {
        self.regions.get(self.of[p.idx()] as usize)
    }
}

/// GTP / SGF result text for a margin (positive: black wins): `B+3.5`, `W+0.5`, `0`.
pub fn result_text(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{}", margin)
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_text_forms() {
        assert_eq!(result_text(3.5), "B+3.5");
        assert_eq!(result_text(-0.5), "W+0.5");
        assert_eq!(result_text(0.0), "0");
        assert_eq!(result_text(-7.0), "W+7");
    }
}
