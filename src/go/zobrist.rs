//! Zobrist keys, fixed forever: generated at compile time by splitmix64 from a constant seed,
//! so hashes are identical across runs, platforms and crate versions.

use super::point::MAX_POINTS;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn generate() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x686F_7368_6921_u64; // "hoshi!"
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < MAX_POINTS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][p] = k;
            p += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u64; MAX_POINTS]; 2] = generate();

/// Key of a stone of colour `cell` (1 = black, 2 = white) on array index `p`.
#[inline]
pub fn stone(cell: u8, p: usize) -> u64 {
    KEYS[cell as usize - 1][p]
}

/// Key added to a position hash when white is to move (situational superko).
pub const WHITE_TO_MOVE: u64 = splitmix64(0x5749_5445).1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_pinned() {
        // Changing the generator would silently change every stored hash: pin two keys.
        assert_eq!(stone(1, 0), splitmix64(0x686F_7368_6921).1);
        assert_ne!(stone(1, 40), stone(2, 40));
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = (0..MAX_POINTS)
            .flat_map(|p| [stone(1, p), stone(2, p)])
            .collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
