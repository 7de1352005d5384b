//! SGF: load a game (main variation) into a `Game`, and write a game out. Parsing and
//! serialisation are `sgf-parse`'s; this module maps its properties to the rules core.

use std::collections::HashSet;

use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SimpleText};

use crate::go::{Color, Game, Geometry, Move, Point, Rules};

/// Settings used where the file does not say (the engine's current ones).
#[derive(Copy, Clone, Debug)]
pub struct Defaults {
    pub rules: Rules,
    pub komi: f64,
}

fn point(geo: Geometry, p: &go::Point) -> Result<Point, String> {
    geo.from_sgf(p.x as usize, p.y as usize).ok_or_else(|| {
        format!(
            "point {}{} off the board",
            (b'a' + p.x) as char,
            (b'a' + p.y) as char
        )
    })
}

fn sgf_move(geo: Geometry, m: &go::Move) -> Result<Move, String> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        // FF[3] pass: `tt` on boards up to 19×19.
        go::Move::Move(p) if geo.size() <= 19 && p.x == 19 && p.y == 19 => Ok(Move::Pass),
        go::Move::Move(p) => point(geo, p).map(Move::Play),
    }
}

fn color(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// SGF file bytes as text: UTF-8 when valid, otherwise ISO-8859-1 (the FF[4] default
/// charset), which maps every byte to the character of the same number.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

/// Loads the main variation of the first game in `text`, stopping before move `before`
/// (1-based: `Some(1)` gives the setup position). Returns the game with the side to move set.
pub fn load(text: &str, defaults: Defaults, before: Option<usize>) -> Result<Game, String> {
    let trees = go::parse(text).map_err(|e| format!("not a valid SGF file: {e}"))?;
    let root = trees.first().ok_or("no game in file")?;
    let size = match root.get_property("SZ") {
        None => 19,
        Some(Prop::SZ((w, h))) if w == h => *w as usize,
        Some(Prop::SZ(_)) => return Err("rectangular boards are not supported".into()),
        Some(_) => return Err("invalid SZ".into()),
    };
    let rules = match root.get_property("RU") {
        Some(Prop::RU(SimpleText { text })) => Rules::parse(text.trim()).unwrap_or(defaults.rules),
        _ => defaults.rules,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) if k.is_finite() && k.abs() <= 1000.0 => *k,
        _ => defaults.komi,
    };
    let mut game =
        Game::new(size, rules, komi).ok_or_else(|| format!("unacceptable size {size}"))?;
    let geo = game.geometry();

    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    // Setup: everything before the first move.
    let mut stones: Vec<(Point, Color)> = Vec::new();
    let mut to_move = None;
    let mut first_move = nodes.len();
    for (k, node) in nodes.iter().enumerate() {
        if node.get_move().is_some() {
            first_move = k;
            break;
        }
        for prop in node.properties() {
            match prop {
                Prop::AB(ps) | Prop::AW(ps) => {
                    let c = if matches!(prop, Prop::AB(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    for p in ps {
                        let p = point(geo, p)?;
                        stones.retain(|&(q, _)| q != p);
                        stones.push((p, c));
                    }
                }
                Prop::AE(ps) => {
                    let remove: HashSet<Point> =
                        ps.iter().map(|p| point(geo, p)).collect::<Result<_, _>>()?;
                    stones.retain(|(q, _)| !remove.contains(q));
                }
                Prop::PL(c) => to_move = Some(color(c)),
                Prop::Invalid(id, _) if matches!(id.as_str(), "AB" | "AW" | "AE" | "B" | "W") => {
                    return Err(format!("invalid {id} property"));
                }
                _ => {}
            }
        }
    }
    let handicap = match root.get_property("HA") {
        Some(Prop::HA(n)) => *n as usize,
        _ => 0,
    };
    let all_black = !stones.is_empty() && stones.iter().all(|&(_, c)| c == Color::Black);
    if handicap >= 2 && all_black && stones.len() == handicap {
        let points: Vec<Point> = stones.iter().map(|&(p, _)| p).collect();
        game.place_handicap(&points).map_err(|e| e.to_string())?;
    } else {
        let default_to_move = if all_black && handicap >= 2 {
            Color::White
        } else {
            Color::Black
        };
        game.setup(&stones, default_to_move)
            .map_err(|e| e.to_string())?;
    }
    if let Some(c) = to_move {
        game.set_to_move(c);
    }

    let limit = before.map_or(usize::MAX, |n| n.saturating_sub(1));
    let mut played = 0;
    for node in &nodes[first_move..] {
        if played >= limit {
            break;
        }
        for prop in node.properties() {
            match prop {
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) => {
                    return Err("setup stones after the first move are not supported".into());
                }
                Prop::Invalid(id, _) if matches!(id.as_str(), "B" | "W") => {
                    return Err(format!("invalid {id} property"));
                }
                _ => {}
            }
        }
        let (c, m) = match node.get_move() {
            Some(Prop::B(m)) => (Color::Black, m),
            Some(Prop::W(m)) => (Color::White, m),
            _ => continue,
        };
        let mv = sgf_move(geo, m)?;
        game.play(c, mv).map_err(|e| {
            format!(
                "move {} ({c} {}) is illegal: {e}",
                played + 1,
                geo.move_text(mv)
            )
        })?;
        played += 1;
        if let Some(Prop::PL(c)) = node.get_property("PL") {
            game.set_to_move(color(c));
        }
    }
    Ok(game)
}

/// The winner the first game's result (`RE`) names: `B+…` black, `W+…` white; none for a
/// draw, a void or unknown result, a missing `RE` or a file that does not parse.
pub fn winner(text: &str) -> Option<Color> {
    let trees = go::parse(text).ok()?;
    match trees.first()?.get_property("RE") {
        Some(Prop::RE(SimpleText { text })) => {
            let r = text.trim().to_ascii_uppercase();
            if r.starts_with("B+") {
                Some(Color::Black)
            } else if r.starts_with("W+") {
                Some(Color::White)
            } else {
                None
            }
        }
        _ => None,
    }
}

fn to_sgf_point(geo: Geometry, p: Point) -> go::Point {
    let (x, y) = geo.coords(p);
    go::Point {
        x: x as u8,
        y: (geo.size() - 1 - y) as u8,
    }
}

fn text(s: &str) -> SimpleText {
    SimpleText {
        text: s.to_string(),
    }
}

/// The game as SGF: root with setup, size, komi, rules, handicap and (if known) result,
/// then one node per move.
pub fn write(game: &Game, result: Option<&str>) -> String {
    let geo = game.geometry();
    let mut props = vec![
        Prop::GM(1),
        Prop::FF(4),
        Prop::CA(text("UTF-8")),
        Prop::AP((text("hoshi"), text(env!("CARGO_PKG_VERSION")))),
        // The plain square form `SZ[13]` (the crate writes `13:13`), which every reader takes.
        Prop::Unknown("SZ".into(), vec![geo.size().to_string()]),
        Prop::KM(game.komi()),
        Prop::RU(text(game.rules().sgf_name())),
    ];
    if game.handicap() >= 2 {
        props.push(Prop::HA(game.handicap() as i64));
    }
    let initial = game.initial_board().stones();
    for c in [Color::Black, Color::White] {
        let set: HashSet<go::Point> = initial
            .iter()
            .filter(|&&(_, sc)| sc == c)
            .map(|&(p, _)| to_sgf_point(geo, p))
            .collect();
        if !set.is_empty() {
            props.push(if c == Color::Black {
                Prop::AB(set)
            } else {
                Prop::AW(set)
            });
        }
    }
    let expected_first = if game.handicap() >= 2 {
        Color::White
    } else {
        Color::Black
    };
    if game.initial_to_move() != expected_first {
        props.push(Prop::PL(match game.initial_to_move() {
            Color::Black => sgf_parse::Color::Black,
            Color::White => sgf_parse::Color::White,
        }));
    }
    if let Some(r) = result {
        props.push(Prop::RE(text(r)));
    }
    // Build the move chain from the last move back to the root.
    let mut child: Option<SgfNode<Prop>> = None;
    for &(c, m) in game.moves().iter().rev() {
        let mv = match m {
            Move::Pass => go::Move::Pass,
            Move::Play(p) => go::Move::Move(to_sgf_point(geo, p)),
        };
        let prop = if c == Color::Black {
            Prop::B(mv)
        } else {
            Prop::W(mv)
        };
        child = Some(SgfNode::new(vec![prop], child.into_iter().collect(), false));
    }
    let root = SgfNode::new(props, child.into_iter().collect(), true);
    root.serialize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::RuleSet;

    fn defaults() -> Defaults {
        Defaults {
            rules: Rules::default(),
            komi: 7.5,
        }
    }

    #[test]
    fn loads_setup_moves_and_properties() {
        let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]AB[cc][gg]AW[ee]PL[W]
                   ;W[dd];B[tt];W[ef](;B[aa])(;B[bb]))";
        let g = load(sgf, defaults(), None).unwrap();
        assert_eq!(g.size(), 9);
        assert_eq!(g.komi(), 6.5);
        assert_eq!(g.rules().set, RuleSet::Japanese);
        assert_eq!(g.moves().len(), 4);
        assert_eq!(g.moves()[1], (Color::Black, Move::Pass));
        let geo = g.geometry();
        assert_eq!(
            g.board().color_at(geo.from_sgf(0, 0).unwrap()),
            Some(Color::Black)
        );
        assert_eq!(g.to_move(), Color::White);
        let before = load(sgf, defaults(), Some(3)).unwrap();
        assert_eq!(before.moves().len(), 2);
        assert_eq!(before.to_move(), Color::White);
        let setup = load(sgf, defaults(), Some(1)).unwrap();
        assert_eq!(setup.moves().len(), 0);
        assert_eq!(setup.to_move(), Color::White);
        assert_eq!(setup.board().stones().len(), 3);
    }

    #[test]
    fn handicap_stones_become_a_handicap() {
        let sgf = "(;SZ[19]HA[2]AB[dp][pd];W[dd])";
        let g = load(sgf, defaults(), None).unwrap();
        assert_eq!(g.handicap(), 2);
        assert_eq!(g.to_move(), Color::Black);
        let again = load(&write(&g, None), defaults(), None).unwrap();
        assert_eq!(again.handicap(), 2);
        assert_eq!(again.moves(), g.moves());
    }

    #[test]
    fn write_then_load_round_trips() {
        let mut g = Game::new(13, Rules::new(RuleSet::Aga), 0.5).unwrap();
        let geo = g.geometry();
        for v in ["D4", "K10", "pass", "C3"] {
            let c = g.to_move();
            g.play(c, geo.parse_move(v).unwrap()).unwrap();
        }
        let text = write(&g, Some("B+R"));
        assert!(
            text.contains("RE[B+R]") && text.contains("SZ[13]") && text.contains("RU[AGA]"),
            "{text}"
        );
        let back = load(&text, defaults(), None).unwrap();
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.board(), g.board());
        assert_eq!(back.komi(), 0.5);
        assert_eq!(back.rules().set, RuleSet::Aga);
    }

    #[test]
    fn latin1_files_load() {
        let bytes = b"(;SZ[9]PB[Bj\xf6rn]C[caf\xe9];B[ee])";
        let text = decode(bytes);
        assert!(text.contains("Bj\u{f6}rn"));
        let g = load(&text, defaults(), None).unwrap();
        assert_eq!(g.moves().len(), 1);
        assert_eq!(decode("(;C[\u{e9}])".as_bytes()), "(;C[\u{e9}])");
    }

    #[test]
    fn the_result_names_the_winner() {
        assert_eq!(winner("(;GM[1]SZ[9]RE[B+R];B[ee])"), Some(Color::Black));
        assert_eq!(winner("(;GM[1]SZ[9]RE[ w+3.5 ])"), Some(Color::White));
        assert_eq!(winner("(;GM[1]SZ[9]RE[0])"), None);
        assert_eq!(winner("(;GM[1]SZ[9]RE[Void])"), None);
        assert_eq!(winner("(;GM[1]SZ[9];B[ee])"), None);
        assert_eq!(winner("(;GM[1]SZ[9]RE[B+R]"), None);
    }

    #[test]
    fn malformed_files_are_errors() {
        for bad in [
            "",
            "(;SZ[9]",
            "(;SZ[9];B[zz])",
            "(;SZ[30])",
            "(;SZ[9:7])",
            "(;SZ[5];B[aa];W[ab];B[aa])",
            "(;SZ[5]AB[aa]AW[ab][ba])",
            "garbage",
            "(;SZ[9];B[cc];AB[dd])",
        ] {
            assert!(load(bad, defaults(), None).is_err(), "{bad:?}");
        }
    }
}
