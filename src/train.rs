//! `hoshi train`: fits the learned prior's feature strengths (`search::features`) to the
//! moves of a folder of SGF games by Minorization-Maximization (Hunter 2004; Coulom 2007),
//! and reports how often the fitted model's first choice is the move played in games held
//! apart from the fit.
//!
//! Each position's candidates are its legal moves that do not fill an own true eye (the
//! tree's moves, pass aside); candidates with the same features are stored once with a
//! count. Each γ gets Coulom's prior: one virtual win and one virtual loss against a move
//! of strength 1, which keeps rare values near 1 (the strength of a value never seen).
//!
//! A fit can start from a table and refit only some groups (`Fit::base`, `Fit::groups`):
//! the rest keep the table's strengths. That is how the 19×19 region strengths are fitted
//! to 19×19 openings over the shapes fitted to 9×9 games.

use std::collections::HashMap;
use std::path::Path;

use crate::go::tactics::Ladder;
use crate::go::{Board, Color, Move, Point, Rules};
use crate::search::features::{Features, GROUP_NAMES, GROUPS, Gammas, StoneDistance, features};
use crate::search::inner_moves;
use crate::sgf;

/// One position: distinct candidate feature vectors (as dense indices) with their counts,
/// which of them was played, and whether the position is held apart (not fitted).
struct Position {
    cands: Vec<([u32; GROUPS], u32)>,
    chosen: usize,
    held: bool,
}

/// The training set: positions and the dense numbering of feature values.
#[derive(Default)]
pub struct Data {
    positions: Vec<Position>,
    /// Dense index → (group, value).
    values: Vec<(usize, u32)>,
    index: HashMap<(usize, u32), u32>,
    /// Per dense index: in how many positions some candidate has it.
    seen: Vec<u32>,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Report {
    pub games: usize,
    pub positions: usize,
    pub held_positions: usize,
    /// Share of held-apart positions whose strongest candidate is the move played (ties
    /// shared).
    pub held_top1: f64,
    /// The same on the fitted positions.
    pub fit_top1: f64,
    /// Mean log-likelihood of the move played, held-apart positions.
    pub held_log_likelihood: f64,
}

impl Data {
    fn dense(&mut self, group: usize, value: u32) -> u32 {
        if let Some(&i) = self.index.get(&(group, value)) {
            return i;
        }
        let i = self.values.len() as u32;
        self.values.push((group, value));
        self.seen.push(0);
        self.index.insert((group, value), i);
        i
    }

    /// Adds the moves of one game (SGF text), or with `side` only that colour's; `held` puts
    /// them in the held-apart set. Returns the number of positions added.
    pub fn add_game(
        &mut self,
        text: &str,
        held: bool,
        side: Option<Color>,
    ) -> Result<usize, String> {
        let defaults = sgf::Defaults {
            rules: Rules::default(),
            komi: 7.5,
        };
        let game = sgf::load(text, defaults, None)?;
        let mut board: Board = game.initial_board().clone();
        let mut last: [Option<Point>; 2] = [None, None];
        let mut ladder = Ladder::new();
        let mut added = 0;
        for &(c, mv) in game.moves() {
            match mv {
                Move::Play(p) => {
                    if side.is_none_or(|s| s == c)
                        && let Some(pos) = self.position(&board, c, p, last, held, &mut ladder)
                    {
                        self.positions.push(pos);
                        added += 1;
                    }
                    board.play(p, c);
                    last = [Some(p), last[0]];
                }
                Move::Pass => {
                    board.pass();
                    last = [None, last[0]];
                }
            }
        }
        Ok(added)
    }

    fn position(
        &mut self,
        b: &Board,
        c: Color,
        played: Point,
        last: [Option<Point>; 2],
        held: bool,
        ladder: &mut Ladder,
    ) -> Option<Position> {
        let mut slot_of: HashMap<Features, usize> = HashMap::new();
        let mut cands: Vec<(Features, u32)> = Vec::new();
        let mut chosen = None;
        let near = StoneDistance::new(b);
        for mv in inner_moves(b, c) {
            let Move::Play(p) = mv else {
                continue;
            };
            let f = features(b, p, c, last, &near, ladder);
            let slot = *slot_of.entry(f).or_insert_with(|| {
                cands.push((f, 0));
                cands.len() - 1
            });
            cands[slot].1 += 1;
            if p == played {
                chosen = Some(slot);
            }
        }
        let chosen = chosen?;
        let dense_cands: Vec<([u32; GROUPS], u32)> = cands
            .into_iter()
            .map(|(f, count)| (std::array::from_fn(|g| self.dense(g, f[g])), count))
            .collect();
        let mut counted: Vec<u32> = dense_cands.iter().flat_map(|(d, _)| *d).collect();
        counted.sort_unstable();
        counted.dedup();
        for i in counted {
            self.seen[i as usize] += 1;
        }
        Some(Position {
            cands: dense_cands,
            chosen,
            held,
        })
    }

    /// Fits the strengths by `fit.iterations` rounds of MM (each round updates every group
    /// of `fit.groups` in turn) and returns the table (`fit.base`'s values, and the
    /// fitted groups' values seen in at least `fit.min_seen` positions) and every value's
    /// strength by dense index (for `evaluate`).
    pub fn fit(&self, fit: &Fit) -> (Gammas, Vec<f64>) {
        let n = self.values.len();
        let fitted = |g: usize| fit.groups.is_empty() || fit.groups.contains(&g);
        // A value seen too seldom for the table keeps strength 1 through the fit, as in
        // the table: the other groups then fit around it, and the fitted model is the
        // table's.
        let kept = |i: usize| !fitted(self.values[i].0) || self.seen[i] >= fit.min_seen;
        let mut gamma: Vec<f64> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, &(g, v))| match &fit.base {
                Some(base) if kept(i) => base.groups[g].get(&v).copied().unwrap_or(1.0) as f64,
                _ => 1.0,
            })
            .collect();
        let mut wins = vec![0.0f64; n];
        for pos in &self.positions {
            if !pos.held {
                for &i in &pos.cands[pos.chosen].0 {
                    wins[i as usize] += 1.0;
                }
            }
        }
        let mut denom = vec![0.0f64; n];
        for _ in 0..fit.iterations {
            for g in (0..GROUPS).filter(|&g| fitted(g)) {
                denom.iter_mut().for_each(|d| *d = 0.0);
                for pos in self.positions.iter().filter(|pos| !pos.held) {
                    let strengths: Vec<f64> = pos
                        .cands
                        .iter()
                        .map(|(d, m)| strength(&gamma, d) * *m as f64)
                        .collect();
                    let total: f64 = strengths.iter().sum();
                    for ((d, _), s) in pos.cands.iter().zip(&strengths) {
                        let i = d[g] as usize;
                        denom[i] += s / gamma[i] / total;
                    }
                }
                for i in 0..n {
                    if self.values[i].0 == g && kept(i) {
                        // Coulom's prior: a win and a loss against strength 1.
                        gamma[i] = (wins[i] + 1.0) / (denom[i] + 2.0 / (gamma[i] + 1.0));
                    }
                }
            }
        }
        let mut table = fit.base.clone().unwrap_or_default();
        for (g, map) in table.groups.iter_mut().enumerate() {
            if fitted(g) {
                map.clear();
            }
        }
        for (i, &(g, v)) in self.values.iter().enumerate() {
            if fitted(g) && kept(i) {
                table.groups[g].insert(v, gamma[i] as f32);
            }
        }
        (table, gamma)
    }

    /// How well strengths `gamma` (dense) predict the held-apart and the fitted moves.
    pub fn evaluate(&self, gamma: &[f64], games: usize) -> Report {
        let (mut held_n, mut held_top, mut fit_n, mut fit_top, mut ll) = (0, 0.0, 0, 0.0, 0.0);
        for pos in &self.positions {
            let s: Vec<f64> = pos.cands.iter().map(|(d, _)| strength(gamma, d)).collect();
            let best = s.iter().cloned().fold(0.0, f64::max);
            let ties: u32 = pos
                .cands
                .iter()
                .zip(&s)
                .filter(|&(_, &x)| x >= best)
                .map(|((_, m), _)| *m)
                .sum();
            let top = if s[pos.chosen] >= best {
                1.0 / ties.max(1) as f64
            } else {
                0.0
            };
            if pos.held {
                let total: f64 = pos
                    .cands
                    .iter()
                    .zip(&s)
                    .map(|((_, m), x)| x * *m as f64)
                    .sum();
                ll += (s[pos.chosen] / total).ln();
                held_n += 1;
                held_top += top;
            } else {
                fit_n += 1;
                fit_top += top;
            }
        }
        Report {
            games,
            positions: self.positions.len(),
            held_positions: held_n,
            held_top1: held_top / held_n.max(1) as f64,
            fit_top1: fit_top / fit_n.max(1) as f64,
            held_log_likelihood: ll / held_n.max(1) as f64,
        }
    }
}

fn strength(gamma: &[f64], d: &[u32; GROUPS]) -> f64 {
    d.iter().map(|&i| gamma[i as usize]).product()
}

/// How to fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Rounds of MM.
    pub iterations: usize,
    /// Hold every Nth game apart to measure prediction (0: none).
    pub holdout: usize,
    /// Keep only the values seen in at least this many positions.
    pub min_seen: u32,
    /// The table to start from (none: every strength 1).
    pub base: Option<Gammas>,
    /// The groups to fit (indices into `GROUP_NAMES`); empty: all.
    pub groups: Vec<usize>,
    /// Fit only the winner's moves (the result, `RE`, names the winner; games without one
    /// are left out of the fit). Held-apart games keep both sides' moves, so prediction
    /// figures compare with fits of every move.
    pub winners: bool,
}

impl Fit {
    /// Group indices from their names (`GROUP_NAMES`).
    pub fn group_indices(names: &[String]) -> Result<Vec<usize>, String> {
        names
            .iter()
            .map(|name| {
                GROUP_NAMES
                    .iter()
                    .position(|g| g == name)
                    .ok_or_else(|| format!("unknown feature group {name:?}"))
            })
            .collect()
    }
}

/// Reads every `.sgf` file under `dir` (sorted by name; every `fit.holdout`-th game held
/// apart), fits, writes the table to `out` and returns the report.
pub fn run(dir: &Path, out: &Path, fit: &Fit) -> Result<Report, String> {
    let holdout = fit.holdout;
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let mut data = Data::default();
    let mut games = 0;
    for (k, f) in files.iter().enumerate() {
        let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let held = holdout > 0 && k % holdout == holdout - 1;
        let text = sgf::decode(&bytes);
        let side = if fit.winners && !held {
            let Some(winner) = sgf::winner(&text) else {
                log::warn!("{}: skipped (no winner in its result)", f.display());
                continue;
            };
            Some(winner)
        } else {
            None
        };
        match data.add_game(&text, held, side) {
            Ok(_) => games += 1,
            Err(e) => log::warn!("{}: skipped ({e})", f.display()),
        }
    }
    if data.positions.is_empty() {
        return Err(format!("no positions in {}", dir.display()));
    }
    let (table, gamma) = data.fit(fit);
    let report = data.evaluate(&gamma, games);
    let fitted: Vec<&str> = if fit.groups.is_empty() {
        GROUP_NAMES.to_vec()
    } else {
        fit.groups.iter().map(|&g| GROUP_NAMES[g]).collect()
    };
    let mut text = format!(
        "# hoshi learned prior: feature strengths fitted by `hoshi train` (MM, {} \
         rounds)\n# {} games, {} positions ({} held apart: first choice = move played in \
         {:.1}%)\n# groups: {}\n# fitted here: {}{}\n",
        fit.iterations,
        report.games,
        report.positions,
        report.held_positions,
        100.0 * report.held_top1,
        GROUP_NAMES.join(" "),
        fitted.join(" "),
        if fit.base.is_some() {
            " (the other groups are the base table's)"
        } else {
            ""
        }
    );
    text.push_str(&table.to_text());
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// Positions drawn from a known model: MM must find its strengths back (up to the
    /// scale of each group, fixed here by a reference value of strength 1).
    #[test]
    fn mm_recovers_the_strengths_that_generated_the_choices() {
        let truth = [1.0f64, 4.0, 0.25];
        let mut data = Data::default();
        // Group 0 carries three values with the true strengths; the other groups one
        // value each (strength free, fitted to 1 by the prior's pull).
        let dense: Vec<u32> = (0..3).map(|v| data.dense(0, v)).collect();
        let rest: Vec<u32> = (1..GROUPS).map(|g| data.dense(g, 0)).collect();
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..4000 {
            let counts: Vec<u32> = (0..3).map(|_| rng.random_range(1..4)).collect();
            let total: f64 = (0..3).map(|v| truth[v] * counts[v] as f64).sum();
            let mut r = rng.random::<f64>() * total;
            let mut chosen = 2;
            for v in 0..3 {
                r -= truth[v] * counts[v] as f64;
                if r < 0.0 {
                    chosen = v;
                    break;
                }
            }
            let cands = (0..3)
                .map(|v| {
                    let mut d = [0u32; GROUPS];
                    d[0] = dense[v];
                    d[1..].copy_from_slice(&rest);
                    (d, counts[v])
                })
                .collect();
            data.positions.push(Position {
                cands,
                chosen,
                held: false,
            });
        }
        // Every value is offered in every position.
        data.seen.iter_mut().for_each(|s| *s = 4000);
        let fit = Fit {
            iterations: 30,
            holdout: 0,
            min_seen: 1,
            base: None,
            groups: Vec::new(),
            winners: false,
        };
        let (_, gamma) = data.fit(&fit);
        let scale = gamma[dense[0] as usize];
        for v in 0..3 {
            let fitted = gamma[dense[v] as usize] / scale;
            assert!(
                (fitted / truth[v]).ln().abs() < 0.15,
                "value {v}: fitted {fitted:.3}, true {}",
                truth[v]
            );
        }
    }

    #[test]
    fn a_fit_of_some_groups_keeps_the_base_table_for_the_others() {
        // Two 9x9 games: every group has values; the base table sets a shape strength.
        let mut data = Data::default();
        for text in [
            "(;GM[1]FF[4]SZ[9];B[ee];W[ec];B[gc];W[cg];B[gg];W[cc])",
            "(;GM[1]FF[4]SZ[9];B[cc];W[gg];B[cg];W[gc];B[ee];W[ef])",
        ] {
            data.add_game(text, false, None).unwrap();
        }
        let mut base = Gammas::default();
        base.groups[0].insert(0, 0.5);
        base.groups[crate::search::features::LINE].insert(2, 3.0);
        let line = Fit::group_indices(&["line".to_string()]).unwrap();
        assert_eq!(line, vec![crate::search::features::LINE]);
        assert!(Fit::group_indices(&["colour".to_string()]).is_err());
        let fit = Fit {
            iterations: 5,
            holdout: 0,
            min_seen: 1,
            base: Some(base.clone()),
            groups: line.clone(),
            winners: false,
        };
        let (table, gamma) = data.fit(&fit);
        // The shape strengths are the base's, untouched; the line strengths are refitted
        // (the base's 3.0 for the third line is gone).
        assert_eq!(table.groups[0], base.groups[0]);
        let shape0 = data.index[&(0, 0)] as usize;
        assert_eq!(gamma[shape0], 0.5);
        assert!(!table.groups[line[0]].is_empty());
        assert_ne!(table.groups[line[0]].get(&2), Some(&3.0));
        // With no base and no groups named, every group is fitted from strength 1.
        let all = Fit {
            base: None,
            groups: Vec::new(),
            ..fit
        };
        let (table, _) = data.fit(&all);
        assert!(table.groups[0].values().all(|&g| g != 0.5));
    }

    #[test]
    fn a_value_seen_too_seldom_keeps_strength_one_through_the_fit() {
        // Group 0: value 1 is played every time it is offered, but offered in one position
        // only; value 0 everywhere. With min_seen 2, value 1 stays at 1 in the fit as in
        // the table.
        let mut data = Data::default();
        let common = data.dense(0, 0);
        let rare = data.dense(0, 1);
        let rest: Vec<u32> = (1..GROUPS).map(|g| data.dense(g, 0)).collect();
        let cand = |v: u32| {
            let mut d = [0u32; GROUPS];
            d[0] = v;
            d[1..].copy_from_slice(&rest);
            (d, 1)
        };
        data.positions.push(Position {
            cands: vec![cand(common), cand(rare)],
            chosen: 1,
            held: false,
        });
        for _ in 0..20 {
            data.positions.push(Position {
                cands: vec![cand(common), cand(common)],
                chosen: 0,
                held: false,
            });
        }
        data.seen = vec![21, 1];
        data.seen.extend(std::iter::repeat_n(21, GROUPS - 1));
        let fit = |min_seen| Fit {
            iterations: 10,
            holdout: 0,
            min_seen,
            base: None,
            groups: Vec::new(),
            winners: false,
        };
        let (table, gamma) = data.fit(&fit(2));
        assert_eq!(gamma[rare as usize], 1.0);
        assert!(!table.groups[0].contains_key(&1));
        // Seen often enough, it is fitted above the common value.
        let (table, gamma) = data.fit(&fit(1));
        assert!(gamma[rare as usize] > gamma[common as usize]);
        assert!(table.groups[0].contains_key(&1));
    }

    #[test]
    fn a_game_gives_one_position_per_stone_played_with_the_move_among_the_candidates() {
        let text = "(;GM[1]FF[4]SZ[9]AB[cc]AW[gg];B[ee];W[ec];B[];W[ge])";
        let mut data = Data::default();
        assert_eq!(data.add_game(text, false, None).unwrap(), 3);
        for pos in &data.positions {
            assert!(pos.chosen < pos.cands.len());
            let total: u32 = pos.cands.iter().map(|(_, m)| m).sum();
            // 81 points less the stones on the board (2, then 3, then 4).
            assert!((76..=79).contains(&total), "{total}");
        }
        assert!(data.add_game("(;GM[1]SZ[9];B[zz])", false, None).is_err());
    }

    #[test]
    fn a_side_keeps_only_that_colours_moves() {
        let text = "(;GM[1]FF[4]SZ[9]RE[B+R];B[ee];W[ec];B[];W[ge];B[cc])";
        let mut data = Data::default();
        assert_eq!(data.add_game(text, false, Some(Color::Black)).unwrap(), 2);
        assert_eq!(data.add_game(text, true, Some(Color::White)).unwrap(), 2);
        assert_eq!(data.add_game(text, false, None).unwrap(), 4);
        assert_eq!(data.positions.len(), 8);
        assert_eq!(data.positions.iter().filter(|p| p.held).count(), 2);
    }
}
