//! The hash a move would give, without playing it: `Game`'s superko test. Off the
//! playout path (playouts follow simple ko); a child module of `board`.

use super::*;

impl Board {
    /// The hash the board would have after `c` plays at `p` (legal by simple-ko rules),
    /// without playing it: used for superko checks.
    pub fn hash_after(&self, p: Point, c: Color) -> u64 {
        let own = c.cell();
        let mut h = self.hash ^ zobrist::stone(own, p.idx());
        let term = lib_term_of(p.idx());
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
                if !ch.only_liberty_is(term) {
                    has_liberty = true;
                }
                own_chains[no] = hd;
                no += 1;
            } else if ch.only_liberty_is(term) {
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
}
