//! The commands that search: `genmove` and its variants (`reg_genmove`,
//! `kgs-genmove_cleanup`, `lz-`/`kata-genmove_analyze`), Sabaki's streaming analysis
//! (`lz-analyze`, `kata-analyze`) and GoGui's analysis views.

use std::io::Write;
use std::time::Duration;

use super::args::color_arg;
use super::{Command, Ctx, GtpError, Reply, gogui};
use crate::engine::{Decision, Engine};
use crate::go::{Color, Geometry, Move};
use crate::search::{Limits, Report};

/// Which analysis output format.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Flavor {
    Lz,
    Kata,
}

#[derive(Copy, Clone, Debug)]
pub(super) enum Mode {
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

fn analyze_args(cmd: &Command) -> Result<AnalyzeArgs, GtpError> {
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
    let centis = |t: &str| -> Result<Duration, GtpError> {
        let cs: u64 = t.parse().map_err(|_| GtpError::Syntax)?;
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
        let value = rest.get(1).ok_or(GtpError::Syntax)?.as_str();
        let flag = || match value {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(GtpError::Syntax),
        };
        let number = || value.parse::<usize>().map_err(|_| GtpError::Syntax);
        match key {
            "interval" => a.interval = centis(value)?,
            "ownership" => a.ownership = flag()?,
            "minmoves" => a.min_moves = number()?,
            "maxmoves" => a.max_moves = number()?,
            "ownershipStdev" | "pvVisits" | "movesOwnership" | "rootInfo" => {
                flag()?;
            }
            "avoid" | "allow" => {
                return Err(GtpError::Unsupported("avoid/allow are not supported"));
            }
            _ => return Err(GtpError::Syntax),
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
                let stdev = c.score_stdev;
                format!(
                    "info move {v} visits {} utility {:.6} winrate {wr:.6} scoreMean {lead:.3} \
                     scoreStdev {stdev:.3} scoreLead {lead:.3} scoreSelfplay {lead:.3} prior {prior:.6} \
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
        let size = geo.size();
        let values: Vec<String> = (0..size)
            .rev()
            .flat_map(|y| (0..size).map(move |x| (x, y)))
            .map(|(x, y)| format!("{:.4}", report.ownership_for(geo.point(x, y), report.color)))
            .collect();
        line.push_str(" ownership ");
        line.push_str(&values.join(" "));
    }
    line
}

/// Writes an info line of a streamed response, unless it is empty (a report before the
/// root has candidates): an empty line would end the GTP response there.
fn write_info(out: &mut dyn Write, line: String) {
    if !line.is_empty() {
        write_flush(out, &format!("{line}\n"));
    }
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

pub(super) fn analyze(
    engine: &mut Engine,
    cmd: &Command,
    ctx: &mut Ctx,
    flavor: Flavor,
) -> Result<Reply, GtpError> {
    let a = analyze_args(cmd)?;
    let color = a.color.unwrap_or(engine.game().to_move());
    let id = ctx.id.clone().unwrap_or_default();
    write_flush(ctx.out, &format!("={id}\n"));
    let signals = ctx.signals.clone();
    let limits = Limits::default();
    let out = &mut *ctx.out;
    let geo = engine.game().geometry();
    let report = engine.search(
        color,
        limits,
        &|| signals.should_stop_streaming(),
        Some(a.interval),
        &mut |r| write_info(out, info_line(geo, r, flavor, &a)),
    );
    if report.playouts > 0 {
        write_info(out, info_line(geo, &report, flavor, &a));
    }
    write_flush(out, "\n");
    Ok(Reply::Streamed)
}

pub(super) fn genmove(
    engine: &mut Engine,
    cmd: &Command,
    ctx: &mut Ctx,
    mode: Mode,
) -> Result<Reply, GtpError> {
    let (color, stream) = match mode {
        Mode::Analyze(flavor) => match analyze_args(cmd) {
            Ok(a) => (
                a.color.unwrap_or(engine.game().to_move()),
                Some((flavor, a)),
            ),
            Err(e) => return Err(e),
        },
        _ => match color_arg(cmd, 0) {
            Ok(c) if cmd.args.len() == 1 => (c, None),
            _ => return Err(GtpError::Syntax),
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
                write_info(out, info_line(geo, r, *flavor, a))
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
        Ok(Reply::Streamed)
    } else {
        Ok(Reply::Text(text))
    }
}

/// How often `--gogui-live` writes a gfx block during genmove.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);

/// Searches the position for the side to move (the engine's per-move budget; stops on
/// interrupt) and formats the report with `format`.
pub(super) fn search_text(
    engine: &mut Engine,
    ctx: &Ctx,
    format: fn(Geometry, &Report) -> String,
) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A report before the root has candidates writes no line: a blank line would end the
    /// response, as a client reads it, before its `play` line.
    #[test]
    fn a_report_without_candidates_writes_no_blank_line() {
        let geo = Geometry::new(9).unwrap();
        let cmd = Command {
            id: None,
            name: "lz-genmove_analyze".into(),
            args: vec!["b".into(), "5".into()],
        };
        let a = analyze_args(&cmd).unwrap();
        let empty = Report {
            elapsed: Duration::from_millis(50),
            ..Report::for_tests(vec![], vec![0; crate::go::point::MAX_POINTS], 0)
        };
        for flavor in [Flavor::Lz, Flavor::Kata] {
            let mut out = Vec::new();
            write_info(&mut out, info_line(geo, &empty, flavor, &a));
            assert!(out.is_empty(), "{:?}", String::from_utf8_lossy(&out));
        }
        let mut out = Vec::new();
        write_info(&mut out, "info move D4 visits 1".into());
        assert_eq!(out, b"info move D4 visits 1\n");
    }
}
