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
if [ -z "${NATS_URL:-}" ]; then
  dir=$(mktemp -d)
  bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  setsid "$bin" -a 127.0.0.1 -p "$port" -js -sd "$dir" </dev/null >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null || true; rm -rf "$dir"' EXIT
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  export NATS_URL="nats://127.0.0.1:$port"
fi
node --import ./scripts/register-ts.mjs bench/deploy/deploy.bench.ts --nodes "${N:-1000}" --rounds "${ROUNDS:-3}" --image-mib "${IMAGE_MIB:-1}" --concurrency "${C:-64}"
