//! `cargo bench` for urlint: scanner, validator and both together, with linkify alongside.
//!
//! Inputs come from `urlint_bench` so they are the same on every machine.
//! Throughput is in bytes (or candidates for `validate`), so criterion prints
//! MB/s directly; pathological inputs run at n and 2n bytes so a glance at the
//! two times shows whether cost grows linearly.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use linkify::{LinkFinder, LinkKind};
use urlint::rules::RuleConfig;
use urlint::rules::Validator;
use urlint::scan::{ScanOptions, Scanner};
use urlint::{Candidate, Diagnostic, Linter, Source};

/// Size of each throughput input: large enough to leave the L2 cache, small enough to be quick.
const SIZE: usize = 1 << 20;
/// Size of the pathological inputs (also run at twice this).
const PATHOLOGICAL: usize = 64 << 10;

fn finder() -> LinkFinder {
    let mut f = LinkFinder::new();
    f.kinds(&[LinkKind::Url]);
    f
}

fn scan(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan");
    group.measurement_time(Duration::from_secs(3));
    let finder = finder();
    for (name, text) in urlint_bench::inputs(SIZE) {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("urlint", name), &text, |b, text| {
            let mut scanner = Scanner::new(ScanOptions::default());
            b.iter(|| black_box(scanner.scan_slice(text.as_bytes()).len()));
        });
        group.bench_with_input(BenchmarkId::new("urlint-reader", name), &text, |b, text| {
            let mut scanner = Scanner::new(ScanOptions::default());
            b.iter(|| {
                let mut n = 0usize;
                let r = scanner.scan_reader(text.as_bytes(), |c| n += c.url.len());
                black_box((r.is_ok(), n))
            });
        });
        group.bench_with_input(BenchmarkId::new("linkify", name), &text, |b, text| {
            b.iter(|| black_box(finder.links(text).count()));
        });
    }
    group.finish();
}

fn pathological(c: &mut Criterion) {
    let mut group = c.benchmark_group("pathological");
    group.measurement_time(Duration::from_secs(2));
    let finder = finder();
    for size in [PATHOLOGICAL, 2 * PATHOLOGICAL] {
        for (name, text) in urlint_bench::pathological(size) {
            group.throughput(Throughput::Bytes(text.len() as u64));
            let id = format!("{name}/{}k", size >> 10);
            group.bench_with_input(BenchmarkId::new("urlint", &id), &text, |b, text| {
                let mut scanner = Scanner::new(ScanOptions::default());
                b.iter(|| black_box(scanner.scan_slice(text.as_bytes()).len()));
            });
            group.bench_with_input(BenchmarkId::new("linkify", &id), &text, |b, text| {
                b.iter(|| black_box(finder.links(text).count()));
            });
        }
    }
    group.finish();
}

/// Candidates to validate: the dense list and the RFC text, scanned once.
fn candidates() -> Vec<Candidate> {
    let mut scanner = Scanner::new(ScanOptions::default());
    let mut all = scanner.scan_slice(urlint_bench::dense(SIZE / 4).as_bytes());
    all.extend(scanner.scan_slice(urlint_bench::rfc(SIZE / 4).as_bytes()));
    all
}

fn validate(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    let cands = candidates();
    let validator = Validator::new(&RuleConfig::default(), &[]);
    group.throughput(Throughput::Elements(cands.len().max(1) as u64));
    group.bench_function("default-rules", |b| {
        let mut out: Vec<Diagnostic> = Vec::new();
        b.iter(|| {
            out.clear();
            for cand in &cands {
                validator.check(cand, &mut out);
            }
            black_box(out.len())
        });
    });
    group.finish();
}

fn check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.measurement_time(Duration::from_secs(3));
    let validator = Validator::new(&RuleConfig::default(), &[]);
    for (name, text) in urlint_bench::inputs(SIZE) {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::new("scan+validate", name), &text, |b, text| {
            let options = ScanOptions {
                excerpts: true,
                ..ScanOptions::default()
            };
            let mut scanner = Scanner::new(options);
            let mut out: Vec<Diagnostic> = Vec::new();
            b.iter(|| {
                out.clear();
                for cand in scanner.scan_slice(text.as_bytes()) {
                    validator.check(&cand, &mut out);
                }
                black_box(out.len())
            });
        });
        // What a library user (and the CLI, per file) runs: sniffing,
        // suppression comments and position mapping included.
        group.bench_with_input(BenchmarkId::new("linter", name), &text, |b, text| {
            let linter = Linter::default();
            b.iter(|| black_box(linter.check(text, &Source::default()).diagnostics.len()));
        });
    }
    group.finish();
}

criterion_group!(benches, scan, pathological, validate, check);
criterion_main!(benches);
