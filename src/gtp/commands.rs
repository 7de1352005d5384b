//! The GTP command table: argument parsing, calls into the engine, response text.

use std::io::Write;
use std::time::Duration;

use super::gogui;
use super::{Command, Ctx, Outcome};
use crate::engine::{Decision, Engine};
use crate::go::score::result_text;
use crate::go::{Color, Geometry, Move, Point, Rules, SetupError, handicap};
use crate::render;
use crate::search::Report;
use crate::time::{Clock, System};

/// Every command hoshi answers (gtp2ogs drops unlisted ones silently).
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "get_komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "kgs-game_over",
    "list_stones",
    "is_legal",
    "all_legal",
    "captures",
    "cputime",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "lz-analyze",
    "kata-analyze",
    "lz-genmove_analyze",
    "kata-genmove_analyze",
    "hoshi-ownership",
    "hoshi-estimate",
    "hoshi-best_moves",
    "hoshi-pv",
    "hoshi-search_summary",
    "loadsgf",
    "printsgf",
];

type Res = Result<String, String>;

fn syntax() -> String {
    "syntax error".to_string()
}

fn arg(cmd: &Command, i: usize) -> Result<&str, String> {
    cmd.args.get(i).map(String::as_str).ok_or_else(syntax)
}

fn color_arg(cmd: &Command, i: usize) -> Result<Color, String> {
    Color::parse(arg(cmd, i)?).ok_or_else(syntax)
}

/// A move argument: malformed text is a syntax error; a well-formed vertex off this board
/// is an illegal move.
fn move_arg(engine: &Engine, cmd: &Command, i: usize) -> Result<Move, String> {
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
        "illegal move".to_string()
    } else {
        syntax()
    })
}

/// A non-negative, finite number of seconds (at most ten years).
fn seconds_arg(cmd: &Command, i: usize) -> Result<f64, String> {
    let v: f64 = arg(cmd, i)?.parse().map_err(|_| syntax())?;
    if v.is_finite() && (0.0..=3.2e8).contains(&v) {
        Ok(v)
    } else {
        Err(syntax())
    }
}

/// A non-negative count up to a million.
fn count_arg(cmd: &Command, i: usize) -> Result<u32, String> {
    let v: u32 = arg(cmd, i)?.parse().map_err(|_| syntax())?;
    if v <= 1_000_000 { Ok(v) } else { Err(syntax()) }
}

fn no_args(cmd: &Command) -> Result<(), String> {
    if cmd.args.is_empty() {
        Ok(())
    } else {
        Err(syntax())
    }
}

pub fn dispatch(engine: &mut Engine, cmd: &Command, ctx: &mut Ctx) -> Outcome {
    let res: Res = match cmd.name.as_str() {
        "protocol_version" => Ok("2".into()),
        "name" => Ok("hoshi".into()),
        "version" => Ok(env!("CARGO_PKG_VERSION").into()),
        "known_command" => arg(cmd, 0).map(|n| COMMANDS.contains(&n).to_string()),
        "list_commands" => Ok(COMMANDS.join("\n")),
        "quit" => return Outcome::Quit,
        "boardsize" => boardsize(engine, cmd),
        "clear_board" => no_args(cmd).map(|_| {
            let size = engine.game().size();
            engine.new_game(size);
            String::new()
        }),
        "komi" => komi(engine, cmd),
        "get_komi" => Ok(engine.game().komi().to_string()),
        "play" => play(engine, cmd),
        "genmove" => return genmove(engine, cmd, ctx, Mode::Genmove),
        "reg_genmove" => return genmove(engine, cmd, ctx, Mode::Reg),
        "kgs-genmove_cleanup" => return genmove(engine, cmd, ctx, Mode::Cleanup),
        "lz-genmove_analyze" => return genmove(engine, cmd, ctx, Mode::Analyze(Flavor::Lz)),
        "kata-genmove_analyze" => return genmove(engine, cmd, ctx, Mode::Analyze(Flavor::Kata)),
        "lz-analyze" => return analyze(engine, cmd, ctx, Flavor::Lz),
        "kata-analyze" => return analyze(engine, cmd, ctx, Flavor::Kata),
        "undo" => {
            if engine.game_mut().undo() {
                Ok(String::new())
            } else {
                Err("cannot undo".into())
            }
        }
        "showboard" => Ok(format!("\n{}", render::board_text(engine.game()))),
        "final_score" => Ok(result_text(engine.final_margin())),
        "final_status_list" => final_status_list(engine, cmd),
        "fixed_handicap" => handicap_cmd(engine, cmd, false),
        "place_free_handicap" => handicap_cmd(engine, cmd, true),
        "set_free_handicap" => set_free_handicap(engine, cmd),
        "time_settings" => time_settings(engine, cmd),
        "kgs-time_settings" => kgs_time_settings(engine, cmd),
        "time_left" => time_left(engine, cmd),
        "kgs-rules" => arg(cmd, 0).and_then(|name| {
            let rules = Rules::parse(name).ok_or_else(|| format!("unknown rules {name}"))?;
            engine.set_rules(rules);
            Ok(String::new())
        }),
        "kgs-game_over" => Ok(String::new()),
        "list_stones" => color_arg(cmd, 0).map(|c| {
            let g = engine.game();
            let geo = g.geometry();
            g.board()
                .stones()
                .into_iter()
                .filter(|&(_, sc)| sc == c)
                .map(|(p, _)| geo.vertex(p))
                .collect::<Vec<_>>()
                .join(" ")
        }),
        "is_legal" => color_arg(cmd, 0).and_then(|c| {
            let m = move_arg(engine, cmd, 1);
            Ok(match m {
                Ok(m) => (engine.game().is_legal(c, m) as u8).to_string(),
                Err(e) if e == "illegal move" => "0".into(),
                Err(e) => return Err(e),
            })
        }),
        "all_legal" => color_arg(cmd, 0).map(|c| {
            let g = engine.game();
            let geo = g.geometry();
            g.legal_points(c)
                .into_iter()
                .map(|p| geo.vertex(p))
                .collect::<Vec<_>>()
                .join(" ")
        }),
        "captures" => color_arg(cmd, 0).map(|c| engine.game().board().captures(c).to_string()),
        "cputime" => Ok(format!("{:.3}", cpu_seconds())),
        "gogui-analyze_commands" => Ok([
            "gfx/Best moves/hoshi-best_moves",
            "gfx/Principal variation/hoshi-pv",
            "gfx/Ownership/hoshi-ownership",
            "string/Search summary/hoshi-search_summary",
            "string/Score estimate/hoshi-estimate",
        ]
        .join("\n")),
        "gogui-interrupt" => Ok(String::new()),
        "loadsgf" => loadsgf(engine, cmd),
        "printsgf" => printsgf(engine, cmd),
        "hoshi-ownership" => Ok(ownership_gfx(engine)),
        "hoshi-estimate" => Ok(estimate(engine)),
        "hoshi-best_moves" => no_args(cmd).map(|_| search_text(engine, ctx, gogui::best_moves)),
        "hoshi-pv" => no_args(cmd).map(|_| search_text(engine, ctx, gogui::principal_variation)),
        "hoshi-search_summary" => no_args(cmd).map(|_| search_text(engine, ctx, gogui::summary)),
        _ => Err("unknown command".into()),
    };
    match res {
        Ok(body) => Outcome::Ok(body),
        Err(msg) => Outcome::Err(msg),
    }
}

fn boardsize(engine: &mut Engine, cmd: &Command) -> Res {
    let text = arg(cmd, 0)?;
    if cmd.args.len() != 1 || text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax());
    }
    let size = text.parse::<usize>().unwrap_or(usize::MAX);
    if engine.new_game(size) {
        Ok(String::new())
    } else {
        Err("unacceptable size".into())
    }
}

fn komi(engine: &mut Engine, cmd: &Command) -> Res {
    let k: f64 = arg(cmd, 0)?.parse().map_err(|_| syntax())?;
    if !k.is_finite() || k.abs() > 1000.0 {
        return Err(syntax());
    }
    engine.opts.komi = k;
    engine.game_mut().set_komi(k);
    Ok(String::new())
}

fn play(engine: &mut Engine, cmd: &Command) -> Res {
    let c = color_arg(cmd, 0)?;
    let m = move_arg(engine, cmd, 1)?;
    if cmd.args.len() != 2 {
        return Err(syntax());
    }
    engine
        .game_mut()
        .play(c, m)
        .map(|_| String::new())
        .map_err(|_| "illegal move".into())
}

fn final_status_list(engine: &mut Engine, cmd: &Command) -> Res {
    let which = arg(cmd, 0)?.to_ascii_lowercase();
    let st = engine.statuses();
    let stones = match which.as_str() {
        "dead" => st.dead,
        "alive" => st.alive,
        "seki" => st.seki,
        _ => return Err(syntax()),
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
        return Err(syntax());
    }
    // An integer too large for usize is still an integer: a wrong count, not bad syntax.
    let n = text.parse::<usize>().unwrap_or(usize::MAX);
    if !engine.game().is_empty() {
        return Err("board not empty".into());
    }
    let geo = engine.game().geometry();
    let points = if free {
        handicap::free(geo, n)
    } else {
        handicap::fixed(geo, n)
    }
    .ok_or_else(|| "invalid number of stones".to_string())?;
    engine
        .game_mut()
        .place_handicap(&points)
        .map_err(|e| e.to_string())?;
    Ok(points
        .iter()
        .map(|&p| geo.vertex(p))
        .collect::<Vec<_>>()
        .join(" "))
}

fn set_free_handicap(engine: &mut Engine, cmd: &Command) -> Res {
    if !engine.game().is_empty() {
        return Err("board not empty".into());
    }
    let mut points = Vec::new();
    for i in 0..cmd.args.len() {
        match move_arg(engine, cmd, i) {
            Ok(Move::Play(p)) => points.push(p),
            _ => return Err("bad vertex list".into()),
        }
    }
    match engine.game_mut().place_handicap(&points) {
        Ok(()) => Ok(String::new()),
        Err(SetupError::BoardNotEmpty) => Err("board not empty".into()),
        Err(_) => Err("bad vertex list".into()),
    }
}

fn time_settings(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() != 3 {
        return Err(syntax());
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
        _ => return Err(syntax()),
    };
    engine.set_clock(Clock::start(system));
    Ok(String::new())
}

fn time_left(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() != 3 {
        return Err(syntax());
    }
    let c = color_arg(cmd, 0)?;
    let seconds = seconds_arg(cmd, 1)?;
    let count = count_arg(cmd, 2)?;
    engine.set_time_left(c, seconds, count);
    Ok(String::new())
}

/// Which analysis output format.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Flavor {
    Lz,
    Kata,
}

#[derive(Copy, Clone, Debug)]
enum Mode {
    Genmove,
    Reg,
    Cleanup,
    Analyze(Flavor),
}

/// Arguments of the analysis commands: `[color] [interval] [key value]...`.
#[derive(Clone, Debug)]
struct AnalyzeArgs {
    color: Option<Color>,
    interval: Duration,
    ownership: bool,
    min_moves: usize,
    max_moves: usize,
}

fn analyze_args(cmd: &Command) -> Result<AnalyzeArgs, String> {
    let mut a = AnalyzeArgs {
        color: None,
        interval: Duration::from_secs(1),
        ownership: false,
        min_moves: 0,
        max_moves: usize::MAX,
    };
    let mut rest = &cmd.args[..];
    if let Some(c) = rest.first().and_then(|t| Color::parse(t)) {
        a.color = Some(c);
        rest = &rest[1..];
    }
    let centis = |t: &str| -> Result<Duration, String> {
        let cs: u64 = t.parse().map_err(|_| syntax())?;
        Ok(Duration::from_millis(cs.clamp(1, 360_000) * 10))
    };
    if let Some(t) = rest.first()
        && t.bytes().all(|b| b.is_ascii_digit())
    {
        a.interval = centis(t)?;
        rest = &rest[1..];
    }
    while !rest.is_empty() {
        let key = rest[0].as_str();
        let value = rest.get(1).ok_or_else(syntax)?.as_str();
        let flag = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(syntax()),
        };
        let number = || value.parse::<usize>().map_err(|_| syntax());
        match key {
            "interval" => a.interval = centis(value)?,
            "ownership" => a.ownership = flag()?,
            "minmoves" => a.min_moves = number()?,
            "maxmoves" => a.max_moves = number()?,
            "ownershipStdev" | "pvVisits" | "movesOwnership" | "rootInfo" => {
                flag()?;
            }
            "avoid" | "allow" => {
                return Err("avoid/allow are not supported".into());
            }
            _ => return Err(syntax()),
        }
        rest = &rest[2..];
    }
    Ok(a)
}

/// One `info` line in the format Sabaki parses.
fn info_line(geo: Geometry, report: &Report, flavor: Flavor, a: &AnalyzeArgs) -> String {
    let mut parts = Vec::new();
    let visited: Vec<_> = report.candidates.iter().filter(|c| c.visits > 0).collect();
    let shown = visited
        .len()
        .max(a.min_moves.min(report.candidates.len()))
        .min(a.max_moves);
    for (order, c) in report.candidates.iter().take(shown).enumerate() {
        let v = geo.move_text(c.mv);
        let wr = c.winrate();
        let lcb = c.lcb();
        let prior = c.prior;
        // The PV ends at the first pass (Sabaki reads nothing after one).
        let end =
            c.pv.iter()
                .position(|&m| m == Move::Pass)
                .map_or(c.pv.len(), |i| i + 1);
        let pv = c.pv[..end]
            .iter()
            .map(|&m| geo.move_text(m))
            .collect::<Vec<_>>()
            .join(" ");
        parts.push(match flavor {
            Flavor::Lz => format!(
                "info move {v} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                c.visits,
                (wr * 10000.0).round() as i64,
                (prior * 10000.0).round() as i64,
                (lcb * 10000.0).round() as i64
            ),
            Flavor::Kata => {
                let lead = c.mean_margin();
                format!(
                    "info move {v} visits {} utility {:.6} winrate {wr:.6} scoreMean {lead:.3} \
                     scoreStdev 0 scoreLead {lead:.3} scoreSelfplay {lead:.3} prior {prior:.6} \
                     lcb {lcb:.6} utilityLcb {:.6} order {order} pv {pv}",
                    c.visits,
                    2.0 * wr - 1.0,
                    2.0 * lcb - 1.0
                )
            }
        });
    }
    let mut line = parts.join(" ");
    if flavor == Flavor::Kata && a.ownership {
        let sign = if report.color == Color::Black {
            1.0
        } else {
            -1.0
        };
        let size = geo.size();
        let values: Vec<String> = (0..size)
            .rev()
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .map(|(x, y)| format!("{:.4}", sign * report.ownership(geo.point(x, y))))
            .collect();
        line.push_str(" ownership ");
        line.push_str(&values.join(" "));
    }
    line
}

fn write_flush(out: &mut dyn Write, text: &str) {
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        log::warn!("stdout closed during streaming");
    }
}

fn analyze(engine: &mut Engine, cmd: &Command, ctx: &mut Ctx, flavor: Flavor) -> Outcome {
    let a = match analyze_args(cmd) {
        Ok(a) => a,
        Err(e) => return Outcome::Err(e),
    };
    let color = a.color.unwrap_or(engine.game().to_move());
    let id = ctx.id.clone().unwrap_or_default();
    write_flush(ctx.out, &format!("={id}\n"));
    let signals = ctx.signals.clone();
    let limits = crate::search::Limits::default();
    let out = &mut *ctx.out;
    let geo = engine.game().geometry();
    let report = engine.search(
        color,
        limits,
        &|| signals.should_stop_streaming(),
        Some(a.interval),
        &mut |r| write_flush(out, &format!("{}\n", info_line(geo, r, flavor, &a))),
    );
    if report.playouts > 0 {
        write_flush(out, &format!("{}\n", info_line(geo, &report, flavor, &a)));
    }
    write_flush(out, "\n");
    Outcome::Streamed
}

fn genmove(engine: &mut Engine, cmd: &Command, ctx: &mut Ctx, mode: Mode) -> Outcome {
    let (color, stream) = match mode {
        Mode::Analyze(flavor) => match analyze_args(cmd) {
            Ok(a) => (
                a.color.unwrap_or(engine.game().to_move()),
                Some((flavor, a)),
            ),
            Err(e) => return Outcome::Err(e),
        },
        _ => match color_arg(cmd, 0) {
            Ok(c) if cmd.args.len() == 1 => (c, None),
            _ => return Outcome::Err(syntax()),
        },
    };
    let signals = ctx.signals.clone();
    let stop = || signals.should_interrupt();
    let cleanup = matches!(mode, Mode::Cleanup);
    let geo = engine.game().geometry();
    let id = ctx.id.clone().unwrap_or_default();
    let (decision, _report) = match &stream {
        Some((flavor, a)) => {
            write_flush(ctx.out, &format!("={id}\n"));
            let out = &mut *ctx.out;
            engine.decide(color, cleanup, &stop, Some(a.interval), &mut |r| {
                write_flush(out, &format!("{}\n", info_line(geo, r, *flavor, a)))
            })
        }
        None if engine.opts.gogui_live => {
            engine.decide(color, cleanup, &stop, Some(LIVE_GFX_EVERY), &mut |r| {
                eprint!("{}", gogui::live(geo, r));
            })
        }
        None => engine.decide(color, cleanup, &stop, None, &mut |_| {}),
    };
    let text = match decision {
        Decision::Resign => {
            if !matches!(mode, Mode::Reg) {
                engine.resign(color);
            }
            "resign".to_string()
        }
        Decision::Play(m) => {
            if !matches!(mode, Mode::Reg) && engine.game_mut().play(color, m).is_err() {
                log::error!("chosen move {} was illegal; passing", geo.move_text(m));
                let _ = engine.game_mut().play(color, Move::Pass);
                "pass".to_string()
            } else {
                geo.move_text(m)
            }
        }
    };
    if stream.is_some() {
        write_flush(ctx.out, &format!("play {text}\n\n"));
        Outcome::Streamed
    } else {
        Outcome::Ok(text)
    }
}

/// Largest SGF file `loadsgf` reads.
const MAX_SGF_BYTES: u64 = 16 << 20;

fn loadsgf(engine: &mut Engine, cmd: &Command) -> Res {
    use std::io::Read;
    let path = arg(cmd, 0)?;
    let before = match cmd.args.get(1) {
        Some(n) => Some(n.parse::<usize>().map_err(|_| syntax())?),
        None => None,
    };
    if cmd.args.len() > 2 {
        return Err(syntax());
    }
    let mut bytes = Vec::new();
    let read =
        std::fs::File::open(path).and_then(|f| f.take(MAX_SGF_BYTES).read_to_end(&mut bytes));
    if let Err(e) = read {
        log::warn!("loadsgf {path}: {e}");
        return Err("cannot load file".into());
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
            Err("cannot load file".into())
        }
    }
}

fn printsgf(engine: &mut Engine, cmd: &Command) -> Res {
    if cmd.args.len() > 1 {
        return Err(syntax());
    }
    let result = engine.result();
    let text = crate::sgf::write(engine.game(), result.as_deref());
    match cmd.args.first() {
        None => Ok(text),
        Some(path) => std::fs::write(path, format!("{text}\n"))
            .map(|_| String::new())
            .map_err(|e| {
                log::warn!("printsgf {path}: {e}");
                "cannot write file".to_string()
            }),
    }
}

/// How often `--gogui-live` writes a gfx block during genmove.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);

/// Searches the position for the side to move (the engine's per-move budget; stops on
/// interrupt) and formats the report with `format`.
fn search_text(engine: &mut Engine, ctx: &Ctx, format: fn(Geometry, &Report) -> String) -> String {
    let color = engine.game().to_move();
    let limits = engine.limits(color);
    let signals = ctx.signals.clone();
    let report = engine.search(
        color,
        limits,
        &|| signals.should_interrupt(),
        None,
        &mut |_| {},
    );
    format(engine.game().geometry(), &report)
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
