#!/usr/bin/env bash
# Proves the import boundaries are enforced (the rules themselves run with every `eslint .`):
#  - a probe importing NATS and node:fs into libs/domain must fail lint;
#  - probes importing across a forbidden edge of the lib graph (eslint.config.js, `LAYERS`) must
#    fail with @nx/enforce-module-boundaries, and one importing along an allowed edge must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Nx rule reads the project graph from .nx/; without it the rule only warns and skips.
npx nx show projects >/dev/null

probes=()
trap 'rm -f "${probes[@]}"' EXIT
# probe <file> <import>: a file that imports (and re-exports) a module.
probe() {
  probes+=("$1")
  printf "import * as probe from '%s';\nexport { probe };\n" "$2" > "$1"
}
lint() {
  local out
  out=$(npx eslint --no-warn-ignored "$@" 2>&1) && return 0
  printf '%s\n' "$out"
  return 1
}
fail() { echo "boundary check FAILED: $*" >&2; exit 1; }

domain=libs/domain/src/boundary-probe.ts
probes+=("$domain")
printf "import { connect } from '@nats-io/transport-node';\nimport { readFileSync } from 'node:fs';\nexport const probe = [connect, readFileSync];\n" > "$domain"
out=$(lint "$domain") && fail "the domain could import NATS and node:fs without a lint error"
grep -q "No cached ProjectGraph" <<<"$out" && fail "the Nx project graph is missing, so the boundary rule was skipped"
for rule in '@nx/enforce-module-boundaries' 'no-restricted-imports'; do
  grep -q "$rule" <<<"$out" || { echo "$out" >&2; fail "$rule did not fire"; }
done
echo "boundary check passed: the domain cannot import NATS or Node I/O modules"

# Forbidden edges, none of which closes a cycle (Nx reports an upward import in the chain as a
# circular dependency before it looks at tags): <directory> <import> <what Nx must say>.
tagged='can only depend on libs tagged with|cannot depend on any libs with tags'
forbidden=(
  "libs/contracts/src|@ironledger/observability|$tagged"
  "libs/bus/src|@ironledger/drivers|$tagged"
  "libs/event-store/src|@ironledger/drivers|$tagged"
  "libs/application/src|@ironledger/drivers|$tagged"
  "libs/drivers/src|@ironledger/event-store|$tagged"
  "libs/drivers/src|@ironledger/bmc-sim|$tagged"
  "libs/observability/src|@ironledger/domain|$tagged"
  "apps/gateway/src|@ironledger/conductor/service|$tagged"
)
for edge in "${forbidden[@]}"; do
  IFS='|' read -r dir module says <<<"$edge"
  file="$dir/boundary-probe.ts"
  probe "$file" "$module"
  out=$(lint "$file") && fail "$dir could import $module without a lint error"
  grep -qE "$says" <<<"$out" || { echo "$out" >&2; fail "@nx/enforce-module-boundaries did not refuse $dir -> $module"; }
  rm -f "$file"
done
echo "boundary check passed: ${#forbidden[@]} forbidden edges of the lib graph fail lint"

# An allowed edge lints clean, so the rule is not refusing everything.
probe libs/lifecycle-events/src/boundary-probe.ts @ironledger/application
lint libs/lifecycle-events/src/boundary-probe.ts >/dev/null || fail "lifecycle-events could not import application, which the lib graph allows"
echo "boundary check passed: an allowed edge (lifecycle-events -> application) lints clean"
