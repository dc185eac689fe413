#!/usr/bin/env bash
# Installs the real OpenStack client that test/cli/baremetal-cli.e2e.spec.ts drives: Debian's
# python3-ironicclient (the `baremetal` command) and python3-openstackclient. Does nothing when
# `baremetal` is already on the PATH. Needs root (apt-get), runs noninteractively.
set -euo pipefail

if command -v baremetal >/dev/null 2>&1; then
  echo "baremetal already installed: $(command -v baremetal) ($(baremetal --version 2>&1))"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-ironic-client: \`baremetal\` is missing and installing it needs root:" >&2
  echo "  sudo apt-get install -y --no-install-recommends python3-ironicclient python3-openstackclient" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends python3-ironicclient python3-openstackclient
echo "installed: $(command -v baremetal) ($(baremetal --version 2>&1))"
