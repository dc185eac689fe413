#!/usr/bin/env bash
# Installs what ironledger needs on a fresh Debian machine: npm dependencies (when missing or
# stale) and, through scripts/nats.sh, a nats-server when none is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
