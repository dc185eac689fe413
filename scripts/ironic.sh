#!/usr/bin/env bash
# Real OpenStack Ironic (Debian's packages) for recording its answers, never for `npm test`:
#   scripts/ironic.sh install   installs Debian's ironic-api and ironic-conductor when missing,
#                               never starting a daemon and configuring nothing (no database,
#                               message queue or Keystone registration through debconf): the
#                               recordings run the programs themselves from configs of their own
#                               (test/gateway/record-ironic-rbac.ts)
#   scripts/ironic.sh version   prints the installed python3-ironic's Debian version
set -euo pipefail

installed() { command -v ironic-api >/dev/null 2>&1 && command -v ironic-conductor >/dev/null 2>&1 && command -v ironic-dbsync >/dev/null 2>&1; }

ensure_installed() {
  installed && return
  command -v apt-get >/dev/null 2>&1 || { echo "ironic-api not found, and no apt-get to install Debian's ironic-api and ironic-conductor" >&2; exit 1; }
  echo "ironic-api or ironic-conductor not found: installing Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  # The packages' scripts must neither start a daemon nor set up a database, RabbitMQ or Keystone.
  local created=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; created=1
  fi
  command -v debconf-set-selections >/dev/null 2>&1 || apt-get install -y -qq debconf >&2
  debconf-set-selections <<'SELECTIONS'
ironic-common ironic/configure_db boolean false
ironic-common ironic/configure_rabbit boolean false
ironic-common ironic/configure_ksat boolean false
ironic-api ironic/configure_api-endpoint boolean false
SELECTIONS
  apt-get install -y -qq --no-install-recommends ironic-api ironic-conductor >&2 \
    || { apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends ironic-api ironic-conductor >&2; } || true
  if [ "$created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  installed || { echo "could not install Debian's ironic-api and ironic-conductor (root on Debian needed)" >&2; exit 1; }
}

case "${1:-}" in
  install) ensure_installed ;;
  version) dpkg-query -W -f='${Version}\n' python3-ironic ;;
  *) echo "usage: $0 install | version" >&2; exit 2 ;;
esac
