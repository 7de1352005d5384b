//! Rule tests on hand-made positions: captures, snapback, suicide, ko, superko, seki,
//! scoring, handicap, undo. Diagrams: rows from the top, `X` black, `O` white.

use super::*;
use crate::go::point::Move;

fn game_from(diagram: &str, rules: Rules, to_move: Color) -> Game {
    Game::from_diagram(diagram, rules, 0.0, to_move).unwrap()
}

fn mv(g: &Game, v: &str) -> Move {
    g.geometry().parse_move(v).unwrap()
}

fn play(g: &mut Game, c: Color, v: &str) -> Result<(), Illegal> {
    let m = mv(g, v);
    let r = g.play(c, m);
    g.board().check_invariants().unwrap();
    r
}

fn at(g: &Game, v: &str) -> Option<Color> {
    match mv(g, v) {
        Move::Play(p) => g.board().color_at(p),
        Move::Pass => None,
    }
}

use Color::{Black as B, White as W};

fn chinese() -> Rules {
    Rules::new(RuleSet::Chinese)
}

#[test]
fn corner_capture() {
    let mut g = game_from(
        ". . . . .
         . . . . .
         . . . . .
         O . . . .
         X . . . .",
        chinese(),
        W,
    );
    play(&mut g, W, "B1").unwrap();
    assert_eq!(at(&g, "A1"), None);
    assert_eq!(g.board().captures(W), 1);
    let b1 = match mv(&g, "B1") {
        Move::Play(p) => p,
        _ => unreachable!(),
    };
    assert_eq!(g.board().libs(b1), 3);
}

#[test]
fn edge_capture_and_double_capture() {
    let mut g = game_from(
        ". . . . .
         . . . . .
         . . . . .
         O . O . .
         X . X O .",
        chinese(),
        W,
    );
    // B1 is the last liberty of two separate black chains.
    play(&mut g, W, "B1").unwrap();
    assert_eq!(at(&g, "A1"), None);
    assert_eq!(at(&g, "C1"), None);
    assert_eq!(g.board().captures(W), 2);
}

#[test]
fn atari_liberty_is_reported() {
    let g = game_from(
        ". . . . .
         . . . . .
         . O . . .
         O X X O .
         . O O . .",
        chinese(),
        B,
    );
    let b2 = match mv(&g, "B2") {
        Move::Play(p) => p,
        _ => unreachable!(),
    };
    let c3 = match mv(&g, "C3") {
        Move::Play(p) => p,
        _ => unreachable!(),
    };
    assert_eq!(g.board().libs(b2), 1);
    assert_eq!(g.board().atari_liberty(b2), Some(c3));
    assert_eq!(g.board().chain_liberties(b2), vec![c3]);
}

#[test]
fn snapback() {
    let mut g = game_from(
        ". . . . .
         . . . . .
         O O . . .
         X X O . .
         . . O . .",
        Rules::new(RuleSet::Japanese),
        W,
    );
    play(&mut g, W, "A1").unwrap(); // throw-in
    play(&mut g, B, "B1").unwrap(); // black captures one stone...
    assert_eq!(g.board().captures(B), 1);
    assert_eq!(at(&g, "A1"), None);
    // ...and is left with one liberty at A1: white takes three back. Not a ko.
    play(&mut g, W, "A1").unwrap();
    assert_eq!(g.board().captures(W), 3);
    for v in ["A2", "B2", "B1"] {
        assert_eq!(at(&g, v), None, "{v}");
    }
}

#[test]
fn single_stone_suicide_is_illegal_everywhere() {
    for set in [
        RuleSet::Chinese,
        RuleSet::Japanese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ] {
        let mut g = game_from(
            ". O .
             O . O
             . O .",
            Rules::new(set),
            B,
        );
        assert_eq!(play(&mut g, B, "B2"), Err(Illegal::Suicide), "{set:?}");
        assert!(g.moves().is_empty());
    }
}

#[test]
fn multi_stone_suicide_per_rule_set() {
    let diagram = ". . . . .
                   . . . . .
                   O . . . .
                   X O . . .
                   . O . . .";
    for (set, legal) in [
        (RuleSet::Chinese, false),
        (RuleSet::Japanese, false),
        (RuleSet::Aga, false),
        (RuleSet::NewZealand, true),
        (RuleSet::TrompTaylor, true),
    ] {
        let mut g = game_from(diagram, Rules::new(set), B);
        let r = play(&mut g, B, "A1");
        if legal {
            assert_eq!(r, Ok(()), "{set:?}");
            assert_eq!(at(&g, "A1"), None);
            assert_eq!(at(&g, "A2"), None);
            assert_eq!(g.board().captures(W), 2, "suicided stones go to white");
        } else {
            assert_eq!(r, Err(Illegal::Suicide), "{set:?}");
            assert_eq!(at(&g, "A2"), Some(B));
        }
    }
}

const KO: &str = ". . . . .
                  . . . . .
                  . X O . .
                  X O . O .
                  . X O . .";

#[test]
fn simple_ko_and_recapture_after_a_move_elsewhere() {
    for set in [RuleSet::Japanese, RuleSet::Chinese, RuleSet::NewZealand] {
        let mut g = game_from(KO, Rules::new(set), B);
        play(&mut g, B, "C2").unwrap();
        assert_eq!(at(&g, "B2"), None);
        assert_eq!(play(&mut g, W, "B2"), Err(Illegal::Ko), "{set:?}");
        play(&mut g, W, "E5").unwrap(); // ko threat
        play(&mut g, B, "E4").unwrap(); // answer
        play(&mut g, W, "B2").unwrap(); // retake is legal now
        assert_eq!(at(&g, "C2"), None);
        assert_eq!(play(&mut g, B, "C2"), Err(Illegal::Ko));
    }
}

#[test]
fn ko_ban_is_lifted_by_a_pass() {
    let mut g = game_from(KO, Rules::new(RuleSet::Japanese), B);
    play(&mut g, B, "C2").unwrap();
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "pass").unwrap();
    play(&mut g, W, "B2").unwrap();
}

/// Three kos. K1 (lower left) and K3 (upper left) are held by white, K2 (lower right) by black.
const TRIPLE_KO: &str = ". . . . . . . . .
                         . X O . . . . . .
                         X O . O . . . . .
                         . X O . . . . . .
                         . . . . . . . . .
                         . . . . . . . . .
                         . X O . . . X O .
                         X O . O . X . X O
                         . X O . . . X O .";

#[test]
fn triple_ko_cycle_is_forbidden_by_positional_superko_only() {
    for (set, cycle_legal) in [
        (RuleSet::Japanese, true),
        (RuleSet::Chinese, false),
        (RuleSet::TrompTaylor, false),
        (RuleSet::NewZealand, false),
        (RuleSet::Aga, false),
    ] {
        let mut g = game_from(TRIPLE_KO, Rules::new(set), B);
        let start = g.board().hash();
        for (c, v) in [(B, "C2"), (W, "G2"), (B, "C7"), (W, "B2"), (B, "H2")] {
            play(&mut g, c, v).unwrap();
        }
        // White's capture in K3 would recreate the starting position, black to move.
        let r = play(&mut g, W, "B7");
        if cycle_legal {
            assert_eq!(r, Ok(()), "{set:?}");
            assert_eq!(g.board().hash(), start);
        } else {
            assert_eq!(r, Err(Illegal::Superko), "{set:?}");
            assert_ne!(g.board().hash(), start);
        }
    }
}

#[test]
fn situational_and_positional_superko_differ() {
    // The same cycle with one pass: the last capture recreates the starting board with
    // *white* to move, a situation that never occurred. Positional superko forbids it;
    // situational superko allows it.
    for (set, legal) in [
        (RuleSet::Chinese, false),
        (RuleSet::TrompTaylor, false),
        (RuleSet::NewZealand, true),
        (RuleSet::Aga, true),
        (RuleSet::Japanese, true),
    ] {
        let mut g = game_from(TRIPLE_KO, Rules::new(set), B);
        let start = g.board().hash();
        for (c, v) in [
            (B, "C2"),
            (W, "G2"),
            (B, "C7"),
            (W, "B2"),
            (B, "pass"),
            (W, "B7"),
        ] {
            play(&mut g, c, v).unwrap();
        }
        let r = play(&mut g, B, "H2");
        assert_eq!(r.is_ok(), legal, "{set:?}: {r:?}");
        if legal {
            assert_eq!(g.board().hash(), start);
        }
    }
}

#[test]
fn undo_restores_history_for_superko() {
    let mut g = game_from(TRIPLE_KO, chinese(), B);
    for (c, v) in [(B, "C2"), (W, "G2"), (B, "C7"), (W, "B2"), (B, "H2")] {
        play(&mut g, c, v).unwrap();
    }
    assert_eq!(play(&mut g, W, "B7"), Err(Illegal::Superko));
    // Take back to before black's K2 capture: B7 for white is then not a repetition.
    assert!(g.undo());
    play(&mut g, B, "E5").unwrap();
    play(&mut g, W, "B7").unwrap();
    while g.undo() {}
    assert!(!g.undo());
    assert_eq!(g.board(), g.initial_board());
    assert_eq!(g.to_move(), B);
}

/// Black territory (bottom row), a white group with a one-point eye and a black group with a
/// two-point eye in seki, sharing the empty middle row, and white territory on top.
const SEKI: &str = ". . . . . . . . . . .
                    O O O O O O O O O O O
                    X X X X X X X X X X X
                    X X X X X . . X X X X
                    X X X X X X X X X X X
                    . . . . . . . . . . .
                    O O O O O O O O O O O
                    O O O O O . O O O O O
                    O O O O O O O O O O O
                    X X X X X X X X X X X
                    . . . . . . . . . . .";

fn points(g: &Game, vs: &[&str]) -> Vec<Point> {
    vs.iter()
        .map(|v| match mv(g, v) {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        })
        .collect()
}

#[test]
fn seki_eyes_are_not_territory_under_japanese_rules() {
    let jp = game_from(SEKI, Rules::new(RuleSet::Japanese), B);
    let seki = points(&jp, &["A3", "A7"]); // one stone of each seki chain
    // Without seki marking, black's two-point eye and white's one-point eye count.
    assert_eq!(jp.score(&[], &[]), 1.0);
    // In seki they do not: 11 points each.
    assert_eq!(jp.score(&[], &seki), 0.0);
    // Area scoring counts eyes in seki (and the seki list is irrelevant): 55 each.
    let cn = game_from(SEKI, chinese(), B);
    assert_eq!(cn.score(&[], &seki), 0.0);
    assert_eq!(cn.score(&[], &[]), 0.0);
}

/// Black area on the left with a dead white stone, white area on the right with a dead
/// black stone, and a column of dame between the walls.
const DEAD_AND_DAME: &str = ". . . X . O . .
                             . O . X . O . .
                             . . . X . O . .
                             . . . X . O X .
                             . . . X . O . .
                             . . . X . O . .
                             . . . X . O . .
                             . . . X . O . .";

#[test]
fn dead_stones_and_dame_by_territory_and_area() {
    let jp = game_from(DEAD_AND_DAME, Rules::new(RuleSet::Japanese), B);
    let dead = points(&jp, &["B7", "G5"]);
    let c = score::count(jp.board(), &dead, &[]);
    assert_eq!((c.black.territory, c.black.dead_taken), (24, 1));
    assert_eq!((c.white.territory, c.white.dead_taken), (16, 1));
    assert_eq!((c.black.stones, c.white.stones), (8, 8));
    // Territory: (24 + 1) - (16 + 1); the dame column counts for nobody.
    assert_eq!(jp.score(&dead, &[]), 8.0);
    // Unmarked, the dead stones make both areas neutral.
    assert_eq!(jp.score(&[], &[]), 0.0);
    let cn = game_from(DEAD_AND_DAME, chinese(), B);
    // Area: 8 + 24 against 8 + 16.
    assert_eq!(cn.score(&dead, &[]), 8.0);
    assert_eq!(cn.score(&[], &[]), 0.0);
    let mut komi = cn.clone();
    komi.set_komi(7.5);
    assert_eq!(score::result_text(komi.score(&dead, &[])), "B+0.5");
    komi.set_komi(8.5);
    assert_eq!(score::result_text(komi.score(&dead, &[])), "W+0.5");
}

#[test]
fn territory_scoring_counts_prisoners() {
    let mut g = game_from(DEAD_AND_DAME, Rules::new(RuleSet::Japanese), W);
    // White captures nothing; black captures the white stone at B7 by playing it out.
    for (c, v) in [
        (W, "pass"),
        (B, "B8"),
        (W, "pass"),
        (B, "A7"),
        (W, "pass"),
        (B, "C7"),
    ] {
        play(&mut g, c, v).unwrap();
    }
    play(&mut g, W, "pass").unwrap();
    play(&mut g, B, "B6").unwrap();
    assert_eq!(g.board().captures(B), 1);
    let dead = points(&g, &["G5"]);
    // Black filled 4 points of its own territory and took 1 prisoner: 20 + 1 - (16 + 1).
    assert_eq!(g.score(&dead, &[]), 4.0);
    // Area is unchanged by filling one's own territory.
    g.set_rules(chinese());
    assert_eq!(g.score(&dead, &[]), 8.0);
}

#[test]
fn aga_pass_stones_make_territory_equal_area() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..50 {
        let mut g = Game::new(7, Rules::new(RuleSet::Aga), 7.5).unwrap();
        for _ in 0..rng.random_range(0..80) {
            let c = g.to_move();
            let legal = g.legal_points(c);
            let m = if legal.is_empty() || rng.random_range(0..10) == 0 {
                Move::Pass
            } else {
                Move::Play(legal[rng.random_range(0..legal.len())])
            };
            g.play(c, m).unwrap();
        }
        // End with black passing, then white: white passes last.
        if g.to_move() == W {
            g.play(W, Move::Pass).unwrap();
        }
        g.play(B, Move::Pass).unwrap();
        assert!(!g.is_over() || g.consecutive_passes() >= 2);
        g.play(W, Move::Pass).unwrap();
        assert!(g.is_over());
        assert_eq!(g.aga_territory_score(&[]), g.score(&[], &[]));
    }
}

#[test]
fn aga_game_ends_only_when_white_passes_last() {
    let mut g = Game::new(9, Rules::new(RuleSet::Aga), 7.5).unwrap();
    g.play(B, mv(&g, "E5")).unwrap();
    g.play(W, Move::Pass).unwrap();
    g.play(B, Move::Pass).unwrap();
    assert!(!g.is_over());
    g.play(W, Move::Pass).unwrap();
    assert!(g.is_over());
    let mut cn = Game::new(9, chinese(), 7.5).unwrap();
    cn.play(B, mv(&cn, "E5")).unwrap();
    cn.play(W, Move::Pass).unwrap();
    cn.play(B, Move::Pass).unwrap();
    assert!(cn.is_over());
}

#[test]
fn handicap_puts_white_to_move_and_compensates_per_rule_set() {
    for (set, bonus) in [
        (RuleSet::Chinese, 4.0),
        (RuleSet::Aga, 3.0),
        (RuleSet::Japanese, 0.0),
    ] {
        let mut g = Game::new(19, Rules::new(set), 0.5).unwrap();
        let stones = handicap::fixed(g.geometry(), 4).unwrap();
        g.place_handicap(&stones).unwrap();
        assert_eq!(g.to_move(), W);
        assert_eq!(g.handicap(), 4);
        assert_eq!(g.board().stones().len(), 4);
        // Nothing else on the board: black has 361 by area, 357 points of territory.
        let expected = match set {
            RuleSet::Japanese => 357.0 - 0.5,
            _ => 361.0 - 0.5 - bonus,
        };
        assert_eq!(g.score(&[], &[]), expected, "{set:?}");
        assert_eq!(g.place_handicap(&stones), Err(SetupError::BoardNotEmpty));
    }
    let mut g = Game::new(9, chinese(), 7.5).unwrap();
    let one = handicap::fixed(g.geometry(), 2).unwrap();
    assert_eq!(g.place_handicap(&one[..1]), Err(SetupError::InvalidCount));
    g.play(B, mv(&g, "E5")).unwrap();
    assert_eq!(g.place_handicap(&one), Err(SetupError::BoardNotEmpty));
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = game_from(KO, chinese(), B);
    play(&mut g, B, "C2").unwrap();
    let before = g.board().clone();
    let n = g.moves().len();
    assert_eq!(play(&mut g, W, "B2"), Err(Illegal::Ko));
    assert_eq!(play(&mut g, W, "C2"), Err(Illegal::Occupied));
    assert_eq!(g.board(), &before);
    assert_eq!(g.moves().len(), n);
    assert_eq!(g.to_move(), W);
}

/// All positions reachable from the empty board, ko ignored, passes allowed: every legal
/// position (Tromp & Farnebäck; OEIS A094777: 57 on 2×2, 12,675 on 3×3).
fn reachable_layouts(size: usize) -> usize {
    use std::collections::HashSet;
    let start = Board::new(size).unwrap();
    let mut seen_states = HashSet::new();
    let mut layouts = HashSet::new();
    let mut stack = vec![(start, B)];
    while let Some((b, c)) = stack.pop() {
        if !seen_states.insert((b.hash(), c)) {
            continue;
        }
        layouts.insert(b.hash());
        stack.push((b.clone(), c.opp()));
        for p in b.geometry().points() {
            let mut nb = b.clone();
            nb.pass(); // ignore ko
            if nb.is_legal(p, c, false) {
                nb.play(p, c);
                stack.push((nb, c.opp()));
            }
        }
    }
    layouts.len()
}

#[test]
fn every_legal_position_is_reachable_2x2_and_3x3() {
    assert_eq!(reachable_layouts(2), 57);
    assert_eq!(reachable_layouts(3), 12_675);
}
