//! `Params`: every tuning value of the search, the playouts, the move decision and the
//! dead-stone judgement, as data. Set with `--param name=value` or the GTP command
//! `hoshi-param name value`, so a tuner can change them without recompiling or restarting;
//! `hoshi --param help` lists them with their values and ranges.

use std::fmt;

/// Boards of this size and up take the `_large` parameters (`prior_learned_large`,
/// `prior_even_large`, `rave_equiv_large`).
pub const LARGE_SIZE: usize = 13;

/// `large` on boards of `LARGE_SIZE` and up, `small` below: how a `_large` parameter
/// replaces its small-board twin.
pub fn by_size<T>(size: usize, small: T, large: T) -> T {
    if size >= LARGE_SIZE { large } else { small }
}

/// Why a parameter could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown(String),
    BadValue {
        name: &'static str,
        value: String,
        range: &'static str,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "unknown parameter {name:?}"),
            ParamError::BadValue { name, value, range } => {
                write!(f, "{name} takes a number in {range}, not {value:?}")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// One parameter's name, doc comment and range, for listings.
#[derive(Copy, Clone, Debug)]
pub struct ParamInfo {
    pub name: &'static str,
    pub doc: &'static str,
    pub range: &'static str,
}

/// A number parsed from `value`, accepted if it lies in `lo..=hi`.
fn parse_in<T: std::str::FromStr + PartialOrd>(
    name: &'static str,
    value: &str,
    lo: T,
    hi: T,
    range: &'static str,
) -> Result<T, ParamError> {
    match value.trim().parse::<T>() {
        Ok(v) if lo <= v && v <= hi => Ok(v),
        _ => Err(ParamError::BadValue {
            name,
            value: value.to_string(),
            range,
        }),
    }
}

/// Declares `Params` with, for each field, its doc comment, type, default and the range a
/// setting must lie in; and the name-based `set`, `get` and `INFO` over them.
macro_rules! params {
    ($( $(#[doc = $doc:literal])+ $name:ident: $ty:ty = $default:literal, $lo:literal ..= $hi:literal; )+) => {
        /// The tuning values. `Params::default()` is the engine as released.
        #[derive(Copy, Clone, Debug, PartialEq)]
        pub struct Params {
            $( $(#[doc = $doc])+ pub $name: $ty, )+
        }

        impl Default for Params {
            fn default() -> Params {
                Params { $( $name: $default, )+ }
            }
        }

        impl Params {
            /// Every parameter, in declaration order.
            pub const INFO: &[ParamInfo] = &[ $( ParamInfo {
                name: stringify!($name),
                doc: concat!($($doc),+),
                range: concat!(stringify!($lo), "..=", stringify!($hi)),
            }, )+ ];

            /// Sets parameter `name` from its text; an unknown name or a value that is not
            /// a number in the parameter's range is an error and changes nothing.
            pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
                match name {
                    $( stringify!($name) => {
                        self.$name = parse_in::<$ty>(
                            stringify!($name),
                            value,
                            $lo,
                            $hi,
                            concat!(stringify!($lo), "..=", stringify!($hi)),
                        )?;
                        Ok(())
                    } )+
                    _ => Err(ParamError::Unknown(name.to_string())),
                }
            }

            /// The value of parameter `name` as text.
            pub fn get(&self, name: &str) -> Option<String> {
                match name {
                    $( stringify!($name) => Some(self.$name.to_string()), )+
                    _ => None,
                }
            }
        }
    };
}

params! {
    // The tree.
    /// Real visits a node gets before its children are created.
    expand_visits: u32 = 8, 0..=1_000_000_000;
    /// RAVE equivalence: AMAF statistics weigh as much as this many real visits (below
    /// 13×13; at 40,000 playouts against Pachi's 10,000 on 9×9, 1,000 won 119 of 200 where
    /// 3,500 won 109 of 200: a lean, not a proven gain; at 20,000 against 5,000, 500 won 71
    /// of 120 where 1,000 won 80 side by side: `matches/2026-12-06-9x9-20k-objective-2/`).
    rave_equiv: f32 = 1000.0, 0.0..=1e9;
    /// `rave_equiv` on boards of 13×13 and up (Pachi's 4,000 there). On 19×19 at 2,000
    /// playouts against Pachi's 500, 1,500 won 65 of 100 where 3,500 won 64 side by side
    /// (`matches/2026-12-05-19x19-even-rave/`).
    rave_equiv_large: f32 = 3500.0, 0.0..=1e9;
    /// Lost visits each in-flight playout adds to the nodes on its path (spreads threads).
    virtual_loss: u32 = 2, 0..=1000;
    /// A timed search stops once its most visited move can no longer be overtaken in the
    /// time left, but not before this share of its time limit has gone (1: it always
    /// searches to the limit). 1 since 2026-12-07: under `--max-time-per-move 1` the early
    /// stop (0) left hoshi about 0.63 s a move where Pachi at `-t 2` thinks 1 s
    /// (`matches/2026-12-06-9x9-pachi-10k-counted/`), and won 76 of 160 there; at 1, 51 of
    /// 100 (`matches/2026-12-07-9x9-pachi-equal-time-full/`).
    early_stop_after: f64 = 1.0, 0.0..=1.0;
    /// Under territory scoring the root's pass gets at least 1 in this many root visits,
    /// so the engine knows when passing loses nothing; under any rules after the
    /// opponent's pass, and where eight legal moves or fewer are left (a seki's shared
    /// liberties may be all, each a chain given away).
    pass_share: u32 = 20, 1..=1_000_000;
    // Priors: (virtual visits, virtual wins) added to a child when it is created.
    /// Won visits for a move of the learned model's (`hoshi train`) at full share: a move
    /// gets this times the square root of its share of the position's strength. 0: off.
    prior_learned: f32 = 210.0, 0.0..=1e6;
    /// `prior_learned` on boards of 13×13 and up, where the shares are spread over more
    /// points and the tree's AMAF statistics are noisier in the open opening. 300 until the
    /// large table got its big shapes, whose sharper shares want less: against Pachi at
    /// 2,000 playouts to 500 on 19×19, big shapes at 150 won 27 of 40, at 300 15 of 40, and
    /// the table before at 150 19 of 40, at 300 26 of 65 (`matches/2026-11-26-19x19-big-shapes/`).
    prior_learned_large: f32 = 150.0, 0.0..=1e6;
    /// The fuseki on boards of 13×13 and up: the learned prior's weight is
    /// `prior_learned_large` times (1 + this) on the empty board, falling linearly to
    /// `prior_learned_large` once `prior_opening_stones` stones are on the board (Pachi
    /// ramps its network prior down over the opening in the same way). The playouts of a
    /// large empty board tell corners from the middle by little more than noise, so
    /// without it the tree wandered into the open (K12, H12 as first moves at 2 s). Off (0)
    /// since 2026-11-27: at 3, side by side at 5 s a move against Pachi on 19×19, it won 3
    /// of 8 where the same build without it won 3 of 8; no trial showed it winning games
    /// (`matches/2026-11-27-19x19-opening-boost/`).
    prior_opening_boost: f32 = 0.0, 0.0..=1e3;
    /// Stones on the board at which `prior_opening_boost` has fallen to nothing; 0: off.
    prior_opening_stones: u32 = 40, 0..=1000;
    /// Even prior of every move: this many visits at a 50% win rate (below 13×13; Pachi's
    /// 9×9 weights are 14 for this and 210 for its pattern prior, as here). At 0.25 s
    /// against Pachi at 1,250 playouts, 7 won 112 of 150 and 28 won 115 where 14 won 124
    /// side by side (`matches/2026-12-06-9x9-prior-even/`).
    prior_even: f32 = 14.0, 0.0..=1e6;
    /// `prior_even` on boards of 13×13 and up. On 19×19 at 2,000 playouts against Pachi's
    /// 500, Pachi's large-board 20 won 60 of 100 where 3 won 64 side by side
    /// (`matches/2026-12-05-19x19-even-rave/`).
    prior_even_large: f32 = 3.0, 0.0..=1e6;
    /// Won visits for capturing one stone.
    prior_capture_one: f32 = 0.0, 0.0..=1e6;
    /// Won visits for capturing two or more stones.
    prior_capture_many: f32 = 0.0, 0.0..=1e6;
    /// Won visits for an extension that saves an own chain in atari (ladder read out).
    prior_save: f32 = 0.0, 0.0..=1e6;
    /// Won visits for a move matching a 3x3 pattern.
    prior_pattern: f32 = 0.0, 0.0..=1e6;
    /// Lost visits for a self-atari that captures nothing.
    prior_self_atari: f32 = 0.0, 0.0..=1e6;
    /// Won visits for a move at Manhattan distance 1 from the last move.
    prior_near_last_1: f32 = 0.0, 0.0..=1e6;
    /// Won visits for a move at Manhattan distance 2 from the last move.
    prior_near_last_2: f32 = 0.0, 0.0..=1e6;
    /// Won visits for a move at Manhattan distance 3 from the last move.
    prior_near_last_3: f32 = 0.0, 0.0..=1e6;
    /// Visits for a move on lines 1-3 with no stone within distance 3: lost on the first
    /// and second line, won on the third.
    prior_empty_area: f32 = 0.0, 0.0..=1e6;
    /// Won visits for a move that reading (`go::reading`) shows saves an own chain of two
    /// liberties or fewer next to the last move, which the opponent could capture. With
    /// `prior_read_take` 40 it won 202 of 300 against main's 175 of 300 (67.3% against
    /// 58.3%, 2.3 standard errors) at 5,000 playouts against Pachi's 1,250 on 9×9
    /// (`matches/2026-11-27-9x9-prior-reading/`). Off in the dead-stone judgement
    /// (`ownership`).
    prior_read_save: f32 = 40.0, 0.0..=1e6;
    /// Won visits for a move that reading shows captures an enemy chain of two liberties
    /// or fewer at or next to the last move, which its owner could save.
    prior_read_take: f32 = 40.0, 0.0..=1e6;
    /// Positions the prior's reader visits per question (`prior_read_*`).
    prior_read_budget: u32 = 200, 1..=100_000;
    /// Lost visits for a move that joins own stones into a chain of `prior_read_libs`
    /// liberties or fewer, which reading shows the opponent can then capture. At 30: 91 of
    /// 150 against 86 of 150 at 5,000 playouts against Pachi's 1,250 (0.6 standard errors;
    /// `matches/2026-11-27-9x9-prior-read-scope/`): off.
    prior_read_malus: f32 = 0.0, 0.0..=1e6;
    /// Chains of this many liberties or fewer are read for `prior_read_*` (the reader
    /// reads up to three). With 3 and `prior_read_near` 2, on the clock (0.25 s a move)
    /// against Pachi at 1,250 playouts, four runs side by side: 433 of 600 against 415 of
    /// 600 (1.1 standard errors; 11% more time a playout): not the default.
    prior_read_libs: u32 = 2, 1..=3;
    /// Chains next to the last move (1) or the last two moves (2) are read for
    /// `prior_read_*`.
    prior_read_near: u32 = 1, 1..=2;
    /// Virtual wins of a pass at an inner node (out of `prior_even` visits): tried only
    /// when the other moves look bad.
    prior_pass_wins: f32 = 1.0, 0.0..=1e6;
    // Dynamic komi in handicap games.
    /// Extra komi per handicap stone at the start of a handicap game.
    dynkomi_per_stone: f64 = 7.0, 0.0..=100.0;
    /// Share of the board's points played by which the extra komi has faded to nothing.
    dynkomi_fade: f64 = 0.6, 0.01..=10.0;
    // Adaptive komi in even games: a won game played for points.
    /// Share of the board's points played before the search of a move raises the komi
    /// against itself when winning; on boards under 13×13. Above 10: off.
    adaptive_from: f64 = 0.2, 0.0..=11.0;
    /// `adaptive_from` from 13×13 up.
    adaptive_from_large: f64 = 0.5, 0.0..=11.0;
    /// The share of its playouts the searching side should win against the raised komi:
    /// every `adaptive_window` playouts the extra komi moves to the margin it beats that
    /// often in the window (never below 0, at most a point up a window).
    adaptive_win_rate: f64 = 0.8, 0.0..=1.0;
    /// Playouts between two changes of the adaptive komi.
    adaptive_window: u32 = 500, 1..=1_000_000;
    // Heavy playouts: relative weights of the candidate moves.
    /// Weight of capturing a chain in atari.
    playout_capture: u32 = 60, 0..=10_000;
    /// Extra weight per captured stone (up to 8 stones).
    playout_capture_per_stone: u32 = 10, 0..=1000;
    /// Weight of saving an own chain in atari (counter-capture or escaping extension).
    playout_save: u32 = 40, 0..=10_000;
    /// Weight of a 3x3 pattern move next to the last move. At 5,000 playouts against
    /// Pachi's 1,250: 0 won 37 of 100 against 69 of 100 (`matches/2026-11-29-9x9-playout-no-shapes/`);
    /// 6 won 65 of 120 and 24 75 of 120 against 74 of 120
    /// (`matches/2026-11-29-9x9-playout-pattern-weight/`).
    playout_pattern: u32 = 12, 0..=10_000;
    /// Weight of the vital point after a capture of three or more stones.
    playout_nakade: u32 = 60, 0..=10_000;
    /// Percent of heavy random moves that may sacrifice a chain of 2 to 6 stones in atari
    /// where its points, once taken, leave the taker a dead eye shape (`nakade_sacrifice`);
    /// otherwise random moves never put two or more stones in atari. Off: 100 won 60.4%
    /// against the same session's 54.9% at 5,000 playouts against Pachi's 1,250 (450 games
    /// each), no more than earlier runs of the defaults there
    /// (`matches/2026-11-26-9x9-playout-sacrifice/`); 65 of 100 against the control's 61 of
    /// 100 at 40,000 against 10,000 (`matches/2026-11-26-9x9-pachi-40k-sacrifice/`); with the
    /// seki guard, at 20,000 against 5,000, 97 of 150 against 104 of 150 off
    /// (`matches/2026-12-06-9x9-20k-nakade-sacrifice/`).
    playout_nakade_sacrifice: u32 = 0, 0..=100;
    /// Weight of a random move instead, when there are candidates.
    playout_random: u32 = 4, 0..=10_000;
    /// Percent of heavy random moves, below 13×13, that may be any self-atari (the others
    /// never leave two stones or more in atari). Pachi's playouts refuse a bad
    /// self-atari in 60% of their tries only. Against Pachi at 1,250 playouts, hoshi at
    /// 0.25 s a move: 40 won 298 of 390 where 0 won 278 of 390 side by side, three runs
    /// (`matches/2026-11-29-9x9-playout-self-atari/`).
    playout_self_atari: u32 = 40, 0..=100;
    /// `playout_self_atari` on boards of 13×13 and up. On 19×19, with `playout_eye_fix_large`
    /// at 60, hoshi at 2,000 playouts won 67 of 100 against Pachi at 500 where both at 0 won
    /// 54 of 100 side by side (+13 points, 1.9 standard errors)
    /// (`matches/2026-12-05-19x19-large-playout-rates/`).
    playout_self_atari_large: u32 = 40, 0..=100;
    /// 1: the self-ataris of `playout_self_atari` leave out a mutual atari that gives a
    /// chain of two stones or more away inside a seki or a race (`tactics::breaks_seki`;
    /// a nakade by sacrifice stays), so a seki stands in the playouts. 0: off. At 0.25 s
    /// against Pachi at 1,250 playouts on it won 290 of 360 against 268 off
    /// (`matches/2026-11-30-9x9-playout-seki-guard/`); at 20,000 playouts against 5,000,
    /// 193 of 300 against 196 off (`matches/2026-12-06-9x9-20k-seki-guard/`).
    playout_seki_guard: u32 = 1, 0..=1;
    /// Percent of heavy random moves that, drawn on an own false eye, capture the enemy
    /// chain in atari on a diagonal of it, or else put one of two liberties in atari
    /// (Pachi's `eyefillrate`, 60 there). 0: the eye is filled. Side by side at 0.25 s
    /// against Pachi at 1,250 playouts, 60 won 288 of 360 against 266 of 360 for 0 (+6.1
    /// points, 1.9 standard errors; 0.6% more instructions a playout)
    /// (`matches/2026-11-30-9x9-playout-eye-fix/`).
    playout_eye_fix: u32 = 60, 0..=100;
    /// `playout_eye_fix` on boards of 13×13 and up (measured with `playout_self_atari_large`).
    playout_eye_fix_large: u32 = 60, 0..=100;
    // Playing for points.
    /// Share of a playout's value that comes from its score rather than its result: a
    /// playout is worth (1 - this) for a win, plus this times an arctangent of its margin
    /// above the root's mean margin (KataGo's score utility, in each playout as Fuego and
    /// Leela do), so that decided games still prefer points. Both the tree's and the AMAF
    /// statistics carry it. 0: win or loss only.
    score_utility: f32 = 0.1, 0.0..=1.0;
    /// Points of margin above the root's mean at which the score share is worth half its
    /// most (for 19x19; scaled by board size).
    score_scale: f32 = 20.0, 0.1..=1000.0;
    // The move decision and the dead-stone judgement.
    /// Under territory rules, pass instead of a move inside one's own territory when the
    /// pass's win rate is within this of the best move's.
    pass_slack: f64 = 0.03, 0.0..=1.0;
    /// Under territory rules, a point one side owns in at least this share of the
    /// search's playouts (mean ownership, 1 = always) is settled: a move there that mends
    /// nothing gains nothing, and a pass within `pass_slack` is preferred. Above 1: off.
    settled_ownership: f64 = 0.9, 0.0..=2.0;
    /// The share of the playouts that began with the root's pass (the opponent moving first)
    /// in which the same side must own the point too, for it to be settled: the search's
    /// own ownership follows its best line, which may be the move that holds the point.
    /// Above 1: not asked. In 9×9 Japanese games against GNU Go at 0.5 s 38 of 40 with it
    /// against 31 of 40 without, which passed in won games with the top still open
    /// (`matches/2026-11-28-japanese-prisoner/`).
    settled_after_pass: f64 = 0.8, 0.0..=2.0;
    /// Under territory rules, a stone at a point the opponent owns in at least this share of
    /// the search's playouts (mean ownership) dies there in nearly every playout: a
    /// prisoner given, whatever the win rate says (the opponent's answers in the playouts
    /// are a tempo the real game does not give). Such a move is passed (then mended, as any
    /// pass). Above 1: off. filllib at 1 s 23 and 23 against 20 and 23 off (cases 7, 10 and
    /// 25); in 9×9 Japanese games against GNU Go at 0.5 s 16 of 20 against 15 of 20, and 19
    /// of 20 against 19 of 20 with `settled_after_pass`
    /// (`matches/2026-11-28-japanese-prisoner/`).
    prisoner_ownership: f64 = 0.9, 0.0..=2.0;
    /// Under territory rules, a lone stone (next to no stone of its own colour) in an empty
    /// region walled in by the opponent's stones alone, whose points the opponent owns in at
    /// least this share of the search's playouts on average, is an invasion given up as a
    /// prisoner: the playouts' random defence lets such invasions live where a player kills
    /// them. Such a move is passed (then mended, as any pass). Above 1: off. filllib at 1 s,
    /// seeds 1–4: 33, 34, 33, 31 against 32, 33, 33, 30 off; case 3 (white's J2 inside
    /// black's lower left, where A17 mends) passes in all four against none. 9×9 Japanese
    /// games against GNU Go level 10 at 2 s: 23 of 24
    /// (`matches/2026-12-02-9x9-gnugo10-2s-japanese-invasion/`).
    invasion_ownership: f64 = 0.6, 0.0..=2.0;
    /// Under territory rules the board is open while at least this share of its points is
    /// empty and unsettled in the search's playouts (mean ownership under
    /// `settled_ownership` either way): there an idle move (a prisoner given, a stone spent)
    /// gives way to the next useful candidate rather than to a pass, which would hand the
    /// opponent a whole move. Above 1: never open.
    open_board_share: f64 = 0.333, 0.0..=2.0;
    /// The visits, as a share of the most visited move's, a candidate needs to replace an
    /// idle move on an open board (`open_board_share`), or `useful_visits_floor` if fewer.
    useful_visits: f64 = 0.05, 0.0..=1.0;
    /// Visits that are always enough to replace an idle move on an open board: a search
    /// fixed on one move (a saving stone that the reading before the search counts dead:
    /// 16,561 of 17,600 visits) gives the others too few for a share.
    useful_visits_floor: u32 = 100, 0..=1_000_000_000;
    /// 1: under territory rules, where the engine would pass (after the mending of
    /// `engine::mend`), it fills a dame (a point between living stones of both colours)
    /// with a stone that reading shows cannot be captured, or first the liberty that lets
    /// it do so (a backfill) where the opponent could fill it (`engine::dame`, GNU Go's
    /// `fill_liberty` idea). 0: it passes.
    fill_dame: u32 = 1, 0..=1;
    /// Most liberties a seki chain may have besides the ones it shares: more eye space
    /// makes a living group with territory, not a seki.
    seki_max_eye_space: u32 = 6, 0..=1000;
    /// `prior_learned_large` in the searches that judge dead stones (`ownership::statuses`:
    /// scoring and the pass decisions), which want the tree to follow the learned moves
    /// longer than play does: at 150 score.tst case 30 (19×19, a group of 15 points) was
    /// judged alive with seeds 1 and 3 of 1–3, at 300 dead with all three.
    judge_prior_learned_large: f32 = 300.0, 0.0..=1e6;
    /// Positions the life-and-death solver (`go::solve`) may read in all when the dead
    /// stones are judged (5,000 at most a question): a walled-in group it reads as living
    /// with the enemy first lives, one it reads as dying with its owner first is dead,
    /// whatever the playouts say. Within a time limit (the pass decisions) the searches leave
    /// it a tenth and it stops at the limit; `final_score` has none. 0: off.
    judge_solve_nodes: u32 = 30_000, 0..=10_000_000;
    /// Positions the solver may read in all before a search (within `search_solve_share`
    /// of its time): a walled-in group that reads dead with its owner moving first has its
    /// region counted for the attacker at the end of every playout, whatever stands there
    /// (`search::settled`). Only with heavy playouts, under territory rules: under area
    /// rules it lost games against Pachi (27 of 53 against 37 of 52 without, 9×9 at 0.25 s;
    /// `matches/2026-11-29-search-reading/`). The judging searches (`ownership`) read after
    /// searching instead. 0: off.
    search_solve_nodes: u32 = 30_000, 0..=10_000_000;
    /// The share of a search's time limit the reading before it may take.
    search_solve_share: f64 = 0.1, 0.0..=1.0;
    /// Positions the solver may read in all in the pass decision under territory rules: a
    /// move on a point of a problem that reading settles is passed. The search leaves the
    /// reading a tenth of the move's time, and it stops there. 0: off. filllib at 1 s 23
    /// and 25 against 21–23 off (case 2); 9×9 Japanese games against GNU Go at 0.5 s 39 of
    /// 40 against 19 of 20 off, median margin 5 points against 3, though it passes earlier
    /// (`matches/2026-11-28-japanese-prisoner/`). Off before 2026-11-28 on a game scored by
    /// area that Japanese counting gives hoshi.
    pass_solve_nodes: u32 = 30_000, 0..=10_000_000;
}

impl Params {
    /// The listing `hoshi --param help` prints: one parameter a line, with its value, range
    /// and doc comment.
    pub fn help(&self) -> String {
        let width = Params::INFO.iter().map(|i| i.name.len()).max().unwrap_or(0);
        Params::INFO
            .iter()
            .map(|i| {
                let value = self.get(i.name).unwrap_or_default();
                let doc = i.doc.split_whitespace().collect::<Vec<_>>().join(" ");
                format!("{:width$} = {value:8} ({})  {doc}\n", i.name, i.range)
            })
            .collect()
    }

    /// Applies `name=value` settings in order; the first bad one is the error.
    pub fn apply<'a>(
        &mut self,
        settings: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), ParamError> {
        for s in settings {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| ParamError::Unknown(s.to_string()))?;
            self.set(name.trim(), value)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_round_trips_by_name() {
        let defaults = Params::default();
        for info in Params::INFO {
            let text = defaults.get(info.name).unwrap();
            let mut p = Params::default();
            p.set(info.name, &text).unwrap();
            assert_eq!(p, defaults, "{}", info.name);
            assert!(!info.doc.trim().is_empty(), "{} has no doc", info.name);
        }
        assert_eq!(Params::INFO.len(), defaults.help().lines().count());
    }

    #[test]
    fn settings_change_one_field_and_bad_ones_change_nothing() {
        let mut p = Params::default();
        p.apply(["rave_equiv=2000", "expand_visits = 3"].iter().copied())
            .unwrap();
        assert_eq!(p.rave_equiv, 2000.0);
        assert_eq!(p.expand_visits, 3);
        let before = p;
        for bad in [
            "rave_equiv=-1",
            "rave_equiv=NaN",
            "rave_equiv=inf",
            "expand_visits=1.5",
            "expand_visits=99999999999",
            "pass_share=0",
            "nonsense=1",
            "rave_equiv",
        ] {
            assert!(p.apply([bad]).is_err(), "{bad}");
            assert_eq!(p, before, "{bad}");
        }
        assert!(matches!(
            p.set("playout_save", "x"),
            Err(ParamError::BadValue {
                name: "playout_save",
                ..
            })
        ));
    }
}
