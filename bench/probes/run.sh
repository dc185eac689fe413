#!/usr/bin/env bash
# Probes ironledger as its hardening issue was found, and checks the results (exit 1 on a problem):
# hostile input across every route, concurrent conflicting commands, SIGKILL of a conductor, a
# NATS outage under load, a bcrypt flood, slow-header sockets and 1,000 event streams; then zero
# 5xx (503 while NATS is down), no acknowledged transition lost, no node locked, no secret served.
# Starts its own nats-server (which it kills and restarts), two conductors and a gateway.
#
#   bash bench/probes/run.sh           the hardening probes (below)
#   bash bench/probes/run.sh ledger    the ledger's promises (bench/probes/ledger.ts): lost updates,
#                                      duplicate revisions on a cluster, masked identifiers, leaked
#                                      agent tokens, events per heartbeat; every count must be 0
#
# Environment: HOSTILE (10000 requests), CONFLICTING (100), OUTAGE_S (10), C (16 at once),
# OUT (.run/probes/<UTC stamp>: report.json and the processes' logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/setup.sh
case "${1:-hardening}" in
  hardening) exec node --import ./scripts/register-ts.mjs bench/probes/probe.ts ;;
  ledger) exec node --import ./scripts/register-ts.mjs bench/probes/ledger.ts ;;
  *) echo "usage: $0 [hardening|ledger]" >&2; exit 2 ;;
esac
