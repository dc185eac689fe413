#!/usr/bin/env bash
# Memory benchmark (`npm run bench:memory`): the whole stack idle with N Redfish nodes.
#
#   bash bench/memory/run.sh              # N=10000, one run
#   N=100000 RUNS=1 bash bench/memory/run.sh
#   STACK=services bash bench/memory/run.sh     # gateway, conductor and power sync as three processes
#
# Each run starts, from the built apps (apps/*/dist, rebuilt when a source is newer), a private
# nats-server with JetStream (data in $OUT/nats-js, on a free port), the BMC simulator with N systems,
# the gateway, one conductor and power sync (one process, as npm start runs them, or three with
# STACK=services), with npm start's settings (power sync every 10 s; scripts/footprint.sh's runtime
# settings); enrolls N Redfish nodes pointing at the simulator and manages them
# (scripts/enroll-fleet.mjs, through the Ironic API, 8 at a time); then bench/memory/measure.ts
# waits until every node is verified and 45 s more (the 300 MB target's measure), and prints each
# process's RSS and V8 heap (read from the services' Prometheus metrics; nothing is forced or
# changed). With AFTER_VERIFIED_S empty it waits instead until power sync has read every BMC in a
# pass begun after verification and the stack's CPU has settled for 10 s. With RUNS > 1 the stack
# is started afresh for each run and the last table shows medians (min–max).
#
# Environment: N (10000), RUNS (1), STACK (all-in-one, or services), NODE_FLAGS and NATS_GOMEMLIMIT
# (scripts/footprint.sh), SYNC_POWER_STATE_INTERVAL (10, as npm start sets it), AFTER_VERIFIED_S
# (45; empty: wait for a pass and a settled CPU), SETTLE_S (10), SETTLE_CPU (5: % of one core), OUT (.run/bench-memory/<UTC stamp>: logs and results.jsonl),
# PASS_TIMEOUT_S (1800), SETTLE_TIMEOUT_S (300). Everything it starts is stopped, and the
# JetStream data deleted, when it ends, fails or is interrupted.
set -euo pipefail
cd "$(dirname "$0")/../.."

N=${N:-10000}
RUNS=${RUNS:-1}
STACK=${STACK:-all-in-one}
case "$STACK" in services|all-in-one) ;; *) echo "bench:memory: STACK must be services or all-in-one, not $STACK" >&2; exit 2 ;; esac
export SYNC_POWER_STATE_INTERVAL=${SYNC_POWER_STATE_INTERVAL:-10}
export AFTER_VERIFIED_S=${AFTER_VERIFIED_S-45}
OUT=${OUT:-$PWD/.run/bench-memory/$(date -u +%Y%m%dT%H%M%SZ)}
results=$OUT/results.jsonl
mkdir -p "$OUT"
# The simulator and the services hold a connection per BMC at times: allow as many open files as the hard limit.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

die() { echo "bench:memory: $*" >&2; exit 1; }
# The runtime settings npm start uses (NODE_FLAGS, NATS_GOMEMLIMIT), unless set.
source scripts/footprint.sh

bash scripts/nats.sh install
nats_bin=$(command -v nats-server || echo /usr/sbin/nats-server)

bash scripts/build-if-stale.sh || die "the build failed"

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

pids=()
nats_pid=
stop_all() {
  if [ ${#pids[@]} -gt 0 ]; then
    kill "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
  fi
  pids=()
  if [ -n "$nats_pid" ]; then
    kill "$nats_pid" 2>/dev/null || true
    while kill -0 "$nats_pid" 2>/dev/null; do sleep 0.1; done
    nats_pid=
  fi
  rm -rf "$OUT/nats-js"
}
on_exit() {
  local status=$?
  trap - INT TERM EXIT
  echo "stopping…"
  stop_all
  [ "$status" -eq 0 ] || echo "bench:memory: FAILED (exit $status); logs in $OUT/logs-*" >&2
  exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

# start NAME ENTRY [VAR=value…]: a built app in the background, logging to $logs/NAME.log; waits for its
# "ready" line, and fails loudly if it exits or is not ready within 5 minutes (the simulator and the
# services loading 100,000 nodes take a while).
start() {
  local name=$1 entry=$2 flags=$NODE_FLAGS; shift 2
  [ "$name" != bmc-sim ] || flags=  # the simulator is not part of the stack
  # shellcheck disable=SC2086 # NODE_FLAGS holds several flags
  env "$@" node $flags "$entry" >"$logs/$name.log" 2>&1 &
  pids+=($!)
  eval "${name//-/_}_pid=$!"
  for _ in $(seq 3000); do
    if grep -qE "${READY:-ready(:| at)}" "$logs/$name.log"; then echo "  $name (pid ${pids[-1]}): $(grep -m1 -oE "${READY:-ready(:| at)}.*" "$logs/$name.log" | cut -c1-100)"; return; fi
    kill -0 "${pids[-1]}" 2>/dev/null || { tail -n 40 "$logs/$name.log" >&2; die "$name exited before it was ready; see $logs/$name.log"; }
    sleep 0.1
  done
  die "$name was not ready within 5 minutes; see $logs/$name.log"
}

echo "bench:memory: N=$N, RUNS=$RUNS, STACK=$STACK, power sync every ${SYNC_POWER_STATE_INTERVAL} s, sampled ${AFTER_VERIFIED_S:-(a pass and a settled CPU)}${AFTER_VERIFIED_S:+ s} after verification, NODE_FLAGS='$NODE_FLAGS', NATS_GOMEMLIMIT='$NATS_GOMEMLIMIT'; results in $OUT/"
for run in $(seq "$RUNS"); do
  logs=$OUT/logs-$run
  mkdir -p "$logs"
  nats_port=$(free_port)
  GOMEMLIMIT=$NATS_GOMEMLIMIT "$nats_bin" -a 127.0.0.1 -p "$nats_port" -js -sd "$OUT/nats-js" -l "$logs/nats-server.log" </dev/null >/dev/null 2>&1 &
  nats_pid=$!
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break; sleep 0.05; done
  (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null || die "nats-server did not start; see $logs/nats-server.log"
  export NATS_URL=nats://127.0.0.1:$nats_port
  sim_port=$(free_port) gateway_port=$(free_port) conductor_metrics=$(free_port) power_sync_metrics=$(free_port)

  echo "run $run of $RUNS: nats-server (pid $nats_pid) at $NATS_URL"
  start bmc-sim apps/bmc-sim/dist/main.js BMC_SIM_PORT="$sim_port" BMC_SIM_SYSTEMS="$N"
  api=http://127.0.0.1:$gateway_port
  if [ "$STACK" = all-in-one ]; then
    # Ready once its gateway listens (its conductor and power sync say so before).
    READY='ready: listening' start all-in-one apps/all-in-one/dist/main.js CONDUCTOR_ID=bench-conductor POWER_SYNC_ID=bench-power-sync GATEWAY_PORT="$gateway_port" POWER_SYNC_METRICS_PORT="$power_sync_metrics"
    # One runtime: the gateway's metrics show the heap of all three services.
    processes="all-in-one=$all_in_one_pid=$api/metrics"
  else
    start conductor apps/conductor/dist/main.js CONDUCTOR_ID=bench-conductor METRICS_PORT="$conductor_metrics"
    start power-sync apps/power-sync/dist/main.js POWER_SYNC_ID=bench-power-sync METRICS_PORT="$power_sync_metrics"
    start gateway apps/gateway/dist/main.js GATEWAY_PORT="$gateway_port"
    processes="gateway=$gateway_pid=$api/metrics,conductor=$conductor_pid=http://127.0.0.1:$conductor_metrics/metrics,power-sync=$power_sync_pid=http://127.0.0.1:$power_sync_metrics/metrics"
  fi

  node scripts/enroll-fleet.mjs "$api" "http://127.0.0.1:$sim_port" "$N" || die "enrolment failed"
  N=$N RUN=$run API=$api POWER_SYNC_METRICS=http://127.0.0.1:$power_sync_metrics/metrics PROCESSES="$processes,nats-server=$nats_pid,bmc-sim=$bmc_sim_pid" \
    node --import ./scripts/register-ts.mjs bench/memory/measure.ts sample "$results"
  stop_all
done

if [ "$RUNS" -gt 1 ]; then node --import ./scripts/register-ts.mjs bench/memory/measure.ts report "$results"; fi
echo "results: $results"
