//! The stage order the README's "Design" promises, checked against the
//! source: a module may import its own stage and earlier ones, never a
//! later one, so data flows one way and each stage can be read (and
//! tested) without the ones after it.

/// The stages, earliest first; modules on one line are one stage.
/// `schemes` sits with `span` at the bottom: the scanner must know the
/// scheme names to find bare URLs, and so must the rules.
const STAGES: &[&[&str]] = &[
    &["span", "schemes", "error"],
    &["input"],
    &["document"],
    &["scan"],
    &["url"],
    &["rules"],
    &["config", "lint"],
    &["report", "resolve"],
    &["server"],
    &["cli"],
];

/// Stages that must use the library as its users do: only what `lib.rs`
/// re-exports. The language server is the proof that the public API is
/// enough to build an editor integration on.
const API_ONLY: &[&str] = &["server"];

/// The names `lib.rs` re-exports (`pub use path::{A, B};`, `pub use path::C;`).
fn public_api(lib: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = lib;
    while let Some(at) = rest.find("\npub use ") {
        let after = &rest[at + "\npub use ".len()..];
        let end = after.find(';').unwrap_or(after.len());
        let item = &after[..end];
        let list = match item.find('{') {
            Some(open) => &item[open + 1..item.rfind('}').unwrap_or(item.len())],
            None => item.rsplit("::").next().unwrap_or(item),
        };
        names.extend(
            list.split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty()),
        );
        rest = &after[end..];
    }
    names
}

fn stage(module: &str) -> Option<usize> {
    STAGES.iter().position(|s| s.contains(&module))
}

/// Each `crate::NAME` a line of code names (comments left out).
fn imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let code = code.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // `$crate::` inside a macro is the crate, as `crate::` is.
            found.push((n + 1, name));
            rest = after;
        }
    }
    found
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("src entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_imports_a_later_stage() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let api = public_api(&std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs"));
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).expect("under src");
        let top = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("")
            .trim_end_matches(".rs");
        // Tests may drive a stage through later ones (a document read,
        // then scanned): only the code that ships is held to the order.
        let is_test = rel.components().any(|c| {
            c.as_os_str()
                .to_str()
                .is_some_and(|n| n.starts_with("tests") || n == "testutil.rs")
        });
        if matches!(top, "lib" | "main" | "layers") || is_test {
            continue;
        }
        let own = stage(top).unwrap_or_else(|| panic!("{top} has no stage in STAGES"));
        let text = std::fs::read_to_string(file).expect("readable");
        if API_ONLY.contains(&top) {
            for (line, name) in imports(&text) {
                if !api.contains(&name) {
                    wrong.push(format!(
                        "{}:{line}: {top} uses `crate::{name}`, not in the public API",
                        rel.display()
                    ));
                }
            }
            continue;
        }
        for (line, name) in imports(&text) {
            let Some(theirs) = stage(&name) else {
                panic!("{}:{line}: `crate::{name}` has no stage", rel.display());
            };
            if theirs > own {
                wrong.push(format!("{}:{line}: {top} imports {name}", rel.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports going back up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_an_import_going_back_up() {
    let found = imports("use crate::rules::Rule; // crate::cli\n// use crate::cli::x;\n");
    assert_eq!(found, [(1, "rules".to_string())]);
    assert!(stage("rules") > stage("scan"));
}

#[test]
fn the_server_may_use_only_the_public_api() {
    let api = public_api("//! x\npub use lint::{apply_fixes, Linter};\npub use url::Standard;\n");
    assert_eq!(api, ["apply_fixes", "Linter", "Standard"]);
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let api = public_api(&lib);
    for name in [
        "Linter",
        "Settings",
        "Source",
        "Diagnostic",
        "Syntax",
        "Checked",
    ] {
        assert!(api.iter().any(|n| n == name), "{name} in {api:?}");
    }
    // `crate::lint::Linter` in the server would name a module, not the API.
    assert!(!api.iter().any(|n| n == "lint"));
}
