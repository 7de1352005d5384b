//! GoGui graphics: the gfx text of a search report (LABEL win rates, SQUARE on the best
//! move, VAR principal variation, TEXT status line) for the analyze commands and for live
//! `gogui-gfx:` blocks on stderr during genmove.

use crate::go::{Color, Geometry, Move};
use crate::search::Report;

/// Candidates labelled on the board.
const SHOWN: usize = 10;

/// LABEL with each visited candidate's win rate (percent), SQUARE on the best move, and a
/// TEXT status line.
pub fn best_moves(geo: Geometry, report: &Report) -> String {
    let mut lines = Vec::new();
    let labels: Vec<String> = report
        .candidates
        .iter()
        .filter(|c| c.visits > 0)
        .filter_map(|c| match c.mv {
            Move::Play(p) => Some(format!(
                "{} {}",
                geo.vertex(p),
                (c.winrate() * 100.0).round() as i64
            )),
            Move::Pass => None,
        })
        .take(SHOWN)
        .collect();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    if let Some(Move::Play(p)) = report.best().map(|b| b.mv) {
        lines.push(format!("SQUARE {}", geo.vertex(p)));
    }
    lines.push(format!("TEXT {}", status_line(geo, report)));
    lines.join("\n")
}

/// VAR with the principal variation of the best move (up to its first pass), and TEXT.
pub fn principal_variation(geo: Geometry, report: &Report) -> String {
    let mut lines = Vec::new();
    if let Some(best) = report.best() {
        let mut color = report.color;
        let mut var = Vec::new();
        for &mv in &best.pv {
            let Move::Play(p) = mv else { break };
            let letter = if color == Color::Black { 'b' } else { 'w' };
            var.push(format!("{letter} {}", geo.vertex(p)));
            color = color.opp();
        }
        if !var.is_empty() {
            lines.push(format!("VAR {}", var.join(" ")));
        }
    }
    lines.push(format!("TEXT {}", status_line(geo, report)));
    lines.join("\n")
}

/// The live block for stderr: best moves and the variation together.
pub fn live(geo: Geometry, report: &Report) -> String {
    let moves = best_moves(geo, report);
    let var = principal_variation(geo, report);
    let var_lines = var.lines().filter(|l| l.starts_with("VAR"));
    let body: Vec<&str> = moves.lines().chain(var_lines).collect();
    format!("gogui-gfx:\n{}\n\n", body.join("\n"))
}

/// One line: playouts, speed, best move with win rate and visits, expected margin.
pub fn status_line(geo: Geometry, report: &Report) -> String {
    let secs = report.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        report.playouts as f64 / secs
    } else {
        0.0
    };
    match report.best() {
        Some(best) => format!(
            "{} to play: {} {:.1}% ({} visits, margin {:+.1}); {} playouts in {:.1}s ({:.0}/s)",
            report.color,
            geo.move_text(best.mv),
            best.winrate() * 100.0,
            best.visits,
            best.mean_margin(),
            report.playouts,
            secs,
            rate
        ),
        None => format!("{} to play: no moves", report.color),
    }
}

/// A few lines for a `string` analyze command: the status line, the top moves, the PV.
pub fn summary(geo: Geometry, report: &Report) -> String {
    let mut lines = vec![status_line(geo, report)];
    for c in report.candidates.iter().filter(|c| c.visits > 0).take(5) {
        lines.push(format!(
            "{:>5} {:5.1}% {:>8} visits  prior {:4.1}%",
            geo.move_text(c.mv),
            c.winrate() * 100.0,
            c.visits,
            c.prior * 100.0
        ));
    }
    if let Some(best) = report.best() {
        let pv: Vec<String> = best.pv.iter().map(|&m| geo.move_text(m)).collect();
        lines.push(format!("PV {}", pv.join(" ")));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Candidate;
    use std::time::Duration;

    fn report() -> Report {
        let geo = Geometry::new(9).unwrap();
        let cand = |x, y, visits, wins: f64, pv: Vec<Move>| Candidate {
            mv: Move::Play(geo.point(x, y)),
            visits,
            wins,
            margin_sum: visits as f64 * 2.5,
            score_stdev: 3.0,
            prior: 0.1,
            pv,
        };
        let d4 = Move::Play(geo.point(3, 3));
        let e5 = Move::Play(geo.point(4, 4));
        let candidates = vec![
            cand(3, 3, 100, 60.0, vec![d4, e5, Move::Pass, d4]),
            cand(4, 4, 50, 20.0, vec![e5]),
            cand(5, 5, 0, 0.0, vec![]),
        ];
        Report {
            color: Color::White,
            playouts: 150,
            elapsed: Duration::from_millis(500),
            ..Report::for_tests(candidates, vec![], 0)
        }
    }

    #[test]
    fn gfx_text_in_gogui_syntax() {
        let geo = Geometry::new(9).unwrap();
        let r = report();
        let gfx = best_moves(geo, &r);
        let lines: Vec<&str> = gfx.lines().collect();
        assert_eq!(lines[0], "LABEL D4 60 E5 40");
        assert_eq!(lines[1], "SQUARE D4");
        assert!(
            lines[2].starts_with("TEXT white to play: D4 60.0% (100 visits"),
            "{}",
            lines[2]
        );
        // The variation alternates colours from the side to move and stops at the pass.
        let var = principal_variation(geo, &r);
        assert_eq!(var.lines().next(), Some("VAR w D4 b E5"));
        let block = live(geo, &r);
        assert!(block.starts_with("gogui-gfx:\nLABEL D4 60 E5 40\nSQUARE D4\nTEXT "));
        assert!(block.ends_with("VAR w D4 b E5\n\n"));
        let s = summary(geo, &r);
        assert_eq!(s.lines().count(), 4);
        assert_eq!(s.lines().last(), Some("PV D4 E5 pass D4"));
    }
}
