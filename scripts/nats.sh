#!/usr/bin/env bash
# Starts a private nats-server with JetStream on a loopback port for this checkout and prints its
# URL. Installs Debian's nats-server when the machine has none. Its JetStream data (the event
# store of `npm start`) lives in .run/nats/js and survives stop and start; only `reset` deletes it.
# Its port does too (.run/nats/port): a restarted server listens where the running services
# reconnect to. The first start picks a free port; a later one takes the remembered port again,
# unless another process holds it: then it says so on stderr and picks a new one, and services
# still connected to the old URL must be restarted with the new one.
#   scripts/nats.sh start   -> prints nats://127.0.0.1:PORT (idempotent)
#   scripts/nats.sh stop
#   scripts/nats.sh status  -> exit 0 when this checkout's server runs
#   scripts/nats.sh reset   -> stops the server and deletes its data (every event it stored)
#   scripts/nats.sh install -> only installs nats-server when missing
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# NATS_DIR: where its data, port, URL and log live (default .run/nats), e.g. a second stack's own.
run=${NATS_DIR:-$top/.run/nats}
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

# Whether nothing listens on loopback port $1 (it can be bound now).
port_free() { node -e "const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen($1,'127.0.0.1',()=>s.close(()=>process.exit(0)))"; }

# Starts nats-server on port $1 and waits until it listens; fails when it exits first (the port was taken meanwhile).
launch() {
  local port=$1 bin
  bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  # NATS_GOMEMLIMIT (scripts/footprint.sh, as npm start sets it): the Go runtime's soft memory limit.
  GOMEMLIMIT=${NATS_GOMEMLIMIT:-} setsid "$bin" -a 127.0.0.1 -p "$port" -js -sd "$run/js" -l "$run/nats.log" </dev/null >/dev/null 2>&1 &
  echo $! > "$run/pid"
  for _ in $(seq 100); do
    alive || { rm -f "$run/pid"; return 1; }
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port" > "$run/port"
      echo "nats://127.0.0.1:$port" > "$run/url"
      return 0
    fi
    sleep 0.05
  done
  echo "nats-server did not start; see $run/nats.log" >&2; exit 1
}

case "${1:-start}" in
  start)
    if alive; then cat "$run/url"; exit 0; fi
    ensure_installed
    remembered=$(cat "$run/port" 2>/dev/null || true)
    if [ -n "$remembered" ] && port_free "$remembered" && launch "$remembered"; then cat "$run/url"; exit 0; fi
    port=$(free_port)
    [ -n "$remembered" ] && echo "port $remembered, where this checkout's nats-server listened before, is taken by another process: it listens on $port now; restart the services still connected to nats://127.0.0.1:$remembered with NATS_URL=nats://127.0.0.1:$port" >&2
    launch "$port" || { echo "nats-server exited at start; see $run/nats.log" >&2; exit 1; }
    cat "$run/url" ;;
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
