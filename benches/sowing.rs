//! The core's ring sowing alone: the one-pass move in closed form against its seed-by-seed
//! reference, from 1 to 64 seeds.

use criterion::{BenchmarkId, Criterion, Throughput};
use mancala_engine::sow::{lift_and_sow_ring_array, sow_ring_redirected_by_seed, FirstSeed};
use mancala_engine::Stores;
use std::hint::black_box;

const COUNTS: [u8; 6] = [1, 4, 9, 18, 36, 64];

/// A sink index past the ring: no sink.
const NO_SINK: usize = 32;

fn ring(c: &mut Criterion) {
    let mut group = c.benchmark_group("sow/ring18");
    for seeds in COUNTS {
        // Throughput in seeds sown, so rates compare across counts.
        group.throughput(Throughput::Elements(u64::from(seeds)));
        group.bench_with_input(BenchmarkId::new("one-pass", seeds), &seeds, |b, &seeds| {
            b.iter(|| {
                // A ring of 18 kept in 32 bytes, as Toguz Kumalak keeps it.
                let mut holes = [0u8; 32];
                holes[5] = seeds;
                let sinks = [NO_SINK, NO_SINK];
                lift_and_sow_ring_array(black_box(&mut holes), 18, 5, FirstSeed::Origin, sinks);
                holes
            })
        });
        group.bench_with_input(
            BenchmarkId::new("seed-by-seed", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut holes = [0u8; 18];
                    let mut stores = Stores::default();
                    sow_ring_redirected_by_seed(
                        black_box(&mut holes),
                        black_box(5),
                        u32::from(seeds),
                        &[],
                        &mut stores,
                    );
                    holes
                })
            },
        );
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    ring(&mut criterion);
    criterion.final_summary();
}
