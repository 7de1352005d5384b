//! Differential test of the rules core against GNU Go 3.8 (Debian's `gnugo`), an
//! independent implementation. Random games on 5×5 … 19×19 with simple ko and suicide
//! forbidden; after every move both sides' stones and the side to move's legal points must
//! be identical. This test fails (never skips) if GNU Go is missing: `.ci/run` installs it.

mod common;

use common::Gtp;
use hoshi::go::{Color, Game, Move, RuleSet, Rules};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn sorted_vertices(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(|s| s.to_uppercase()).collect();
    v.sort();
    v
}

fn ours(game: &Game, points: impl Iterator<Item = hoshi::go::Point>) -> Vec<String> {
    let geo = game.geometry();
    let mut v: Vec<String> = points.map(|p| geo.vertex(p)).collect();
    v.sort();
    v
}

#[test]
fn random_games_agree_with_gnugo() {
    let mut gnugo =
        Gtp::spawn(common::gnugo(), &["--mode", "gtp", "--japanese-rules"]).expect("start gnugo");
    let mut rng = SmallRng::seed_from_u64(38);
    let mut total_moves = 0;
    let mut captures = 0;
    for (size, games) in [(5, 24), (7, 12), (9, 10), (13, 5), (19, 3)] {
        for _ in 0..games {
            gnugo.ok(&format!("boardsize {size}"));
            gnugo.ok("clear_board");
            let mut game = Game::new(size, Rules::new(RuleSet::Japanese), 0.0).unwrap();
            let geo = game.geometry();
            let max_moves = 2 * size * size;
            for _ in 0..max_moves {
                let c = game.to_move();
                let legal = game.legal_points(c);
                let theirs = sorted_vertices(&gnugo.ok(&format!("all_legal {c}")));
                assert_eq!(
                    ours(&game, legal.iter().copied()),
                    theirs,
                    "legal points for {c} differ after {:?}\n{:?}",
                    game.moves().last(),
                    game.board()
                );
                let m = if legal.is_empty() || rng.random_range(0..50) == 0 {
                    Move::Pass
                } else {
                    Move::Play(legal[rng.random_range(0..legal.len())])
                };
                let before = game.board().captures(c);
                game.play(c, m).unwrap();
                captures += (game.board().captures(c) - before) as usize;
                gnugo.ok(&format!("play {c} {}", geo.move_text(m)));
                total_moves += 1;
                for color in [Color::Black, Color::White] {
                    let stones = game
                        .board()
                        .stones()
                        .into_iter()
                        .filter(|&(_, sc)| sc == color)
                        .map(|(p, _)| p);
                    assert_eq!(
                        ours(&game, stones),
                        sorted_vertices(&gnugo.ok(&format!("list_stones {color}"))),
                        "{color} stones differ after {:?}",
                        game.moves().last()
                    );
                }
                if game.consecutive_passes() >= 2 {
                    break;
                }
            }
        }
    }
    gnugo.close();
    eprintln!("{total_moves} moves, {captures} stones captured, zero disagreements");
    assert!(total_moves >= 6000, "only {total_moves} moves compared");
    assert!(
        captures >= 500,
        "too few captures to exercise the rules: {captures}"
    );
}
