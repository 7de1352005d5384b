//! The GTP command table: each command's name, its handler, and whether pondering follows
//! it. The table drives dispatch, `list_commands` and `known_command`. Handlers parse
//! their arguments, call the engine and return the response text or a `GtpError`.

use super::analyze::{self, Flavor, Mode};
use super::args::{arg, color_arg, count_arg, move_arg, no_args, seconds_arg};
use super::{Command, Ctx, GtpError, Reply, gogui};
use crate::engine::Engine;
use crate::go::score::result_text;
use crate::go::{Move, Point, Rules, SetupError, handicap};
use crate::render;
use crate::search::{ParamError, Params};
use crate::time::{Clock, System};

/// A handler: the engine, the parsed command, and the context for streamed output.
type Handler = fn(&mut Engine, &Command, &mut Ctx) -> Result<Reply, GtpError>;

/// One command hoshi answers.
pub struct Entry {
    pub name: &'static str,
    run: Handler,
    /// With `--ponder`, think on the opponent's time after it: our move was just played.
    pub ponder_after: bool,
}

const fn cmd(name: &'static str, run: Handler) -> Entry {
    Entry {
        name,
        run,
        ponder_after: false,
    }
}

/// A command whose move is ours: pondering follows it.
const fn moves(name: &'static str, run: Handler) -> Entry {
    Entry {
        name,
        run,
        ponder_after: true,
    }
}

/// A handler's text response.
fn text(body: impl Into<String>) -> Result<Reply, GtpError> {
    Ok(Reply::Text(body.into()))
}

/// Every command hoshi answers, in `list_commands` order (gtp2ogs drops unlisted ones).
pub const COMMANDS: &[Entry] = &[
    cmd("protocol_version", |_, _, _| text("2")),
    cmd("name", |_, _, _| text("hoshi")),
    cmd("version", |_, _, _| text(env!("CARGO_PKG_VERSION"))),
    cmd("known_command", |_, c, _| {
        let name = arg(c, 0)?;
        text(find(name).is_some().to_string())
    }),
    cmd("list_commands", |_, _, _| {
        text(
            COMMANDS
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }),
    cmd("quit", |_, _, _| Ok(Reply::Quit)),
    cmd("boardsize", |e, c, _| boardsize(e, c).map(Reply::Text)),
    cmd("clear_board", |e, c, _| {
        no_args(c)?;
        let size = e.game().size();
        e.new_game(size);
        text("")
    }),
    cmd("komi", |e, c, _| komi(e, c).map(Reply::Text)),
    cmd("get_komi", |e, _, _| text(e.game().komi().to_string())),
    cmd("play", |e, c, _| play(e, c).map(Reply::Text)),
    moves("genmove", |e, c, x| {
        analyze::genmove(e, c, x, Mode::Genmove)
    }),
    cmd("reg_genmove", |e, c, x| {
        analyze::genmove(e, c, x, Mode::Reg)
    }),
    cmd("undo", |e, _, _| {
        if e.game_mut().undo() {
            text("")
        } else {
            Err(GtpError::CannotUndo)
        }
    }),
    cmd("showboard", |e, _, _| {
        text(format!("\n{}", render::board_text(e.game())))
    }),
    cmd("final_score", |e, _, _| text(result_text(e.final_margin()))),
    cmd("final_status_list", |e, c, _| {
        final_status_list(e, c).map(Reply::Text)
    }),
    cmd("fixed_handicap", |e, c, _| {
        handicap_cmd(e, c, false).map(Reply::Text)
    }),
    cmd("place_free_handicap", |e, c, _| {
        handicap_cmd(e, c, true).map(Reply::Text)
    }),
    cmd("set_free_handicap", |e, c, _| {
        set_free_handicap(e, c).map(Reply::Text)
    }),
    cmd("time_settings", |e, c, _| {
        time_settings(e, c).map(Reply::Text)
    }),
    cmd("time_left", |e, c, _| time_left(e, c).map(Reply::Text)),
    cmd("kgs-time_settings", |e, c, _| {
        kgs_time_settings(e, c).map(Reply::Text)
    }),
    moves("kgs-genmove_cleanup", |e, c, x| {
        analyze::genmove(e, c, x, Mode::Cleanup)
    }),
    cmd("kgs-rules", |e, c, _| {
        let name = arg(c, 0)?;
        let rules = Rules::parse(name).ok_or_else(|| GtpError::UnknownRules(name.into()))?;
        e.set_rules(rules);
        text("")
    }),
    cmd("kgs-game_over", |_, _, _| text("")),
    cmd("list_stones", |e, c, _| {
        let color = color_arg(c, 0)?;
        let g = e.game();
        let geo = g.geometry();
        let stones: Vec<String> = g
            .board()
            .stones()
            .into_iter()
            .filter(|&(_, sc)| sc == color)
            .map(|(p, _)| geo.vertex(p))
            .collect();
        text(stones.join(" "))
    }),
    cmd("is_legal", |e, c, _| {
        let color = color_arg(c, 0)?;
        let legal = match move_arg(e, c, 1) {
            Ok(m) => e.game().is_legal(color, m),
            Err(GtpError::IllegalMove) => false,
            Err(err) => return Err(err),
        };
        text((legal as u8).to_string())
    }),
    cmd("all_legal", |e, c, _| {
        let color = color_arg(c, 0)?;
        let g = e.game();
        let geo = g.geometry();
        let points: Vec<String> = g
            .legal_points(color)
            .into_iter()
            .map(|p| geo.vertex(p))
            .collect();
        text(points.join(" "))
    }),
    cmd("captures", |e, c, _| {
        let color = color_arg(c, 0)?;
        text(e.game().board().captures(color).to_string())
    }),
    cmd("cputime", |_, _, _| text(format!("{:.3}", cpu_seconds()))),
    cmd("gogui-analyze_commands", |_, _, _| {
        text(
            [
                "gfx/Best moves/hoshi-best_moves",
                "gfx/Principal variation/hoshi-pv",
                "gfx/Ownership/hoshi-ownership",
                "string/Search summary/hoshi-search_summary",
                "string/Score estimate/hoshi-estimate",
                "param/Search parameters/hoshi-param",
            ]
            .join("\n"),
        )
    }),
    cmd("gogui-interrupt", |_, _, _| text("")),
    cmd("lz-analyze", |e, c, x| {
        analyze::analyze(e, c, x, Flavor::Lz)
    }),
    cmd("kata-analyze", |e, c, x| {
        analyze::analyze(e, c, x, Flavor::Kata)
    }),
    moves("lz-genmove_analyze", |e, c, x| {
        analyze::genmove(e, c, x, Mode::Analyze(Flavor::Lz))
    }),
    moves("kata-genmove_analyze", |e, c, x| {
        analyze::genmove(e, c, x, Mode::Analyze(Flavor::Kata))
    }),
    cmd("hoshi-ownership", |e, _, _| text(ownership_gfx(e))),
    cmd("hoshi-estimate", |e, _, _| text(estimate(e))),
    cmd("hoshi-best_moves", |e, c, x| {
        no_args(c)?;
        text(analyze::search_text(e, x, gogui::best_moves))
    }),
    cmd("hoshi-pv", |e, c, x| {
        no_args(c)?;
        text(analyze::search_text(e, x, gogui::principal_variation))
    }),
    cmd("hoshi-search_summary", |e, c, x| {
        no_args(c)?;
        text(analyze::search_text(e, x, gogui::summary))
    }),
    cmd("hoshi-param", |e, c, _| param(e, c).map(Reply::Text)),
    cmd("loadsgf", |e, c, _| loadsgf(e, c).map(Reply::Text)),
    cmd("printsgf", |e, c, _| printsgf(e, c).map(Reply::Text)),
];

/// The table entry of command `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    COMMANDS.iter().find(|e| e.name == name)
}

/// Runs `cmd` by its table entry.
pub fn dispatch(engine: &mut Engine, cmd: &Command, ctx: &mut Ctx) -> Result<Reply, GtpError> {
    let entry = find(&cmd.name).ok_or(GtpError::UnknownCommand)?;
    (entry.run)(engine, cmd, ctx)
}

type Res = Result<String, GtpError>;

fn boardsize(engine: &mut Engine, cmd: &Command) -> Res {
    let text = arg(cmd, 0)?;
    if cmd.args.len() != 1 || text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GtpError::Syntax);
    }
    let size = text.parse::<usize>().unwrap_or(usize::MAX);
    if engine.new_game(size) {
        Ok(String::new())
    } else {
        Err(GtpError::UnacceptableSize)
    }
}

fn komi(engine: &mut Engine, cmd: &Command) -> Res {
    let k: f64 = arg(cmd, 0)?.parse().map_err(|_| GtpError::Syntax)?;
    if !k.is_finite() || k.abs() > 1000.0 {
        return Err(GtpError::Syntax);
    }
    engine.opts.komi = k;
    engine.game_mut().set_komi(k);
    Ok(String::new())
}

fn play(engine: &mut Engine, cmd: &Command) -> Res {
    let c = color_arg(cmd, 0)?;
    let m = move_arg(engine, cmd, 1)?;
    if cmd.args.len() != 2 {
        return Err(GtpError::Syntax);
    }
    engine
        .game_mut()
        .play(c, m)
        .map(|_| String::new())
        .map_err(|_| GtpError::IllegalMove)
}

fn final_status_list(engine: &mut Engine, cmd: &Command) -> Res {
    let which = arg(cmd, 0)?.to_ascii_lowercase();
    let st = engine.statuses();
    let stones = match which.as_str() {
        "dead" => st.dead,
        "alive" => st.alive,
        "seki" => st.seki,
        _ => return Err(GtpError::Syntax),
    };
    // One chain per line.
    let g = engine.game();
    let geo = g.geometry();
    let mut chains: Vec<(Point, Vec<String>)> = Vec::new();
    for p in stones {
        let head = g.board().chain_head(p);
        match chains.iter_mut().find(|(h, _)| *h == head) {
            Some((_, v)) => v.push(geo.vertex(p)),
            None => chains.push((head, vec![geo.vertex(p)])),
        }
    }
    Ok(chains
        .into_iter()
        .map(|(_, v)| v.join(" "))
        .collect::<Vec<_>>()
        .join("\n"))
}

fn handicap_cmd(engine: &mut Engine, cmd: &Command, free: bool) -> Res {
    let text = arg(cmd, 0)?;
    if cmd.args.len() != 1 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GtpError::Syntax);
    }
    // An integer too large for usize is still an integer: a wrong count, not bad syntax.
    let n = text.parse::<usize>().unwrap_or(usize::MAX);
    if !engine.game().is_empty() {
        return Err(GtpError::BoardNotEmpty);
    }
    let geo = engine.game().geometry();
    let points = if free {
        handicap::free(geo, n)
    } else {
        handicap::fixed(geo, n)
    }
    .ok_or(GtpError::InvalidNumberOfStones)?;
    engine.game_mut().place_handicap(&points)?;
    Ok(points
        .iter()
        .map(|&p| geo.vertex(p))
        .collect::<Vec<_>>()
        .join(" "))
}

fn set_free_handicap(engine: &mut Engine, cmd: &Command) -> Res {
    if !engine.game().is_empty() {
        return Err(GtpError::BoardNotEmpty);
    }
    let mut points = Vec::new();
    for i in 0..cmd.args.len() {
        match move_arg(engine, cmd, i) {
            Ok(Move::Play(p)) => points.push(p),
            _ => return Err(GtpError::BadVertexList),
        }
    }
    // A wrong count is a bad vertex list here (fixed_handicap says "invalid number").
    match engine.game_mut().place_handicap(&points) {
        Ok(()) => Ok(String::new()),
        Err(SetupError::BoardNotEmpty) => Err(GtpError::BoardNotEmpty),
        Err(_) => Err(GtpError::BadVertexList),
    }
}

fn time_settings(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() != 3 {
        return Err(GtpError::Syntax);
    }
    let main = seconds_arg(cmd, 0)?;
    let period = seconds_arg(cmd, 1)?;
    let stones = count_arg(cmd, 2)?;
    engine.set_clock(Clock::from_gtp(main, period, stones));
    Ok(String::new())
}

fn kgs_time_settings(engine: &mut Engine, cmd: &Command) -> Res {
    let kind = arg(cmd, 0)?.to_ascii_lowercase();
    let system = match (kind.as_str(), cmd.args.len()) {
        ("none", 1) => System::None,
        ("absolute", 2) => System::Absolute {
            main: seconds_arg(cmd, 1)?,
        },
        ("byoyomi", 4) => System::Byoyomi {
            main: seconds_arg(cmd, 1)?,
            period: seconds_arg(cmd, 2)?,
            periods: count_arg(cmd, 3)?,
        },
        ("canadian", 4) => System::Canadian {
            main: seconds_arg(cmd, 1)?,
            period: seconds_arg(cmd, 2)?,
            stones: count_arg(cmd, 3)?,
        },
        _ => return Err(GtpError::Syntax),
    };
    engine.set_clock(Clock::start(system));
    Ok(String::new())
}

fn time_left(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() != 3 {
        return Err(GtpError::Syntax);
    }
    let c = color_arg(cmd, 0)?;
    let seconds = seconds_arg(cmd, 1)?;
    let count = count_arg(cmd, 2)?;
    engine.set_time_left(c, seconds, count);
    Ok(String::new())
}

/// `hoshi-param`: with no arguments, every tuning value as GoGui's `param` analyze
/// command lists them (`[string] name value`, one a line); with `name`, its value; with
/// `name value`, sets it for the searches that follow.
fn param(engine: &mut Engine, cmd: &Command) -> Res {
    match cmd.args.as_slice() {
        [] => {
            let p = &engine.opts.params;
            Ok(Params::INFO
                .iter()
                .map(|i| format!("[string] {} {}", i.name, p.get(i.name).unwrap_or_default()))
                .collect::<Vec<_>>()
                .join("\n"))
        }
        [name] => engine
            .opts
            .params
            .get(name)
            .ok_or_else(|| GtpError::Param(ParamError::Unknown(name.clone()))),
        [name, value] => {
            engine.set_param(name, value)?;
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

/// Largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 << 20;

fn loadsgf(engine: &mut Engine, cmd: &Command) -> Res {
    use std::io::Read;
    let path = arg(cmd, 0)?;
    let before = match cmd.args.get(1) {
        Some(n) => Some(n.parse::<usize>().map_err(|_| GtpError::Syntax)?),
        None => None,
    };
    if cmd.args.len() > 2 {
        return Err(GtpError::Syntax);
    }
    let mut bytes = Vec::new();
    let read =
        std::fs::File::open(path).and_then(|f| f.take(MAX_SGF_BYTES).read_to_end(&mut bytes));
    if let Err(e) = read {
        log::warn!("loadsgf {path}: {e}");
        return Err(GtpError::CannotLoadFile);
    }
    let text = crate::sgf::decode(&bytes);
    let defaults = crate::sgf::Defaults {
        rules: engine.game().rules(),
        komi: engine.game().komi(),
    };
    match crate::sgf::load(&text, defaults, before) {
        Ok(game) => {
            let to_move = game.to_move();
            engine.set_game(game);
            Ok(to_move.to_string())
        }
        Err(e) => {
            log::warn!("loadsgf {path}: {e}");
            Err(GtpError::CannotLoadFile)
        }
    }
}

fn printsgf(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() > 1 {
        return Err(GtpError::Syntax);
    }
    let result = engine.result();
    let text = crate::sgf::write(engine.game(), result.as_deref());
    match cmd.args.first() {
        None => Ok(text),
        Some(path) => std::fs::write(path, format!("{text}\n"))
            .map(|_| String::new())
            .map_err(|e| {
                log::warn!("printsgf {path}: {e}");
                GtpError::CannotWriteFile
            }),
    }
}

fn ownership_gfx(engine: &mut Engine) -> String {
    let st = engine.statuses();
    let geo = engine.game().geometry();
    let values: Vec<String> = geo
        .points()
        .map(|p| format!("{} {:.2}", geo.vertex(p), st.ownership[p.idx()]))
        .collect();
    format!("INFLUENCE {}", values.join(" "))
}

fn estimate(engine: &mut Engine) -> String {
    let st = engine.statuses();
    let margin = engine.game().score(&st.dead, &st.seki);
    let geo = engine.game().geometry();
    let dead: Vec<String> = st.dead.iter().map(|&p| geo.vertex(p)).collect();
    format!(
        "{} (dead: {})",
        result_text(margin),
        if dead.is_empty() {
            "none".to_string()
        } else {
            dead.join(" ")
        }
    )
}

/// CPU time used by this process (user + system), from /proc on Linux; wall time since
/// start elsewhere.
fn cpu_seconds() -> f64 {
    if let Ok(stat) = std::fs::read_to_string("/proc/self/stat")
        && let Some(after) = stat.rsplit(')').next()
    {
        let fields: Vec<&str> = after.split_whitespace().collect();
        // After the command name: state is field 0; utime and stime are fields 11 and 12.
        if let (Some(u), Some(s)) = (fields.get(11), fields.get(12))
            && let (Ok(u), Ok(s)) = (u.parse::<f64>(), s.parse::<f64>())
        {
            return (u + s) / 100.0;
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
