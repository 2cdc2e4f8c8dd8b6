//! Read arbitrary bytes as source code (the first byte picks `c`, `shell`,
//! `python`, `lua` or `lisp`): every candidate consistent with the source, and every
//! data range inside it (see `urlint_fuzz::document_checked`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlint::document::Syntax;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let syntax = [
        Syntax::C,
        Syntax::Shell,
        Syntax::Python,
        Syntax::Lua,
        Syntax::Lisp,
    ][usize::from(pick % 5)];
    urlint_fuzz::document_checked(syntax, rest);
});
