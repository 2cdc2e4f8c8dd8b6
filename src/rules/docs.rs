//! Documentation generated from the registry: the README table and
//! `urlint rules NAME`.

use std::fmt::Write;

use super::{Rule, RuleMeta};

fn default_name(meta: &RuleMeta) -> &'static str {
    meta.default.map_or("off", |s| s.as_str())
}

/// `safe`, `unsafe`, or `-` for a rule without a fix.
pub(crate) fn fix_name(meta: &RuleMeta) -> &'static str {
    meta.fix.map_or("-", |(a, _)| a.as_str())
}

/// The README rule table: `| rule | group | default | RFC | fix | what |`.
pub fn markdown_table() -> String {
    let mut s =
        String::from("| rule | group | default | RFC | fix | what |\n|---|---|---|---|---|---|\n");
    for &rule in Rule::ALL {
        let m = rule.meta();
        let _ = writeln!(
            s,
            "| `{}` | {} | {} | {} | {} | {} |",
            m.name,
            m.group,
            default_name(m),
            m.rfc,
            fix_name(m),
            m.summary.replace('|', "\\|")
        );
    }
    s
}

/// What `urlint rules NAME` prints.
pub fn explain(rule: Rule) -> String {
    let m = rule.meta();
    let mut s = format!(
        "# {}\n\ngroup: {}\ndefault: {}{}\nsource: {}\n",
        m.name,
        m.group,
        default_name(m),
        if m.default.is_none() {
            format!(" ({} when enabled)", m.severity_when_enabled)
        } else {
            String::new()
        },
        m.rfc
    );
    if let Some((applicability, fix)) = m.fix {
        let _ = writeln!(s, "fix ({}): {fix}\n", applicability.as_str());
        s.pop();
    }
    s.push('\n');
    for line in m.explanation.lines() {
        s.push_str(line.strip_prefix(' ').unwrap_or(line));
        s.push('\n');
    }
    let _ = write!(
        s,
        "\nTriggers it:\n    {}\nDoes not:\n    {}\n\nhelp: {}\n",
        m.example.replace('\n', "\n    "),
        m.ok_example.replace('\n', "\n    "),
        m.help
    );
    s
}

#[cfg(test)]
mod tests;
