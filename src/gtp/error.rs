//! Why a GTP command failed. Each variant prints as the error text a controller sees after
//! `? `: the standard texts of the GTP v2 specification and GNU Go where there is one.

use std::fmt;

use crate::go::SetupError;
use crate::search::ParamError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    UnknownCommand,
    /// Malformed arguments (or too many, or too few).
    Syntax,
    /// A well-formed move that is not legal here (or a vertex off this board).
    IllegalMove,
    UnacceptableSize,
    BoardNotEmpty,
    InvalidNumberOfStones,
    BadVertexList,
    CannotUndo,
    CannotLoadFile,
    CannotWriteFile,
    /// An input line over the length limit.
    LineTooLong,
    UnknownRules(String),
    /// A recognised request that hoshi does not implement, saying which.
    Unsupported(&'static str),
    Param(ParamError),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::Syntax => f.write_str("syntax error"),
            GtpError::IllegalMove => f.write_str("illegal move"),
            GtpError::UnacceptableSize => f.write_str("unacceptable size"),
            GtpError::BoardNotEmpty => f.write_str("board not empty"),
            GtpError::InvalidNumberOfStones => f.write_str("invalid number of stones"),
            GtpError::BadVertexList => f.write_str("bad vertex list"),
            GtpError::CannotUndo => f.write_str("cannot undo"),
            GtpError::CannotLoadFile => f.write_str("cannot load file"),
            GtpError::CannotWriteFile => f.write_str("cannot write file"),
            GtpError::LineTooLong => f.write_str("line too long"),
            GtpError::UnknownRules(name) => write!(f, "unknown rules {name}"),
            GtpError::Unsupported(what) => f.write_str(what),
            GtpError::Param(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GtpError {}

impl From<SetupError> for GtpError {
    fn from(e: SetupError) -> GtpError {
        match e {
            SetupError::BoardNotEmpty => GtpError::BoardNotEmpty,
            SetupError::InvalidCount => GtpError::InvalidNumberOfStones,
            SetupError::BadStones(_) => GtpError::BadVertexList,
        }
    }
}

impl From<ParamError> for GtpError {
    fn from(e: ParamError) -> GtpError {
        GtpError::Param(e)
    }
}
