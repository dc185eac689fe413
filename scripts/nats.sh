#!/usr/bin/env bash
# Starts a private nats-server with JetStream on a free loopback port for this checkout and
# prints its URL. Installs Debian's nats-server when the machine has none. Its JetStream data
# (the event store of `npm start`) lives in .run/nats/js and survives stop and start; only
# `reset` deletes it.
#   scripts/nats.sh start   -> prints nats://127.0.0.1:PORT (idempotent)
#   scripts/nats.sh stop
#   scripts/nats.sh status  -> exit 0 when this checkout's server runs
#   scripts/nats.sh reset   -> stops the server and deletes its data (every event it stored)
#   scripts/nats.sh install -> only installs nats-server when missing
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
run=$top/.run/nats
mkdir -p "$run"

ensure_installed() {
  command -v nats-server >/dev/null 2>&1 && return
  [ -x /usr/sbin/nats-server ] && return
  echo "nats-server not found: installing Debian's package" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq nats-server >&2
}

alive() { [ -f "$run/pid" ] && kill -0 "$(cat "$run/pid")" 2>/dev/null; }

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

case "${1:-start}" in
  start)
    if alive; then cat "$run/url"; exit 0; fi
    ensure_installed
    bin=$(command -v nats-server || echo /usr/sbin/nats-server)
    port=$(free_port)
    # NATS_GOMEMLIMIT (scripts/footprint.sh, as npm start sets it): the Go runtime's soft memory limit.
    GOMEMLIMIT=${NATS_GOMEMLIMIT:-} setsid "$bin" -a 127.0.0.1 -p "$port" -js -sd "$run/js" -l "$run/nats.log" </dev/null >/dev/null 2>&1 &
    echo $! > "$run/pid"
    for _ in $(seq 100); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "nats://127.0.0.1:$port" > "$run/url"; cat "$run/url"; exit 0
      fi
      sleep 0.05
    done
    echo "nats-server did not start; see $run/nats.log" >&2; exit 1 ;;
  stop)
    # Waits for the exit: a start right after must not find the data directory still in use.
    if alive; then kill "$(cat "$run/pid")"; while kill -0 "$(cat "$run/pid")" 2>/dev/null; do sleep 0.05; done; fi
    rm -f "$run/pid" "$run/url" ;;
  status) alive ;;
  install) ensure_installed ;;
  reset)
    bash "$0" stop
    rm -rf "$run/js"
    echo "deleted this checkout's NATS data ($run/js)" >&2 ;;
  *) echo "usage: $0 start|stop|status|reset|install" >&2; exit 2 ;;
esac
