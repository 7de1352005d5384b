//! GTP v2 front end: parse a line into a command, dispatch it to the engine, format the
//! response. Nothing here plays Go; `commands.rs` holds the command table (which drives
//! dispatch, `list_commands` and `known_command`), `analyze.rs` the move and analysis
//! commands, `error.rs` the error texts.

mod analyze;
mod args;
mod commands;
mod error;
mod gogui;
pub mod input;

use std::io::Write;

use crate::engine::Engine;
pub use commands::COMMANDS;
pub use error::GtpError;
use input::{Input, Line, Signals};

/// A parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The id as sent (digits), echoed in the response.
    pub id: Option<String>,
    pub name: String,
    pub args: Vec<String>,
}

/// Splits a preprocessed line into id, name and arguments. `Err` carries the id when the
/// line holds an id and no command.
pub fn parse(line: &str) -> Result<Command, Option<String>> {
    let mut words = line.split_whitespace();
    let first = words.next().ok_or(None)?;
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let name = words.next().ok_or_else(|| Some(first.to_string()))?;
        (Some(first.to_string()), name)
    } else {
        (None, first)
    };
    Ok(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// Formats a complete response. The body never contains an empty line (it would end the
/// response early), so blank lines inside it are dropped.
pub fn format_response(id: Option<&str>, ok: bool, body: &str) -> String {
    let mark = if ok { '=' } else { '?' };
    let id = id.unwrap_or("");
    let starts_on_new_line = body.starts_with('\n');
    let body: Vec<&str> = body.lines().filter(|l| !l.trim().is_empty()).collect();
    let body = body.join("\n");
    if body.is_empty() {
        format!("{mark}{id}\n\n")
    } else if starts_on_new_line {
        format!("{mark}{id}\n{body}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

/// What a command handler produced, when it succeeded.
pub enum Reply {
    /// The response body.
    Text(String),
    /// The handler wrote its whole response itself (streaming commands).
    Streamed,
    /// Answer `=` and stop serving.
    Quit,
}

/// Context a handler may use: where to write streamed output, and the input signals.
pub struct Ctx<'a> {
    pub out: &'a mut dyn Write,
    pub signals: Signals,
    pub id: Option<String>,
}

/// Serves GTP until `quit` or end of input. Returns normally in both cases.
pub fn serve(engine: &mut Engine, input: &mut Input, out: &mut dyn Write) {
    let signals = input.signals();
    while let Some(line) = input.next_line() {
        let mut ponder = false;
        let response = match line {
            Line::TooLong => format_response(None, false, &GtpError::LineTooLong.to_string()),
            Line::Command(text) => match parse(&text) {
                Err(id) => format_response(id.as_deref(), false, &GtpError::Syntax.to_string()),
                Ok(cmd) => {
                    ponder = engine.opts.ponder
                        && commands::find(&cmd.name).is_some_and(|e| e.ponder_after);
                    signals.clear_interrupt();
                    log::debug!("<< {text}");
                    let mut ctx = Ctx {
                        out: &mut *out,
                        signals: signals.clone(),
                        id: cmd.id.clone(),
                    };
                    match commands::dispatch(engine, &cmd, &mut ctx) {
                        Ok(Reply::Text(body)) => format_response(cmd.id.as_deref(), true, &body),
                        Err(e) => format_response(cmd.id.as_deref(), false, &e.to_string()),
                        Ok(Reply::Streamed) => String::new(),
                        Ok(Reply::Quit) => {
                            let _ = out
                                .write_all(format_response(cmd.id.as_deref(), true, "").as_bytes());
                            let _ = out.flush();
                            return;
                        }
                    }
                }
            },
        };
        if out
            .write_all(response.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
        {
            log::warn!("stdout closed; stopping");
            return;
        }
        if ponder && !signals.input_pending() {
            // Think on the opponent's time until the next command arrives; the tree is
            // kept for our next move.
            engine.ponder(&|| signals.should_stop_streaming());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_ids_and_arguments() {
        assert_eq!(
            parse("12 play b d4"),
            Ok(Command {
                id: Some("12".into()),
                name: "play".into(),
                args: vec!["b".into(), "d4".into()]
            })
        );
        assert_eq!(parse("name").unwrap().id, None);
        assert_eq!(parse("12"), Err(Some("12".into())));
        assert_eq!(
            parse("99999999999999999999999 name").unwrap().id.as_deref(),
            Some("99999999999999999999999")
        );
    }

    #[test]
    fn responses_are_well_formed() {
        assert_eq!(format_response(Some("3"), true, "2"), "=3 2\n\n");
        assert_eq!(format_response(None, true, ""), "=\n\n");
        assert_eq!(
            format_response(None, false, "illegal move"),
            "? illegal move\n\n"
        );
        assert_eq!(format_response(None, true, "a\n\nb\n"), "= a\nb\n\n");
        assert_eq!(
            format_response(None, true, "\n A B\n1 . ."),
            "=\n A B\n1 . .\n\n"
        );
    }
}
