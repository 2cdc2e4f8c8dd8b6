use super::*;

#[test]
fn every_rule_has_all_doc_sections_and_fields() {
    for &rule in Rule::ALL {
        let m = rule.meta();
        for section in [
            "## What it does",
            "## Why is this bad?",
            "## Example",
            "Use instead:",
        ] {
            assert!(
                m.explanation.contains(section),
                "{}: missing {section}",
                m.name
            );
        }
        for (field, value) in [
            ("rfc", m.rfc),
            ("summary", m.summary),
            ("example", m.example),
            ("ok_example", m.ok_example),
            ("help", m.help),
        ] {
            assert!(!value.trim().is_empty(), "{}: empty {field}", m.name);
        }
        assert!(!m.summary.contains('\n'), "{}: summary is one line", m.name);
    }
}

#[test]
fn explain_shows_everything() {
    let text = explain(Rule::BareUrl);
    for part in [
        "# bare-url",
        "group: style",
        "default: off (info when enabled)",
        "RFC 1738 appendix",
        "## Why is this bad?",
        "see http://host/a.",
        "see <URL:http://host/a>.",
    ] {
        assert!(text.contains(part), "missing {part:?} in\n{text}");
    }
    assert!(explain(Rule::InvalidHost).contains("default: error\n"));
}

#[test]
fn readme_table_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let fresh = markdown_table();
    let readme = std::fs::read_to_string(path).unwrap_or_default();
    let (start, end) = ("<!-- rules:start -->", "<!-- rules:end -->");
    let block = readme.find(start).and_then(|s| {
        readme[s + start.len()..]
            .find(end)
            .map(|e| &readme[s + start.len()..s + start.len() + e])
    });
    let Some(block) = block else {
        panic!(
            "README.md has no `{start}` ... `{end}` block; put this table between them:\n{fresh}"
        );
    };
    assert_eq!(
        block.trim(),
        fresh.trim(),
        "README rule table is stale; replace it with:\n{fresh}"
    );
}

#[test]
fn table_has_a_row_per_rule() {
    let t = markdown_table();
    assert_eq!(t.lines().count(), Rule::ALL.len() + 2);
    assert!(
        t.contains("| `unnecessary-escape` | style | off | RFC 1630 Example 1; RFC 1738 §2.2 |")
    );
}

/// Every rule has a near miss in `fixtures/rules/`, checked under the
/// default standard, and a triggering text there or, for a rule that only
/// fires by the letter of RFC 1738, in `fixtures/rules/rfc1738/`.
#[test]
fn every_rule_has_fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/rules");
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
    for &rule in Rule::ALL {
        // Plain text, Markdown for rules about link markup, or a text
        // that fires only under `--standard rfc1738`.
        let first = |names: &[String]| {
            names
                .iter()
                .map(|n| read(&format!("{dir}/{n}")))
                .find(|t| !t.trim().is_empty())
                .unwrap_or_default()
        };
        let name = rule.name();
        let ok = first(&[format!("{name}.ok.txt"), format!("{name}.ok.md")]);
        assert!(
            !ok.trim().is_empty(),
            "missing or empty fixture {name}.ok.txt (or .md)"
        );
        let fires = first(&[
            format!("{name}.txt"),
            format!("{name}.md"),
            format!("rfc1738/{name}.txt"),
        ]);
        assert!(
            !fires.trim().is_empty(),
            "missing or empty fixture {name}.txt (or .md, rfc1738/)"
        );
    }
}

#[test]
fn every_rule_says_what_it_does_under_each_standard() {
    for &rule in Rule::ALL {
        let m = rule.meta();
        let section = m.explanation.split("## Standards").nth(1).unwrap_or("");
        let section = section.split("## ").next().unwrap_or("");
        for name in ["rfc3986", "rfc1738"] {
            assert!(
                section.contains(name),
                "{}: its `## Standards` section does not mention {name}",
                m.name
            );
        }
    }
}
