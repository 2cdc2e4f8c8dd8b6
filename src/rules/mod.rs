//! The rule registry: every lint urlint knows, its documentation and its check.
//!
//! Each rule is declared once, with `declare_rule!`, in a file under
//! `syntax/`, `scheme/`, `security/`, `context/` or `style/`, beside the
//! `check` function that finds it. The doc comment of the declaration becomes
//! runtime data (clippy's trick, done with `concat!`), so `urlint rules NAME`,
//! the README table and SARIF rule metadata all come from that one place.
//! The list at the bottom of this file generates [`Rule`], [`Rule::ALL`],
//! [`Rule::meta`] and the dispatch to checks.

use std::fmt;

mod config;
pub mod diagnostic;
mod docs;
pub mod runner;
pub mod suppress;
#[cfg(test)]
pub(crate) mod testutil;

mod context;
mod scheme;
mod security;
mod style;
mod syntax;

pub use config::RuleConfig;
pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Label};
#[cfg(feature = "cli")]
pub(crate) use docs::fix_name;
pub use docs::{explain, markdown_table};
pub use runner::Validator;

use crate::url::Cx;
use runner::Report;

/// How serious a diagnostic is. Ordered: `Info < Warning < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// Worth knowing.
    Info,
    /// Probably wrong.
    Warning,
    /// Wrong by the RFC grammar.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parse `error`, `warning` or `info` (as written in `urlint.toml`).
    pub fn from_name(name: &str) -> Option<Severity> {
        [Severity::Info, Severity::Warning, Severity::Error]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Rule groups of the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Group {
    /// Generic URL syntax.
    Syntax,
    /// Per-scheme grammar.
    Scheme,
    /// RFC 1738 section 6.
    Security,
    /// How the URL sits in text.
    Context,
    /// Style.
    Style,
}

impl Group {
    /// Every group, in the README's order.
    pub const ALL: &'static [Group] = &[
        Group::Syntax,
        Group::Scheme,
        Group::Security,
        Group::Context,
        Group::Style,
    ];

    /// `syntax`, `scheme`, `security`, `context` or `style`.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Syntax => "syntax",
            Group::Scheme => "scheme",
            Group::Security => "security",
            Group::Context => "context",
            Group::Style => "style",
        }
    }

    /// The group called `name`, if any.
    pub fn from_name(name: &str) -> Option<Group> {
        Group::ALL.iter().copied().find(|g| g.as_str() == name)
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Everything known about a rule besides its check: what `urlint rules`
/// prints, what the README table and SARIF metadata are made of.
#[derive(Debug)]
#[non_exhaustive]
pub struct RuleMeta {
    /// Kebab-case name, as in the README.
    pub name: &'static str,
    /// The group `--select GROUP` refers to.
    pub group: Group,
    /// Severity when nothing is configured; `None` means off by default.
    pub default: Option<Severity>,
    /// Severity used when the rule is enabled without a configured severity
    /// (equals `default` for rules that are on by default; `info` otherwise).
    pub severity_when_enabled: Severity,
    /// The RFC section the rule enforces, e.g. `RFC 1738 §3.1`.
    pub rfc: &'static str,
    /// One line for tables.
    pub summary: &'static str,
    /// Markdown: `## What it does`, `## Why is this bad?`, `## Example`, `Use instead:`.
    pub explanation: &'static str,
    /// URL text that triggers the rule.
    pub example: &'static str,
    /// A near miss that does not trigger it.
    pub ok_example: &'static str,
    /// The default help line of its diagnostics.
    pub help: &'static str,
    /// What its fix does and whether it is safe, for the rules that fix.
    pub fix: Option<(Applicability, &'static str)>,
}

/// The severity an enabled rule gets when none is configured.
pub(crate) const fn when_enabled(default: Option<Severity>) -> Severity {
    match default {
        Some(s) => s,
        None => Severity::Info,
    }
}

/// Declare one rule's metadata as a `static`, turning its doc comment into
/// [`RuleMeta::explanation`].
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        pub static $konst:ident = {
            name: $name:literal,
            group: $group:ident,
            default: $default:expr,
            rfc: $rfc:literal,
            summary: $summary:literal,
            example: $example:literal,
            ok_example: $ok:literal,
            help: $help:literal
            $(, fix: ($applicability:ident, $fix:literal))? $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub static $konst: $crate::rules::RuleMeta = $crate::rules::RuleMeta {
            name: $name,
            group: $crate::rules::Group::$group,
            default: $default,
            severity_when_enabled: $crate::rules::when_enabled($default),
            rfc: $rfc,
            summary: $summary,
            explanation: concat!($($doc, "\n"),*),
            example: $example,
            ok_example: $ok,
            help: $help,
            fix: $crate::rules::fix_meta!($(($applicability, $fix))?),
        };
    };
}
pub(crate) use declare_rule;

/// `Some((applicability, message))` when a rule declares a fix.
macro_rules! fix_meta {
    () => {
        None
    };
    (($applicability:ident, $fix:literal)) => {
        Some(($crate::rules::Applicability::$applicability, $fix))
    };
}
pub(crate) use fix_meta;

/// Whether the URL's scheme is mistyped (`misspelled-scheme`), for the
/// validator's one-fault-one-rule principle.
pub(crate) fn syntax_typo(cx: &Cx<'_>) -> bool {
    syntax::misspelled::is_misspelled(cx)
}

/// Whether `rfc3986` leaves a `file:` URL's form alone (`invalid-file`).
pub(crate) fn file_spared(cx: &Cx<'_>) -> bool {
    scheme::file::spared_by_rfc3986(cx)
}

/// Whether a `mailto:` address is obfuscated on purpose (`invalid-mailto`).
pub(crate) fn mailto_obfuscated(cx: &Cx<'_>) -> bool {
    cx.scheme == crate::url::SchemeKind::Mailto && scheme::mailto::obfuscated(cx)
}

/// Whether the URL's scheme is written twice (`doubled-scheme`).
pub(crate) fn syntax_doubled(cx: &Cx<'_>) -> bool {
    syntax::doubled::doubled(cx).is_some() || syntax::doubled::pasted_after_one_slash(cx).is_some()
}

/// A rule's check: reads the split URL and the scanner's facts, reports findings.
pub(crate) type CheckFn = fn(&Cx<'_>, &mut Report<'_>);

/// Generate [`Rule`] and its tables from one list.
macro_rules! registry {
    ($( $(#[$attr:meta])* $variant:ident => $meta:path, $check:path; )*) => {
        /// A lint rule. Ordered as the README lists them (by group).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Rule {
            $( $(#[$attr])* $variant, )*
        }

        impl Rule {
            /// Every rule, in the README's order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// Its metadata.
            pub fn meta(self) -> &'static RuleMeta {
                match self {
                    $(Rule::$variant => &$meta,)*
                }
            }

            pub(crate) fn check_fn(self) -> CheckFn {
                match self {
                    $(Rule::$variant => $check,)*
                }
            }
        }
    };
}

registry! {
    /// `invalid-percent-escape`
    InvalidPercentEscape => syntax::escape::INVALID_PERCENT_ESCAPE, syntax::escape::check;
    /// `unsafe-character`
    UnsafeCharacter => syntax::chars::UNSAFE_CHARACTER, syntax::chars::check_unsafe;
    /// `non-ascii-character`
    NonAsciiCharacter => syntax::chars::NON_ASCII_CHARACTER, syntax::chars::check_non_ascii;
    /// `invalid-scheme`
    InvalidScheme => syntax::scheme::INVALID_SCHEME, syntax::scheme::check;
    /// `invalid-host`
    InvalidHost => syntax::host::INVALID_HOST, syntax::host::check;
    /// `invalid-port`
    InvalidPort => syntax::port::INVALID_PORT, syntax::port::check;
    /// `empty-url`
    EmptyUrl => syntax::empty::EMPTY_URL, syntax::empty::check;
    /// `misspelled-scheme`
    MisspelledScheme => syntax::misspelled::MISSPELLED_SCHEME, syntax::misspelled::check;
    /// `doubled-scheme`
    DoubledScheme => syntax::doubled::DOUBLED_SCHEME, syntax::doubled::check;
    /// `glued-url`
    GluedUrl => syntax::glued::GLUED_URL, syntax::glued::check;
    /// `userinfo-not-allowed`
    UserinfoNotAllowed => scheme::userinfo::USERINFO_NOT_ALLOWED, scheme::userinfo::check;
    /// `invalid-ftp-type`
    InvalidFtpType => scheme::ftp::INVALID_FTP_TYPE, scheme::ftp::check;
    /// `invalid-mailto`
    InvalidMailto => scheme::mailto::INVALID_MAILTO, scheme::mailto::check;
    /// `invalid-news`
    InvalidNews => scheme::news::INVALID_NEWS, scheme::news::check_news;
    /// `invalid-nntp`
    InvalidNntp => scheme::nntp::INVALID_NNTP, scheme::nntp::check_nntp;
    /// `invalid-telnet`
    InvalidTelnet => scheme::telnet::INVALID_TELNET, scheme::telnet::check;
    /// `invalid-gopher`
    InvalidGopher => scheme::gopher::INVALID_GOPHER, scheme::gopher::check;
    /// `invalid-wais`
    InvalidWais => scheme::wais::INVALID_WAIS, scheme::wais::check;
    /// `invalid-prospero`
    InvalidProspero => scheme::prospero::INVALID_PROSPERO, scheme::prospero::check;
    /// `invalid-file`
    InvalidFile => scheme::file::INVALID_FILE, scheme::file::check;
    /// `password-in-url`
    PasswordInUrl => security::password::PASSWORD_IN_URL, security::password::check;
    /// `nondefault-port`
    NondefaultPort => security::port::NONDEFAULT_PORT, security::port::check;
    /// `encoded-line-break`
    EncodedLineBreak => security::line_break::ENCODED_LINE_BREAK, security::line_break::check;
    /// `hyphen-line-break`
    HyphenLineBreak => context::hyphen_line_break::HYPHEN_LINE_BREAK, context::hyphen_line_break::check_hyphen;
    /// `broken-bare-url`
    BrokenBareUrl => context::bare::BROKEN_BARE_URL, context::bare::check;
    /// `possibly-broken-url`
    PossiblyBrokenUrl => context::possibly_broken::POSSIBLY_BROKEN_URL, context::possibly_broken::check;
    /// `trailing-punctuation`
    TrailingPunctuation => context::trailing_punctuation::TRAILING_PUNCTUATION, context::trailing_punctuation::check_trailing;
    /// `unterminated-link`
    UnterminatedLink => context::unterminated_link::UNTERMINATED_LINK, context::unterminated_link::check_unterminated;
    /// `unterminated-wrapper`
    UnterminatedWrapper => context::unterminated_wrapper::UNTERMINATED_WRAPPER, context::unterminated_wrapper::check_unterminated;
    /// `fragment-outside-wrapper`
    FragmentOutsideWrapper => context::fragment_outside_wrapper::FRAGMENT_OUTSIDE_WRAPPER, context::fragment_outside_wrapper::check_fragment;
    /// `partial-url-in-text`
    PartialUrlInText => context::partial::PARTIAL_URL_IN_TEXT, context::partial::check;
    /// `uppercase-scheme`
    UppercaseScheme => style::uppercase_scheme::UPPERCASE_SCHEME, style::uppercase_scheme::check_uppercase;
    /// `unknown-scheme`
    UnknownScheme => style::unknown_scheme::UNKNOWN_SCHEME, style::unknown_scheme::check_unknown;
    /// `unnecessary-escape`
    UnnecessaryEscape => style::escape::UNNECESSARY_ESCAPE, style::escape::check;
    /// `whitespace-in-url`
    WhitespaceInUrl => style::whitespace_in_url::WHITESPACE_IN_URL, style::whitespace_in_url::check_whitespace;
    /// `bare-url`
    BareUrl => style::bare_url::BARE_URL, style::bare_url::check_bare;
}

impl Rule {
    /// Kebab-case name, as in the README.
    pub fn name(self) -> &'static str {
        self.meta().name
    }

    /// The rule called `name`, if any.
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.name() == name)
    }

    /// Its group.
    pub fn group(self) -> Group {
        self.meta().group
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for &rule in Rule::ALL {
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
            let variant = format!("{rule:?}");
            let camel: String = rule
                .name()
                .split('-')
                .map(|w| {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                        .unwrap_or_default()
                })
                .collect();
            assert_eq!(variant, camel, "variant and name disagree");
        }
        assert_eq!(Rule::from_name("no-such-rule"), None);
    }

    #[test]
    fn rules_are_ordered_by_group_as_in_spec() {
        let groups: Vec<Group> = Rule::ALL.iter().map(|r| r.group()).collect();
        let mut sorted = groups.clone();
        sorted.sort();
        assert_eq!(groups, sorted);
    }

    #[test]
    fn every_rule_has_one_readme_row_and_fits_the_bitset() {
        let readme = include_str!("../../README.md");
        // The rule table, not the Fixes table after it.
        let table = readme
            .split("<!-- rules:start -->")
            .nth(1)
            .and_then(|t| t.split("<!-- rules:end -->").next())
            .unwrap_or("");
        let rows: Vec<&str> = table
            .lines()
            .filter(|l| l.starts_with("| `") && l.contains("` | "))
            .filter(|l| Rule::from_name(l[3..].split('`').next().unwrap_or("")).is_some())
            .collect();
        let mut names: Vec<&str> = rows
            .iter()
            .map(|l| l[3..].split('`').next().unwrap_or(""))
            .collect();
        names.dedup();
        assert_eq!(names.len(), Rule::ALL.len(), "README rows: {names:?}");
        assert!(Rule::ALL.len() <= 64);
    }

    #[test]
    fn off_by_default_rules_are_info_when_enabled() {
        let off: Vec<&str> = Rule::ALL
            .iter()
            .filter(|r| r.meta().default.is_none())
            .map(|r| r.name())
            .collect();
        assert_eq!(
            off,
            [
                "possibly-broken-url",
                "unnecessary-escape",
                "whitespace-in-url",
                "bare-url"
            ]
        );
        assert_eq!(Rule::BareUrl.meta().severity_when_enabled, Severity::Info);
    }

    #[test]
    fn group_and_severity_names_round_trip() {
        for &g in Group::ALL {
            assert_eq!(Group::from_name(g.as_str()), Some(g));
        }
        assert_eq!(Severity::from_name("warning"), Some(Severity::Warning));
        assert_eq!(Severity::from_name("fatal"), None);
        assert!(Severity::Info < Severity::Error);
    }
}
