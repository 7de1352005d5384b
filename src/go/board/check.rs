//! The invariant checker (every incremental field recomputed from the stones and compared)
//! and board equality. A child module of `board`, so it sees the private fields.

use super::*;

impl Board {
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
            if self.nb[i] != fresh.nb[i] {
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
