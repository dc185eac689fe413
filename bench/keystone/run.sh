#!/usr/bin/env bash
# Keystone benchmark (`npm run bench:keystone`): the latency AUTH_STRATEGY=keystone adds with a
# warm token cache, against the same gateway with AUTH_STRATEGY=noauth on the same fleet
# (bench/keystone/latency.bench.ts). Starts a real Keystone (scripts/keystone.sh, Debian's) and,
# unless NATS_URL is set, a private nats-server (JetStream data in a temporary directory, deleted
# at the end; a free port).
#
#   bash bench/keystone/run.sh                       # N=300 nodes, ROUNDS=7, K=1000 requests
#   N=500 ROUNDS=7 K=1000 bash bench/keystone/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/private-nats.sh
node --import ./scripts/register-ts.mjs bench/keystone/latency.bench.ts --nodes "${N:-300}" --rounds "${ROUNDS:-7}" --requests "${K:-1000}"
