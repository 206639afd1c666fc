//! Kalah: legal move generation, playing a move (copy-make), perft and random play-outs
//! from the standard start.

#[path = "common/kit.rs"]
mod kit;

use criterion::{Criterion, Throughput};
use kalah::Kalah;
use mancala_engine::perft::perft;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = kit::group(c, "kalah");
    kit::moves(&mut group, &kit::sample_moves(&Kalah::default()));

    let start = Kalah::default();
    let depth = 10;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function("perft 10", |b| b.iter(|| perft(black_box(&start), depth)));

    kit::playouts(&mut group, "play-outs (moves)", &start, 256);
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
