#!/usr/bin/env bash
# Memory of the services sharing a large fleet, and the gateway's paging (`npm run bench:share`).
#
#   bash bench/share/run.sh conductors        # N=100000: 3 conductors + 2 power-sync instances
#   bash bench/share/run.sh gateway           # N=1000000: one gateway, and GET /v1/nodes?limit=100
#   N=20000 RUNS=3 DEADLINE_S=1800 bash bench/share/run.sh conductors
#
# Each run starts a private nats-server with JetStream (on a free loopback port, its data in
# $OUT/nats-js, deleted afterwards), enrols the fleet at bus level (bench/share/seed.ts: the domain's
# events appended straight to the event store, many commits in flight), starts the services from
# their builds (apps/*/dist, rebuilt when a source is newer) with npm start's NODE_FLAGS
# (scripts/footprint.sh), and measures them (bench/share/share.ts says what and how). The last
# table gives medians (min–max) over the instances and the runs; every sample is kept in
# $OUT/results.jsonl, every process's log in $OUT/logs-<run>/.
#
# Environment: N (100000 for conductors, 1000000 for gateway), RUNS (1), DEADLINE_S (3600: everything
# is stopped and the run fails after that), OUT (.run/bench-share/<mode>-<UTC stamp>), NODE_FLAGS,
# NATS_GOMEMLIMIT (empty: none, as footprint.sh advises for fleets this size), CONDUCTORS (3),
# POWER_SYNCS (2), START_TOGETHER (1: start them at once), SYNC_POWER_STATE_INTERVAL (60), SYNC_POWER_STATE_WORKERS, PASS_TIMEOUT_S (900),
# RELAY_TIMEOUT_S (600), SETTLE_S (30), REQUESTS (50), SEED_IN_FLIGHT (256). Everything it starts
# is stopped, and the JetStream data deleted, when it ends, fails, is interrupted or hits the deadline.
set -euo pipefail
cd "$(dirname "$0")/../.."

MODE=${1:-${MODE:-conductors}}
case "$MODE" in
  conductors) N=${N:-100000} ;;
  gateway) N=${N:-1000000} ;;
  *) echo "bench:share: mode must be conductors or gateway, not $MODE" >&2; exit 2 ;;
esac
RUNS=${RUNS:-1}
DEADLINE_S=${DEADLINE_S:-3600}
export DEADLINE_AT=$(( ($(date +%s) + DEADLINE_S) * 1000 ))
OUT=${OUT:-$PWD/.run/bench-share/$MODE-$(date -u +%Y%m%dT%H%M%SZ)}
results=$OUT/results.jsonl
mkdir -p "$OUT"
: "${NATS_GOMEMLIMIT=}"
source scripts/footprint.sh
# The simulator and power sync hold a connection per BMC at times.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
die() { echo "bench:share: $*" >&2; exit 1; }

bash scripts/build-if-stale.sh || die "the build failed"

nats_bin=$(command -v nats-server || echo /usr/sbin/nats-server)
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
nats_pid= driver_pid=
stop_all() {
  if [ -n "$driver_pid" ]; then kill "$driver_pid" 2>/dev/null || true; wait "$driver_pid" 2>/dev/null || true; driver_pid=; fi
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
  stop_all
  [ "$status" -eq 0 ] || echo "bench:share: FAILED (exit $status); logs in $OUT/logs-*" >&2
  exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

echo "bench:share $MODE: N=$N, RUNS=$RUNS, NODE_FLAGS='$NODE_FLAGS', NATS_GOMEMLIMIT='$NATS_GOMEMLIMIT', deadline $(date -u -d "@$((DEADLINE_AT / 1000))" +%H:%M:%S) UTC; results in $OUT/"
for run in $(seq "$RUNS"); do
  logs=$OUT/logs-$run
  mkdir -p "$logs"
  port=$(free_port)
  GOMEMLIMIT=$NATS_GOMEMLIMIT "$nats_bin" -a 127.0.0.1 -p "$port" -js -sd "$OUT/nats-js" -l "$logs/nats-server.log" </dev/null >/dev/null 2>&1 &
  nats_pid=$!
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || die "nats-server did not start; see $logs/nats-server.log"
  echo "run $run of $RUNS: nats-server (pid $nats_pid) at nats://127.0.0.1:$port"
  NATS_URL=nats://127.0.0.1:$port NATS_PID=$nats_pid N=$N RUN=$run OUT=$logs \
    node --import ./scripts/register-ts.mjs bench/share/share.ts "$MODE" "$results" &
  driver_pid=$!
  wait "$driver_pid" || die "run $run failed"
  driver_pid=
  stop_all
done
if [ "$RUNS" -gt 1 ]; then node --import ./scripts/register-ts.mjs bench/share/share.ts report "$results"; fi
echo "results: $results"
