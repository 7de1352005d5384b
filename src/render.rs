//! Text drawing of a position for people: GTP `showboard` and `hoshi play`.

use crate::go::{Color, Game, Move};

/// A board diagram with coordinates on all sides, the last move in parentheses, and the
/// capture counts.
pub fn board_text(game: &Game) -> String {
    let geo = game.geometry();
    let n = geo.size();
    let board = game.board();
    let last = match game.moves().last() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    let letters: String = (0..n)
        .map(|x| {
            let v = geo.vertex(geo.point(x, 0));
            format!(" {}", &v[..1])
        })
        .collect();
    let mut out = format!("   {letters}\n");
    for y in (0..n).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        let mut prev_last = false;
        for x in 0..n {
            let p = geo.point(x, y);
            let is_last = last == Some(p);
            out.push(if is_last {
                '('
            } else if prev_last {
                ')'
            } else {
                ' '
            });
            out.push(match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if is_hoshi(n, x, y) => '+',
                None => '.',
            });
            prev_last = is_last;
        }
        out.push(if prev_last { ')' } else { ' ' });
        out.push_str(&format!("{}\n", y + 1));
    }
    out.push_str(&format!("   {letters}\n"));
    out.push_str(&format!(
        "Black (X) captures {}, White (O) captures {}; {} to move; komi {}; {} rules",
        board.captures(Color::Black),
        board.captures(Color::White),
        game.to_move(),
        game.komi(),
        game.rules()
    ));
    out
}

/// Star points for drawing (the 3-3/4-4 corner points, edge midpoints and centre).
fn is_hoshi(n: usize, x: usize, y: usize) -> bool {
    if n < 7 {
        return false;
    }
    let line = if n >= 13 { 3 } else { 2 };
    let corner = |v: usize| v == line || v == n - 1 - line;
    let middle = |v: usize| n % 2 == 1 && v == n / 2;
    // Corners and centre everywhere; edge midpoints only from 13×13 up.
    (corner(x) && corner(y))
        || (middle(x) && middle(y))
        || (n >= 13 && ((corner(x) && middle(y)) || (middle(x) && corner(y))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Rules;

    #[test]
    fn draws_coordinates_stones_and_last_move() {
        let mut g = Game::new(9, Rules::default(), 7.5).unwrap();
        let e5 = g.geometry().parse_move("E5").unwrap();
        g.play(Color::Black, e5).unwrap();
        let text = board_text(&g);
        assert!(text.starts_with("    A B C D E F G H J\n"), "{text}");
        assert!(text.contains(" 5  . . . .(X). . . . 5\n"), "{text}");
        assert!(text.contains(" 3  . . + . . . + . . 3\n"), "{text}");
        assert!(text.contains("white to move"));
    }
}
