//! Read arbitrary bytes as icalendar: every candidate consistent with the
//! source (see `urlint_fuzz::document_checked`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlint::document::Syntax;

fuzz_target!(|data: &[u8]| {
    urlint_fuzz::document_checked(Syntax::Icalendar, data);
});
