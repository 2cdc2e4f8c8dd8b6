#!/bin/sh
# Precision of urlint's default diagnostics on real documentation trees.
#
# Builds the trees from what is installed on this machine (no network),
# runs `urlint check` with default settings on each, prints the number of
# diagnostics per rule and severity, and (with --sample) draws a sample per
# rule to judge by hand. `--score FILE.tsv` scores a judged sheet. The method
# and the results are in bench/precision.md.
#
#   bench/precision.sh                    # build trees, run, count
#   bench/precision.sh --sample           # ... and write $OUT/verdicts.tsv
#   bench/precision.sh --score bench/verdicts/after.tsv
#
#   bench/precision.sh --score-docs SHEET # ... documentation files only
#   bench/precision.sh --score-all bench/verdicts/all-2026-11-29g.tsv
#                                         # every diagnostic judged: by set, by rule
#
# Environment: TREES (default /tmp/urlint-trees), OUT (default
# /tmp/urlint-precision), URLINT (default target/release/urlint),
# SAMPLER (default /work/shared/tools/sample-diagnostics), SEED (default 1),
# REPOS (default /work/trees): an optional set of real repositories' trees,
# already extracted (nothing is downloaded). Those present are measured
# too; the absent ones are named and skipped. HELDOUT (default
# /work/trees2 ... /work/trees2082, the held-out sets of bench/precision.md):
# folders of further
# repositories' trees (each `owner+name/`, made with `git archive HEAD` of a
# fetched snapshot; or `pypi+name/`, `npm+name/`: a package's newest source
# distribution or tarball from its registry, unpacked; or a Debian
# documentation package's `/usr/share/doc/PACKAGE`, or a crate's archive,
# unpacked), every one present measured.
set -eu

TREES=${TREES:-/tmp/urlint-trees}
OUT=${OUT:-/tmp/urlint-precision}
URLINT=${URLINT:-target/release/urlint}
SAMPLER=${SAMPLER:-/work/shared/tools/sample-diagnostics}
SEED=${SEED:-1}

REPOS=${REPOS:-/work/trees}
HELDOUT=${HELDOUT:-$(for n in $(seq 2 2082); do printf "/work/trees%s " "$n"; done)}
REPO_TREES="curl+curl git+git python+devguide rust-lang+book lycheeverse+lychee prometheus+docs asciidoctor+asciidoctor sphinx-doc+sphinx tldr-pages+tldr"

if [ "${1:-}" = "--score" ]; then
    exec "$SAMPLER" --score "$2"
fi
if [ "${1:-}" = "--score-all" ]; then
    python3 - "$2" <<'PY'
import collections, sys
rows = [r.rstrip('\n').split('\t') for r in open(sys.argv[1], encoding='utf-8')][1:]
for col, name in ((0, 'set'), (3, 'rule')):
    tally = collections.defaultdict(collections.Counter)
    for r in rows:
        tally[r[col]][r[5]] += 1
    print(f"{name:<24} {'all':>5} {'TRUE':>5} {'FALSE':>6} {'DEBAT.':>6}")
    for k, c in sorted(tally.items()):
        print(f"{k:<24} {sum(c.values()):>5} {c['TRUE']:>5} {c['FALSE']:>6} {c['DEBATABLE']:>6}")
    print()
n = len(rows)
t = sum(r[5] == 'TRUE' for r in rows)
print(f"precision: {t}/{n} = {100 * t / n:.1f}% (DEBATABLE counted false)")
PY
    exit 0
fi
if [ "${1:-}" = "--score-docs" ]; then
    # Documentation files only: test data (a tests/, test/, t/ or fixtures/
    # folder) and gettext catalogues (.po, .pot) left out.
    docs=$(mktemp)
    python3 - "$2" "$docs" <<'PY'
import re, sys
skip = re.compile(r'(^|/)(tests?|t|fixtures)/|\.pot?$')
with open(sys.argv[1], encoding='utf-8') as f, open(sys.argv[2], 'w', encoding='utf-8') as out:
    for row in f:
        cols = row.split('\t')
        if cols[0] == 'id' or len(cols) < 3 or not skip.search(cols[2]):
            out.write(row)
PY
    "$SAMPLER" --score "$docs"
    rm -f "$docs"
    exit 0
fi

build_trees() {
    mkdir -p "$TREES"
    cd "$TREES"
    if [ ! -d usrdoc ]; then
        # Debian package documentation: READMEs, changelogs, NEWS, HTML
        # manuals, copyright files. Three OpenJDK directories are copies of
        # a fourth and are dropped so they do not weigh four times.
        cp -rL /usr/share/doc usrdoc 2>/dev/null || true
        find usrdoc -name '*.gz' -exec gunzip -f {} + 2>/dev/null || true
        rm -rf usrdoc/openjdk-17-jdk usrdoc/openjdk-17-jre usrdoc/openjdk-17-jre-headless
    fi
    if [ ! -d crates ]; then
        # README, CHANGELOG and other Markdown/reST of the crates in the
        # local cargo registry.
        mkdir crates
        for reg in "$HOME"/.cargo/registry/src/*/; do
            (cd "$reg" && find . -maxdepth 3 \( -iname '*.md' -o -iname '*.rst' \) \
                -exec cp --parents {} "$TREES/crates/" \;)
        done
    fi
    if [ ! -d pydocs ]; then
        # Python packages' docs: Markdown/reST files and METADATA (the long
        # description shown on PyPI).
        mkdir pydocs
        site=$(python3 -c 'import site; print(site.getsitepackages()[0])')
        (cd "$site" && find . \( -iname '*.md' -o -iname '*.rst' -o -name METADATA \) \
            -not -path '*/tests/*' -exec cp --parents {} "$TREES/pydocs/" \;)
    fi
    if [ ! -d man1 ]; then
        # Section 1 man pages, decompressed (roff source).
        mkdir man1
        cp /usr/share/man/man1/*.gz man1/ 2>/dev/null || true
        gunzip -f man1/*.gz 2>/dev/null || true
    fi
    cd - >/dev/null
}

build_trees
mkdir -p "$OUT"
BIN=$(cd "$(dirname "$URLINT")" && pwd)/$(basename "$URLINT")
# One root holding every measured tree (symbolic links), so that the paths
# in all.jsonl start with the tree's name and the sampler finds them.
ROOT=$OUT/root
rm -rf "$ROOT"
mkdir -p "$ROOT"
: >"$OUT/all.jsonl"
run_tree() { # DIR NAME
    ln -s "$1/$2" "$ROOT/$2"
    (cd "$1" && "$BIN" check --format json --sort path "$2" >"$OUT/$2.jsonl" 2>"$OUT/$2.err") || true
    printf '%-24s %s\n' "$2" "$(tail -n 1 "$OUT/$2.err")"
    cat "$OUT/$2.jsonl" >>"$OUT/all.jsonl"
}
for tree in usrdoc crates pydocs man1; do
    run_tree "$TREES" "$tree"
done
for tree in $REPO_TREES; do
    if [ -d "$REPOS/$tree" ]; then
        run_tree "$REPOS" "$tree"
    else
        echo "$tree: not in $REPOS, skipped"
    fi
done
for dir in $HELDOUT; do
    [ -d "$dir" ] || { echo "$dir: absent, skipped"; continue; }
    for tree in "$dir"/*/; do
        run_tree "$dir" "$(basename "$tree")"
    done
done

python3 - "$OUT/all.jsonl" <<'PY'
import collections, json, sys
counts = collections.Counter()
for line in open(sys.argv[1]):
    d = json.loads(line)
    counts[(d["rule"], d["severity"])] += 1
print(f"{'rule':<28} {'severity':<8} {'count':>6}")
for (rule, sev), n in sorted(counts.items()):
    print(f"{rule:<28} {sev:<8} {n:>6}")
PY

if [ "${1:-}" = "--sample" ]; then
    "$SAMPLER" "$OUT/all.jsonl" --root "$ROOT" --per-rule 20 --min-severity warning \
        --seed "$SEED" --out "$OUT/verdicts.tsv" >"$OUT/sample.txt"
    echo "sample: $OUT/sample.txt; fill the verdict column of $OUT/verdicts.tsv"
fi
