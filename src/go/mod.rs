//! The rules core: board, moves, ko and superko, rule sets, scoring, handicap.
//! Imports nothing else from the crate; knows nothing of GTP or search.

pub mod board;
pub mod error;
pub mod game;
pub mod handicap;
pub mod life;
pub mod point;
pub mod reading;
pub mod rules;
pub mod score;
pub mod solve;
pub mod tactics;
pub mod zobrist;

pub use board::{Board, Chain};
pub use error::{Illegal, SetupError};
pub use game::Game;
pub use life::PassAlive;
pub use point::{Color, Geometry, Move, Point};
pub use rules::{KoRule, RuleSet, Rules, Scoring};
#[cfg(test)]
mod rules_tests;
