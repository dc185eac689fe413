#!/usr/bin/env bash
# The whole system on one machine (`npm start`): a private NATS with JetStream (the embedded
# event store), a simulated fleet of Redfish BMCs (which also serves the demo's images), and the
# gateway (Ironic API on http://127.0.0.1:${GATEWAY_PORT:-6385}), a conductor and power sync in
# one process (apps/all-in-one, as Ironic's single-process `ironic`), then enrolls the fleet
# through the API, a port per node, ready to be cleaned, inspected, deployed and rescued. With
# STACK=services they run as separate services instead: two conductors, power sync and the
# gateway, four processes. Ctrl-C (or SIGTERM) stops everything. It exits non-zero, showing why,
# when a service cannot start or the fleet cannot be enrolled.
# Environment: FLEET_SIZE (default 50), GATEWAY_PORT, BMC_SIM_PORT (8000), METRICS_PORT_BASE
# (9100: conductor-1 on +1, conductor-2 on +2 with STACK=services, power sync on +3; 0: no metrics
# ports), RUN_DIR (.run: logs, and the NATS data unless NATS_DIR says otherwise),
# SYNC_POWER_STATE_INTERVAL (default 10 s here), LOG_FORMAT (text here), STACK (all-in-one, the
# default, or services), NODE_FLAGS and
# NATS_GOMEMLIMIT (scripts/footprint.sh), AUTH_STRATEGY (noauth, or http_basic: with
# HTTP_BASIC_AUTH_USER_FILE the fleet is enrolled as OS_USERNAME/OS_PASSWORD, a user of that file;
# without one, a user file is made for this run with OS_USERNAME (admin) and a random password).
set -euo pipefail
cd "$(dirname "$0")/.."

STACK=${STACK:-all-in-one}
case "$STACK" in all-in-one|services) ;; *) echo "STACK must be all-in-one or services, not $STACK" >&2; exit 2 ;; esac
source scripts/footprint.sh
RUN_DIR=$(mkdir -p "${RUN_DIR:-.run}" && cd "${RUN_DIR:-.run}" && pwd)
export NATS_DIR=${NATS_DIR:-$RUN_DIR/nats}
bash scripts/setup.sh
# tsc and vite print nothing while they work, which takes a minute or two on a fresh checkout.
echo "ironledger: building (tsc and the console; a minute or two the first time)…"
build_started=$SECONDS
npm run build --silent
echo "ironledger: built in $((SECONDS - build_started)) s"

bash scripts/nats.sh status || started_nats=1
NATS_URL=$(bash scripts/nats.sh start)
export NATS_URL LOG_FORMAT=${LOG_FORMAT:-text}
export GATEWAY_PORT=${GATEWAY_PORT:-6385} BMC_SIM_PORT=${BMC_SIM_PORT:-8000} FLEET_SIZE=${FLEET_SIZE:-50}
export SYNC_POWER_STATE_INTERVAL=${SYNC_POWER_STATE_INTERVAL:-10}
METRICS_PORT_BASE=${METRICS_PORT_BASE:-9100}
metrics_port() { [ "$METRICS_PORT_BASE" = 0 ] && echo 0 || echo $((METRICS_PORT_BASE + $1)); }
# The fleet's nodes boot the agent from virtual media (to clean, and to deploy with `direct`, the
# default) from this ISO; the simulator's systems boot their simulated agent from any ISO and never read it.
export DEPLOY_ISO=${DEPLOY_ISO:-http://127.0.0.1:$BMC_SIM_PORT/images/ipa.iso} RESCUE_ISO=${RESCUE_ISO:-http://127.0.0.1:$BMC_SIM_PORT/images/ipa.iso}
export RAMDISK_API_URL=${RAMDISK_API_URL:-http://127.0.0.1:$GATEWAY_PORT}

# http_basic: the enrolment below must log in as a user of the gateway's user file.
if [ "${AUTH_STRATEGY:-noauth}" = http_basic ]; then
  if [ -z "${HTTP_BASIC_AUTH_USER_FILE:-}" ]; then
    OS_USERNAME=${OS_USERNAME:-admin}
    OS_PASSWORD=${OS_PASSWORD:-$(node -e "console.log(require('node:crypto').randomBytes(12).toString('base64url'))")}
    HTTP_BASIC_AUTH_USER_FILE=$RUN_DIR/htpasswd
    (umask 077 && OS_USERNAME=$OS_USERNAME OS_PASSWORD=$OS_PASSWORD node -e "const b=require('bcryptjs');console.log(process.env.OS_USERNAME+':'+b.hashSync(process.env.OS_PASSWORD,10))" >"$HTTP_BASIC_AUTH_USER_FILE")
    cli_auth="OS_AUTH_TYPE=http_basic OS_USERNAME=$OS_USERNAME OS_PASSWORD=$OS_PASSWORD"
  elif [ -z "${OS_USERNAME:-}" ] || [ -z "${OS_PASSWORD:-}" ]; then
    echo "AUTH_STRATEGY=http_basic with HTTP_BASIC_AUTH_USER_FILE: set OS_USERNAME and OS_PASSWORD to a user of that file, to enroll the fleet as" >&2
    exit 2
  fi
  export AUTH_STRATEGY HTTP_BASIC_AUTH_USER_FILE OS_USERNAME OS_PASSWORD
  cli_auth=${cli_auth:-OS_AUTH_TYPE=http_basic OS_USERNAME=$OS_USERNAME OS_PASSWORD=…}
fi
cli_auth=${cli_auth:-OS_AUTH_TYPE=none}

logs=$RUN_DIR/logs
mkdir -p "$logs"
pids=()
# Stops what this script started; exits with `status` (0 after Ctrl-C or SIGTERM, else the failure's).
stop() {
  local status=$1
  trap - INT TERM EXIT
  echo "stopping…"
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  if [ -n "${started_nats:-}" ]; then bash scripts/nats.sh stop; fi
  exit "$status"
}
trap 'stop 0' INT TERM
trap 'stop $?' EXIT

# start NAME ENTRY [VAR=value…]: runs a built app in the background, logging to .run/logs/NAME.log,
# and waits for its "ready" line.
start() {
  local name=$1 entry=$2; shift 2
  # shellcheck disable=SC2086 # NODE_FLAGS holds several flags
  env "$@" node $NODE_FLAGS "$entry" >"$logs/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do
    grep -qE "${READY:-ready(:| at)}" "$logs/$name.log" && { echo "  $name: $(grep -m1 -oE "${READY:-ready(:| at)}.*" "$logs/$name.log" | cut -c1-100)"; return; }
    kill -0 "${pids[-1]}" 2>/dev/null || { echo "$name failed to start; its log ($logs/$name.log):" >&2; cat "$logs/$name.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "$name did not become ready in 30 s; its log ($logs/$name.log):" >&2; cat "$logs/$name.log" >&2; exit 1
}

echo "ironledger: NATS $NATS_URL, logs in $logs/"
# Booted systems run the simulated agent (it looks its node up by its ports' MACs) and the
# inspection ramdisk, which posts the system's inventory for an `inspector` inspection.
start bmc-sim apps/bmc-sim/dist/main.js BMC_SIM_SYSTEMS="$FLEET_SIZE" BMC_SIM_IRONIC_URL="$RAMDISK_API_URL" BMC_SIM_CALLBACK_URL="${BMC_SIM_CALLBACK_URL:-$RAMDISK_API_URL/v1/continue}"
if [ "$STACK" = all-in-one ]; then
  # Ready once its gateway listens (its conductor and power sync say so before).
  READY='ready: listening' start all-in-one apps/all-in-one/dist/main.js CONDUCTOR_ID=conductor-1 CONDUCTOR_METRICS_PORT="$(metrics_port 1)" POWER_SYNC_ID=power-sync-1 POWER_SYNC_METRICS_PORT="$(metrics_port 3)"
  gateway_log=$logs/all-in-one.log
else
  start conductor-1 apps/conductor/dist/main.js CONDUCTOR_ID=conductor-1 METRICS_PORT="$(metrics_port 1)"
  start conductor-2 apps/conductor/dist/main.js CONDUCTOR_ID=conductor-2 METRICS_PORT="$(metrics_port 2)"
  start power-sync apps/power-sync/dist/main.js POWER_SYNC_ID=power-sync-1 METRICS_PORT="$(metrics_port 3)"
  start gateway apps/gateway/dist/main.js
  gateway_log=$logs/gateway.log
fi
node scripts/enroll-fleet.mjs "http://127.0.0.1:$GATEWAY_PORT" "http://127.0.0.1:$BMC_SIM_PORT" "$FLEET_SIZE" || {
  echo "the fleet could not be enrolled; the end of the gateway's log ($gateway_log):" >&2
  tail -n 30 "$gateway_log" >&2
  exit 1
}

cat <<MSG

Console:     http://127.0.0.1:$GATEWAY_PORT/console/   (API reference: http://127.0.0.1:$GATEWAY_PORT/v1/api-ref/)
Ironic API:  http://127.0.0.1:$GATEWAY_PORT   ($cli_auth OS_ENDPOINT=http://127.0.0.1:$GATEWAY_PORT baremetal node list)
             The simulated systems run an agent when they boot virtual media: provide a node to clean
             it; deploy one with image_source=http://127.0.0.1:$BMC_SIM_PORT/images/demo.img and
             image_os_hash_algo=sha256 image_os_hash_value=http://127.0.0.1:$BMC_SIM_PORT/images/demo.img.sha256 (see README.md).
Events:      curl -N http://127.0.0.1:$GATEWAY_PORT/v1/events
Metrics:     http://127.0.0.1:$GATEWAY_PORT/metrics (gateway)$([ "$METRICS_PORT_BASE" = 0 ] || echo ", http://127.0.0.1:$(metrics_port 1)/metrics (conductor-1), $([ "$STACK" = all-in-one ] || echo ":$(metrics_port 2) (conductor-2), "):$(metrics_port 3) (power-sync)")
Ctrl-C stops everything.
MSG
wait
