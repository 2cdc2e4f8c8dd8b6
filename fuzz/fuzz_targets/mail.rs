//! Decode arbitrary bytes as mail: no panic, the same parts whatever the
//! read sizes, every position mapped back into the file and right, and the
//! scanner's and validator's invariants on each decoded part.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urlint_fuzz::mail_checked(data);
});
