//! Dynamic komi in handicap games (Pachi's linear scheme), so that neither side sees the
//! game as decided from the first move.

use super::params::Params;
use crate::go::Game;

/// Komi for the search: the game's (with handicap compensation), raised in handicap games
/// by `dynkomi_per_stone` points per handicap stone at the start (7), falling linearly to
/// nothing by the time a share `dynkomi_fade` (60%) of the board's points have been
/// played (Pachi's linear dynamic komi). Searching as black (the side with the stones),
/// hoshi then aims to win by more instead of playing slack; as white it counts a loss by
/// less than the extra as a win, so the search still tells good moves from bad instead of
/// seeing a lost game everywhere. Returned as white's bonus on the board margin.
pub fn dynamic_komi(game: &Game, params: &Params) -> f64 {
    let base = game.white_bonus();
    let handicap = game.handicap() as f64;
    if handicap < 2.0 {
        return base;
    }
    let points = (game.size() * game.size()) as f64;
    let fade = (1.0 - game.moves().len() as f64 / (params.dynkomi_fade * points)).max(0.0);
    base + params.dynkomi_per_stone * handicap * fade
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Move, Rules};

    #[test]
    fn dynamic_komi_fades_with_the_moves() {
        let p = Params::default();
        let mut g = Game::new(19, Rules::default(), 0.5).unwrap();
        assert_eq!(dynamic_komi(&g, &p), g.white_bonus());
        let stones = crate::go::handicap::fixed(g.geometry(), 4).unwrap();
        g.place_handicap(&stones).unwrap();
        let base = g.white_bonus();
        assert_eq!(dynamic_komi(&g, &p), base + 28.0);
        for k in 0..300 {
            let c = g.to_move();
            g.play(c, Move::Pass).unwrap();
            if k == 100 {
                let d = dynamic_komi(&g, &p) - base;
                assert!(d > 0.0 && d < 28.0, "{d}");
            }
        }
        assert_eq!(dynamic_komi(&g, &p), base);
    }
}
