use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValue;
use clap::{Parser, Subcommand, ValueEnum};
use hoshi::bench::Budget;
use hoshi::engine::{Engine, Options};
use hoshi::go::point::{MAX_SIZE, MIN_SIZE};
use hoshi::go::{Geometry, RuleSet, Rules};
use hoshi::gtp::input::Input;
use hoshi::search::Params;
use hoshi::search::playout::Policy;

/// hoshi: a Go engine speaking GTP (Go Text Protocol) on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Rule set (korean counts as japanese).
    #[arg(
        long,
        value_enum,
        ignore_case = true,
        default_value_t = RulesArg(Options::default().rules.set),
        global = true
    )]
    rules: RulesArg,
    /// Komi (GTP `komi` overrides it).
    #[arg(
        long,
        default_value_t = Options::default().komi,
        allow_negative_numbers = true,
        global = true
    )]
    komi: f64,
    /// Initial board size (GTP `boardsize` overrides it).
    #[arg(long, default_value_t = Options::default().size, global = true)]
    size: usize,
    /// Search threads (by default one per core).
    #[arg(long, default_value_t = Options::default().threads, global = true)]
    threads: usize,
    /// Fixed playouts per move (reproducible with --seed and --threads 1); overrides clocks.
    #[arg(long, global = true)]
    playouts: Option<u64>,
    /// Most seconds to think per move; also the budget when no clock is given.
    #[arg(long, default_value_t = Options::default().max_time_per_move, global = true)]
    max_time_per_move: f64,
    /// Seconds kept in reserve on every move for network and process delays. By default
    /// learned: 0.1 s, plus the delay the controller's time_left reports show beyond our
    /// thinking time, plus our own overrun past the budget (0.15 s before anything is
    /// measured).
    #[arg(long, global = true)]
    lag: Option<f64>,
    /// Memory cap for the search tree, MiB; by default a quarter of this machine's RAM.
    /// A full tree is compacted (its least visited branches dropped) and the search goes on
    /// under the cap.
    #[arg(long, default_value_t = Options::default().max_memory_mb, global = true)]
    max_memory: u64,
    /// Resign when the win rate stays below this for several moves.
    #[arg(long, default_value_t = Options::default().resign_threshold, global = true)]
    resign_threshold: f64,
    /// Never resign.
    #[arg(long, global = true)]
    no_resign: bool,
    /// Think during the opponent's time.
    #[arg(long, global = true)]
    ponder: bool,
    /// Random seed.
    #[arg(long, default_value_t = Options::default().seed, global = true)]
    seed: u64,
    /// Write GoGui live graphics (`gogui-gfx:` blocks) to stderr during genmove.
    #[arg(long, global = true)]
    gogui_live: bool,
    /// Playouts that judge dead stones (final_score, final_status_list, the pass after an
    /// opponent's pass, there within the move's time), half with each side moving first;
    /// 2 to 10,000,000. More take longer: about 3 s for 40,000 on a 19×19 end position.
    #[arg(long, default_value_t = Options::default().status_playouts, global = true)]
    status_playouts: u64,
    /// Playout policy.
    #[arg(long, value_enum, default_value_t = Options::default().policy, global = true)]
    policy: Policy,
    /// Start every search from an empty tree instead of keeping the subtree of the moves
    /// played.
    #[arg(long, global = true)]
    no_tree_reuse: bool,
    /// Set a tuning value, NAME=VALUE (repeatable); `--param help` lists them all.
    #[arg(long = "param", value_name = "NAME=VALUE", global = true)]
    params: Vec<String>,
    /// Log more to stderr (repeat for more); RUST_LOG also works.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
}

/// A rule set on the command line: its names and aliases come from the rules core.
#[derive(Copy, Clone, Debug)]
struct RulesArg(RuleSet);

impl ValueEnum for RulesArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [RulesArg; 5] = [
            RulesArg(RuleSet::ALL[0]),
            RulesArg(RuleSet::ALL[1]),
            RulesArg(RuleSet::ALL[2]),
            RulesArg(RuleSet::ALL[3]),
            RulesArg(RuleSet::ALL[4]),
        ];
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, aliases) = self.0.names().split_first()?;
        Some(PossibleValue::new(*name).aliases(aliases.iter().copied()))
    }
}

impl Cli {
    fn options(&self) -> Result<Options, String> {
        let finite_nonneg = |name: &str, v: f64| {
            if v.is_finite() && v >= 0.0 {
                Ok(v)
            } else {
                Err(format!("--{name} must be a non-negative number"))
            }
        };
        if !(self.komi.is_finite() && self.komi.abs() <= 1000.0) {
            return Err("--komi must be a number between -1000 and 1000".into());
        }
        if Geometry::new(self.size).is_none() {
            return Err(format!("--size must be between {MIN_SIZE} and {MAX_SIZE}"));
        }
        if !(0.0..=1.0).contains(&self.resign_threshold) {
            return Err("--resign-threshold must be between 0 and 1".into());
        }
        let mut params = Params::default();
        params
            .apply(self.params.iter().map(String::as_str))
            .map_err(|e| format!("--param: {e}"))?;
        Ok(Options {
            rules: Rules::new(self.rules.0),
            komi: self.komi,
            size: self.size,
            threads: self.threads.clamp(1, 256),
            playouts: self.playouts.map(|n| n.max(1)),
            max_time_per_move: finite_nonneg("max-time-per-move", self.max_time_per_move)?,
            lag: self.lag.map(|l| finite_nonneg("lag", l)).transpose()?,
            max_memory_mb: self.max_memory.max(16),
            resign_threshold: self.resign_threshold,
            resign: !self.no_resign,
            ponder: self.ponder,
            gogui_live: self.gogui_live,
            seed: self.seed,
            status_playouts: self.status_playouts.clamp(2, 10_000_000),
            policy: self.policy,
            reuse_tree: !self.no_tree_reuse,
            params,
        })
    }

    /// Whether `--param help` was asked for.
    fn params_help(&self) -> bool {
        self.params.iter().any(|p| p == "help")
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game against hoshi in the terminal (use --size 9 for a short game).
    Play {
        /// Your colour: black or white.
        #[arg(long, default_value = "black")]
        color: String,
    },
    /// Measure playout speed (single thread) and print `light playouts/s <size> <N>` and
    /// `policy playouts/s <size> <N>` lines (light and heavy policy).
    Bench {
        /// Policies to measure.
        #[arg(
            long,
            value_enum,
            value_delimiter = ',',
            default_values_t = [Policy::Light, Policy::Heavy]
        )]
        policies: Vec<Policy>,
        /// Seconds per board size.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Board sizes to measure.
        #[arg(long, value_delimiter = ',', default_values_t = [9, 19])]
        sizes: Vec<usize>,
        /// Run this many playouts per size instead of a fixed time (for callgrind).
        #[arg(long)]
        playouts: Option<u64>,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Judge positions by heavy playouts alone and compare with a reference judgement (see
    /// `hoshi::bias`): prints the mean squared difference and, for decisive references, how
    /// often the playouts favour the same side; with --each, every position, to find where
    /// they part. Its ranking of playout settings did not predict games
    /// (matches/2026-12-06-9x9-playout-bias/).
    Bias {
        /// The positions file (size, komi, reference, moves; one a line). --playouts sets
        /// the playouts a position (1,000 by default), --threads and --seed apply.
        positions: std::path::PathBuf,
        /// Print every position's reference and playout value.
        #[arg(long)]
        each: bool,
        /// Judge by a search of --playouts playouts (its most visited move's win rate)
        /// instead of flat playouts.
        #[arg(long)]
        search: bool,
    },
    /// Fit the learned prior's feature strengths to the moves of SGF games (MM) and write
    /// the table (the engine compiles in src/search/gammas.txt for boards below 13×13 and
    /// src/search/gammas-large.txt from 13×13 up).
    Train {
        /// Folder of .sgf games.
        #[arg(long)]
        corpus: std::path::PathBuf,
        /// Where to write the table.
        #[arg(long, default_value = "src/search/gammas.txt")]
        out: std::path::PathBuf,
        /// Rounds of MM.
        #[arg(long, default_value_t = 20)]
        iterations: usize,
        /// Hold every Nth game apart to measure prediction (0: none).
        #[arg(long, default_value_t = 10)]
        holdout: usize,
        /// Keep only feature values seen in at least this many positions.
        #[arg(long, default_value_t = 5)]
        min_seen: u32,
        /// Start from this table (the other groups keep its strengths).
        #[arg(long)]
        base: Option<std::path::PathBuf>,
        /// Fit only these groups (comma-separated names, as in the table); default all.
        #[arg(long, value_delimiter = ',')]
        groups: Vec<String>,
        /// Fit only the winner's moves (named by each game's RE; games without a winner are
        /// left out of the fit); held-apart games keep both sides' moves.
        #[arg(long)]
        winners: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let level = match cli.verbose {
        0 => "warn",
        1 => "info",
        2 => "debug",
        _ => "trace",
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level))
        .target(env_logger::Target::Stderr)
        .init();
    if cli.params_help() {
        // The defaults, with any other --param settings applied.
        let mut params = Params::default();
        let others = cli.params.iter().filter(|p| *p != "help");
        if let Err(e) = params.apply(others.map(String::as_str)) {
            eprintln!("hoshi: --param: {e}");
            return ExitCode::from(2);
        }
        print!("{}", params.help());
        return ExitCode::SUCCESS;
    }
    let opts = match cli.options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("hoshi: {e}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Play { color }) => {
            let Some(human) = hoshi::go::Color::parse(&color) else {
                eprintln!("hoshi: --color must be black or white");
                return ExitCode::from(2);
            };
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            match hoshi::play::run(opts, human, &mut stdin.lock(), &mut stdout.lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("hoshi: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Bench {
            policies,
            seconds,
            sizes,
            playouts,
            seed,
        }) => bench(&policies, seconds, playouts, &sizes, seed, &opts.params),
        Some(Command::Bias {
            positions,
            each,
            search,
        }) => {
            let how = if search {
                hoshi::bias::Judge::Search
            } else {
                hoshi::bias::Judge::Playouts
            };
            bias(&positions, how, each, &opts)
        }
        Some(Command::Train {
            corpus,
            out,
            iterations,
            holdout,
            min_seen,
            base,
            groups,
            winners,
        }) => match train_fit(iterations, holdout, min_seen, base, &groups, winners)
            .and_then(|fit| hoshi::train::run(&corpus, &out, &fit))
        {
            Ok(r) => {
                println!(
                    "{} games, {} positions; first choice = move played: {:.1}% held apart \
                     ({} positions), {:.1}% fitted; held-apart log-likelihood {:.3}",
                    r.games,
                    r.positions,
                    100.0 * r.held_top1,
                    r.held_positions,
                    100.0 * r.fit_top1,
                    r.held_log_likelihood
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("hoshi train: {e}");
                ExitCode::FAILURE
            }
        },
        None => gtp(opts),
    }
}

/// The `train` options as a `Fit`, reading the base table if there is one.
fn train_fit(
    iterations: usize,
    holdout: usize,
    min_seen: u32,
    base: Option<std::path::PathBuf>,
    groups: &[String],
    winners: bool,
) -> Result<hoshi::train::Fit, String> {
    let base = match base {
        Some(path) => {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(
                hoshi::search::features::Gammas::parse(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        None => None,
    };
    Ok(hoshi::train::Fit {
        iterations,
        holdout,
        min_seen,
        base,
        groups: hoshi::train::Fit::group_indices(groups)?,
        winners,
    })
}

fn gtp(opts: Options) -> ExitCode {
    let Some(mut engine) = Engine::new(opts) else {
        eprintln!("hoshi: cannot start with these options");
        return ExitCode::from(2);
    };
    let mut input = Input::spawn(std::io::stdin());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    hoshi::gtp::serve(&mut engine, &mut input, &mut out);
    ExitCode::SUCCESS
}

fn bias(path: &std::path::Path, how: hoshi::bias::Judge, each: bool, opts: &Options) -> ExitCode {
    let playouts = opts.playouts.unwrap_or(1000).min(u32::MAX as u64) as u32;
    let positions = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| hoshi::bias::parse(&text))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hoshi bias: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    let judged = match rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
    {
        Ok(pool) => {
            pool.install(|| hoshi::bias::judge(&positions, how, playouts, opts.seed, &opts.params))
        }
        Err(e) => {
            eprintln!("hoshi bias: {e}");
            return ExitCode::FAILURE;
        }
    };
    if each {
        for j in &judged {
            println!(
                "{:.3} {:.3} {:+.3} {}",
                j.reference,
                j.value,
                j.value - j.reference,
                j.name
            );
        }
    }
    let s = hoshi::bias::summarize(&judged);
    println!(
        "positions {} playouts {playouts} mse {:.4} decisive {} agree {:.3} favoured {:.3}",
        s.positions, s.mse, s.decisive, s.agree, s.favoured
    );
    ExitCode::SUCCESS
}

fn bench(
    policies: &[Policy],
    seconds: f64,
    playouts: Option<u64>,
    sizes: &[usize],
    seed: u64,
    params: &Params,
) -> ExitCode {
    if !(seconds.is_finite() && seconds > 0.0 && seconds < 86_400.0) {
        eprintln!("--seconds must be a positive number of seconds");
        return ExitCode::FAILURE;
    }
    let budget = match playouts {
        Some(n) => Budget::Playouts(n.max(1)),
        None => Budget::Time(Duration::from_secs_f64(seconds)),
    };
    for (policy, &size) in policies
        .iter()
        .flat_map(|&p| sizes.iter().map(move |s| (p, s)))
    {
        let label = match policy {
            Policy::Light => "light",
            Policy::Heavy => "policy",
        };
        match hoshi::bench::run(policy, size, budget, seed, params) {
            Ok(r) => {
                println!("{label} playouts/s {size}x{size} {:.0}", r.per_second());
                log::info!(
                    "{label} {size}x{size}: {} playouts in {:.2}s, {:.1} moves each, black wins {:.3}",
                    r.playouts,
                    r.seconds,
                    r.mean_moves,
                    r.black_wins
                );
            }
            Err(e) => {
                eprintln!("bench {size}x{size} failed its check: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
