#!/usr/bin/env bash
# Neovim headless against `urlint server`: opens a Markdown file (default
# fixtures/documents/markdown.md) and prints the diagnostics Neovim
# received. Needs nvim 0.7 or later (Debian: apt-get install neovim); skips,
# saying so, without it. URLINT names the binary (default: target/debug/urlint,
# built if missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v nvim >/dev/null 2>&1; then
    echo "nvim not found: skipping the Neovim check (apt-get install neovim)"
    exit 0
fi
urlint=${URLINT:-target/debug/urlint}
if [ ! -x "$urlint" ]; then
    cargo build --locked --quiet
fi
file=${1:-fixtures/documents/markdown.md}
URLINT=$urlint URLINT_FILE=$file \
    nvim --headless -u NONE -i NONE -n -c "luafile examples/nvim/headless.lua"
