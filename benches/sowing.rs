//! The sowing primitives alone: closed form against seed by seed, from 1 to 64 seeds.

use criterion::{BenchmarkId, Criterion, Throughput};
use mancala_engine::sow::{sow_path, sow_path_by_seed, sow_ring, sow_ring_array, sow_ring_by_seed};
use std::hint::black_box;

const COUNTS: [u32; 6] = [1, 4, 9, 18, 36, 64];

fn ring(c: &mut Criterion) {
    let mut group = c.benchmark_group("sow/ring18");
    for seeds in COUNTS {
        // Throughput in seeds sown, so rates compare across counts.
        group.throughput(Throughput::Elements(u64::from(seeds)));
        group.bench_with_input(
            BenchmarkId::new("closed-form", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut holes = [0u8; 18];
                    sow_ring(black_box(&mut holes), black_box(5), seeds);
                    holes
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("array", seeds), &seeds, |b, &seeds| {
            b.iter(|| {
                let mut holes = [0u8; 19];
                sow_ring_array(black_box(&mut holes), 18, black_box(5), seeds);
                holes
            })
        });
        group.bench_with_input(
            BenchmarkId::new("seed-by-seed", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut holes = [0u8; 18];
                    sow_ring_by_seed(black_box(&mut holes), black_box(5), seeds);
                    holes
                })
            },
        );
    }
    group.finish();
}

fn path(c: &mut Criterion) {
    // South's circuit on a 6 × 6 Katro board.
    let circuit = mancala_engine::topology::Serpentine::new(3, 6)
        .map(|board| board.circuit(mancala_engine::Side::South, Default::default()));
    let Some(circuit) = circuit else { return };
    let path = circuit.path().to_vec();
    let mut group = c.benchmark_group("sow/serpentine18");
    for seeds in COUNTS {
        group.throughput(Throughput::Elements(u64::from(seeds)));
        group.bench_with_input(
            BenchmarkId::new("closed-form", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut board = [0u8; 36];
                    sow_path(black_box(&mut board), &path, black_box(5), seeds);
                    board
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("seed-by-seed", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut board = [0u8; 36];
                    sow_path_by_seed(black_box(&mut board), &path, black_box(5), seeds);
                    board
                })
            },
        );
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    ring(&mut criterion);
    path(&mut criterion);
    criterion.final_summary();
}
