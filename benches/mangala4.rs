//! Mangala IV benches: one move, move generation, perft, and play-outs of random starts.

#[path = "common/kit.rs"]
mod kit;

use criterion::{black_box, Criterion, Throughput};
use mancala_engine::perft::perft;
use mangala4::prelude::*;

fn random_start(seed: u64) -> Mangala4 {
    Mangala4::from_setup(Setup::random(seed)).expect("a random start is a valid position")
}

/// Positions along the forced line of a few random starts (none of them over).
fn sample_positions() -> Vec<Mangala4> {
    let mut positions = Vec::new();
    for seed in 0..16 {
        let mut p = random_start(seed);
        while !p.is_over() && positions.len() < 64 * (seed as usize + 1) {
            positions.push(p);
            p.play_unchecked(Move::Pass);
        }
    }
    positions
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = kit::group(c, "mangala4");

    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("play move", |b| {
        b.iter(|| {
            for p in &positions {
                let mut child = *p;
                child.play_unchecked(black_box(Move::Pass));
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

    let even = Mangala4::new(RuleSet::STANDARD);
    let depth = 40;
    let nodes = perft(&even, depth);
    group.throughput(Throughput::Elements(nodes.max(1)));
    group.bench_function("perft even 40", |b| {
        b.iter(|| perft(black_box(&even), depth))
    });

    let starts: Vec<Mangala4> = (0..256).map(random_start).collect();
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
