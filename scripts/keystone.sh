#!/usr/bin/env bash
# A standalone OpenStack Keystone (Debian's package, run as it ships) for the keystone tests:
# sqlite in WAL mode, fernet keys, bootstrapped with an admin, on a free loopback port.
#   scripts/keystone.sh install       installs Debian's keystone (python3-keystone: keystone-manage
#                                     and keystone-wsgi-public) when missing, never starting a daemon,
#                                     and Debian's python3-ironic, whose RBAC test data
#                                     (ironic/tests/unit/api/test_rbac_*.yaml) the policy test runs
#   scripts/keystone.sh start [DIR]   starts one in DIR (default: a new one under .run/keystone);
#                                     prints "<url> <pid> <dir>"; the admin's password is in DIR/admin-password
#   scripts/keystone.sh stop DIR...   stops those and removes their directories (all of this checkout's without DIR)
# Each one keeps everything in its directory: keystone.conf, keystone.db, the fernet and
# credential keys, keystone.log. Its admin is `admin` in project `admin`, domain `Default`, with
# the roles `keystone-manage bootstrap` makes (admin, member, reader).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
run=${KEYSTONE_DIR:-$top/.run/keystone}

installed() { command -v keystone-manage >/dev/null 2>&1 && command -v keystone-wsgi-public >/dev/null 2>&1; }

ensure_installed() {
  installed && return
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "keystone-manage not found, and no apt-get to install Debian's python3-keystone" >&2; exit 1
  fi
  echo "keystone not found: installing Debian's python3-keystone" >&2
  export DEBIAN_FRONTEND=noninteractive
  # Package scripts must never start a daemon (a Docker-style policy-rc.d while installing).
  local created=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; created=1
  fi
  apt-get install -y -qq --no-install-recommends python3-keystone >&2 \
    || { apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends python3-keystone >&2; } || true
  if [ "$created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  installed || { echo "could not install Debian's python3-keystone (root on Debian needed)" >&2; exit 1; }
}

# Ironic's own RBAC test data, read where the package installs it (the library only: no daemon).
rbac_data=/usr/lib/python3/dist-packages/ironic/tests/unit/api/test_rbac_legacy.yaml
ensure_rbac_data() {
  [ -e "$rbac_data" ] && return
  command -v apt-get >/dev/null 2>&1 || { echo "note: no apt-get to install Debian's python3-ironic: the RBAC policy test will be skipped" >&2; return; }
  echo "Ironic's RBAC test data not found: installing Debian's python3-ironic" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-ironic >&2 \
    || { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-ironic >&2; } \
    || echo "note: could not install Debian's python3-ironic: the RBAC policy test will be skipped" >&2
}

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

start_one() {
  local d=$1 port pid password
  mkdir -p "$d/fernet-keys" "$d/credential-keys"
  chmod 700 "$d" "$d/fernet-keys" "$d/credential-keys"
  cat > "$d/keystone.conf" <<CONF
[DEFAULT]
log_file = $d/keystone.log
use_stderr = false
[database]
connection = sqlite:///$d/keystone.db
[token]
provider = fernet
expiration = 3600
[fernet_tokens]
key_repository = $d/fernet-keys
[fernet_receipts]
key_repository = $d/fernet-keys
[credential]
key_repository = $d/credential-keys
[cache]
enabled = false
[oslo_policy]
enforce_scope = true
enforce_new_defaults = true
CONF
  local manage=(keystone-manage --config-file "$d/keystone.conf")
  "${manage[@]}" db_sync >> "$d/setup.log" 2>&1
  # WAL: readers (token validation) never wait behind the writers (users and role assignments being made).
  /usr/bin/python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('pragma journal_mode=wal')" "$d/keystone.db"
  "${manage[@]}" fernet_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)" >> "$d/setup.log" 2>&1
  "${manage[@]}" credential_setup --keystone-user "$(id -un)" --keystone-group "$(id -gn)" >> "$d/setup.log" 2>&1
  password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  umask 077; echo "$password" > "$d/admin-password"; umask 022
  port=$(free_port)
  "${manage[@]}" bootstrap --bootstrap-password "$password" --bootstrap-username admin \
    --bootstrap-project-name admin --bootstrap-role-name admin --bootstrap-region-id RegionOne \
    --bootstrap-public-url "http://127.0.0.1:$port/v3" >> "$d/setup.log" 2>&1
  # setsid: its own session, so it outlives this shell; the config through Keystone's own variable.
  OS_KEYSTONE_CONFIG_FILES="$d/keystone.conf" setsid keystone-wsgi-public --host 127.0.0.1 --port "$port" > "$d/server.log" 2>&1 < /dev/null &
  pid=$!
  echo "$pid" > "$d/pid"
  for _ in $(seq 300); do
    curl -sf "http://127.0.0.1:$port/v3" >/dev/null 2>&1 && { echo "http://127.0.0.1:$port $pid $d"; return; }
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "keystone did not start in $d:" >&2; tail -20 "$d/server.log" "$d/keystone.log" >&2 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  exit 1
}

stop_one() {
  local d=$1
  if [ -f "$d/pid" ]; then kill "$(cat "$d/pid")" 2>/dev/null || true; fi
  rm -rf "$d"
}

case "${1:-}" in
  install) ensure_installed; ensure_rbac_data ;;
  start)
    installed || { echo "keystone is not installed: run scripts/keystone.sh install" >&2; exit 1; }
    command -v curl >/dev/null || { echo "curl is needed to wait for keystone" >&2; exit 1; }
    mkdir -p "$run"
    start_one "${2:-$(mktemp -d "$run/ks.XXXXXX")}" ;;
  stop)
    shift
    if [ $# -eq 0 ]; then set -- "$run"/ks.*; fi
    for d in "$@"; do [ -e "$d" ] && stop_one "$d"; done; true ;;
  *) echo "usage: $0 install | start [DIR] | stop [DIR...]" >&2; exit 2 ;;
esac
