//! From parsed flags to an exit code.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;

use clap::Parser;

use super::args::{
    CheckArgs, CheckFormat, Cli, ColorChoice, Command, CompletionsArgs, ExtractArgs, ExtractFormat,
    FailOn, InputArgs, ManArgs, ResolveArgs, RulesArgs, StandardArg,
};
use super::pipeline::{Input, Job, MailMode, Run};
use super::{extra, progress};
use crate::config::Settings;
use crate::document::Syntax;
use crate::input::mail::MailOptions;
use crate::input::walk::{self, Entry, WalkOptions};
use crate::report::escape::{escape_control, escape_control_keep_newlines};
use crate::report::{
    github::Github, human::Human, json::Json, plain::Plain, sarif::Sarif, Reporter,
};
use crate::rules::{self, Rule, Severity};
use crate::scan::ScanOptions;
use crate::validate::{Standard, Validator};

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

fn settings(input: &InputArgs) -> Result<Settings, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
    let mut settings = Settings::load(input.config.as_deref(), &cwd).map_err(|e| e.0)?;
    for scheme in &input.schemes {
        settings
            .add_scheme(scheme)
            .map_err(|e| format!("--scheme: {e}"))?;
    }
    Ok(settings)
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

fn check(args: &CheckArgs) -> Result<u8, String> {
    let mut settings = settings(&args.input)?;
    if !args.select.is_empty() {
        settings
            .rules
            .select(&args.select.join(","))
            .map_err(|e| format!("--select: {e}"))?;
    }
    if !args.extend_select.is_empty() {
        settings
            .rules
            .extend_select(&args.extend_select.join(","))
            .map_err(|e| format!("--extend-select: {e}"))?;
    }
    if !args.ignore.is_empty() {
        settings
            .rules
            .ignore(&args.ignore.join(","))
            .map_err(|e| format!("--ignore: {e}"))?;
    }
    if let Some(level) = args.fail_on {
        settings.fail_on = match level {
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Info => Severity::Info,
        };
    }
    if let Some(standard) = args.standard {
        settings.standard = match standard {
            StandardArg::Rfc3986 => Standard::Rfc3986,
            StandardArg::Rfc1738 => Standard::Rfc1738,
        };
    }
    let reporter: Box<dyn Reporter> = match args.format {
        CheckFormat::Human => Box::new(Human {
            color: color(args.input.color),
        }),
        CheckFormat::Json => Box::new(Json),
        CheckFormat::Sarif => Box::new(Sarif::new()),
        CheckFormat::Github => Box::new(Github),
    };
    let job = Job {
        scan: ScanOptions {
            extra_schemes: settings.extra_schemes.clone(),
            excerpts: true,
            ..ScanOptions::default()
        },
        validator: Some(
            Validator::new(&settings.rules, &settings.extra_schemes)
                .with_standard(settings.standard),
        ),
        reporter,
        unique: None,
        binary: args.input.binary,
        read_ahead: walk::threads(args.input.threads) > 1,
        mail: mail_mode(&args.input),
        mail_options: mail_options(&args.input),
        syntax: args.input.syntax.as_deref().and_then(Syntax::from_name),
        syntax_globs: settings.syntax.clone(),
    };
    let streaming = args.format != CheckFormat::Sarif;
    let progress = show_progress(&args.input, args.quiet, streaming);
    let run = execute(job, &args.input, &settings, progress)?;
    if !args.quiet {
        let line = run.summary().line();
        // The human format ends with the summary; machine formats keep
        // stdout parseable and put it on stderr.
        let _ = if args.format == CheckFormat::Human {
            writeln!(io::stdout(), "{line}")
        } else {
            writeln!(io::stderr(), "{line}")
        };
    }
    Ok(if run.errors() > 0 {
        TROUBLE
    } else if run.worst().is_some_and(|w| w >= settings.fail_on) {
        FOUND
    } else {
        OK
    })
}

fn extract(args: &ExtractArgs) -> Result<u8, String> {
    let settings = settings(&args.input)?;
    let reporter: Box<dyn Reporter> = match args.format {
        ExtractFormat::Plain => Box::new(Plain {
            with_location: args.with_location,
        }),
        ExtractFormat::Json => Box::new(Json),
    };
    let job = Job {
        scan: ScanOptions {
            extra_schemes: settings.extra_schemes.clone(),
            ..ScanOptions::default()
        },
        validator: None,
        reporter,
        unique: args.unique.then(|| Mutex::new(HashSet::new())),
        binary: args.input.binary,
        read_ahead: walk::threads(args.input.threads) > 1,
        mail: mail_mode(&args.input),
        mail_options: mail_options(&args.input),
        syntax: args.input.syntax.as_deref().and_then(Syntax::from_name),
        syntax_globs: settings.syntax.clone(),
    };
    let run = execute(
        job,
        &args.input,
        &settings,
        show_progress(&args.input, false, true),
    )?;
    Ok(if run.errors() > 0 { TROUBLE } else { OK })
}

/// Read every input of `input` with `job`, with a progress line if `progress`.
fn execute(
    job: Job,
    input: &InputArgs,
    settings: &Settings,
    progress: bool,
) -> Result<Run, String> {
    let run = Run::new(job);
    std::thread::scope(|scope| {
        let _watch = progress::watch(scope, progress, || {
            let s = run.summary();
            progress::Counts {
                files: s.files,
                bytes: run.bytes(),
                urls: s.urls,
            }
        });
        read_all(&run, input, settings)
    })?;
    run.finish();
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
        return Ok(if input.paths.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            input.paths.clone()
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
fn read_all(run: &Run, input: &InputArgs, settings: &Settings) -> Result<(), String> {
    let paths = input_paths(input)?;
    let opts = WalkOptions {
        hidden: input.hidden,
        no_ignore: input.no_ignore,
        globs: input.globs.clone(),
        exclude: settings.exclude.clone(),
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
                    Entry::File { path, .. } => Ok(Input::Path(path)),
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
    let result = if let Some(name) = &args.rule {
        let rule = Rule::from_name(name)
            .ok_or_else(|| format!("unknown rule `{name}` (`urlint rules` lists them)"))?;
        out.write_all(rules::explain(rule).as_bytes())
    } else {
        let width = |f: fn(&Rule) -> usize| Rule::ALL.iter().map(f).max().unwrap_or(0);
        let name_w = width(|r| r.meta().name.len());
        let rfc_w = width(|r| r.meta().rfc.chars().count());
        Rule::ALL.iter().try_for_each(|rule| {
            let m = rule.meta();
            let default = m.default.map_or("off", Severity::as_str);
            writeln!(
                out,
                "{:<name_w$}  {:<8}  {:<7}  {:<rfc_w$}  {}",
                m.name,
                m.group.as_str(),
                default,
                m.rfc,
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
