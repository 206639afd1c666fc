//! Toguz Kumalak: move generation, playing a move, perft and random play-outs.

use criterion::{Criterion, Throughput};
use mancala_engine::perft::perft;
use mancala_engine::playout::random_playout;
use mancala_engine::{Position as _, Rng};
use std::hint::black_box;
use toguz::Toguz;

/// Positions from the middle of random games, so the benches see realistic boards.
fn sample_positions() -> Vec<Toguz> {
    let mut rng = Rng::new(2024);
    let mut positions = Vec::new();
    while positions.len() < 256 {
        let mut position = Toguz::default();
        for _ in 0..rng.below(60) {
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
        if !position.is_over() {
            positions.push(position);
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("toguz");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    let moves: Vec<_> = positions.iter().map(|p| (*p, p.legal_moves()[0])).collect();
    group.bench_function("play", |b| {
        b.iter(|| {
            moves
                .iter()
                .map(|&(p, mv)| {
                    let mut p = black_box(p);
                    p.play_unchecked(mv);
                    p.kazan(mancala_engine::Side::South)
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

fn perft_and_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("toguz");
    group.sample_size(10);
    group.throughput(Throughput::Elements(3_003_052));
    group.bench_function("perft7", |b| {
        b.iter(|| perft(black_box(&Toguz::default()), 7))
    });
    // 1 000 random games from the start: about 124 000 moves.
    let mut rng = Rng::new(7);
    let moves: u64 = (0..1000)
        .map(|_| u64::from(random_playout(Toguz::default(), &mut rng, 100_000).plies))
        .sum();
    group.throughput(Throughput::Elements(moves));
    group.bench_function("playouts1000", |b| {
        b.iter(|| {
            let mut rng = Rng::new(7);
            (0..1000)
                .map(|_| random_playout(Toguz::default(), &mut rng, 100_000).plies)
                .sum::<u32>()
        })
    });
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    movegen(&mut criterion);
    perft_and_playouts(&mut criterion);
    criterion.final_summary();
}
