//! Print every candidate the scanner finds in the given files, one a line:
//! `path:line:column form url`, then each alternative and fact indented.
//! Used to check the scanner by eye on real texts; `--count` prints only
//! the count and the time taken.

use std::io::Write;

fn main() -> std::io::Result<()> {
    let mut scanner = urlint::scan::Scanner::new(urlint::scan::ScanOptions::default());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count_only = args.first().is_some_and(|a| a == "--count");
    for path in args.iter().skip(usize::from(count_only)) {
        let file = std::fs::File::open(path)?;
        let mut n = 0;
        let started = std::time::Instant::now();
        scanner.scan_reader(file, |c| {
            n += 1;
            if count_only {
                return;
            }
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
        writeln!(out, "{path}: {n} candidates in {:?}", started.elapsed())?;
    }
    Ok(())
}
