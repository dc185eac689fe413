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
node --import ./scripts/register-ts.mjs bench/keystone/latency.bench.ts --nodes "${N:-300}" --rounds "${ROUNDS:-7}" --requests "${K:-1000}"
