#!/usr/bin/env bash
# The whole system on one machine (`npm start`): a private NATS with JetStream (the embedded
# event store), a simulated fleet of Redfish BMCs, two conductors, power sync and the gateway
# (Ironic API on http://127.0.0.1:${GATEWAY_PORT:-6385}), then enrolls the fleet through the API.
# With STACK=all-in-one the gateway, one conductor and power sync run in one process instead.
# Ctrl-C stops everything. Environment: FLEET_SIZE (default 50), GATEWAY_PORT, BMC_SIM_PORT,
# SYNC_POWER_STATE_INTERVAL (default 10 s here), LOG_FORMAT (text here), STACK (services or
# all-in-one), NODE_FLAGS and NATS_GOMEMLIMIT (scripts/footprint.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

STACK=${STACK:-services}
case "$STACK" in services|all-in-one) ;; *) echo "STACK must be services or all-in-one, not $STACK" >&2; exit 2 ;; esac
source scripts/footprint.sh
bash scripts/setup.sh
npm run build --silent

bash scripts/nats.sh status || started_nats=1
NATS_URL=$(bash scripts/nats.sh start)
export NATS_URL LOG_FORMAT=${LOG_FORMAT:-text}
export GATEWAY_PORT=${GATEWAY_PORT:-6385} BMC_SIM_PORT=${BMC_SIM_PORT:-8000} FLEET_SIZE=${FLEET_SIZE:-50}
export SYNC_POWER_STATE_INTERVAL=${SYNC_POWER_STATE_INTERVAL:-10}
# The fleet's nodes boot the agent from virtual media (to clean, and to deploy with `direct`, the
# default) from this ISO; the simulator's systems boot their simulated agent from any ISO and never read it.
export DEPLOY_ISO=${DEPLOY_ISO:-http://127.0.0.1:$BMC_SIM_PORT/images/ipa.iso} RESCUE_ISO=${RESCUE_ISO:-http://127.0.0.1:$BMC_SIM_PORT/images/ipa.iso}
export RAMDISK_API_URL=${RAMDISK_API_URL:-http://127.0.0.1:$GATEWAY_PORT}

logs=.run/logs
mkdir -p "$logs"
pids=()
stop() {
  trap - INT TERM EXIT
  echo "stopping…"
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  [ -n "${started_nats:-}" ] && bash scripts/nats.sh stop
  exit 0
}
trap stop INT TERM EXIT

# start NAME ENTRY [VAR=value…]: runs a built app in the background, logging to .run/logs/NAME.log,
# and waits for its "ready" line.
start() {
  local name=$1 entry=$2; shift 2
  # shellcheck disable=SC2086 # NODE_FLAGS holds several flags
  env "$@" node $NODE_FLAGS "$entry" >"$logs/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do
    grep -qE "${READY:-ready(:| at)}" "$logs/$name.log" && { echo "  $name: $(grep -m1 -oE "${READY:-ready(:| at)}.*" "$logs/$name.log" | cut -c1-100)"; return; }
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "$name failed:"; cat "$logs/$name.log"; exit 1; }
    sleep 0.1
  done
  echo "$name did not become ready; see $logs/$name.log"; exit 1
}

echo "ironledger: NATS $NATS_URL, logs in $logs/"
start bmc-sim apps/bmc-sim/dist/main.js BMC_SIM_SYSTEMS="$FLEET_SIZE" BMC_SIM_IRONIC_URL="$RAMDISK_API_URL"
if [ "$STACK" = all-in-one ]; then
  # Ready once its gateway listens (its conductor and power sync say so before).
  READY='ready: listening' start all-in-one apps/all-in-one/dist/main.js CONDUCTOR_ID=conductor-1 CONDUCTOR_METRICS_PORT=9101 POWER_SYNC_ID=power-sync-1 POWER_SYNC_METRICS_PORT=9103
else
  start conductor-1 apps/conductor/dist/main.js CONDUCTOR_ID=conductor-1 METRICS_PORT=9101
  start conductor-2 apps/conductor/dist/main.js CONDUCTOR_ID=conductor-2 METRICS_PORT=9102
  start power-sync apps/power-sync/dist/main.js POWER_SYNC_ID=power-sync-1 METRICS_PORT=9103
  start gateway apps/gateway/dist/main.js
fi
node scripts/enroll-fleet.mjs "http://127.0.0.1:$GATEWAY_PORT" "http://127.0.0.1:$BMC_SIM_PORT" "$FLEET_SIZE"

cat <<MSG

Console:     http://127.0.0.1:$GATEWAY_PORT/console/   (API reference: http://127.0.0.1:$GATEWAY_PORT/v1/api-ref/)
Ironic API:  http://127.0.0.1:$GATEWAY_PORT   (OS_AUTH_TYPE=none OS_ENDPOINT=http://127.0.0.1:$GATEWAY_PORT baremetal node list)
             The simulated systems run an agent when they boot virtual media: provide a node to clean
             it, set an image_source (and its checksum) to deploy one.
Events:      curl -N http://127.0.0.1:$GATEWAY_PORT/v1/events
Metrics:     http://127.0.0.1:$GATEWAY_PORT/metrics (gateway), http://127.0.0.1:9101/metrics (conductor-1), :9102 (conductor-2, not with STACK=all-in-one), :9103 (power-sync)
Ctrl-C stops everything.
MSG
wait
