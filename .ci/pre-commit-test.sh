#!/usr/bin/env bash
# End-to-end check of the pre-commit hook in .pre-commit-hooks.yaml and of the
# shape of action.yml. Installs pre-commit from PyPI into a throwaway venv,
# then runs `pre-commit try-repo URLINT urlint --files FIXTURE` in a throwaway
# repository holding the fixtures: it must fail on a
# fixture with defects (and say which rule) and pass on a clean one; the
# urlint-extract hook must pass and list the URLs.
#
# try-repo builds urlint from the committed HEAD with `cargo install` (a
# release build: a few minutes on 2 cores). Every try-repo starts a fresh
# pre-commit store, so CARGO_TARGET_DIR is shared between them to reuse the
# compiled dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== pre-commit: install from PyPI"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pre-commit
export PATH="$work/venv/bin:$PATH"
pre-commit --version
export PRE_COMMIT_HOME="$work/store"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}/pre-commit"

failures=0
# run WANT(pass|fail) MUST_CONTAIN COMMAND...: run COMMAND, show its output,
# and check its exit status and that its output contains MUST_CONTAIN.
run() {
    local want=$1 needle=$2
    shift 2
    echo "+ $*"
    local status=0
    "$@" >"$work/out" 2>&1 || status=$?
    sed 's/^/    /' "$work/out"
    local got=pass
    [ "$status" -eq 0 ] || got=fail
    if [ "$got" != "$want" ]; then
        echo "FAILED: expected the command to $want, it exited $status"
        failures=$((failures + 1))
    elif [ -n "$needle" ] && ! grep -qF -- "$needle" "$work/out"; then
        echo "FAILED: output lacks \"$needle\""
        failures=$((failures + 1))
    else
        echo "ok: ${want}ed as expected"
    fi
}

echo "== manifest and action definitions"
run pass "" pre-commit validate-manifest .pre-commit-hooks.yaml
run pass "action ok" python - <<'PY'
import yaml
with open("action.yml") as f:
    action = yaml.safe_load(f)
assert action["runs"]["using"] == "composite", action["runs"]
steps = action["runs"]["steps"]
text = yaml.safe_dump(steps)
assert "--format sarif" in text, "the action must write SARIF"
assert any(str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif")
           for s in steps), "the action must upload SARIF"
for name, spec in action["inputs"].items():
    assert spec.get("description"), f"input {name} has no description"
print("action ok:", ", ".join(action["inputs"]))
PY

echo "== pre-commit try-repo (builds urlint with cargo install)"
# In a user's repository, with the fixtures staged under docs/: under
# fixtures/ they would be test data, which the hook (--force-exclude) does
# not lint, as `urlint check .` does not.
urlint_repo=$PWD
user="$work/user"
mkdir -p "$user/docs"
cp fixtures/ecosystem/bad.txt fixtures/ecosystem/clean.txt "$user/docs/"
git -C "$user" init -q
git -C "$user" add docs
git -C "$user" -c user.name=ci -c user.email=ci@localhost commit -qm fixtures
cd "$user"
run fail "invalid-percent-escape" \
    pre-commit try-repo "$urlint_repo" urlint --files docs/bad.txt
run pass "Passed" \
    pre-commit try-repo "$urlint_repo" urlint --files docs/clean.txt
run pass "docs/bad.txt:5:3:news:12345667123%asdghfh@info.cern.ch" \
    pre-commit try-repo "$urlint_repo" urlint-extract --files docs/bad.txt
cd "$urlint_repo"

if [ "$failures" -ne 0 ]; then
    echo "pre-commit test: $failures check(s) failed"
    exit 1
fi
echo "pre-commit test: all checks passed"
