#!/usr/bin/env bash
# Everything CI checks, in one command (`npm test`): installs what is missing, builds and lints
# every project through Nx, type-checks tests and tools, proves the domain's import boundary,
# then runs jest's three tiers (unit, int, e2e) against a private nats-server.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true

bash scripts/setup.sh
# What the tests drive: ipmitool and OpenIPMI's ipmi_sim, Debian's Chromium (the console's tests), the real `baremetal` CLI, and sushy-tools.
bash scripts/ipmi-sim.sh install
# nats-server: the cluster tests start servers of their own, whatever NATS_URL names.
bash scripts/nats.sh install
bash scripts/chromium.sh install
bash scripts/install-ironic-client.sh
# promtool and kubectl, for the deployment checks (test/deploy/): alert rules, metrics, manifests.
bash scripts/ops-tools.sh install
# Debian's Keystone, which the keystone tests start one of per test file (scripts/keystone.sh start), and python3-ironic's RBAC test data.
bash scripts/keystone.sh install
# sushy-tools' Redfish emulator (Ironic's CI BMC emulator): Debian's packages and its repository; its suite is skipped, saying why, where that cannot be fetched.
bash scripts/sushy-tools.sh install >/dev/null || echo "note: sushy-tools could not be installed, so the Redfish driver's sushy-tools suite will be reported as skipped"
# ironic-python-agent 9.4.3 from its bundle, and Debian's packages it imports: test/ipa runs the real agent on loop devices.
bash scripts/ipa.sh install >/dev/null
if [ -z "${NATS_URL:-}" ]; then
  bash scripts/nats.sh status || trap 'bash scripts/nats.sh stop' EXIT
  NATS_URL=$(bash scripts/nats.sh start)
  export NATS_URL
fi

npx nx run-many -t build lint --outputStyle=static
npx tsc -p tsconfig.json
bash scripts/check-boundaries.sh
if [ -z "${KURRENTDB_URL:-}" ]; then
  echo "note: KURRENTDB_URL is not set, so the KurrentDB contract suite will be reported as skipped"
fi
node --experimental-vm-modules node_modules/jest/bin/jest.js --ci "$@"
