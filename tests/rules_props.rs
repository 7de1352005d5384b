//! Property tests for the rules core: random move sequences (half of them aimed at occupied
//! or illegal points) on random sizes under every rule set. After every move the incremental
//! board equals one rebuilt from scratch; an illegal move changes nothing; undo walks back to
//! the start reproducing every earlier position and hash exactly.

use hoshi::go::{Board, Color, Game, Move, Point, RuleSet, Rules};
use proptest::prelude::*;

const SETS: [RuleSet; 5] = [
    RuleSet::Chinese,
    RuleSet::Japanese,
    RuleSet::Aga,
    RuleSet::NewZealand,
    RuleSet::TrompTaylor,
];

struct Snapshot {
    board: Board,
    hash: u64,
    to_move: Color,
    moves: usize,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        board: g.board().clone(),
        hash: g.board().hash(),
        to_move: g.to_move(),
        moves: g.moves().len(),
    }
}

fn run(size: usize, set: RuleSet, choices: &[(u16, u8)]) -> Result<(), TestCaseError> {
    let mut g = Game::new(size, Rules::new(set), 7.5).unwrap();
    let geo = g.geometry();
    let all: Vec<Point> = geo.points().collect();
    let mut history = vec![snapshot(&g)];
    for &(pick, kind) in choices {
        let c = g.to_move();
        let m = match kind % 16 {
            0 => Move::Pass,
            // Aim at any point, legal or not.
            1..=7 => Move::Play(all[pick as usize % all.len()]),
            // Aim at a legal point when there is one.
            _ => {
                let legal = g.legal_points(c);
                if legal.is_empty() {
                    Move::Pass
                } else {
                    Move::Play(legal[pick as usize % legal.len()])
                }
            }
        };
        let expected_legal = g.is_legal(c, m);
        let before = snapshot(&g);
        let result = g.play(c, m);
        prop_assert_eq!(result.is_ok(), expected_legal);
        if let Err(e) = g.board().check_invariants() {
            return Err(TestCaseError::fail(format!("{e}\n{:?}", g.board())));
        }
        if result.is_ok() {
            history.push(snapshot(&g));
        } else {
            prop_assert!(g.board() == &before.board, "illegal move changed the board");
            prop_assert_eq!(g.to_move(), before.to_move);
            prop_assert_eq!(g.moves().len(), before.moves);
        }
    }
    // Undo to the start, checking every earlier position.
    history.pop();
    while let Some(s) = history.pop() {
        prop_assert!(g.undo());
        prop_assert!(g.board() == &s.board);
        prop_assert_eq!(g.board().hash(), s.hash);
        prop_assert_eq!(g.to_move(), s.to_move);
        prop_assert_eq!(g.moves().len(), s.moves);
        g.board().check_invariants().map_err(TestCaseError::fail)?;
    }
    prop_assert!(!g.undo());
    Ok(())
}

fn size_strategy() -> impl Strategy<Value = usize> {
    prop_oneof![3 => 2usize..=7, 2 => 8usize..=13, 1 => 14usize..=25]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_keep_invariants_and_undo_exactly(
        size in size_strategy(),
        set in 0usize..5,
        choices in prop::collection::vec((any::<u16>(), any::<u8>()), 0..400),
    ) {
        run(size, SETS[set], &choices)?;
    }
}

/// A long seeded game on the small boards where captures, kos and suicides are frequent.
#[test]
fn long_seeded_games_on_small_boards() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
    for (size, set) in [
        (4, RuleSet::TrompTaylor),
        (5, RuleSet::NewZealand),
        (9, RuleSet::Chinese),
        (19, RuleSet::Japanese),
    ] {
        let choices: Vec<(u16, u8)> = (0..3000).map(|_| (rng.random(), rng.random())).collect();
        run(size, set, &choices).unwrap();
    }
}
