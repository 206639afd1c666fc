//! The benches every game runs alike: legal moves and one move over positions met in random
//! games, and random play-outs from a start. Pulled into a game's bench file with
//! `#[path = "common/kit.rs"] mod kit;`.

// Each game's bench takes the parts it needs.
#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use mancala_engine::playout::random_playout;
use mancala_engine::{Position, Rng};
use std::hint::black_box;
use std::time::Duration;

/// The most moves of one play-out: no game of the workspace comes near it.
const MAX_PLIES: u32 = 100_000;

/// A group named `name` with the per-game settings: half a second of warm-up, two seconds of
/// measurement, 20 samples.
pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(20);
    group
}

/// At least 1 024 positions met in random games from `start` (none of them over), with a
/// legal move of each.
pub fn sample_moves<P: Position>(start: &P) -> Vec<(P, P::Move)> {
    let mut rng = Rng::new(1);
    let mut positions = Vec::new();
    while positions.len() < 1024 {
        let mut p = start.clone();
        while let Some(mv) = p.random_move(&mut rng) {
            positions.push((p.clone(), mv));
            p.play_unchecked(mv);
        }
    }
    positions
}

/// `legal moves` and `play move` (copy-make) over `positions`.
pub fn moves<P: Position>(group: &mut BenchmarkGroup<WallTime>, positions: &[(P, P::Move)]) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal moves", |b| {
        b.iter(|| {
            for (p, _) in positions {
                black_box(black_box(p).legal_moves());
            }
        })
    });
    group.bench_function("play move", |b| {
        b.iter(|| {
            for (p, mv) in positions {
                let mut child = p.clone();
                child.play_unchecked(black_box(*mv));
                black_box(child);
            }
        })
    });
}

/// Bench `name`: `games` random play-outs from `start`, seeded `0..games`, with their moves as
/// the throughput.
pub fn playouts<P: Position>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    start: &P,
    games: u64,
) {
    let moves: u64 = (0..games)
        .map(|seed| u64::from(random_playout(start.clone(), &mut Rng::new(seed), MAX_PLIES).plies))
        .sum();
    group.throughput(Throughput::Elements(moves));
    group.bench_function(name, |b| {
        b.iter(|| {
            for seed in 0..games {
                black_box(random_playout(
                    black_box(start.clone()),
                    &mut Rng::new(seed),
                    MAX_PLIES,
                ));
            }
        })
    });
}
