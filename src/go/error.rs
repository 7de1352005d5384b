//! The rules core's errors: why a move is illegal, why a position cannot be set up.

/// Why a move is not legal.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Illegal {
    Occupied,
    Suicide,
    Ko,
    Superko,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::Occupied => "point occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko => "superko",
        })
    }
}

impl std::error::Error for Illegal {}

/// Errors from setting up a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Handicap or setup needs an empty board with no moves played.
    BoardNotEmpty,
    /// Wrong number of handicap stones.
    InvalidCount,
    /// A point is given twice, is a pass, or the layout has a chain without liberties.
    BadStones(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::BoardNotEmpty => f.write_str("board not empty"),
            SetupError::InvalidCount => f.write_str("invalid number of stones"),
            SetupError::BadStones(why) => write!(f, "bad vertex list: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}
