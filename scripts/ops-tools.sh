#!/usr/bin/env bash
# What the deployment checks run (test/deploy/): promtool, from Debian's prometheus, for the
# example alert rules and the services' metrics; kubectl, from Debian's kubernetes-client, whose
# `kubectl kustomize` renders deploy/kubernetes and its overlays. Installs either when missing.
#   scripts/ops-tools.sh install
set -euo pipefail

installed() { command -v promtool >/dev/null 2>&1 && command -v kubectl >/dev/null 2>&1; }

case "${1:-}" in
  install)
    installed && exit 0
    packages=()
    command -v promtool >/dev/null 2>&1 || packages+=(prometheus)
    command -v kubectl >/dev/null 2>&1 || packages+=(kubernetes-client)
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "promtool or kubectl not found, and no apt-get to install them: install ${packages[*]}" >&2; exit 1
    fi
    echo "promtool or kubectl not found: installing Debian's ${packages[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    # The package lists may be missing or stale on a fresh machine: update them when a plain install fails.
    apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2 || { apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2; } || true
    installed || { echo "could not install ${packages[*]} with apt-get (root on Debian needed)" >&2; exit 1; }
    ;;
  *)
    echo "usage: $0 install" >&2; exit 2
    ;;
esac
