//! hoshi: a Go engine speaking GTP, with a Monte Carlo tree search player.
//!
//! | module | responsibility |
//! |---|---|
//! | `go` | rules core: incremental board, ko/superko, rule sets, scoring, handicap |
//! | `playout` | random playouts on board copies (the search's inner loop) |

pub mod bench;
pub mod engine;
pub mod go;
pub mod gtp;
pub mod play;
pub mod player;
pub mod playout;
pub mod render;
pub mod sgf;
pub mod time;
