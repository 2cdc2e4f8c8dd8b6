//! Print every candidate the scanner finds in the given files, one a line:
//! `path:line:column form url`, then each alternative and fact indented.
//! Used to check the scanner by eye on real texts.

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut scanner = urlint::Scanner::new(urlint::ScanOptions::default());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in std::env::args().skip(1) {
        let file = std::fs::File::open(&path)?;
        let mut n = 0;
        scanner.scan_reader(file, |c| {
            n += 1;
            let s = c.span.start;
            let _ = writeln!(
                out,
                "{path}:{}:{} {} {:?}",
                s.line,
                s.column,
                c.form.as_str(),
                c.url
            );
            for alt in &c.alternatives {
                let _ = writeln!(out, "    alt {alt:?}");
            }
            let f = &c.facts;
            if f.unterminated || f.empty || f.broken_bare.is_some() || !f.hyphen_breaks.is_empty() {
                let _ = writeln!(
                    out,
                    "    unterminated={} empty={} broken={:?} hyphens={:?}",
                    f.unterminated, f.empty, f.broken_bare, f.hyphen_breaks
                );
            }
        })?;
        writeln!(out, "{path}: {n} candidates")?;
    }
    Ok(())
}
