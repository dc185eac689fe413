#!/usr/bin/env bash
# Event-store benchmark (`npm run bench:store`): in-memory always; NATS JetStream on $NATS_URL, or
# on a private nats-server started here (and stopped again if it was not already running);
# KurrentDB when $KURRENTDB_URL is set, e.g. kurrentdb://127.0.0.1:2113?tls=false.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
if [ -z "${NATS_URL:-}" ]; then
  bash scripts/nats.sh status || trap 'bash scripts/nats.sh stop' EXIT
  NATS_URL=$(bash scripts/nats.sh start)
  export NATS_URL
fi

node --import ./scripts/register-ts.mjs libs/event-store/bench/store.bench.ts
