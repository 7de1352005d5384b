//! `hoshi play`: a game against the engine in the terminal, for someone without a GUI.

use std::io::{self, BufRead, Write};

use crate::engine::{Decision, Engine, Options};
use crate::go::score::result_text;
use crate::go::{Color, Move};
use crate::render;

const HELP: &str = "Enter a move like D4, or: pass, undo, resign, help, quit.";

/// Plays one game: the human has `human`, the engine the other colour. Reads moves from
/// `input` (one per line), writes the board and messages to `out`. Ends at two passes,
/// a resignation, `quit` or end of input.
pub fn run(
    opts: Options,
    human: Color,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let Some(mut engine) = Engine::new(opts) else {
        return writeln!(out, "cannot start: bad options");
    };
    writeln!(
        out,
        "hoshi {}: you play {human} on {}x{}, {} rules, komi {}. {HELP}",
        env!("CARGO_PKG_VERSION"),
        engine.game().size(),
        engine.game().size(),
        engine.game().rules(),
        engine.game().komi()
    )?;
    loop {
        writeln!(out, "\n{}", render::board_text(engine.game()))?;
        if engine.game().is_over() {
            return final_score(&mut engine, out);
        }
        let to_move = engine.game().to_move();
        if to_move != human {
            writeln!(out, "hoshi ({to_move}) is thinking...")?;
            let (decision, _) = engine.decide(to_move, false, &|| false, None, &mut |_| {});
            match decision {
                Decision::Resign => {
                    writeln!(
                        out,
                        "hoshi resigns. {} wins (result {}+R).",
                        human,
                        human.letter()
                    )?;
                    return Ok(());
                }
                Decision::Play(m) => {
                    let geo = engine.game().geometry();
                    if engine.game_mut().play(to_move, m).is_err() {
                        engine.game_mut().play(to_move, Move::Pass).ok();
                    }
                    writeln!(out, "hoshi plays {}", geo.move_text(m))?;
                }
            }
            continue;
        }
        write!(out, "Your move ({human}): ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nBye.")?;
            return Ok(());
        }
        let word = line.trim();
        match word.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => return writeln!(out, "Bye."),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "resign" => {
                return writeln!(
                    out,
                    "You resign. hoshi wins (result {}+R).",
                    human.opp().letter()
                );
            }
            "undo" => {
                // Take back the engine's reply and your move.
                let mut undone = 0;
                while undone < 2 && engine.game_mut().undo() {
                    undone += 1;
                    if engine.game().to_move() == human {
                        break;
                    }
                }
                if undone == 0 {
                    writeln!(out, "Nothing to undo.")?;
                }
            }
            _ => match engine.game().geometry().parse_move(word) {
                None => writeln!(out, "'{word}' is not a move on this board. {HELP}")?,
                Some(m) => {
                    if let Err(why) = engine.game_mut().play(human, m) {
                        writeln!(out, "{word} is illegal ({why}).")?;
                    }
                }
            },
        }
    }
}

fn final_score(engine: &mut Engine, out: &mut dyn Write) -> io::Result<()> {
    let st = engine.statuses();
    let geo = engine.game().geometry();
    let dead: Vec<String> = st.dead.iter().map(|&p| geo.vertex(p)).collect();
    let margin = engine.game().score(&st.dead, &st.seki);
    writeln!(
        out,
        "Game over. Dead stones: {}. Final score: {}",
        if dead.is_empty() {
            "none".to_string()
        } else {
            dead.join(" ")
        },
        result_text(margin)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options {
            size: 5,
            playouts: Some(300),
            threads: 1,
            ..Options::default()
        }
    }

    #[test]
    fn a_whole_game_by_passing_ends_with_a_score() {
        let input = "Z99\nhello\npass\n".to_string() + &"pass\n".repeat(60);
        let mut out = Vec::new();
        run(opts(), Color::Black, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("'Z99' is not a move"), "{text}");
        assert!(text.contains("    A B C D E"), "{text}");
        assert!(
            text.contains("Final score: W+") || text.contains("resigns"),
            "{text}"
        );
    }

    #[test]
    fn moves_undo_and_illegal_moves() {
        let input = "c3\nc3\nundo\nundo\nresign\n";
        let mut out = Vec::new();
        run(opts(), Color::Black, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("hoshi plays"), "{text}");
        assert!(text.contains("c3 is illegal (point occupied)"), "{text}");
        assert!(text.contains("Nothing to undo."), "{text}");
        assert!(
            text.contains("You resign. hoshi wins (result W+R)."),
            "{text}"
        );
    }

    #[test]
    fn engine_moves_first_when_the_human_is_white() {
        let mut out = Vec::new();
        run(opts(), Color::White, &mut "quit\n".as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("hoshi plays"), "{text}");
        assert!(text.ends_with("Bye.\n"), "{text}");
    }
}
