//! The command line, as clap reads it. Every flag's help says what it does.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// What `--help` and the man pages say after the flags: what a CI job or
/// a pre-commit hook needs without opening the README.
pub const AFTER_HELP: &str = "\
Exit codes:
  0  nothing at or above --fail-on (extract, resolve, rules: all went well)
  1  check found diagnostics at or above --fail-on (never with --exit-zero)
  2  bad arguments or configuration, or an input could not be read

Suppression comments (in any comment syntax, anywhere on the line):
  urlint: ignore                    every diagnostic on this line
  urlint: ignore[rule,group]        just these rules or groups
  urlint: ignore-next-line[...]     the same, for the next line
  urlint: ignore-file[...]          the same, for the whole file
  The space after `urlint:` is optional; unknown names are warned about.

Configuration: the nearest urlint.toml above each file (or --config FILE):
  select, extend-select, ignore     rules or groups (`all`), as the flags
  fail-on                           error, warning, info or never
  extra-schemes                     schemes to find besides the known ones
  exclude                           globs of files to skip (relative to the
                                    urlint.toml's folder; --force-exclude for
                                    files named on the command line)
  exclude-urls                      regexes: matching URLs are left alone
  [severity]                        rule = \"error\"|\"warning\"|\"info\"; does not
                                    turn an off-by-default rule on
  [per-file-ignores]                \"glob\" = [\"rule\", \"group\"]
  [syntax]                          \"glob\" = \"markdown\" (how files are read)";

/// Find every URL in plain text and lint it against RFC 1738 and RFC 1630.
#[derive(Debug, Parser)]
#[command(
    name = "urlint",
    version = super::extra::VERSION,
    about,
    long_about = None,
    max_term_width = 100,
    after_help = AFTER_HELP
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint every URL found; rustc-style diagnostics with source spans.
    #[command(after_help = AFTER_HELP)]
    Check(CheckArgs),
    /// Print every URL found, rejoined and unwrapped.
    #[command(after_help = AFTER_HELP)]
    Extract(ExtractArgs),
    /// Expand partial (relative) URLs against a base by the rules of RFC 1630.
    Resolve(ResolveArgs),
    /// List the rules, or explain one with examples.
    Rules(RulesArgs),
    /// Print a shell completion script.
    ///
    /// For example `urlint completions bash >
    /// ~/.local/share/bash-completion/completions/urlint`.
    Completions(CompletionsArgs),
    /// Print the man page (roff), or a subcommand's.
    ///
    /// `urlint man | man -l -` reads it; `urlint man check` prints
    /// urlint-check(1).
    Man(ManArgs),
    /// Run the language server (LSP 3.17 on stdin and stdout) for editors.
    ///
    /// Diagnostics as you type, quick fixes, and the rules' docs on hover;
    /// see the README, "In the editor", for each editor's setup.
    Server,
}

/// `urlint completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `urlint man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`urlint-check(1)`); without it,
    /// urlint(1).
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

/// `urlint resolve`.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The absolute URL the partial forms are relative to.
    #[arg(long, value_name = "URL")]
    pub base: String,
    /// Use RFC 3986 section 5 instead of RFC 1630 where the two differ.
    #[arg(long)]
    pub rfc3986: bool,
    /// Partial forms to expand; one result a line, in order.
    #[arg(value_name = "PARTIAL", required = true)]
    pub partials: Vec<String>,
}

/// Options shared by `check` and `extract`: what to read and how.
#[allow(clippy::struct_excessive_bools)] // each is an independent on/off flag
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Files or directories to read; `-` is standard input. Default:
    /// standard input when it is a pipe or a file (as ripgrep), else the
    /// current directory (none when `--files-from` is given).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Set by `check --fix -`: the report goes to standard error.
    #[arg(skip)]
    pub report_to_stderr: bool,
    /// The file standard input stands for: its syntax and settings
    /// (`urlint.toml`, `[syntax]`, `[per-file-ignores]`) come from this name,
    /// and output shows it instead of `-`.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    /// Apply `exclude` from `urlint.toml` to files named on the command line
    /// too (pre-commit names every staged file), and treat a relative
    /// path's test-data and vendored folders (`tests/`, `vendor/` ...) as a
    /// walk would: its URLs are not linted unless `--lint-data`.
    #[arg(long)]
    pub force_exclude: bool,
    /// Leave URLs matching REGEX alone: neither linted nor extracted
    /// (repeatable; added to `exclude-urls` in `urlint.toml`).
    #[arg(long = "exclude-url", value_name = "REGEX")]
    pub exclude_urls: Vec<String>,
    /// Write results to FILE instead of standard output.
    ///
    /// A walk never reads FILE, so a report written into the tree is not
    /// linted by the next run.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,
    /// Print only results: no summary line, warnings or notes on stderr
    /// (errors are still printed).
    #[arg(short, long)]
    pub quiet: bool,
    /// Also read the paths listed in FILE, one a line (`-`: standard input).
    ///
    /// Each listed path is read as if named on the command line: directories
    /// are walked, a path that cannot be read is named on stderr and the rest
    /// go on. Empty lines are skipped, a trailing carriage return is dropped,
    /// and a listed `-` is a file of that name, not standard input. Paths
    /// given as PATH are read too, before the listed ones. This is how a
    /// scheduler (xargs, Spark's `RDD.pipe`, Hadoop Streaming) hands urlint
    /// its share of a job.
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,
    /// With `--files-from`, paths are separated by NUL bytes instead of line
    /// breaks (as `find -print0` writes them), so any file name can be listed.
    #[arg(long, requires = "files_from")]
    pub null: bool,
    /// Also read hidden files and directories.
    #[arg(long)]
    pub hidden: bool,
    /// Do not honour .gitignore, .ignore or git's exclude files.
    #[arg(long)]
    pub no_ignore: bool,
    /// Include files matching GLOB, or exclude them with `!GLOB` (repeatable;
    /// gitignore syntax, as ripgrep's --glob).
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    pub globs: Vec<String>,
    /// Worker threads (default: one per core).
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        default_value_t = 0,
        hide_default_value = true
    )]
    pub threads: usize,
    /// Print files in path order (output is otherwise in completion order).
    #[arg(long, value_name = "KEY", value_enum)]
    pub sort: Option<SortKey>,
    /// Scan files that look binary (a NUL byte in the first 8 KiB) instead of
    /// skipping them.
    #[arg(long)]
    pub binary: bool,
    /// Read every input as mail (mbox or a single message), whatever it looks like.
    #[arg(long, conflicts_with = "no_mail")]
    pub mail: bool,
    /// Never treat input as mail; scan it as plain text.
    #[arg(long)]
    pub no_mail: bool,
    /// Read every file as this syntax instead of by its extension:
    /// markdown, html, asciidoc, rst, json, roff, texinfo, latex, rtf, po,
    /// icalendar, diff, c,
    /// shell, python, lua, lisp or text (the default for standard input and
    /// unknown extensions).
    #[arg(long, value_name = "SYNTAX", value_parser = clap::builder::PossibleValuesParser::new(
        crate::document::Syntax::ALL.iter().map(|s| s.as_str())))]
    pub syntax: Option<String>,
    /// In mail, skip the URL-carrying headers (List-Archive, List-Post, ...).
    #[arg(long)]
    pub no_headers: bool,
    /// Settings file to use instead of the nearest urlint.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Find URLs with this scheme too (repeatable), besides the known ones.
    #[arg(long = "scheme", value_name = "SCHEME")]
    pub schemes: Vec<String>,
    /// When to colour output: auto (a terminal, and `NO_COLOR` unset), always, never.
    #[arg(long, value_name = "WHEN", value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Never draw the progress line (drawn on a terminal stderr after a
    /// second of work, unless `CI` is set).
    #[arg(long)]
    pub no_progress: bool,
}

/// `urlint check`.
#[allow(clippy::struct_excessive_bools)] // each is an independent on/off flag
#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
    /// Rules or groups to run, replacing the defaults (comma-separated; `all`
    /// for every rule).
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selectors(), hide_possible_values = true)]
    pub select: Vec<String>,
    /// Rules or groups to run in addition to the selection.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selectors(), hide_possible_values = true)]
    pub extend_select: Vec<String>,
    /// Rules or groups to turn off.
    #[arg(long, value_name = "RULES", value_delimiter = ',', value_parser = selectors(), hide_possible_values = true)]
    pub ignore: Vec<String>,
    /// The lowest severity that makes `check` exit 1 [default: warning].
    #[arg(long, value_name = "SEVERITY", value_enum)]
    pub fail_on: Option<FailOn>,
    /// The standard judging characters, host, port and userinfo: `rfc3986`
    /// (current practice) or `rfc1738` (the letter of RFC 1738)
    /// [default: rfc3986, or `standard` in urlint.toml].
    #[arg(long, value_name = "NAME", value_enum)]
    pub standard: Option<StandardArg>,
    /// Also lint URLs in data, which are otherwise extracted but not linted:
    /// files in folders of test data or vendored code below a walked path
    /// (`tests/`, `t/`, `testdata/`, `fixtures/`, `vendor/`,
    /// `third_party/` ...) and source code outside comments (string
    /// literals) [default: `lint-data` in urlint.toml, else off].
    #[arg(long)]
    pub lint_data: bool,
    /// Exit 0 even when diagnostics are found (2 still reports trouble).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print how many diagnostics each rule found instead of the
    /// diagnostics.
    #[arg(long, conflicts_with = "files_with_diagnostics")]
    pub statistics: bool,
    /// Print only the paths of files with diagnostics, one a line.
    #[arg(short = 'l', long)]
    pub files_with_diagnostics: bool,
    /// Apply the safe fixes in place (`-`: print the fixed text), then
    /// report what is left.
    #[arg(long, conflicts_with_all = ["files_with_diagnostics", "statistics"])]
    pub fix: bool,
    /// Apply the unsafe fixes too (with `--fix` or `--diff`); alone, show
    /// them as applicable.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff and change nothing; exit 1 when
    /// there is something to fix.
    #[arg(long, conflicts_with_all = ["fix", "files_with_diagnostics", "statistics"])]
    pub diff: bool,
}

/// `--standard` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StandardArg {
    /// RFC 3986 and current practice.
    Rfc3986,
    /// The letter of RFC 1738 and RFC 1630.
    Rfc1738,
}

/// `urlint extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExtractFormat::Plain)]
    pub format: ExtractFormat,
    /// Print each URL once, the first time it is found.
    #[arg(long)]
    pub unique: bool,
    /// Prefix each URL with `path:line:column:` (plain format; JSON has
    /// the location already, so `--format json` refuses it).
    #[arg(long)]
    pub with_location: bool,
    /// Also print the URLs `exclude-urls` and `--exclude-url` leave alone.
    #[arg(long)]
    pub no_exclude_urls: bool,
}

/// `urlint rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// A rule to explain, or a group whose rules to list; without it, list
    /// every rule.
    #[arg(value_name = "RULE|GROUP", value_parser = rule_names(), hide_possible_values = true)]
    pub rule: Option<String>,
}

/// Formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// rustc-style snippets with the span underlined.
    Human,
    /// JSON Lines, one diagnostic a line.
    Json,
    /// SARIF 2.1.0, one run, for GitHub code scanning and other viewers.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=...`), shown as
    /// annotations on the pull request.
    Github,
}

/// Formats of `extract`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExtractFormat {
    /// One URL a line.
    Plain,
    /// JSON Lines, one URL a line.
    Json,
}

/// `--sort` keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SortKey {
    /// By file path.
    Path,
}

/// `--color` choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// `--fail-on` levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Only errors fail.
    Error,
    /// Warnings and errors fail.
    Warning,
    /// Any diagnostic fails.
    Info,
    /// No diagnostic fails (the same as `--exit-zero`).
    Never,
}

/// Rule and group names, for `urlint rules` and shell completion.
fn rule_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(names().map(clap::builder::PossibleValue::new))
}

/// What `--select`, `--extend-select` and `--ignore` take: rule and group
/// names and `all`, so completion offers them and a typo gets clap's
/// did-you-mean.
fn selectors() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        names()
            .chain(["all"])
            .map(clap::builder::PossibleValue::new),
    )
}

fn names() -> impl Iterator<Item = &'static str> {
    crate::rules::Rule::ALL
        .iter()
        .map(|r| r.name())
        .chain(crate::rules::Group::ALL.iter().map(|g| g.as_str()))
}
