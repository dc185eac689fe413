#!/usr/bin/env bash
# Runs openstacksdk's own baremetal functional tests (Debian's python3-openstacksdk, under
# /usr/lib/python3/dist-packages/openstack/tests/functional/baremetal) against an Ironic API and
# prints "passed X of Y". A measurement tool, not part of `npm test`: it takes minutes.
#
#   bash test/clients/run-sdk-suite.sh http://127.0.0.1:6385     # any Ironic API (noauth)
#   SDK_SUITE_ENDPOINT=http://127.0.0.1:6385 bash test/clients/run-sdk-suite.sh
#   NATS_URL=nats://127.0.0.1:4222 bash test/clients/run-sdk-suite.sh
#       # no endpoint: starts ironledger (a conductor and the gateway, from source) on that
#       # NATS server for the run, with a stream of its own, and stops it afterwards
#
# Arguments after the endpoint (or all, when they start with `-`) go to pytest (e.g. `-k vif -x`).
# Each test may take OS_TEST_TIMEOUT seconds, 600 as in openstacksdk's functional tox environment
# (oslotest's default of 5 s fails tests that wait out the SDK's retries of a 409). Needs /usr/bin/python3 with
# python3-openstacksdk, python3-pytest, python3-oslotest (testtools, fixtures) from Debian.
# SDK_SUITE_REPORT=file.xml keeps pytest's JUnit report; SDK_SUITE_VERBOSE=1 shows every failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

endpoint=${SDK_SUITE_ENDPOINT:-}
if [ $# -gt 0 ] && [[ $1 != -* ]]; then endpoint=$1; shift; fi
python=/usr/bin/python3
"$python" -c 'import openstack, pytest, oslotest' 2>/dev/null || {
  echo "needs $python with openstack, pytest and oslotest (apt-get install python3-openstacksdk python3-pytest python3-oslotest)" >&2
  exit 2
}

work=$(mktemp -d)
pids=()
stream=
cleanup() {
  [ ${#pids[@]} -gt 0 ] && { kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; }
  # The run's JetStream streams go with it, as test/support/system.ts removes an e2e run's.
  [ -n "$stream" ] && node --input-type=module -e "
    import { connect } from '@nats-io/transport-node';
    import { jetstreamManager } from '@nats-io/jetstream';
    const nc = await connect({ servers: process.env.NATS_URL });
    const jsm = await jetstreamManager(nc);
    for (const name of ['$stream', '${stream}_EVENTS']) await jsm.streams.delete(name).catch(() => undefined);
    await nc.close();
  " 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "$endpoint" ]; then
  : "${NATS_URL:?give an endpoint, or NATS_URL so that ironledger can be started for the run}"
  # A conductor and the gateway from source, with a stream and bus subjects of their own (like an e2e run).
  run=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
  stream=SDK_$run
  port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  export NATS_URL NATS_SUBJECT_PREFIX=sdk_$run JETSTREAM_STREAM=$stream JETSTREAM_SUBJECT_PREFIX=sdk.$run \
    RELAY_STREAM=${stream}_EVENTS EVENTS_SUBJECT_PREFIX=sdk_$run.events HEARTBEAT_INTERVAL_MS=500 NO_COLOR=1
  CONDUCTOR_ID=sdk-$run-c1 node --import ./scripts/register-ts.mjs apps/conductor/src/main.ts >"$work/conductor.log" 2>&1 &
  pids+=($!)
  GATEWAY_HOST=127.0.0.1 GATEWAY_PORT=$port node --import ./scripts/register-ts.mjs apps/gateway/src/main.ts >"$work/gateway.log" 2>&1 &
  pids+=($!)
  endpoint=http://127.0.0.1:$port
  # Ready once the gateway has heard the conductor's heartbeat.
  for _ in $(seq 600); do
    curl -sf "$endpoint/readyz" 2>/dev/null | grep -q "sdk-$run-c1" && break
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null || { echo "ironledger exited during start-up:" >&2; tail -n 40 "$work"/*.log >&2; exit 1; }
    done
    sleep 0.2
  done
  curl -sf "$endpoint/readyz" | grep -q "sdk-$run-c1" || { echo "ironledger did not become ready:" >&2; tail -n 40 "$work"/*.log >&2; exit 1; }
  echo "ironledger started at $endpoint"
fi

# The suite builds its connections from clouds named devstack, devstack-alt and devstack-admin.
# Without Keystone every service would resolve to the noauth endpoint, so compute and image are
# switched off (otherwise set-up asks the baremetal endpoint for flavors and images).
{
  echo "clouds:"
  for cloud in devstack devstack-alt devstack-admin; do
    cat <<YAML
  $cloud:
    auth_type: none
    auth:
      endpoint: $endpoint
    baremetal_endpoint_override: $endpoint
    has_compute: false
    has_image: false
YAML
  done
} >"$work/clouds.yaml"

report=${SDK_SUITE_REPORT:-$work/report.xml}
echo "openstacksdk $("$python" -c 'import openstack.version as v; print(v.__version__)') baremetal functional tests against $endpoint"
start=$(date +%s)
set +e
OS_CLIENT_CONFIG_FILE="$work/clouds.yaml" OS_CLOUD=devstack-admin OS_TEST_TIMEOUT=${OS_TEST_TIMEOUT:-600} \
  "$python" -m pytest -q -p no:cacheprovider -W ignore::DeprecationWarning --junitxml="$report" \
  --tb="$([ -n "${SDK_SUITE_VERBOSE:-}" ] && echo short || echo no)" \
  --pyargs openstack.tests.functional.baremetal "$@" >"$work/pytest.log" 2>&1
set -e
if [ -n "${SDK_SUITE_VERBOSE:-}" ] || [ ! -s "$report" ]; then cat "$work/pytest.log"; fi
[ -s "$report" ] || { echo "pytest wrote no report" >&2; exit 1; }

"$python" - "$report" "$(($(date +%s) - start))" <<'PY'
import sys
import xml.etree.ElementTree as ET

suite = ET.parse(sys.argv[1]).getroot()
total, passed, failed = 0, 0, []
for case in suite.iter('testcase'):
    total += 1
    name = f"{case.get('classname').rsplit('.', 1)[-1]}.{case.get('name')}"
    outcome = next((child for child in case if child.tag in ('failure', 'error', 'skipped')), None)
    if outcome is None:
        passed += 1
    else:
        first = (outcome.get('message') or '').strip().splitlines()
        failed.append(f"  {outcome.tag:8} {name}: {first[-1][:160] if first else ''}")
for line in failed:
    print(line)
print(f'passed {passed} of {total} ({sys.argv[2]} s)')
PY
