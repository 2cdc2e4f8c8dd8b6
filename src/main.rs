//! The `urlint` command; all the work is in the library.

fn main() -> std::process::ExitCode {
    urlint::cli::main()
}
