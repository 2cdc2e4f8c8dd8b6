//! `--format github`: GitHub Actions workflow commands.
//!
//! The runner reads each stdout line of the form
//! `::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::MESSAGE`
//! and turns it into an annotation on the pull request. The line is parsed
//! structurally, so text taken from the input must be escaped the way the
//! runner expects: in the message `%`, CR and LF become `%25`, `%0D`, `%0A`;
//! in a property value `:` and `,` (the delimiters) also become `%3A` and
//! `%2C`. Otherwise a URL holding `\n::error::…` would forge a second
//! annotation. Control characters are first made visible with
//! [`escape_control`], so ESC never reaches the log.

use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::Write as _;

use super::escape::{escape_control, escape_control_keep_newlines};
use super::{FileReport, Finding, Reporter};
use crate::rules::Severity;

/// `--format github`: one workflow command a diagnostic. Errors become
/// `::error`, warnings `::warning`, infos `::notice`. The message carries the
/// help on a second line (the runner shows `%0A` as a line break).
#[derive(Debug, Default)]
pub struct Github;

impl Reporter for Github {
    fn file(&self, report: &FileReport<'_>, out: &mut Vec<u8>) {
        // GitHub wants paths relative to the repository root; a walk of `.`
        // gives `./docs/a.txt`.
        let mut file = report.path;
        while let Some(rest) = file.strip_prefix("./") {
            file = rest;
        }
        for finding in report.findings {
            let message = message(finding);
            let d = &finding.diag;
            let a = Annotation {
                level: Level::from(d.severity),
                file,
                line: d.span.start.line,
                col: d.span.start.column,
                end_line: d.span.end.line,
                end_col: d.span.end.column,
                title: d.rule.name(),
                message: &message,
            };
            let _ = writeln!(out, "{a}");
        }
    }
}

/// The annotation's text: the message, the help, and for mail the message
/// the URL is in.
fn message(finding: &Finding) -> String {
    let d = &finding.diag;
    let mut text = d.message.clone();
    if !d.help.is_empty() {
        text.push_str("\nhelp: ");
        text.push_str(&d.help);
    }
    if let Some(mail) = &finding.mail {
        let id = mail.message_id.as_deref().unwrap_or("(no Message-ID)");
        let _ = write!(text, "\nin message {} {id}", mail.index + 1);
    }
    text
}

impl From<Severity> for Level {
    fn from(severity: Severity) -> Level {
        match severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
            Severity::Info => Level::Notice,
        }
    }
}

/// The workflow command, which sets how GitHub shows the annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// `::error`.
    Error,
    /// `::warning`.
    Warning,
    /// `::notice`.
    Notice,
}

impl Level {
    /// The command name as the runner spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
        }
    }
}

/// One annotation. Positions are 1-based; columns count characters, as in
/// the rest of urlint's output. `Display` renders the complete, escaped
/// workflow command without a trailing newline.
#[derive(Debug, Clone, Copy)]
pub struct Annotation<'a> {
    /// Which command to emit.
    pub level: Level,
    /// Path of the file, as given on the command line.
    pub file: &'a str,
    /// First line of the span.
    pub line: u64,
    /// First column of the span.
    pub col: u64,
    /// Last line of the span.
    pub end_line: u64,
    /// Column where the span ends.
    pub end_col: u64,
    /// Shown as the annotation's heading; urlint passes the rule name.
    pub title: &'a str,
    /// The diagnostic message; may hold input text such as the URL.
    pub message: &'a str,
}

impl fmt::Display for Annotation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_control(self.file);
        let title = escape_control(self.title);
        // A message may span lines on purpose; the runner shows `%0A` as a
        // line break, so only the other controls are made visible.
        let message = escape_control_keep_newlines(self.message);
        write!(
            f,
            "::{} file={},line={}",
            self.level.as_str(),
            escape_property(&file),
            self.line
        )?;
        // GitHub takes columns only for a span on one line.
        if self.line == self.end_line {
            write!(f, ",col={}", self.col)?;
        }
        write!(f, ",endLine={}", self.end_line)?;
        if self.line == self.end_line {
            write!(f, ",endColumn={}", self.end_col)?;
        }
        write!(
            f,
            ",title={}::{}",
            escape_property(&title),
            escape_data(&message)
        )
    }
}

/// Escape a command's message: `%` (first, so the escapes it introduces are
/// not escaped again), CR and LF.
pub fn escape_data(s: &str) -> Cow<'_, str> {
    percent_escape(s, b"%\r\n")
}

/// Escape a property value: as [`escape_data`], plus `:` and `,`, which
/// delimit the command and its properties.
pub fn escape_property(s: &str) -> Cow<'_, str> {
    percent_escape(s, b"%\r\n:,")
}

/// Replace each ASCII byte of `set` in `s` by `%XX`; borrowed when none
/// occurs. One pass, so `%` turning into `%25` is never re-escaped.
fn percent_escape<'a>(s: &'a str, set: &[u8]) -> Cow<'a, str> {
    let Some(first) = s.bytes().position(|b| set.contains(&b)) else {
        return Cow::Borrowed(s);
    };
    let (clean, rest) = s.split_at(first);
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(clean);
    for c in rest.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if set.contains(&b':') => out.push_str("%3A"),
            ',' if set.contains(&b',') => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample<'a>(file: &'a str, title: &'a str, message: &'a str) -> Annotation<'a> {
        Annotation {
            level: Level::Error,
            file,
            line: 3,
            col: 17,
            end_line: 3,
            end_col: 20,
            title,
            message,
        }
    }

    #[test]
    fn renders_the_workflow_command() {
        let a = sample(
            "docs/rfc.txt",
            "invalid-percent-escape",
            "`%as` is not a percent escape",
        );
        assert_eq!(
            a.to_string(),
            "::error file=docs/rfc.txt,line=3,col=17,endLine=3,endColumn=20,\
             title=invalid-percent-escape::`%25as` is not a percent escape"
        );
        let w = Annotation {
            level: Level::Warning,
            ..a
        };
        assert!(w.to_string().starts_with("::warning file="));
        let n = Annotation {
            level: Level::Notice,
            ..a
        };
        assert!(n.to_string().starts_with("::notice file="));
    }

    #[test]
    fn columns_only_for_a_span_on_one_line() {
        let a = Annotation {
            end_line: 4,
            ..sample("a.txt", "unterminated-wrapper", "never closed")
        };
        assert_eq!(
            a.to_string(),
            "::error file=a.txt,line=3,endLine=4,title=unterminated-wrapper::never closed"
        );
    }

    #[test]
    fn data_escapes() {
        // (input, escaped) — one row per escape, plus what must stay.
        for (input, want) in [
            ("100%", "100%25"),
            ("a\rb", "a%0Db"),
            ("a\nb", "a%0Ab"),
            ("%0A", "%250A"),
            ("a:b,c", "a:b,c"),
        ] {
            assert_eq!(escape_data(input), want, "input {input:?}");
        }
        assert!(matches!(escape_data("plain: text, ok"), Cow::Borrowed(_)));
    }

    #[test]
    fn property_escapes() {
        for (input, want) in [
            ("100%", "100%25"),
            ("a\rb", "a%0Db"),
            ("a\nb", "a%0Ab"),
            ("C:\\x", "C%3A\\x"),
            ("a,b", "a%2Cb"),
            ("x,line=1::forged", "x%2Cline=1%3A%3Aforged"),
        ] {
            assert_eq!(escape_property(input), want, "input {input:?}");
        }
        assert!(matches!(escape_property("src/a.txt"), Cow::Borrowed(_)));
    }

    #[test]
    fn input_text_cannot_forge_a_command_or_reach_the_terminal() {
        let a = sample(
            "dir,x/evil:\x1b[2J.txt",
            "bare-url",
            "see http://a/\n::error::forged\r\x1b]52;c;eA==\x07",
        );
        let line = a.to_string();
        assert!(!line.contains('\n') && !line.contains('\r'));
        assert!(!line.contains('\x1b') && !line.contains('\x07'));
        assert_eq!(
            line,
            "::error file=dir%2Cx/evil%3A\\x1b[2J.txt,line=3,col=17,endLine=3,endColumn=20,\
             title=bare-url::see http://a/%0A::error::forged\\r\\x1b]52;c;eA==\\x07"
        );
    }

    #[test]
    fn reporter_writes_one_command_per_finding() {
        use crate::report::MailRef;
        use crate::rules::diagnostic::Diagnostic;
        use crate::rules::Rule;
        use crate::span::{Pos, Span};
        let pos = |column| Pos {
            line: 2,
            column,
            offset: 0,
        };
        let finding = |severity, mail| Finding {
            diag: Diagnostic {
                rule: Rule::ALL[0],
                severity,
                message: "`%as` is not a percent escape".to_string(),
                span: Span::new(pos(24), pos(27)),
                url: "news:1%as@h".to_string(),
                help: "encode a literal % as %25".to_string(),
                labels: vec![],
                fix: None,
            },
            snippet: None,
            mail,
        };
        let mail = MailRef {
            message_id: Some("<m@x>".to_string()),
            index: 0,
        };
        let findings = [
            finding(Severity::Error, None),
            finding(Severity::Info, Some(mail)),
        ];
        let report = FileReport {
            path: "./a,b.txt",
            found: &[],
            findings: &findings,
        };
        let mut out = Vec::new();
        Github.file(&report, &mut out);
        let name = Rule::ALL[0].name();
        let want = format!(
            "::error file=a%2Cb.txt,line=2,col=24,endLine=2,endColumn=27,title={name}::\
             `%25as` is not a percent escape%0Ahelp: encode a literal %25 as %2525\n\
             ::notice file=a%2Cb.txt,line=2,col=24,endLine=2,endColumn=27,title={name}::\
             `%25as` is not a percent escape%0Ahelp: encode a literal %25 as %2525\
             %0Ain message 1 <m@x>\n"
        );
        assert_eq!(String::from_utf8(out).unwrap(), want);
    }

    proptest::proptest! {
        #[test]
        fn any_input_gives_one_well_formed_command(
            file in proptest::prelude::any::<String>(),
            title in proptest::prelude::any::<String>(),
            message in proptest::prelude::any::<String>(),
        ) {
            let line = sample(&file, &title, &message).to_string();
            let has_control = line.contains(['\n', '\r', '\x1b', '\u{9b}']);
            proptest::prop_assert!(!has_control);
            // The properties end at the first "::" after the command, and
            // hold exactly the five separating commas.
            let rest = line.strip_prefix("::error ").unwrap_or_default();
            let (props, _) = rest.split_once("::").unwrap_or_default();
            proptest::prop_assert_eq!(props.matches(',').count(), 5);
            let want_title = format!("title={}", escape_property(&escape_control(&title)));
            proptest::prop_assert!(props.ends_with(&want_title));
        }
    }
}
