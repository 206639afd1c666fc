//! Katro benches: legal move generation, playing a move, perft, and random play-outs, on the
//! standard board with the standard rules (and play-outs with directions chosen per turn).

#[path = "common/kit.rs"]
mod kit;

use criterion::{Criterion, Throughput};
use katro::{Katro, RuleSet};
use mancala_engine::perft::perft;
use mancala_engine::Game;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = kit::group(c, "katro");
    kit::moves(&mut group, &kit::sample_moves(&Katro::default()));

    let start = Katro::default();
    let depth = 9;
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_function("perft 9", |b| b.iter(|| perft(black_box(&start), depth)));

    let per_turn = "direction=per-turn".parse().expect("a rule string");
    for (name, rules) in [
        ("play-outs default (moves)", RuleSet::STANDARD),
        ("play-outs per-turn (moves)", per_turn),
    ] {
        kit::playouts(&mut group, name, &Katro::new(rules), 64);
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    benches(&mut criterion);
    criterion.final_summary();
}
