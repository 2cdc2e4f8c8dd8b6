//! Decode arbitrary bytes as mail: no panic, the same parts whatever the
//! read sizes, every position mapped back into the file and right, and the
//! scanner's and validator's invariants on each decoded part.
#![no_main]

use std::sync::Once;

use libfuzzer_sys::fuzz_target;

static HOOK: Once = Once::new();

fuzz_target!(|data: &[u8]| {
    // libFuzzer aborts on every panic, even a caught one. urlint catches
    // panics inside `mail-parser` (its `debug_assert!`s fire on hostile
    // MIME) and scans that message undecoded, so let only those pass.
    HOOK.call_once(|| {
        let fuzzer_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_parser = info
                .location()
                .is_some_and(|l| l.file().contains("mail-parser"));
            if !in_parser {
                fuzzer_hook(info);
            }
        }));
    });
    urlint_fuzz::mail_checked(data);
});
