//! Scanner tests: each case runs through `scan_slice` and `scan_reader` at
//! buffer capacities 1, 7 and 64 KiB, which must agree.

use super::*;

pub(super) fn scan_all(input: &[u8], options: &ScanOptions) -> Vec<Candidate> {
    let slice = Scanner::new(options.clone()).scan_slice(input);
    for cap in [1, 7, 65536] {
        let mut o = options.clone();
        o.buffer_capacity = cap;
        let mut got = Vec::new();
        Scanner::new(o).scan_reader(input, |c| got.push(c)).unwrap();
        assert_eq!(got, slice, "reader at capacity {cap} differs");
    }
    slice
}

#[test]
fn smoke() {
    let c = scan_all(b"see http://a/b.", &ScanOptions::default());
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].url, "http://a/b");
}
