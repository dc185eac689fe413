#!/usr/bin/env bash
# Redraws docs/states.svg from the state machine table; installs Graphviz when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v dot >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq graphviz >/dev/null
fi
node --import ./scripts/register-ts.mjs libs/domain/tools/draw-states.ts docs/states.svg
