#!/usr/bin/env bash
# Diff two urlint binaries' warning/error diagnostics over the regression corpus.
#
#   bash bench/regress.sh OLD_BIN NEW_BIN
#
# For every folder $REGRESS_DIR/*/ (default /work/regress) (one extracted repository each) runs
#   cd FOLDER && BIN check --format json --sort path . 2>/dev/null
# with each binary, keeps diagnostics whose severity is "warning" or "error",
# and compares them as multisets keyed on (path, start.line, rule, url).
#
# Output (stdout), per repository with differences, sorted by path and line:
#   - repo<TAB>path:line<TAB>rule<TAB>url     only under OLD
#   + repo<TAB>path:line<TAB>rule<TAB>url     only under NEW
# then the totals of warning/error diagnostics under each binary.
# Tabs, newlines and backslashes inside path or url are printed as \t \n \\.
#
# OLD's raw output is cached per repository in
#   $REGRESS_DIR/.cache/<sha256 of OLD binary>/<repo>.jsonl  (+ <repo>.rc)
# so re-running with the same OLD binary does not run it again (delete the
# folder to force it). NEW is always run. At most 2 urlint processes run at a
# time. Unusual exit codes (not 0 or 1: bad input, panic, timeout) are reported
# on stderr, never silently.
#
# Environment: REGRESS_DIR (default /work/regress), REGRESS_JOBS
# (parallel repos, default 2), REGRESS_TIMEOUT (seconds per run, default 1800).
set -euo pipefail

if [ $# -ne 2 ]; then
    echo "usage: bash $0 OLD_BIN NEW_BIN" >&2
    exit 2
fi

OLD=$(readlink -f -- "$1")
NEW=$(readlink -f -- "$2")
for b in "$OLD" "$NEW"; do
    [ -f "$b" ] && [ -x "$b" ] || { echo "diff.sh: not an executable file: $b" >&2; exit 2; }
done

ROOT=${REGRESS_DIR:-/work/regress}
JOBS=${REGRESS_JOBS:-2}
TIMEOUT=${REGRESS_TIMEOUT:-1800}

OLD_SHA=$(sha256sum -- "$OLD" | cut -d' ' -f1)
CACHE="$ROOT/.cache/$OLD_SHA"
mkdir -p "$CACHE"
NEWOUT=$(mktemp -d "${TMPDIR:-/tmp}/urlint-regress-new.XXXXXX")
trap 'rm -rf -- "$NEWOUT"' EXIT

# List the repository folders (non-hidden directories under ROOT).
REPOS=()
for d in "$ROOT"/*/; do
    [ -d "$d" ] || continue
    REPOS+=("$(basename -- "$d")")
done
if [ ${#REPOS[@]} -eq 0 ]; then
    echo "diff.sh: no repository folders under $ROOT" >&2
    exit 2
fi

# run_one BIN REPO OUT_PREFIX: raw JSON lines to OUT_PREFIX.jsonl, exit code
# to OUT_PREFIX.rc; written under temporary names first and then renamed, so
# an interrupted run never leaves a partial cache entry.
run_one() {
    local bin=$1 repo=$2 out=$3 rc=0
    (cd -- "$ROOT/$repo" && exec timeout -k 10 "$TIMEOUT" "$bin" check --format json --sort path . 2>/dev/null) \
        > "$out.jsonl.part" || rc=$?
    echo "$rc" > "$out.rc.part"
    mv -f -- "$out.jsonl.part" "$out.jsonl"
    mv -f -- "$out.rc.part" "$out.rc"
}

# One job per repository: OLD (unless cached), then NEW. With JOBS=2 at most
# two urlint processes exist at any time.
job() {
    local repo=$1
    if [ ! -f "$CACHE/$repo.rc" ] || [ ! -f "$CACHE/$repo.jsonl" ]; then
        run_one "$OLD" "$repo" "$CACHE/$repo"
    fi
    run_one "$NEW" "$repo" "$NEWOUT/$repo"
}
export -f run_one job
export ROOT OLD NEW CACHE NEWOUT TIMEOUT

printf '%s\0' "${REPOS[@]}" | xargs -0 -n1 -P "$JOBS" bash -c 'job "$1"' _

# Compare. Python reads the JSON; nothing here runs urlint.
python3 - "$CACHE" "$NEWOUT" "${REPOS[@]}" <<'PY'
import json, sys
from collections import Counter

cache, newout, repos = sys.argv[1], sys.argv[2], sys.argv[3:]
KEEP = ("warning", "error")

def esc(s):
    return str(s).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")

def load(prefix, label, repo):
    rc = open(prefix + ".rc").read().strip()
    if rc not in ("0", "1"):
        what = {"124": "timed out", "137": "killed after timeout"}.get(rc, "")
        print(f"diff.sh: {label} exited {rc}{' (' + what + ')' if what else ''} on {repo}", file=sys.stderr)
    keys, sev = Counter(), Counter()
    with open(prefix + ".jsonl", encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                d = json.loads(line)
            except ValueError:
                print(f"diff.sh: {label} wrote a line that is not JSON in {repo} (line {n}): {line[:120]}", file=sys.stderr)
                continue
            s = d.get("severity")
            if s not in KEEP:
                continue
            sev[s] += 1
            keys[(d.get("path", ""), int((d.get("start") or {}).get("line", 0)), d.get("rule", ""), d.get("url", ""))] += 1
    return keys, sev

tot_old, tot_new = Counter(), Counter()
changed = 0
for repo in repos:
    ko, so = load(f"{cache}/{repo}", "OLD", repo)
    kn, sn = load(f"{newout}/{repo}", "NEW", repo)
    tot_old += so
    tot_new += sn
    gone, came = ko - kn, kn - ko
    if gone or came:
        changed += 1
    for sign, c in (("-", gone), ("+", came)):
        for (path, line, rule, url) in sorted(c):
            for _ in range(c[(path, line, rule, url)]):
                print(f"{sign} {repo}\t{esc(path)}:{line}\t{esc(rule)}\t{esc(url)}")

def fmt(c):
    return f"{sum(c.values())} (errors {c['error']}, warnings {c['warning']})"

print(f"repos: {len(repos)}, with differences: {changed}")
print(f"total OLD: {fmt(tot_old)}")
print(f"total NEW: {fmt(tot_new)}")
PY
