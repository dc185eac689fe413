#!/usr/bin/env bash
# OpenStack sushy-tools' Redfish emulator (the BMC emulator Ironic's own CI drives), for the
# Redfish driver's tests. Its Python dependencies come from Debian's packages and its code from
# a git repository at a pinned commit, run as it is: nothing is built, installed with pip, or
# copied into this repository.
#   scripts/sushy-tools.sh install  -> Debian's python3-flask (and the rest it imports), and the
#                                      source in .run/sushy-tools/src; prints that directory
#   scripts/sushy-tools.sh path     -> prints the source directory; exit 1 when not installed
# SUSHY_TOOLS_GIT: the repository; by default the bundle kept beside the checkout
# (../shared/third_party/sushy-tools.bundle from the repository's top, as CI lays it out, or from
# the main checkout's top for a git worktree), so no network is needed, else
# https://opendev.org/openstack/sushy-tools.git; a local clone works too.
# SUSHY_TOOLS_REF: the commit (default: the one the tests were written against, the bundle's).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/.run/sushy-tools
ref=${SUSHY_TOOLS_REF:-2b51921cc7cf248f14ae7e45d53f379643492cec}

source "$top/scripts/third-party.sh"
repo=${SUSHY_TOOLS_GIT:-$(third_party_bundle sushy-tools || echo https://opendev.org/openstack/sushy-tools.git)}
packages=(python3-flask python3-requests python3-tenacity python3-bcrypt python3-webob)

installed() { [ -f "$dir/src/sushy_tools/emulator/main.py" ] && [ "$(git -C "$dir/src" rev-parse HEAD 2>/dev/null)" = "$ref" ]; }

case "${1:-install}" in
  install)
    apt_install "${packages[@]}"
    if ! installed; then
      checkout_at "$repo" "$ref" "$dir/src"
    fi
    echo "$dir/src" ;;
  path)
    installed && echo "$dir/src" ;;
  *) echo "usage: $0 install|path" >&2; exit 2 ;;
esac
