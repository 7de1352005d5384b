//! Argument parsing shared by the command handlers: colours, moves, seconds, counts. A
//! malformed argument is a syntax error; a well-formed vertex off this board is an illegal
//! move.

use super::{Command, GtpError};
use crate::engine::Engine;
use crate::go::{Color, Move};

pub(super) fn arg(cmd: &Command, i: usize) -> Result<&str, GtpError> {
    cmd.args.get(i).map(String::as_str).ok_or(GtpError::Syntax)
}

pub(super) fn color_arg(cmd: &Command, i: usize) -> Result<Color, GtpError> {
    Color::parse(arg(cmd, i)?).ok_or(GtpError::Syntax)
}

/// A move argument: malformed text is a syntax error; a well-formed vertex off this board
/// is an illegal move.
pub(super) fn move_arg(engine: &Engine, cmd: &Command, i: usize) -> Result<Move, GtpError> {
    let text = arg(cmd, i)?;
    if let Some(m) = engine.game().geometry().parse_move(text) {
        return Ok(m);
    }
    let b = text.as_bytes();
    let well_formed = b.len() >= 2
        && b[0].is_ascii_alphabetic()
        && !b[0].eq_ignore_ascii_case(&b'i')
        && b[1..].iter().all(u8::is_ascii_digit);
    Err(if well_formed {
        GtpError::IllegalMove
    } else {
        GtpError::Syntax
    })
}

/// A non-negative, finite number of seconds (at most ten years).
pub(super) fn seconds_arg(cmd: &Command, i: usize) -> Result<f64, GtpError> {
    let v: f64 = arg(cmd, i)?.parse().map_err(|_| GtpError::Syntax)?;
    if v.is_finite() && (0.0..=3.2e8).contains(&v) {
        Ok(v)
    } else {
        Err(GtpError::Syntax)
    }
}

/// A non-negative count up to a million.
pub(super) fn count_arg(cmd: &Command, i: usize) -> Result<u32, GtpError> {
    let v: u32 = arg(cmd, i)?.parse().map_err(|_| GtpError::Syntax)?;
    if v <= 1_000_000 {
        Ok(v)
    } else {
        Err(GtpError::Syntax)
    }
}

pub(super) fn no_args(cmd: &Command) -> Result<(), GtpError> {
    if cmd.args.is_empty() {
        Ok(())
    } else {
        Err(GtpError::Syntax)
    }
}
