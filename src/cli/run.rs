//! From parsed flags to an exit code.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use clap::Parser;

use super::args::{
    CheckArgs, CheckFormat, Cli, ColorChoice, Command, CompletionsArgs, ExtractArgs, ExtractFormat,
    FailOn, InputArgs, ManArgs, ResolveArgs, RulesArgs, StandardArg,
};
use super::fix::FixMode;
use super::pipeline::{Input, Job, Origin, Run};
use super::profiles::{Overrides, Profiles};
use super::{extra, progress};
use crate::document::Syntax;
use crate::input::mail::MailOptions;
use crate::input::walk::{self, Entry, WalkOptions};
use crate::lint::MailMode;
use crate::report::escape::{escape_control, escape_control_keep_newlines};
use crate::report::{
    github::Github, human::Human, json::Json, plain::Plain, sarif::Sarif, Reporter,
};
use crate::rules::{self, Group, Rule, Severity};
use crate::url::Standard;

/// Exit code: nothing at or above `--fail-on`.
const OK: u8 = 0;
/// Exit code: `check` found diagnostics at or above `--fail-on`.
const FOUND: u8 = 1;
/// Exit code: bad arguments or configuration, or an input could not be read.
const TROUBLE: u8 = 2;

/// Run the command line; the binary's whole `main`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        // The server's exit status is the protocol's (0 after `shutdown`).
        Command::Server => return crate::server::run(),
        Command::Check(args) => check(&args),
        Command::Extract(args) => extract(&args),
        Command::Resolve(args) => resolve(&args),
        Command::Rules(args) => list_rules(&args),
        Command::Completions(args) => completions(&args),
        Command::Man(args) => man(&args),
    };
    ExitCode::from(code.unwrap_or_else(|message| {
        // Messages can quote input: a config file's bad line, a path.
        let message = escape_control_keep_newlines(&message);
        let _ = writeln!(io::stderr(), "urlint: {message}");
        TROUBLE
    }))
}

fn mail_mode(input: &InputArgs) -> MailMode {
    if input.mail {
        MailMode::Always
    } else if input.no_mail {
        MailMode::Never
    } else {
        MailMode::Auto
    }
}

fn mail_options(input: &InputArgs) -> MailOptions {
    MailOptions {
        headers: !input.no_headers,
        ..MailOptions::default()
    }
}

fn color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// The command-line side of every file's settings.
fn overrides(input: &InputArgs) -> Overrides {
    Overrides {
        schemes: input.schemes.clone(),
        exclude_urls: input.exclude_urls.clone(),
        mail: mail_mode(input),
        mail_options: mail_options(input),
        binary: input.binary,
        ..Overrides::default()
    }
}

/// Bytes of output gathered before a `write` when standard output is no
/// terminal.
const OUT_BUFFER: usize = 128 << 10;

/// Where results go: standard output, or `--output-file`.
/// `--fix -` writes the fixed text to standard output, so the report goes
/// to standard error.
fn output(input: &InputArgs) -> Result<Box<dyn Write + Send>, String> {
    match &input.output_file {
        None if input.report_to_stderr => Ok(Box::new(io::stderr())),
        // A terminal sees each file's results as they come; a pipe or a
        // file gets them in large writes (ripgrep's ~100 `write`s on a tree
        // where a write per file made ~8,000). Each file's output still goes
        // in whole, under the lock, so no two files interleave.
        None if io::stdout().is_terminal() => Ok(Box::new(io::stdout())),
        None => Ok(Box::new(io::BufWriter::with_capacity(
            OUT_BUFFER,
            io::stdout(),
        ))),
        Some(path) => std::fs::File::create(path)
            .map(|f| Box::new(io::BufWriter::new(f)) as Box<dyn Write + Send>)
            .map_err(|e| format!("--output-file {}: {e}", path.display())),
    }
}

fn job(input: &InputArgs, profiles: Profiles, reporter: Box<dyn Reporter>, validate: bool) -> Job {
    Job {
        profiles: Arc::new(profiles),
        validate,
        reporter,
        unique: None,
        read_ahead: walk::threads(input.threads) > 1,
        threads: walk::threads(input.threads),
        fix: None,
        syntax: input.syntax.as_deref().and_then(Syntax::from_name),
        quiet: input.quiet,
        files_only: false,
        statistics: false,
        force_exclude: input.force_exclude,
        stdin_filename: input.stdin_filename.clone(),
    }
}

fn check(args: &CheckArgs) -> Result<u8, String> {
    let overrides = Overrides {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
        standard: args.standard.map(|s| match s {
            StandardArg::Rfc3986 => Standard::Rfc3986,
            StandardArg::Rfc1738 => Standard::Rfc1738,
        }),
        lint_data: args.lint_data,
        ..overrides(&args.input)
    };
    let profiles = Profiles::new(args.input.config.as_deref(), overrides)?;
    let fail_on = match args.fail_on {
        Some(FailOn::Error) => Some(Severity::Error),
        Some(FailOn::Warning) => Some(Severity::Warning),
        Some(FailOn::Info) => Some(Severity::Info),
        Some(FailOn::Never) => None,
        None => profiles.base().fail_on(),
    };
    let reporter: Box<dyn Reporter> = match args.format {
        CheckFormat::Human => Box::new(Human {
            color: color(args.input.color) && args.input.output_file.is_none(),
            unsafe_fixes: args.unsafe_fixes,
        }),
        CheckFormat::Json => Box::new(Json),
        CheckFormat::Sarif => Box::new(Sarif::new()),
        CheckFormat::Github => Box::new(Github),
    };
    let mut input = args.input.clone();
    input.report_to_stderr = args.fix && input.paths.iter().any(|p| p.as_os_str() == "-");
    let args = &CheckArgs {
        input,
        ..(*args).clone()
    };
    let mut job = job(&args.input, profiles, reporter, true);
    job.files_only = args.files_with_diagnostics;
    job.statistics = args.statistics;
    job.fix = (args.fix || args.diff).then_some(FixMode {
        unsafe_fixes: args.unsafe_fixes,
        diff: args.diff,
    });
    let streaming = args.format != CheckFormat::Sarif;
    let progress = show_progress(&args.input, args.input.quiet, streaming);
    let run = execute(job, &args.input, progress)?;
    if args.statistics {
        let mut text = String::new();
        for (rule, n) in run.statistics() {
            let severity = run
                .job
                .profiles
                .base()
                .settings()
                .rules
                .severity(rule)
                .unwrap_or(Severity::Warning);
            let _ = writeln!(text, "{n:>6}  {:<28}  {}", rule.name(), severity.as_str());
        }
        run.write_text(&text);
    }
    let quiet_output = args.input.quiet || args.files_with_diagnostics;
    if !quiet_output && args.diff {
        // The diff is the output; what it holds goes to stderr.
        let n = run.summary().fixed;
        let s = if n == 1 { "" } else { "es" };
        stderr_line(&format!("{n} fix{s} in the diff; nothing written"));
    } else if !quiet_output {
        let line = run.summary().line();
        // The human format ends with the summary; machine formats keep
        // their output parseable and put it on stderr.
        if args.format == CheckFormat::Human && !args.statistics {
            run.write_text(&format!("{line}\n"));
        } else {
            stderr_line(&line);
        }
    }
    Ok(if run.errors() > 0 {
        TROUBLE
    } else if args.diff {
        // `--diff`: 1 when there is something to fix.
        if run.summary().fixed > 0 {
            FOUND
        } else {
            OK
        }
    } else if !args.exit_zero && fail_on.is_some_and(|f| run.worst().is_some_and(|w| w >= f)) {
        FOUND
    } else {
        OK
    })
}

fn extract(args: &ExtractArgs) -> Result<u8, String> {
    if args.with_location && args.format == ExtractFormat::Json {
        return Err(
            "--with-location applies to --format plain; JSON lines carry the location already"
                .into(),
        );
    }
    let overrides = Overrides {
        no_exclude_urls: args.no_exclude_urls,
        ..overrides(&args.input)
    };
    let profiles = Profiles::new(args.input.config.as_deref(), overrides)?;
    let reporter: Box<dyn Reporter> = match args.format {
        ExtractFormat::Plain => Box::new(Plain {
            with_location: args.with_location,
        }),
        ExtractFormat::Json => Box::new(Json),
    };
    let mut job = job(&args.input, profiles, reporter, false);
    job.unique = args.unique.then(|| Mutex::new(HashSet::new()));
    let run = execute(
        job,
        &args.input,
        show_progress(&args.input, args.input.quiet, true),
    )?;
    Ok(if run.errors() > 0 { TROUBLE } else { OK })
}

/// Write one line to stderr in a single write (see `pipeline::stderr_line`).
fn stderr_line(line: &str) {
    let _ = io::stderr().write_all(format!("{line}\n").as_bytes());
}

/// Read every input of `input` with `job`, with a progress line if `progress`.
fn execute(job: Job, input: &InputArgs, progress: bool) -> Result<Run, String> {
    let run = Run::new(job, output(input)?);
    std::thread::scope(|scope| {
        let _watch = progress::watch(scope, progress, || {
            let s = run.summary();
            progress::Counts {
                files: s.files,
                bytes: run.bytes(),
                urls: s.urls,
            }
        });
        read_all(&run, input)
    })?;
    run.finish();
    // A glob typo or an over-broad exclude must not pass CI silently; said
    // even with -q, as it almost always means a mistake. A `--files-from`
    // list may be a scheduler's empty share, which is no mistake.
    if run.summary().files == 0
        && run.errors() == 0
        && !run.broken_pipe()
        && input.files_from.is_none()
    {
        stderr_line("urlint: warning: no files were checked (check the paths, --glob and exclude)");
    }
    Ok(run)
}

/// Whether to draw the progress line (see `progress`).
fn show_progress(input: &InputArgs, quiet: bool, streaming: bool) -> bool {
    progress::Conditions::detect(quiet || input.no_progress, streaming).show()
}

/// The paths to read: those given as PATH, then those listed in
/// `--files-from`; the current directory only when neither was given, so an
/// empty list (a scheduler's empty share) reads nothing rather than `.`.
fn input_paths(input: &InputArgs) -> Result<Vec<PathBuf>, String> {
    let Some(list) = &input.files_from else {
        return Ok(if !input.paths.is_empty() {
            input.paths.clone()
        } else if stdin_is_readable() || input.stdin_filename.is_some() {
            vec![PathBuf::from("-")]
        } else {
            vec![PathBuf::from(".")]
        });
    };
    let from_stdin = list.as_os_str() == "-";
    if from_stdin && input.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err("`--files-from -` and the path `-` cannot both read standard input".into());
    }
    let mut bytes = Vec::new();
    let read = if from_stdin {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("--files-from {}: {e}", list.display()))?;
    let mut paths = input.paths.clone();
    paths.extend(parse_path_list(&bytes, input.null));
    Ok(paths)
}

/// Whether standard input holds something to read when no path is given:
/// a pipe or a file, as ripgrep decides. A terminal, `/dev/null` (which CI
/// runners and test harnesses give) or a closed descriptor mean "walk the
/// current directory" instead.
#[cfg(unix)]
fn stdin_is_readable() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::FileTypeExt;
    let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else {
        return false;
    };
    std::fs::File::from(fd).metadata().is_ok_and(|m| {
        let t = m.file_type();
        t.is_file() || t.is_fifo() || t.is_socket()
    })
}

/// Whether standard input holds something to read: elsewhere, anything
/// but a terminal.
#[cfg(not(unix))]
fn stdin_is_readable() -> bool {
    !io::stdin().is_terminal()
}

/// Split a `--files-from` list into paths: by NUL with `null`, else by line
/// (a trailing `\r` dropped, for lists written on Windows). Empty entries are
/// skipped; `-` becomes `./-`, since a listed path always names a file.
fn parse_path_list(bytes: &[u8], null: bool) -> Vec<PathBuf> {
    let sep = if null { b'\0' } else { b'\n' };
    bytes
        .split(|&b| b == sep)
        .map(|entry| {
            if null {
                entry
            } else {
                entry.strip_suffix(b"\r").unwrap_or(entry)
            }
        })
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            if entry == b"-" {
                PathBuf::from("./-")
            } else {
                path_from_bytes(entry)
            }
        })
        .collect()
}

/// A path from raw bytes: any bytes on Unix, where file names are bytes.
#[cfg(unix)]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

/// A path from raw bytes: elsewhere names are Unicode, so invalid UTF-8 is
/// replaced (and the path is then reported as not found).
#[cfg(not(unix))]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// Read every input of `input` into `run`.
fn read_all(run: &Run, input: &InputArgs) -> Result<(), String> {
    let paths = input_paths(input)?;
    let profiles = Arc::clone(&run.job.profiles);
    let skip = input
        .output_file
        .as_deref()
        .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| profiles.absolute(p)));
    let filter: walk::Filter = Arc::new(move |path: &Path, is_dir: bool| {
        if let Some(out) = &skip {
            // Resolve only a file of the same name: one `realpath` per
            // walked file would cost more than the check is worth.
            if !is_dir
                && path.file_name() == out.file_name()
                && std::fs::canonicalize(path).is_ok_and(|p| &p == out)
            {
                return false;
            }
        }
        // A folder's own settings cannot exclude the folder itself; ask the
        // settings above it.
        let abs = profiles.absolute(path);
        profiles
            .for_file(&abs)
            .map_or(true, |p| !p.excludes(&abs, is_dir))
    });
    let opts = WalkOptions {
        hidden: input.hidden,
        no_ignore: input.no_ignore,
        globs: input.globs.clone(),
        filter: Some(filter),
        threads: input.threads,
    };
    let is_stdin = |p: &Path| p.as_os_str() == "-";
    let threads = walk::threads(input.threads);
    if input.sort.is_some() {
        let mut inputs = Vec::new();
        for p in &paths {
            if is_stdin(p) {
                inputs.push(Ok(Input::Stdin));
            } else {
                let found = walk::sorted(std::slice::from_ref(p), &opts)?;
                inputs.extend(found.into_iter().map(|e| match e {
                    Entry::File {
                        path,
                        explicit,
                        test_data,
                    } => Ok(Input::Path(path, Origin::of(explicit, test_data))),
                    Entry::Error(e) => Err(e),
                }));
            }
        }
        run.sorted(&inputs, threads);
    } else {
        let files: Vec<PathBuf> = paths.iter().filter(|p| !is_stdin(p)).cloned().collect();
        if paths.iter().any(|p| is_stdin(p)) {
            run.read_one(&Input::Stdin);
        }
        if !files.is_empty() {
            run.walk_parallel(&files, &opts);
        }
    }
    Ok(())
}

fn resolve(args: &ResolveArgs) -> Result<u8, String> {
    let rules = if args.rfc3986 {
        crate::resolve::Rules::Rfc3986
    } else {
        crate::resolve::Rules::Rfc1630
    };
    let mut out = io::stdout().lock();
    for partial in &args.partials {
        let full = crate::resolve::resolve(&args.base, partial, rules)
            .map_err(|e| format!("--base {}: {e}", escape_control(&args.base)))?;
        if let Err(e) = writeln!(out, "{}", escape_control(&full)) {
            if e.kind() == io::ErrorKind::BrokenPipe {
                break;
            }
            return Err(e.to_string());
        }
    }
    Ok(OK)
}

fn list_rules(args: &RulesArgs) -> Result<u8, String> {
    let mut out = io::stdout().lock();
    let group = args.rule.as_deref().and_then(Group::from_name);
    let result = if let (Some(name), None) = (&args.rule, group) {
        let rule = Rule::from_name(name)
            .ok_or_else(|| format!("unknown rule `{name}` (`urlint rules` lists them)"))?;
        out.write_all(rules::explain(rule).as_bytes())
    } else {
        // Without a name, every rule; with a group's name, that group's.
        let listed: Vec<Rule> = Rule::ALL
            .iter()
            .copied()
            .filter(|r| group.is_none_or(|g| r.meta().group == g))
            .collect();
        let width = |f: fn(&Rule) -> usize| listed.iter().map(f).max().unwrap_or(0);
        let name_w = width(|r| r.meta().name.len());
        let rfc_w = width(|r| r.meta().rfc.chars().count());
        listed.iter().try_for_each(|rule| {
            let m = rule.meta();
            let default = m.default.map_or("off", Severity::as_str);
            writeln!(
                out,
                "{:<name_w$}  {:<8}  {:<7}  {:<rfc_w$}  {:<6}  {}",
                m.name,
                m.group.as_str(),
                default,
                m.rfc,
                rules::fix_name(m),
                m.summary
            )
        })
    };
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(OK),
    }
}

fn completions(args: &CompletionsArgs) -> Result<u8, String> {
    extra::completions(args.shell, &mut io::stdout().lock())?;
    Ok(OK)
}

fn man(args: &ManArgs) -> Result<u8, String> {
    extra::man(args.subcommand.as_deref(), &mut io::stdout().lock())?;
    Ok(OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_list_splits_by_line_or_nul_and_skips_empty_entries() {
        let lines = parse_path_list(b"a.txt\r\n\ndir/b c.md\n-\nlast", false);
        let want: Vec<PathBuf> = ["a.txt", "dir/b c.md", "./-", "last"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(lines, want);
        let nul = parse_path_list(b"a\nb\0\0c\r\0", true);
        assert_eq!(nul, [PathBuf::from("a\nb"), PathBuf::from("c\r")]);
        assert!(parse_path_list(b"", false).is_empty());
    }
}
