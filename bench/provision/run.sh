#!/usr/bin/env bash
# Provisioning throughput and read latency: ironledger vs the real OpenStack Ironic 21.4, same load
# (bench/provision/load.ts, the workload of the Ironic anchor's load.py), same machine, back to back.
#
#   bash bench/provision/run.sh            # R=3 of each side, ironledger N=1000, Ironic N=200, C=16
#
# Both sides first run the workload on WARMUP nodes (default 1000), unmeasured, then tear them down
# and delete them (load.ts --warmup): the measured run finds a system in its steady state on an
# empty fleet. WARMUP=0 measures from a cold start instead (a freshly started process, JIT and all).
#
# Each repetition of a side starts from nothing:
#   ironledger: 1 conductor + gateway (bench/provision/ironledger.ts; STACK=all-in-one: the one process
#               running both and power sync), the built apps as npm start runs them (built first
#               when a source is newer), on a NEW isolated JetStream stream
#               of a private nats-server started here for the whole run (or $NATS_URL when set);
#               gateway on a free port (never 6385)
#   Ironic:     RESET=1 $ANCHOR/setup.sh (empty SQLite DB; installs Debian's packages the first time),
#               API on 127.0.0.1:6385; $ANCHOR/stop.sh at the end
# Repetitions alternate (ironledger 1, Ironic 1, ironledger 2, ...) so drifting background load hits
# both sides alike. Before each repetition the machine's CPU use WITHOUT the systems under test is
# sampled (and waited on, see QUIET_*); load.ts also reports the CPU other processes used during
# the run. Results: $OUT/{ironledger,ironic}-R.{json,md}, machine.txt, summary.md, and the
# side-by-side table (medians, ratios) printed at the end by compare.ts.
#
# Environment: R (3), C (16), WARMUP (1000), IRONLEDGER_N (1000), IRONIC_N (200: Ironic's nodes/s is
# flat in N, and N=1000 takes ~7 min per run; its warm-up takes about as long), READ_SECONDS (10), KEEPALIVE=1 (reuse connections), POLL_MS (100),
# SKIP_IRONIC=1, SKIP_IRONLEDGER=1, PROFILE=1 (ironledger under the V8 CPU profiler, summary per process: areas, functions, activities),
# PROFILE=alloc (what ironledger's processes allocate, per process and per node; warm-up and reads included),
# PROFILE=promoted (the same, of what outlived the young generation: what mark-compacts collect),
# PROFILE=gc (ironledger's garbage collections during the load: count and main-thread pause by kind), READ=0 (no read test),
# STACK (services | all-in-one), NODE_FLAGS (flags for `node` in ironledger's services, e.g. npm start's from scripts/footprint.sh; default none),
# QUIET_MAX_BUSY (35) / QUIET_WAIT_S (300): before each repetition wait up to QUIET_WAIT_S for the
# machine to be at most QUIET_MAX_BUSY % busy without us (shared boxes: see machine.txt),
# ANCHOR (/work/shared/anchors/ironic), OUT (.run/bench-provision/<UTC stamp>).
set -euo pipefail
cd "$(dirname "$0")/../.."

R=${R:-3}
C=${C:-16}
WARMUP=${WARMUP:-1000}
IRONLEDGER_N=${IRONLEDGER_N:-1000}
IRONIC_N=${IRONIC_N:-200}
READ_SECONDS=${READ_SECONDS:-10}
POLL_MS=${POLL_MS:-100}
QUIET_MAX_BUSY=${QUIET_MAX_BUSY:-35}
QUIET_WAIT_S=${QUIET_WAIT_S:-300}
ANCHOR=${ANCHOR:-/work/shared/anchors/ironic}
IRONIC_STATE=/var/lib/ironic-anchor
OUT=${OUT:-.run/bench-provision/$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$OUT"
TS=(node --import ./scripts/register-ts.mjs)
source bench/provision/launcher.sh
LOAD_ARGS=(-c "$C" --warmup "$WARMUP" --poll-ms "$POLL_MS" --read-seconds "$READ_SECONDS")
[ "${KEEPALIVE:-0}" = 1 ] && LOAD_ARGS+=(--keepalive)
[ "${READ:-1}" = 0 ] && LOAD_ARGS+=(--no-read)
[ "${PROFILE:-0}" = promoted ] && export ALLOC_PROFILE_PROMOTED=1

NATS_PID=""
LAUNCHER=""
IRONIC_STARTED=0
cleanup() {
  [ -n "$LAUNCHER" ] && kill -TERM "$LAUNCHER" 2>/dev/null && wait "$LAUNCHER" 2>/dev/null || true
  [ "$IRONIC_STARTED" = 1 ] && "$ANCHOR/stop.sh" >/dev/null 2>&1 || true
  [ -n "$NATS_PID" ] && kill -TERM "$NATS_PID" 2>/dev/null && wait "$NATS_PID" 2>/dev/null || true
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# "<busy %> <steal %>" of all CPUs over $1 seconds, from /proc/stat
cpu_busy() {
  local a b
  a=$(head -1 /proc/stat); sleep "$1"; b=$(head -1 /proc/stat)
  awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); t = 0
    for (i = 2; i <= 9; i++) t += y[i] - x[i]
    idle = (y[5] - x[5]) + (y[6] - x[6]); st = y[9] - x[9]
    printf "%.0f %.0f", 100 * (t - idle) / t, 100 * st / t }'
}
# Before each repetition: sample the machine (nothing of ours running) 5 s at a time until it is at
# most QUIET_MAX_BUSY % busy, for at most QUIET_WAIT_S; then note how busy it was.
machine_note() { # side rep
  local busy start=$SECONDS
  while :; do
    busy=$(cpu_busy 5)
    [ "${busy%% *}" -le "$QUIET_MAX_BUSY" ] && break
    [ $((SECONDS - start)) -ge "$QUIET_WAIT_S" ] && { echo "machine still ${busy%% *} % busy after ${QUIET_WAIT_S} s: running anyway"; break; }
  done
  echo "$1 $2 busy_pct_steal_pct_before=${busy// //} waited_s=$((SECONDS - start)) loadavg=$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' '/') nproc=$(nproc)" | tee -a "$OUT/machine.txt"
}

echo "bench/provision: R=$R C=$C warm-up $WARMUP nodes, ironledger N=$IRONLEDGER_N, Ironic N=$IRONIC_N, poll ${POLL_MS} ms, read ${READ_SECONDS} s, keep-alive ${KEEPALIVE:-0}; results in $OUT"

# Quiet box: no Ironic from an earlier run (stop.sh only touches the anchor's own PIDs).
[ "${SKIP_IRONIC:-0}" = 1 ] || "$ANCHOR/stop.sh" >/dev/null 2>&1 || true

[ "${SKIP_IRONLEDGER:-0}" = 1 ] || bash scripts/build-if-stale.sh

if [ "${SKIP_IRONLEDGER:-0}" != 1 ] && [ -z "${NATS_URL:-}" ]; then
  bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  [ -x "$bin" ] || { echo "nats-server is missing: \`bash scripts/nats.sh start\` installs Debian's package" >&2; exit 1; }
  port=$(free_port)
  "$bin" -a 127.0.0.1 -p "$port" -js -sd "$OUT/nats" -l "$OUT/nats.log" </dev/null >/dev/null 2>&1 &
  NATS_PID=$!
  export NATS_URL="nats://127.0.0.1:$port"
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  echo "private nats-server $NATS_URL (pid $NATS_PID)"
fi

run_ironledger() { # rep
  local r=$1 log="$OUT/ironledger-$1.launcher.log" info api pids
  machine_note ironledger "$r"
  local extra=()
  [ "${PROFILE:-0}" = 1 ] && extra=(--profile-dir "$OUT/profiles/$r")
  [[ "${PROFILE:-0}" =~ ^(alloc|promoted)$ ]] && extra=(--alloc-dir "$OUT/allocations/$r")
  [ "${PROFILE:-0}" = gc ] && extra=(--gc-dir "$OUT/gc/$r")
  "${TS[@]}" bench/provision/ironledger.ts "${extra[@]}" >"$log" 2>&1 &
  LAUNCHER=$!
  info=$(await_launcher "$log" "$LAUNCHER") || exit 1
  api=$(launcher_field "$info" api)
  pids="$(launcher_pids "$info")${NATS_PID:+,nats-server=$NATS_PID}"
  echo "ironledger #$r: $info"
  # Allocation sampling and GC counting start now, after start-up.
  [[ "${PROFILE:-0}" =~ ^(alloc|promoted|gc)$ ]] && for pid in $(launcher_field "$info" pids | grep -o '[0-9]*'); do kill -USR2 "$pid"; done
  "${TS[@]}" bench/provision/load.ts --api "$api" -n "$IRONLEDGER_N" "${LOAD_ARGS[@]}" --pids "$pids" \
    --label "ironledger #$r" --json-out "$OUT/ironledger-$r.json" --quiet | tee "$OUT/ironledger-$r.md" | head -n -1 \
    || echo "ironledger #$r: some nodes failed (see $OUT/ironledger-$r.json)"
  kill -TERM "$LAUNCHER"; wait "$LAUNCHER" || true; LAUNCHER=""
  if [ "${PROFILE:-0}" = 1 ]; then
    "${TS[@]}" bench/provision/profile-summary.ts "$OUT/profiles/$r" --activities | tee "$OUT/profile-$r.md"
  fi
  if [[ "${PROFILE:-0}" =~ ^(alloc|promoted)$ ]]; then
    "${TS[@]}" bench/provision/alloc-summary.ts "$OUT/allocations/$r" --per "$((IRONLEDGER_N + WARMUP))" | tee "$OUT/allocations-$r.md"
  fi
  if [ "${PROFILE:-0}" = gc ]; then
    cat "$OUT/gc/$r"/GC.*.json | tee "$OUT/gc-$r.jsonl"
  fi
}

run_ironic() { # rep
  local r=$1 pids
  "$ANCHOR/stop.sh" >/dev/null 2>&1 || true
  machine_note ironic "$r"
  RESET=1 "$ANCHOR/setup.sh" >"$OUT/ironic-$r.setup.log" 2>&1 || { cat "$OUT/ironic-$r.setup.log" >&2; exit 1; }
  IRONIC_STARTED=1
  pids="ironic-api=$(cat "$IRONIC_STATE/api.pid"),ironic-conductor=$(cat "$IRONIC_STATE/conductor.pid")"
  echo "Ironic #$r: $(grep -m1 'ironic version' "$OUT/ironic-$r.setup.log"), pids $pids"
  "${TS[@]}" bench/provision/load.ts --api http://127.0.0.1:6385 -n "$IRONIC_N" "${LOAD_ARGS[@]}" --pids "$pids" \
    --label "Ironic #$r" --json-out "$OUT/ironic-$r.json" --quiet | tee "$OUT/ironic-$r.md" | head -n -1 \
    || echo "Ironic #$r: some nodes failed (see $OUT/ironic-$r.json)"
  "$ANCHOR/stop.sh" >/dev/null 2>&1 || true
  IRONIC_STARTED=0
}

for r in $(seq "$R"); do
  [ "${SKIP_IRONLEDGER:-0}" = 1 ] || run_ironledger "$r"
  [ "${SKIP_IRONIC:-0}" = 1 ] || run_ironic "$r"
done

echo
"${TS[@]}" bench/provision/compare.ts "$OUT"
