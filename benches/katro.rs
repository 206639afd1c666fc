//! Benches for katro (to be filled in).

use criterion::{criterion_group, criterion_main, Criterion};

fn benches(_c: &mut Criterion) {}

criterion_group!(group, benches);
criterion_main!(group);
