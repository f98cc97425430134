#!/usr/bin/env bash
# Audit 3a, defects 1 and 13: what a forget or a purge leaves after sync, undo, sync.
# Two workspaces and a bare remote in a scratch folder; the memctl on PATH is measured:
#   PATH=$VENV/bin:$PATH bash bench/sync_forget.sh
set -e
R=$(mktemp -d); git init -q --bare $R/mem.git
memctl -q init $R/a >/dev/null; printf 'sync:\n  remote: %s\n' $R/mem.git >> $R/a/memctl.yaml
memctl -q -w $R/a save "Ops note: the vault code is Kestrel-5521." >/dev/null
memctl -q -w $R/a save "Deploys happen on Tuesdays." >/dev/null
memctl -q -w $R/a save "Marco owns billing." >/dev/null; memctl -q -w $R/a save "Backups run at 02:00." >/dev/null
memctl -q -w $R/a sync
memctl -q init --from $R/mem.git $R/b >/dev/null
memctl -q -w $R/b forget "Tuesdays" >/dev/null
memctl -q -w $R/b sync; memctl -q -w $R/a sync
memctl -q -w $R/a forget Kestrel-5521 --purge --all >/dev/null
memctl -q -w $R/a sync; memctl -q -w $R/b sync
echo "after the purge's sync, B files holding it: $(grep -rl Kestrel $R/b --exclude-dir=sync.git | wc -l)"
memctl -q -w $R/b undo; memctl -q -w $R/b sync; memctl -q -w $R/a sync
echo "after B's undo and syncs, files holding it: A $(grep -rl Kestrel $R/a --exclude-dir=sync.git | wc -l), B $(grep -rl Kestrel $R/b --exclude-dir=sync.git | wc -l), remote tip MEMORY.md $(git -C $R/mem.git show main:MEMORY.md | grep -c Kestrel || true)"
memctl -q -w $R/a forget "Marco owns billing" >/dev/null; memctl -q -w $R/a sync; memctl -q -w $R/b sync
memctl -q -w $R/b undo; memctl -q -w $R/b sync; memctl -q -w $R/a sync
echo "plain forget, after B's undo and syncs, MEMORY.md stating it: A $(grep -c Marco $R/a/MEMORY.md || true), B $(grep -c Marco $R/b/MEMORY.md || true), remote tip $(git -C $R/mem.git show main:MEMORY.md | grep -c Marco || true)"
memctl -w $R/b forget "Backups run" --replace "Backups run at 03:00." >/dev/null 2>&1 || true
echo "a correction, B dry run: $(memctl -w $R/b sync --dry-run 2>&1 | tail -1)"; echo "its commit: $(memctl -q -w $R/b sync; git -C $R/mem.git log -1 --format=%s main)"
rm -rf $R
