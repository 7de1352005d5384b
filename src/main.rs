use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use hoshi::bench::Budget;

/// hoshi: a Go engine speaking GTP (Go Text Protocol) on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Measure playout speed (single thread) and print `light playouts/s <size> <N>` lines.
    Bench {
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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench {
            seconds,
            sizes,
            playouts,
            seed,
        }) => bench(seconds, playouts, &sizes, seed),
        None => ExitCode::SUCCESS,
    }
}

fn bench(seconds: f64, playouts: Option<u64>, sizes: &[usize], seed: u64) -> ExitCode {
    if !(seconds.is_finite() && seconds > 0.0 && seconds < 86_400.0) {
        eprintln!("--seconds must be a positive number of seconds");
        return ExitCode::FAILURE;
    }
    let budget = match playouts {
        Some(n) => Budget::Playouts(n.max(1)),
        None => Budget::Time(Duration::from_secs_f64(seconds)),
    };
    for &size in sizes {
        match hoshi::bench::light(size, budget, seed) {
            Ok(r) => {
                println!("light playouts/s {size}x{size} {:.0}", r.per_second());
                log::info!(
                    "{size}x{size}: {} playouts in {:.2}s, {:.1} moves each, black wins {:.3}",
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
