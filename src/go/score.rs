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
    let geo = board.geometry();
    let mut cells = [EDGE; MAX_POINTS];
    for p in geo.points() {
        cells[p.idx()] = board.cell(p);
    }
    let mut counts = Counts::default();
    for &p in dead {
        match board.color_at(p) {
            Some(Color::Black) if cells[p.idx()] == BLACK => counts.white.dead_taken += 1,
            Some(Color::White) if cells[p.idx()] == WHITE => counts.black.dead_taken += 1,
            _ => continue,
        }
        cells[p.idx()] = EMPTY;
    }
    let mut in_seki = [false; MAX_POINTS];
    for &p in seki {
        if board.color_at(p).is_some() {
            for s in board.chain_stones(p) {
                in_seki[s.idx()] = true;
            }
        }
    }
    let mut seen = [false; MAX_POINTS];
    let mut stack = Vec::new();
    for p in geo.points() {
        match cells[p.idx()] {
            BLACK => counts.black.stones += 1,
            WHITE => counts.white.stones += 1,
            EMPTY if !seen[p.idx()] => {
                let (mut size, mut borders, mut touches_seki) = (0u32, 0u8, false);
                seen[p.idx()] = true;
                stack.push(p);
                while let Some(q) = stack.pop() {
                    size += 1;
                    for n in board.neighbors(q) {
                        match cells[n.idx()] {
                            EMPTY if !seen[n.idx()] => {
                                seen[n.idx()] = true;
                                stack.push(n);
                            }
                            c @ (BLACK | WHITE) => {
                                borders |= c;
                                touches_seki |= in_seki[n.idx()];
                            }
                            _ => {}
                        }
                    }
                }
                if !touches_seki {
                    match borders {
                        BLACK => counts.black.territory += size,
                        WHITE => counts.white.territory += size,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    counts
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
