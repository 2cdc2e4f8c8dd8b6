//! Finding the files to read: explicit paths, directories walked with
//! `.gitignore`/`.ignore` rules (the `ignore` crate, as ripgrep does).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::overrides::{Override, OverrideBuilder};
use ignore::{WalkBuilder, WalkParallel};

/// Decides whether a path met while walking is read (files) or entered
/// (folders): `(path, is_dir) -> keep`. urlint's per-folder `exclude` lives
/// here, as each folder may have settings of its own.
pub type Filter = Arc<dyn Fn(&Path, bool) -> bool + Send + Sync>;

/// How to walk.
#[derive(Clone, Default)]
pub struct WalkOptions {
    /// Also walk hidden files and directories.
    pub hidden: bool,
    /// Do not honour `.gitignore`, `.ignore` and git's exclude files.
    pub no_ignore: bool,
    /// ripgrep-style globs: `*.md` includes, `!vendor/**` excludes.
    pub globs: Vec<String>,
    /// Paths below the walked ones to leave out (never applied to the
    /// paths named, which are read as asked).
    pub filter: Option<Filter>,
    /// Worker threads; 0 picks the number of cores.
    pub threads: usize,
}

impl std::fmt::Debug for WalkOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalkOptions")
            .field("hidden", &self.hidden)
            .field("no_ignore", &self.no_ignore)
            .field("globs", &self.globs)
            .field("filter", &self.filter.is_some())
            .field("threads", &self.threads)
            .finish()
    }
}

/// Build a walker over `paths` (none of them `-`).
pub fn builder(paths: &[PathBuf], opts: &WalkOptions) -> Result<WalkBuilder, String> {
    let (first, rest) = paths.split_first().ok_or("no paths to walk")?;
    let mut b = WalkBuilder::new(first);
    for p in rest {
        b.add(p);
    }
    b.hidden(!opts.hidden)
        .ignore(!opts.no_ignore)
        .git_ignore(!opts.no_ignore)
        .git_global(!opts.no_ignore)
        .git_exclude(!opts.no_ignore)
        .parents(!opts.no_ignore)
        .require_git(false)
        .follow_links(false)
        .threads(threads(opts.threads));
    b.overrides(overrides(&opts.globs)?);
    if let Some(filter) = opts.filter.clone() {
        b.filter_entry(move |dent| {
            dent.depth() == 0 || filter(dent.path(), dent.file_type().is_some_and(|t| t.is_dir()))
        });
    }
    Ok(b)
}

/// The number of worker threads to use.
pub fn threads(requested: usize) -> usize {
    if requested > 0 {
        requested
    } else {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    }
}

/// A parallel walker, for unordered output.
pub fn parallel(paths: &[PathBuf], opts: &WalkOptions) -> Result<WalkParallel, String> {
    Ok(builder(paths, opts)?.build_parallel())
}

/// Every file under `paths` in path order, with the walk errors met on the way.
pub fn sorted(paths: &[PathBuf], opts: &WalkOptions) -> Result<Vec<Entry>, String> {
    let mut b = builder(paths, opts)?;
    b.sort_by_file_path(Path::cmp);
    Ok(b.build().filter_map(entry).collect())
}

/// One thing the walk met.
#[derive(Debug)]
pub enum Entry {
    /// A file to read; `explicit` when named on the command line.
    File {
        /// Its path.
        path: PathBuf,
        /// Named on the command line (depth 0) rather than found by walking.
        explicit: bool,
        /// Found in a folder of test data or vendored code below the walked
        /// path (see [`in_data_folder`]).
        test_data: bool,
    },
    /// A path that could not be walked, with the cause.
    Error(String),
}

/// Turn a walker result into an [`Entry`]; directories give `None`.
pub fn entry(result: Result<ignore::DirEntry, ignore::Error>) -> Option<Entry> {
    match result {
        Err(err) => Some(Entry::Error(err.to_string())),
        Ok(dent) => {
            let explicit = dent.depth() == 0;
            let ft = dent.file_type();
            match ft {
                Some(ft) if ft.is_dir() => None,
                Some(ft) if ft.is_file() => Some(Entry::File {
                    test_data: in_data_folder(dent.path(), dent.depth()),
                    path: dent.into_path(),
                    explicit,
                }),
                // A FIFO, socket or device: reading it may never end. Skipped
                // quietly when walked (as ripgrep does), an error when named.
                _ if explicit => Some(Entry::Error(format!(
                    "{}: not a regular file, skipped (to read it anyway, redirect it to `urlint ... -`)",
                    dent.path().display()
                ))),
                _ => None,
            }
        }
    }
}

/// Folders whose files are data, not the project's prose: test data (inputs
/// a test suite feeds a parser, bad URLs on purpose: curl's `tests/`, git's
/// `t/`, Go's `testdata/`; a fuzzer's `corpus/`) and vendored code (fixed upstream, not here:
/// `vendor/`, `third_party/`, redis's and node's `deps/`).
/// Their URLs are extracted but not linted unless `--lint-data` is given.
pub const DATA_FOLDERS: &[&str] = &[
    "test",
    "tests",
    "t",
    "testdata",
    "test-data",
    "test_data",
    "test-assets",
    "test_assets",
    "testsuite",
    // OCaml's convention for a library's tests (ocaml-uri's `lib_test/`).
    "lib_test",
    // libetpan's `unittest/`: saved mails and a renderer's expected output.
    "unittest",
    "unittests",
    // A test suite's cases (tidy's `regression_testing/cases/`).
    "cases",
    // OpenBSD's and lowdown's `regress/`: inputs a parser is tested on.
    "regress",
    // The LaTeX project's regression tests (`testfiles`,
    // `testfiles-math-luatex`).
    "testfiles",
    "fixtures",
    // feed-rs's `fixture/rss0`: real feeds saved as a parser's input.
    "fixture",
    "corpus",
    // A fuzzer's folder: its corpora and dictionaries (`url.dict`) are
    // malformed input on purpose.
    "fuzz",
    // Attack payload lists (Burp Suite's Intruder, a scanner's wordlists):
    // malformed on purpose.
    "intruder",
    "intruders",
    "wordlists",
    "__tests__",
    "__fixtures__",
    "__snapshots__",
    // insta's and asciidoc-parser's `snapshots/`: a parser's expected
    // output beside its input, bad URLs on purpose.
    "snapshots",
    "vendor",
    "_vendor",
    "third_party",
    "third-party",
    "thirdparty",
    "3rdparty",
    "3rd_party",
    "3rd-party",
    "deps",
    // Libraries copied in whole: astropy's `cextern/wcslib`, a C++
    // project's `extern/`.
    "extern",
    "cextern",
    // A package's built output (npm's `dist/cjs/`, `dist/esm/`): copies
    // of its sources, fixed there.
    "dist",
    // gnulib's modules as a submodule, maintained upstream.
    "gnulib",
    // opam-monorepo's copies of every dependency (Real World OCaml's
    // `duniverse/ocaml-uri/`).
    "duniverse",
    "node_modules",
    "bower_components",
    // A WordPress installation copied into a site's repository: its core
    // (`wp-includes/`, `wp-admin/`) is upstream's code.
    "wp-includes",
    "wp-admin",
    // Copies kept beside the text they copy: a site's `backups/` of its
    // pages, Logseq's automatic `logseq/bak/`, a tool's `_cache/`. A
    // defect is fixed in the original, not in the copy. (A singular
    // `backup/` is as often a topic's folder: AWS Backup's examples; for
    // `cache/` see [`is_cached_data`].)
    "backups",
    "bak",
    "_cache",
];

/// Whether a file found `depth` levels below the walked path lies in one of
/// the [`DATA_FOLDERS`] *below* that path, or is named as a test's data
/// (`tests.json`, `test_cases.txt`, `url.test.yaml`). The path named on the
/// command line and the folders above it never count: `urlint check tests/`
/// lints what it is asked to.
pub fn in_data_folder(path: &Path, depth: usize) -> bool {
    (depth > 0
        && path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
            is_test_file(n)
                || is_standard_copy(n)
                || is_minified(n)
                || is_payload_list(n)
                || is_spelling_dictionary(n)
                || is_table(n)
                || is_drawing(n)
                || is_saved_page_asset(n)
                || is_leftover_copy(n)
                || n == "PKG-INFO"
        }))
        || {
            // Folders below the walked path, innermost first, each with
            // the one it is in.
            let mut child = "";
            path.parent()
                .into_iter()
                .flat_map(Path::components)
                .rev()
                .take(depth.saturating_sub(1))
                .filter_map(|c| c.as_os_str().to_str())
                .any(|folder| {
                    // `bench/samples/`: a benchmark's inputs (`bench/`
                    // itself may hold its write-up).
                    let inputs = ["samples", "inputs", "data"].contains(&child)
                        && [
                            "bench",
                            "benches",
                            "benchmark",
                            "benchmarks",
                            "benchmarking",
                        ]
                        .contains(&folder);
                    // And its plugins, each a third party's (`wp-content/
                    // plugins/relative-url/readme.txt`); its themes may be
                    // the site's own.
                    let plugins = child == "plugins" && folder == "wp-content";
                    child = folder;
                    inputs || plugins || is_data_folder(folder) || is_cached_data(folder, path)
                })
        }
}

/// A file of data in a `cache/` folder: the API answers, pages and papers
/// a tool fetched and kept (`metadata/cache/zenodo/….json`, `cache/pdfs/
/// 2402.10172.txt`). A `cache/` of documents or code is a topic's or a
/// module's (Symfony's `components/cache/adapters.rst`, `src/cache/mod.rs`)
/// and linted.
fn is_cached_data(folder: &str, path: &Path) -> bool {
    folder.eq_ignore_ascii_case("cache")
        && path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
            has_extension(
                n,
                &[
                    ".json", ".jsonl", ".xml", ".html", ".htm", ".txt", ".yaml", ".yml",
                ],
            )
        })
}

/// A data file named as a test's: a `.json`, `.yaml`, `.toml`, `.txt`,
/// `.xml`, `.csv`... whose stem (the name before its last extension) is
/// `test` or `tests`, starts with `test_` or `test-`, or ends with `_test`,
/// `-test`, `.test`, `_tests`, `.spec` or `_spec`. (A test's source code is
/// read by its syntax: its comments stay prose.)
fn is_test_file(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    // A test script by its extension: Tcl's tcltest (`uri.test`, whose
    // URLs are a parser's cases), SQLite's, MySQL's `mysql-test/t/*.test`.
    if ext.eq_ignore_ascii_case("test") && !stem.is_empty() {
        return true;
    }
    let data = [
        "json", "jsonl", "yaml", "yml", "toml", "txt", "xml", "csv", "tsv", "dat", "data",
    ];
    if !data.iter().any(|d| ext.eq_ignore_ascii_case(d)) {
        return false;
    }
    let stem = stem.to_ascii_lowercase();
    matches!(stem.as_str(), "test" | "tests")
        || ["test_", "test-"].iter().any(|p| stem.starts_with(p))
        || ["_test", "-test", ".test", "_tests", ".spec", "_spec"]
            .iter()
            .any(|s| stem.ends_with(s))
}

/// A list of attack payloads (`Open-Redirect-payloads.txt`,
/// `open_redirect_wordlist.txt`): one malformed URL a line, on purpose.
fn is_payload_list(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let Some(stem) = [".txt", ".lst", ".list"]
        .iter()
        .find_map(|e| lower.strip_suffix(e))
    else {
        return false;
    };
    stem.contains("payload") || stem.contains("wordlist")
}

/// A spell checker's dictionary (Hunspell's `en-GB.dic` and `.aff`): one
/// word a line with its flags after a `/` (`http//HTP`, `ftp//FTP`), no
/// URL among them. Or a fuzzer's (AFL's and libFuzzer's `.dict`): tokens
/// cut from the input syntax on purpose, `link_inline="<http://"`.
fn is_spelling_dictionary(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".dic", ".aff", ".dict"]
        .iter()
        .any(|e| lower.len() > e.len() && lower.ends_with(e))
}

/// A drawing a program wrote: a PostScript program (`gnuplot.ps`, a
/// figure's `.eps`), a typesetter's output whose text is cut into kerned
/// pieces (`(h)n(ttp://dom)n(term.org)`), or an SVG image (Graphviz's,
/// draw.io's, Inkscape's), whose links are set in the program that drew it
/// (`xlink:href` of a family tree's nodes) and fixed there. No one reads or
/// edits either as prose.
fn is_drawing(name: &str) -> bool {
    has_extension(name, &[".ps", ".eps", ".svg"])
}

/// A script or style a browser saved with a page (Chrome's "Save as,
/// complete" names them `analytics.js.download`, in the page's `_files/`
/// folder): a third party's code, copied, not the project's text.
fn is_saved_page_asset(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.len() > ".download".len() && lower.ends_with(".download")
}

/// A copy a tool left beside the file it copies: patch's and merge tools'
/// `post.md.orig`, an editor's `index.html.bak`. A defect is fixed in the
/// original, which is linted; the copy is deleted, not edited.
fn is_leftover_copy(name: &str) -> bool {
    has_extension(name, &[".orig", ".bak"])
}

/// A table of records (`.csv`, `.tsv`, compressed or not: `DuckDB`'s
/// `click_mini.tsv.gz`, a web analytics sample of mangled URLs, and a
/// benchmark's `answers/q28.csv`): exported values, not text anyone edits.
fn is_table(name: &str) -> bool {
    has_extension(name, &[".csv", ".tsv"])
}

/// Whether `name`, compressed or not, is a stem and one of `exts` (lower
/// case, with the dot), in any case.
fn has_extension(name: &str, exts: &[&str]) -> bool {
    let plain = super::without_compression(name).to_ascii_lowercase();
    exts.iter()
        .any(|e| plain.len() > e.len() && plain.ends_with(e))
}

/// A minified or bundled script or style sheet (`markdown-it.min.js`,
/// `swagger-ui-bundle.js`): built from sources elsewhere, one line of code
/// whose regular expressions (`/^mailto:/i`) no comment lexer can follow.
fn is_minified(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    // A source map (`index.js.map`): the bundle's sources copied into JSON.
    if [".js.map", ".mjs.map", ".cjs.map", ".css.map"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        return true;
    }
    let Some(stem) = [".js", ".mjs", ".cjs", ".css"]
        .iter()
        .find_map(|e| lower.strip_suffix(e))
    else {
        return false;
    };
    // A build tool's content hash names its output (`app-0c945a27f434….js`,
    // `main.3f2a9c1d.js`): eight hex digits or more after a `-` or `.`.
    let hashed = stem.rfind(['-', '.']).is_some_and(|k| {
        let hash = &stem[k + 1..];
        k > 0 && hash.len() >= 8 && hash.bytes().all(|c| c.is_ascii_hexdigit())
    });
    hashed
        || [".min", "-min", ".bundle", "-bundle", "_bundle"]
            .iter()
            .any(|s| stem.len() > s.len() && stem.ends_with(s))
}

/// A copy of an IETF document kept beside the code (`rfc3987.txt`,
/// `draft-duerst-iri-bis.txt`): published text, fixed by nobody here, whose
/// examples are bad URLs on purpose and whose URLs the RFC format wraps.
fn is_standard_copy(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let Some(stem) = [".txt", ".html", ".xml"]
        .iter()
        .find_map(|e| lower.strip_suffix(e))
    else {
        return false;
    };
    let rfc = stem
        .strip_prefix("rfc")
        .is_some_and(|n| !n.is_empty() && n.len() <= 5 && n.bytes().all(|c| c.is_ascii_digit()));
    // `draft-<author or wg>-<name>[-NN]`: at least two more words.
    let draft = stem
        .strip_prefix("draft-")
        .is_some_and(|rest| rest.split('-').filter(|w| !w.is_empty()).count() >= 2);
    rfc || draft
}

/// A name of [`DATA_FOLDERS`], one ending in `-tests`, `_tests`, `-corpus`
/// or `_corpus` (a fuzzer's inputs: h2o's `fuzz/http1-corpus`), or a
/// test source set named in camel case
/// (Gradle's `jvmTest`, `androidTest`; Xcode's `AlamofireTests`) or
/// Gradle's `testFixtures`.
fn is_data_folder(name: &str) -> bool {
    if DATA_FOLDERS.iter().any(|t| name.eq_ignore_ascii_case(t)) || name == "testFixtures" {
        return true;
    }
    // A Python package's metadata, built from its README (`PKG-INFO` in
    // `furl.egg-info/`): fixed in the README, which is linted.
    if [".egg-info", ".dist-info"]
        .iter()
        .any(|s| name.len() > s.len() && name.ends_with(s))
    {
        return true;
    }
    // `unit-tests`, `integration_tests`, Cyrus's `tiny-tests` (not a
    // singular `speed-test`, a blog post's slug as often).
    let lower = name.to_ascii_lowercase();
    if ["-tests", "_tests", "-corpus", "_corpus"]
        .iter()
        .any(|s| lower.len() > s.len() && lower.ends_with(s))
        || ["testfiles-", "testfiles_"]
            .iter()
            .any(|p| lower.len() > p.len() && lower.starts_with(p))
    {
        return true;
    }
    // And a folder of backups named in camel case (Medium's export kept in
    // `OtherBackups/`), as `backups/` is; `database-backups/` is a guide's
    // topic as often.
    if name.len() > "Backups".len() && name.ends_with("Backups") {
        return true;
    }
    let stem = name
        .strip_suffix("Tests")
        .or_else(|| name.strip_suffix("Test"))
        .unwrap_or_default();
    stem.len() >= 2 && stem.bytes().all(|c| c.is_ascii_alphanumeric())
}

fn overrides(globs: &[String]) -> Result<Override, String> {
    let mut ob = OverrideBuilder::new(".");
    for g in globs {
        ob.add(g).map_err(|e| format!("--glob {g}: {e}"))?;
    }
    ob.build().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn names(entries: &[Entry], root: &Path) -> Vec<String> {
        entries
            .iter()
            .filter_map(|e| match e {
                Entry::File { path, .. } => Some(
                    path.strip_prefix(root)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                ),
                Entry::Error(_) => None,
            })
            .collect()
    }

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("docs/vendor")).unwrap();
        fs::create_dir_all(root.join(".hidden")).unwrap();
        fs::write(root.join("a.txt"), "x").unwrap();
        fs::write(root.join("docs/b.md"), "x").unwrap();
        fs::write(root.join("docs/vendor/c.md"), "x").unwrap();
        fs::write(root.join(".hidden/d.txt"), "x").unwrap();
        fs::write(root.join("skip.log"), "x").unwrap();
        fs::write(root.join(".gitignore"), "*.log\n").unwrap();
        dir
    }

    #[test]
    fn test_data_folders_count_only_below_the_walked_path() {
        let p = Path::new("/src/tests/proj/docs/t/case.txt");
        // Walked from /src/tests/proj: `t/` is below it.
        assert!(in_data_folder(p, 3));
        // Walked from /src/tests/proj/docs/t: the folder was named.
        assert!(!in_data_folder(p, 1));
        // Named on the command line.
        assert!(!in_data_folder(p, 0));
        let q = Path::new("/src/tests/proj/docs/guide.md");
        assert!(
            !in_data_folder(q, 2),
            "only folders above the root are tests/"
        );
        assert!(in_data_folder(Path::new("r/Fixtures/a.md"), 2));
        assert!(!in_data_folder(Path::new("r/latest/a.md"), 2));
        for data in [
            "r/jvmTest/x/a.txt",
            "r/AlamofireTests/a.md",
            "r/testFixtures/a.md",
            "r/x/tests.json",
            "r/x/url.test.yaml",
            "r/modules/uri/uri.test",
            "r/modules/pki/test-assets/generator/pkitest-ca2.conf",
            "r/fixture/rss0/rss_0.91.xml",
            "r/snapshots/macros.txt",
            "r/regress/link-unicode.md",
            "r/x/test_parse.txt",
            "r/benchmark/samples/inline-autolink.md",
            "r/cassandane/tiny-tests/Caldav/invite",
            "r/integration_tests/a.md",
            "r/bench/samples/inline-autolink.md",
            "r/benchmarking/samples/inline-autolink.md",
            "r/fuzz/corpus/x.txt",
            "r/fuzz/http1-corpus/15fc89368de039c38e711e2f3a9cd01bb75ee894",
            "r/fuzz/url_corpus/x",
            "r/fuzz/url.dict",
            "r/rfc3987.txt",
            "r/docs/RFC1738.txt",
            "r/draft-duerst-iri-bis.txt",
            "r/spec/draft-ietf-httpbis-semantics-19.html",
            "r/js/build/012-markdown-it.min.js",
            "r/api/swagger-ui-bundle.js",
            "r/api/swagger-ui-es-bundle.js",
            "r/css/site.min.css",
            "r/docs/api/app-0c945a27f43452df695771ddb60b3d14.js",
            "r/static/js/main.3f2a9c1d.js",
            "r/Open Redirect/Intruder/openredirects.txt",
            "r/XSS Injection/Intruders/xss_alert.txt",
            "r/Open Redirect/Open-Redirect-payloads.txt",
            "r/x/open_redirect_wordlist.txt",
            "r/gnulib/lib/unistd.in.h",
            "r/required/latex-lab/testfiles-math-luatex/fakemath.tpf",
            "r/base/testfiles/tlb-1.lvt",
            "r/regression_testing/cases/legacy-cases/case-427816@1.html",
            "r/setup/assets/Dictionaries/en-GB.dic",
            "r/dict/de_DE.aff",
            "r/afl/dictionaries/markdown.dict",
            "r/gnuplot/gnuplot.ps",
            "r/docs/figures/plot.EPS",
            "r/doc/manual.ps.gz",
            "r/docs/images/arch.svg",
            "r/content/2012/tree.SVG",
            "r/source/_posts/burn.md.orig",
            "r/diary/2004/ig040203.html.orig",
            "r/docs/index.html.bak",
            "r/OtherBackups/posts/a.html",
            "r/data/csv/click_mini.tsv.gz",
            "r/benchmark/clickbench/answers/q28.csv",
            "r/x/links.CSV",
            "r/PKG-INFO",
            "r/cextern/wcslib/CHANGES",
            "r/dist/cjs/index.js",
            "r/dist/index.umd.min.js.map",
            "r/x/site.css.map",
            "r/extern/pybind11/README.md",
            "r/duniverse/ocaml-uri/README.md",
            "r/ocaml-uri/lib_test/test_runner.ml",
            "r/libetpan/unittest/data/1970-anchor.eml",
            "r/furl.egg-info/SOURCES.txt",
            "r/src/furl-2.1.dist-info/METADATA",
            "r/_working/Home - QuartzClinical_files/analytics.js.download",
            "r/wordpress/wp-includes/general-template.php",
            "r/wp-admin/js/a.js",
            "r/Reserve/backups/Analysis.md",
            "r/logseq/bak/pages/OWASP.md",
            "r/metadata/cache/zenodo/a.json",
            "r/cache/pdfs/2402.10172.txt",
            "r/cache/releases/gh-release-notes.html",
            "r/_cache/page.html",
        ] {
            assert!(in_data_folder(Path::new(data), 3), "{data}");
        }
        // A WordPress plugin, the folders below the walked path counted.
        let plugin = Path::new("r/wordpress/wp-content/plugins/relative-url/readme.txt");
        assert!(in_data_folder(plugin, 5));
        assert!(!in_data_folder(plugin, 3));
        for prose in [
            "r/Tester/x/a.txt",
            "r/contest/x/a.md",
            "r/latest/x/a.md",
            "r/x/latest.md",
            "r/x/testing.md",
            "r/x/pkg.spec",
            "r/x/.test",
            "r/x/proxy_spec.lua",
            "r/x/benchmarking.md",
            "r/dictionaries/dict.md",
            "r/docs/.download",
            "r/docs/download",
            "r/x/predict",
            "r/x/ps.md",
            "r/x/steps",
            "r/x/.ps",
            "r/docs/svg.md",
            "r/x/.svg",
            "r/x/.orig",
            "r/docs/origins.md",
            "r/docs/bak.md",
            "r/backup/aws-backups.md",
            "r/posts/database-backups/index.md",
            "r/guides/site-backups/README.md",
            "r/bench/README.md",
            "r/docs/benchmarks/index.md",
            "r/content/posts/speed-test/index.md",
            "r/samples/a.md",
            "r/wp-content/themes/mine/readme.txt",
            "r/docs/plugins/a.md",
            "r/universe/a.md",
            "r/lib/test.ml.md",
            "r/bench/x/samples/a.md",
            "r/x/-tests/a.md",
            "r/protests/a.md",
            "r/x/-corpus/a.md",
            "r/text-corpora/a.md",
            "r/fuzzy/a.md",
            "r/rfc.txt",
            "r/rfc-notes.txt",
            "r/rfc3987.md",
            "r/x/dic",
            "r/x/.dic.md",
            "r/x/csv.md",
            "r/x/tsv.gz.md",
            "r/draft-notes.txt",
            "r/js/deadbeef.js",
            "r/examples/backup/list-backup-jobs.rst",
            "r/docs/caching/a.md",
            "r/components/cache/adapters.rst",
            "r/src/cache/mod.rs",
            "r/docs/cache/index.md",
            "r/posts/cache.md",
            "r/js/app-2024.js",
            "r/js/jquery-3.7.1.js",
            "r/docs/payload-format.md",
            "r/docs/intruders.md",
            "r/draft.txt",
            "r/js/admin.js",
            "r/js/bundle.js",
            "r/js/minify.js",
            "r/docs/min.md",
            "r/docs/use-cases/a.md",
            "r/docs/cases.md",
            "r/docs/testfiles.md",
            "r/docs/pkg-info.md",
            "r/docs/extern.md",
            "r/docs/distribution/a.md",
            "r/x/sitemap.xml.md",
            "r/x/road.map",
            "r/external/a.md",
            "r/PKG-INFO.md",
            "r/.egg-info/a.md",
        ] {
            assert!(!in_data_folder(Path::new(prose), 3), "{prose}");
        }
    }

    #[test]
    fn walked_entries_say_whether_they_are_test_data() {
        let dir = tree();
        fs::create_dir_all(dir.path().join("docs/tests")).unwrap();
        fs::write(dir.path().join("docs/tests/e.txt"), "x").unwrap();
        let got = sorted(&[dir.path().to_path_buf()], &WalkOptions::default()).unwrap();
        let flagged: Vec<_> = got
            .iter()
            .filter_map(|e| match e {
                Entry::File {
                    path,
                    test_data: true,
                    ..
                } => Some(path.file_name().unwrap().to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        // `docs/vendor/` is vendored code.
        assert_eq!(flagged, ["e.txt", "c.md"]);
        let named = sorted(&[dir.path().join("docs/tests")], &WalkOptions::default()).unwrap();
        assert!(matches!(
            &named[..],
            [Entry::File {
                test_data: false,
                ..
            }]
        ));
    }

    #[test]
    fn honours_gitignore_and_hidden_and_sorts() {
        let dir = tree();
        let got = sorted(&[dir.path().to_path_buf()], &WalkOptions::default()).unwrap();
        assert_eq!(
            names(&got, dir.path()),
            ["a.txt", "docs/b.md", "docs/vendor/c.md"]
        );
    }

    #[test]
    fn no_ignore_and_hidden_widen_the_walk() {
        let dir = tree();
        let opts = WalkOptions {
            hidden: true,
            no_ignore: true,
            ..WalkOptions::default()
        };
        let got = names(
            &sorted(&[dir.path().to_path_buf()], &opts).unwrap(),
            dir.path(),
        );
        assert!(got.contains(&"skip.log".to_string()), "{got:?}");
        assert!(got.contains(&".hidden/d.txt".to_string()), "{got:?}");
    }

    #[test]
    fn globs_include_and_exclude() {
        let dir = tree();
        let opts = WalkOptions {
            globs: vec!["*.md".into()],
            filter: Some(Arc::new(|p: &Path, is_dir| {
                !(is_dir && p.file_name().is_some_and(|n| n == "vendor"))
            })),
            ..WalkOptions::default()
        };
        let got = names(
            &sorted(&[dir.path().to_path_buf()], &opts).unwrap(),
            dir.path(),
        );
        assert_eq!(got, ["docs/b.md"]);
    }
}
