//! `urlint completions SHELL` and `urlint man [SUBCOMMAND]`: both generated
//! from the clap definition, so they cannot drift from the real flags.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use super::args::Cli;

/// The version `--version` prints: the package version, plus the git
/// revision when built from a checkout (see `build.rs`).
pub const VERSION: &str = env!("URLINT_VERSION");

/// Write the completion script for `shell`.
pub fn completions(shell: Shell, out: &mut dyn Write) -> Result<(), String> {
    let mut cmd = Cli::command();
    // clap_complete panics when a write fails; render to memory first so a
    // closed pipe is an ordinary error.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "urlint", &mut script);
    out.write_all(&script)
        .or_else(ignore_broken_pipe)
        .map_err(|e| e.to_string())
}

/// Write the roff man page of urlint, or of one subcommand
/// (`urlint-check(1)`).
pub fn man(subcommand: Option<&str>, out: &mut dyn Write) -> Result<(), String> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    // Building names the subcommands `urlint-check` and so on.
    cmd.build();
    let page = match subcommand {
        None => cmd,
        Some(name) => cmd
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| format!("no subcommand `{name}` (try `urlint --help`)"))?,
    };
    clap_mangen::Man::new(page)
        .manual("urlint manual")
        .render(out)
        .or_else(ignore_broken_pipe)
        .map_err(|e| e.to_string())
}

/// A reader that stopped early (`urlint man | head`) is not an error.
pub fn ignore_broken_pipe(e: io::Error) -> io::Result<()> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_starts_with_the_package_version() {
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")));
    }

    #[test]
    fn subcommand_pages_are_named_after_the_subcommand() {
        let mut out = Vec::new();
        man(Some("check"), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(".ie"), "{text}");
        assert!(text.contains(".TH urlint-check 1"), "{text}");
        assert!(text.contains("fail\\-on"), "{text}");
        assert!(man(Some("nope"), &mut Vec::new()).is_err());
    }
}
