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
    &["cli"],
];

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
