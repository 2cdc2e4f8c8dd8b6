//! Scan arbitrary bytes: no panic, slice and reader agree, every candidate
//! consistent with the input (see `urlint_fuzz::check_candidate`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (options, capacity, text) = urlint_fuzz::split_options(data);
    urlint_fuzz::scan_checked(text, &options, capacity);
});
