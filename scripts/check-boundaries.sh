#!/usr/bin/env bash
# Proves the domain's import boundary is enforced: a probe importing NATS and node:fs into
# libs/domain must fail lint. (The rule itself runs with every `eslint .`.)
set -euo pipefail
cd "$(dirname "$0")/.."
probe=libs/domain/src/boundary-probe.ts
trap 'rm -f "$probe"' EXIT
printf "import { connect } from '@nats-io/transport-node';\nimport { readFileSync } from 'node:fs';\nexport const probe = [connect, readFileSync];\n" > "$probe"
if out=$(npx eslint --no-warn-ignored "$probe" 2>&1); then
  echo "boundary check FAILED: the domain could import NATS and node:fs without a lint error" >&2; exit 1
fi
for rule in '@nx/enforce-module-boundaries' 'no-restricted-imports'; do
  grep -q "$rule" <<<"$out" || { echo "boundary check FAILED: $rule did not fire" >&2; echo "$out" >&2; exit 1; }
done
echo "boundary check passed: the domain cannot import NATS or Node I/O modules"
