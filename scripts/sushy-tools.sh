#!/usr/bin/env bash
# OpenStack sushy-tools' Redfish emulator (the BMC emulator Ironic's own CI drives), for the
# Redfish driver's tests. Its Python dependencies come from Debian's packages and its code from
# its own repository at a pinned commit, run as it is: nothing is built, installed with pip, or
# copied into this repository.
#   scripts/sushy-tools.sh install  -> Debian's python3-flask (and the rest it imports), and the
#                                      source in .run/sushy-tools/src; prints that directory
#   scripts/sushy-tools.sh path     -> prints the source directory; exit 1 when not installed
# SUSHY_TOOLS_GIT: the repository (default https://opendev.org/openstack/sushy-tools.git; a local
# clone works too); SUSHY_TOOLS_REF: the commit (default: the one the tests were written against).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/.run/sushy-tools
ref=${SUSHY_TOOLS_REF:-2b51921cc7cf248f14ae7e45d53f379643492cec}
repo=${SUSHY_TOOLS_GIT:-https://opendev.org/openstack/sushy-tools.git}
packages=(python3-flask python3-requests python3-tenacity python3-bcrypt python3-webob)

installed() { [ -f "$dir/src/sushy_tools/emulator/main.py" ] && [ "$(git -C "$dir/src" rev-parse HEAD 2>/dev/null)" = "$ref" ]; }

case "${1:-install}" in
  install)
    missing=()
    for package in "${packages[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "installing Debian's ${missing[*]}" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq "${missing[@]}" >&2
    fi
    if ! installed; then
      rm -rf "$dir/src"
      mkdir -p "$dir"
      git clone -q "$repo" "$dir/src" >&2
      git -C "$dir/src" checkout -q "$ref"
    fi
    echo "$dir/src" ;;
  path)
    installed && echo "$dir/src" ;;
  *) echo "usage: $0 install|path" >&2; exit 2 ;;
esac
