//! Mangala IV benches: one move, move generation, perft, and play-outs of random starts.

use criterion::{black_box, Criterion, Throughput};
use mancala_engine::perft::perft;
use mancala_engine::Position as _;
use mangala4::{Mangala4, RuleSet, Setup};
use std::time::Duration;

/// Positions along the forced line of a few random starts (none of them over).
fn sample_positions() -> Vec<Mangala4> {
    let mut positions = Vec::new();
    for seed in 0..16 {
        let mut p = Setup::random(seed).position(RuleSet::default());
        while p.end_reason().is_none() && positions.len() < 64 * (seed as usize + 1) {
            positions.push(p);
            p.play_forced_reported();
        }
    }
    positions
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("mangala4");
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.sample_size(20);

    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("play move", |b| {
        b.iter(|| {
            for p in &positions {
                let mut child = *p;
                child.play_unchecked(black_box(mangala4::Move::Pass));
                black_box(child);
            }
        })
    });
    group.bench_function("legal moves", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(black_box(p).legal_moves());
            }
        })
    });

    let even = Setup::even().position(RuleSet::default());
    let depth = 40;
    let nodes = perft(&even, depth);
    group.throughput(Throughput::Elements(nodes.max(1)));
    group.bench_function("perft even 40", |b| {
        b.iter(|| perft(black_box(&even), depth))
    });

    let starts: Vec<Mangala4> = (0..256)
        .map(|seed| Setup::random(seed).position(RuleSet::default()))
        .collect();
    let moves: u64 = starts.iter().map(|p| u64::from(p.play_out().plies)).sum();
    group.throughput(Throughput::Elements(moves));
    group.bench_function("play out 256 random starts (moves)", |b| {
        b.iter(|| {
            for p in &starts {
                black_box(black_box(p).play_out());
            }
        })
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
