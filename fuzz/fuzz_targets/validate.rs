//! Validate every candidate of arbitrary bytes with every rule on: no panic,
//! each diagnostic's span inside its URL's span.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (options, capacity, text) = urlint_fuzz::split_options(data);
    let found = urlint_fuzz::scan_checked(text, &options, capacity);
    urlint_fuzz::validate_checked(text, &found);
});
