#!/usr/bin/env bash
# Installs what ironledger needs on a fresh Debian machine: npm dependencies (when missing or
# stale) and, through scripts/nats.sh, a nats-server when none is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm install` rather than `npm ci`: registries may serve @swc/core without every other
# platform's optional binary (e.g. @swc/core-darwin-arm64), which `npm ci` insists on.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund
fi
