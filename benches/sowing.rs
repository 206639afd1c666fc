//! The core's sowing kernels alone: the ring's one-pass move in closed form against its
//! seed-by-seed reference, from 1 to 64 seeds; and a relay lap round a cycle in its two forms
//! (a window of the board in memory, the board in one word) against the seed-by-seed lap.

use criterion::{BenchmarkId, Criterion, Throughput};
use mancala_engine::packed::Word;
use mancala_engine::sowing::{lap_by_seed, SowingPath};
use mancala_engine::sowing::{lift_and_sow_ring_array, sow_ring_redirected_by_seed, FirstSeed};
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

/// Seeds of the cycle laps: a short lap, one just under a round, and one over a round.
const LAP_SEEDS: [u8; 3] = [3, 13, 20];

fn cycle(c: &mut Criterion) {
    let mut group = c.benchmark_group("cycle/lap14");
    // The ring of 14 holes, as Mangala IV sows it, in both forms; and a scattered path of 14
    // cells through a window of 32 of a board of 48, as Katro's circuits run.
    let ring = SowingPath::<16>::identity(14).unwrap();
    let word = ring.word().unwrap();
    let path: Vec<u8> = (0..14).map(|k| 18 + (k * 5) % 14).collect();
    let scattered = SowingPath::<48, 32>::new(&path).unwrap();
    for seeds in LAP_SEEDS {
        group.throughput(Throughput::Elements(u64::from(seeds)));
        group.bench_with_input(BenchmarkId::new("word", seeds), &seeds, |b, &seeds| {
            let mut bytes = [1u8; 16];
            bytes[14..].fill(0);
            bytes[2] = seeds;
            let board = Word::from_le_bytes(bytes);
            b.iter(|| word.lap(black_box(board), black_box(2)))
        });
        group.bench_with_input(BenchmarkId::new("window", seeds), &seeds, |b, &seeds| {
            b.iter(|| {
                let mut board = [1u8; 48];
                board[usize::from(path[0])] = seeds;
                let landing = scattered.lap(black_box(&mut board), black_box(usize::from(path[0])));
                (board, landing)
            })
        });
        group.bench_with_input(
            BenchmarkId::new("seed-by-seed", seeds),
            &seeds,
            |b, &seeds| {
                b.iter(|| {
                    let mut board = [1u8; 48];
                    board[usize::from(path[0])] = seeds;
                    let last = lap_by_seed(black_box(&mut board), &path, usize::from(path[0]));
                    (board, last)
                })
            },
        );
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    ring(&mut criterion);
    cycle(&mut criterion);
    criterion.final_summary();
}
