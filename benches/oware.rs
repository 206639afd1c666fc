//! Oware: legal move generation, playing a move (copy-make, repetition record included),
//! perft and random play-outs from the standard start.

#[path = "common/kit.rs"]
mod kit;

use criterion::{Criterion, Throughput};
use mancala_engine::perft::perft;
use oware::Oware;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = kit::group(c, "oware");
    kit::moves(&mut group, &kit::sample_moves(&Oware::default()));

    let start = Oware::default();
    let depth = 9;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function("perft 9", |b| b.iter(|| perft(black_box(&start), depth)));

    kit::playouts(&mut group, "play-outs (moves)", &start, 256);
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
