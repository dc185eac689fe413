#!/usr/bin/env bash
# Deploy benchmark (`npm run bench:deploy`): N simulated Redfish nodes deployed at once through the
# ramdisk agent (virtual media boot, image written and checked by the simulated agents), ROUNDS
# times; prints nodes/s and the conductor's CPU per node, per round and as medians
# (bench/deploy/deploy.bench.ts). Runs on a private nats-server (JetStream data in a temporary
# directory, deleted at the end; a free port) unless NATS_URL is set.
#
#   bash bench/deploy/run.sh                          # N=1000, ROUNDS=3, 1 MiB image
#   N=200 ROUNDS=5 IMAGE_MIB=16 bash bench/deploy/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# Every simulated agent and BMC holds connections: allow as many open files as the hard limit.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
source bench/private-nats.sh
node --import ./scripts/register-ts.mjs bench/deploy/deploy.bench.ts --nodes "${N:-1000}" --rounds "${ROUNDS:-3}" --image-mib "${IMAGE_MIB:-1}" --concurrency "${C:-64}"
