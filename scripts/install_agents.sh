#!/usr/bin/env bash
# Install the agent binaries the real-agent system suite (tests/system/agents/) runs:
# Claude Code 2.1.332 and 2.1.197 and Codex CLI 0.171.0, each from npm into its own
# prefix under DIR (default: .agents/ in the repository, which git ignores). Idempotent:
# a version already installed is not fetched again. Prints the bin folders; the suite
# finds them there by itself (or put one on PATH to use it).
#
#   scripts/install_agents.sh [DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$root/.agents}"
command -v npm >/dev/null 2>&1 || { echo "install_agents: npm is needed (apt-get install npm)" >&2; exit 2; }
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

install_one() {  # name package version binary
    local prefix="$dir/$1-$3" bin="$dir/$1-$3/node_modules/.bin/$4"
    if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -qF "$3"; then
        echo "install_agents: $1 $3 already in $prefix" >&2
    else
        echo "install_agents: installing $2@$3 into $prefix" >&2
        npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "$2@$3" >&2
    fi
    "$bin" --version >/dev/null  # fails (set -e) when the install did not give a working binary
    dirname "$bin"
}

install_one claude @anthropic-ai/claude-code 2.1.332 claude
install_one claude @anthropic-ai/claude-code 2.1.197 claude
install_one codex @openai/codex 0.171.0 codex
