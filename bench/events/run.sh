#!/usr/bin/env bash
# Lifecycle-event benchmarks on a private nats-server (JetStream, file storage) of their own, so
# that no test run shares the server: seeds the 1,000,000-event store once (kept in
# .run/bench-events/js between runs), then runs the rebuild, latency and relay catch-up
# benchmarks and writes their Markdown to .run/bench-events/<stamp>/results.md.
#   bash bench/events/run.sh                 # everything
#   ONLY="rebuild latency" bash bench/events/run.sh
#   env: RUNS (5), RATE (500), SECONDS_PER_RUN (20), EVENTS (1000000), BREAKDOWN=1,
#        SSE=gateway (start a gateway from source on the private server and measure its SSE stream
#        beside NATS) or SSE=<URL of a running gateway that uses this NATS_URL's store>
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=.run/bench-events
mkdir -p "$dir"
bin=$(command -v nats-server || echo /usr/sbin/nats-server)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
setsid "$bin" -a 127.0.0.1 -p "$port" -js -sd "$dir/js" -l "$dir/nats.log" </dev/null >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
export NATS_URL="nats://127.0.0.1:$port"
out="$dir/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
run() { node --import ./scripts/register-ts.mjs "$@"; }
if [ "${SSE:-}" = gateway ]; then
  # A gateway of our own on an isolated store; the latency benchmark appends to that store.
  export JETSTREAM_STREAM=BENCH_SSE_GATEWAY JETSTREAM_SUBJECT_PREFIX=bench.sse.gateway
  gw_port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  GATEWAY_PORT=$gw_port setsid node --import ./scripts/register-ts.mjs apps/gateway/src/main.ts </dev/null >"$out/gateway.log" 2>&1 &
  gateway=$!
  trap 'kill $gateway 2>/dev/null || true; kill $server 2>/dev/null || true' EXIT
  for _ in $(seq 300); do grep -q ready "$out/gateway.log" && break; sleep 0.1; done
  SSE="http://127.0.0.1:$gw_port"
fi
only=${ONLY:-"rebuild latency catchup"}
{
  echo "## Lifecycle events"
  echo
  [[ " $only " == *" rebuild "* ]] && run bench/events/rebuild.bench.ts --events "${EVENTS:-1000000}" --runs "${RUNS:-5}" ${BREAKDOWN:+--breakdown}
  [[ " $only " == *" latency "* ]] && run bench/events/latency.bench.ts --rate "${RATE:-500}" --seconds "${SECONDS_PER_RUN:-20}" --runs "${RUNS:-5}" ${SSE:+--sse "$SSE"}
  [[ " $only " == *" catchup "* ]] && run bench/events/relay-catchup.bench.ts
  true
} | tee "$out/results.md"
echo "results: $out/results.md" >&2
