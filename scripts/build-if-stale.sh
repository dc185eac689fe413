#!/usr/bin/env bash
# Builds the workspace (`npm run build`) when an app's or a library's dist is missing or older
# than its sources (tests aside): the benchmarks run the built apps, as `npm start` does.
set -euo pipefail
cd "$(dirname "$0")/.."

stale() {
  local dir newest
  for dir in apps/bmc-sim apps/conductor apps/power-sync apps/gateway apps/all-in-one libs/*; do
    [ -d "$dir/src" ] || continue
    newest=$(find "$dir/dist" -type f -printf '%T@ %p\n' 2>/dev/null | sort -n | tail -1 | cut -d' ' -f2-)
    [ -n "$newest" ] || return 0
    [ -z "$(find "$dir/src" -name '*.ts' ! -name '*.spec.ts' -newer "$newest" -print -quit)" ] || return 0
  done
  return 1
}

if stale; then
  echo "building (a dist is missing or older than its sources)…" >&2
  npm run build --silent >&2
fi
