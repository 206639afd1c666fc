//! Katro benches: legal move generation, playing a move, perft, and random play-outs, on the
//! standard board with the standard rules (and play-outs with directions chosen per turn).

use criterion::{black_box, Criterion, Throughput};
use katro::{Katro, RuleSet};
use mancala_engine::perft::perft;
use mancala_engine::playout::random_playout;
use mancala_engine::{Position as _, Rng};
use std::time::Duration;

/// Positions met in a few random games (none of them over), with a legal move of each.
fn sample_positions(rules: RuleSet) -> Vec<(Katro, katro::Move)> {
    let mut rng = Rng::new(1);
    let mut positions = Vec::new();
    while positions.len() < 1024 {
        let mut p = Katro::new(rules);
        while let Some(mv) = p.random_move(&mut rng) {
            positions.push((p, mv));
            p.play_unchecked(mv);
        }
    }
    positions
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("katro");
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(20);

    let positions = sample_positions(RuleSet::STANDARD);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal moves", |b| {
        b.iter(|| {
            for (p, _) in &positions {
                black_box(black_box(p).legal_moves());
            }
        })
    });
    group.bench_function("play move", |b| {
        b.iter(|| {
            for (p, mv) in &positions {
                let mut child = *p;
                child.play_unchecked(black_box(*mv));
                black_box(child);
            }
        })
    });

    let start = Katro::default();
    let depth = 9;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function("perft 9", |b| b.iter(|| perft(black_box(&start), depth)));

    for (name, rules) in [
        ("play-outs default (moves)", RuleSet::STANDARD),
        (
            "play-outs per-turn (moves)",
            "direction=per-turn".parse().unwrap(),
        ),
    ] {
        let start = Katro::new(rules);
        let games = 64;
        let moves: u64 = (0..games)
            .map(|seed| u64::from(random_playout(start, &mut Rng::new(seed), 100_000).plies))
            .sum();
        group.throughput(Throughput::Elements(moves));
        group.bench_function(name, |b| {
            b.iter(|| {
                for seed in 0..games {
                    black_box(random_playout(
                        black_box(start),
                        &mut Rng::new(seed),
                        100_000,
                    ));
                }
            })
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
