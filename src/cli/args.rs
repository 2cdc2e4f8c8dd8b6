//! The command line, as clap reads it. Every flag's help says what it does.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Find every URL in plain text and lint it against RFC 1738 and RFC 1630.
#[derive(Debug, Parser)]
#[command(
    name = "urlint",
    version = super::extra::VERSION,
    about,
    long_about = None,
    max_term_width = 100
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
    Check(CheckArgs),
    /// Print every URL found, rejoined and unwrapped.
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
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Files or directories to read; `-` is standard input. Default: the
    /// current directory (none when `--files-from` is given).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
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
    /// markdown, html, asciidoc, rst, json, roff, texinfo or text (the
    /// default for standard input and unknown extensions).
    #[arg(long, value_name = "SYNTAX", value_parser = clap::builder::PossibleValuesParser::new(
        ["markdown", "html", "asciidoc", "rst", "json", "roff", "texinfo", "text"]))]
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
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Inputs.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
    /// Rules or groups to run, replacing the defaults (comma-separated; `all`
    /// for every rule).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub select: Vec<String>,
    /// Rules or groups to run in addition to the selection.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub extend_select: Vec<String>,
    /// Rules or groups to turn off.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// The lowest severity that makes `check` exit 1 [default: warning].
    #[arg(long, value_name = "SEVERITY", value_enum)]
    pub fail_on: Option<FailOn>,
    /// The standard judging characters, host, port and userinfo: `rfc3986`
    /// (current practice) or `rfc1738` (the letter of RFC 1738)
    /// [default: rfc3986, or `standard` in urlint.toml].
    #[arg(long, value_name = "NAME", value_enum)]
    pub standard: Option<StandardArg>,
    /// Print only diagnostics, no summary line.
    #[arg(short, long)]
    pub quiet: bool,
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
    /// Prefix each URL with `path:line:column:` (plain format).
    #[arg(long)]
    pub with_location: bool,
}

/// `urlint rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// A rule to explain; without it, list every rule.
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
}
