//! hoshi: a Go engine speaking GTP, with a Monte Carlo tree search player.
//!
//! | module | responsibility |
//! |---|---|
//! | `go` | rules core: incremental board, ko/superko, rule sets, scoring, handicap |
//! | `playout` | light and heavy playouts on board copies (the search's inner loop) |
//! | `patterns` | 3×3 shape patterns for the heavy playouts and the priors |
//! | `search` | parallel Monte Carlo tree search (UCT with RAVE and priors, shared tree) |
//! | `player` | flat Monte Carlo ownership: dead stones, seki, scoring |
//! | `time` | clocks and per-move budgets |
//! | `engine` | the facade the protocol talks to |
//! | `gtp` | GTP input thread, parsing, command table, GoGui graphics |
//! | `sgf` | SGF load and write |
//! | `play`, `render`, `bench` | terminal game, board drawing, `hoshi bench` |

pub mod bench;
pub mod engine;
pub mod go;
pub mod gtp;
pub mod patterns;
pub mod play;
pub mod player;
pub mod playout;
pub mod render;
pub mod search;
pub mod sgf;
pub mod time;
