//! hoshi: a Go engine speaking GTP, with a parallel Monte Carlo tree search.
//!
//! Start reading at `gtp::serve`: it parses each command and calls the `engine` facade;
//! `genmove` goes to `engine::decide`, which asks `search` for moves and `ownership` for
//! dead stones. Everything plays on the rules core, `go`.
//!
//! | module | responsibility |
//! |---|---|
//! | `go` | rules core: incremental board, ko/superko, rule sets, scoring, handicap, board tactics (ladders, nakade, bent four). Knows nothing of search or GTP |
//! | `search` | parallel Monte Carlo tree search (UCT with RAVE and priors, shared lock-free tree), its playouts and patterns, `Params` (the tuning values) and the report types |
//! | `ownership` | dead stones, seki and ownership from flat Monte Carlo, for scoring and passing |
//! | `engine` | the facade the protocol talks to (game, clocks, options) and the move decision (`engine/decide.rs`) |
//! | `time` | clocks and per-move budgets |
//! | `gtp` | GTP input thread, parsing, the command table, GoGui graphics |
//! | `sgf` | SGF load and write |
//! | `play`, `render`, `bench`, `bias` | terminal game, board drawing, `hoshi bench`, `hoshi bias` (playouts against a reference judgement) |
//!
//! Dependencies point one way: `gtp → engine → {search, ownership, time} → go`;
//! `ownership` uses `search`'s playouts, never the reverse.

pub mod bench;
pub mod bias;
pub mod engine;
pub mod go;
pub mod gtp;
pub mod ownership;
pub mod play;
pub mod render;
pub mod search;
pub mod sgf;
pub mod time;
pub mod train;
