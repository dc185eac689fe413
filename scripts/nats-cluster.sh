#!/usr/bin/env bash
# Starts a private 3-server NATS cluster with JetStream on free loopback ports for this checkout,
# waits until every server knows JetStream's meta leader, and prints the client URLs as one
# comma-separated list (what NATS_URL takes). The shape of deploy/kubernetes/base/nats.yaml, where
# streams with JETSTREAM_REPLICAS=3 survive the loss of a server. Installs Debian's nats-server
# (through scripts/nats.sh) when the machine has none. Each server's JetStream data lives in
# .run/nats-cluster/<name>/js and survives stop and start; only `reset` deletes it. So do the
# servers' ports (.run/nats-cluster/ports): a restarted cluster listens where the running services
# reconnect to, unless another process holds one of its ports; then it says so on stderr and
# takes new ones, and services still connected to the old URLs must be restarted with the new ones.
#   scripts/nats-cluster.sh start   -> prints nats://127.0.0.1:P1,nats://127.0.0.1:P2,nats://127.0.0.1:P3 (idempotent)
#   scripts/nats-cluster.sh stop
#   scripts/nats-cluster.sh status  -> exit 0 when all three servers run
#   scripts/nats-cluster.sh reset   -> stops the cluster and deletes its data
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
run=$top/.run/nats-cluster
names=(n1 n2 n3)
mkdir -p "$run"

alive() { [ -f "$run/$1/pid" ] && kill -0 "$(cat "$run/$1/pid")" 2>/dev/null; }

all_alive() {
  for name in "${names[@]}"; do alive "$name" || return 1; done
}

# Client, route and monitoring ports for every server, all free at once (so no two are the same).
free_ports() {
  node -e "
    const net = require('net');
    const servers = Array.from({ length: $1 }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(' '));
      servers.forEach((s) => s.close());
    });"
}

# Whether every loopback port given can be bound now.
ports_free() {
  node -e "
    const net = require('net');
    Promise.all(process.argv.slice(1).map((port) => new Promise((ok, no) => {
      const s = net.createServer().once('error', no);
      s.listen(Number(port), '127.0.0.1', () => s.close(ok));
    }))).then(() => process.exit(0), () => process.exit(1));" "$@"
}

# Whether the server monitored on port $1 knows JetStream's meta leader (a fresh cluster elects one within seconds).
has_meta_leader() {
  node -e "fetch('http://127.0.0.1:$1/jsz').then((r) => r.json()).then((jsz) => process.exit(jsz.meta_cluster?.leader ? 0 : 1), () => process.exit(1))"
}

stop_all() {
  # Waits for the exits: a start right after must not find a data directory still in use.
  for name in "${names[@]}"; do alive "$name" && kill "$(cat "$run/$name/pid")"; done
  for name in "${names[@]}"; do
    while alive "$name"; do sleep 0.05; done
    rm -f "$run/$name/pid"
  done
  rm -f "$run/urls"
}

case "${1:-start}" in
  start)
    if all_alive; then cat "$run/urls"; exit 0; fi
    stop_all
    bash "$top/scripts/nats.sh" install
    bin=$(command -v nats-server || echo /usr/sbin/nats-server)
    # The ports of the last start, when all are free; else new ones.
    read -r -a ports <<<"$(cat "$run/ports" 2>/dev/null || true)"
    if [ "${#ports[@]}" -ne 9 ] || ! ports_free "${ports[@]}"; then
      [ "${#ports[@]}" -eq 9 ] && echo "a port of this checkout's NATS cluster (${ports[*]:0:3} for clients) is taken by another process: it gets new ports; restart the services still connected to the old URLs with the new NATS_URL" >&2
      read -r -a ports <<<"$(free_ports 9)"
    fi
    echo "${ports[*]}" >"$run/ports"
    routes=""
    for i in 0 1 2; do routes+="${routes:+, }nats-route://127.0.0.1:${ports[3 + i]}"; done
    urls=()
    for i in 0 1 2; do
      name=${names[$i]}
      mkdir -p "$run/$name"
      cat >"$run/$name/nats.conf" <<EOF
server_name: $name
listen: 127.0.0.1:${ports[$i]}
http: 127.0.0.1:${ports[6 + i]}
jetstream { store_dir: "$run/$name/js" }
cluster {
  name: ironledger-dev
  listen: 127.0.0.1:${ports[3 + i]}
  routes: [$routes]
}
EOF
      setsid "$bin" -c "$run/$name/nats.conf" -l "$run/$name/nats.log" </dev/null >/dev/null 2>&1 &
      echo $! >"$run/$name/pid"
      urls+=("nats://127.0.0.1:${ports[$i]}")
    done
    for attempt in $(seq 300); do
      all_alive || { stop_all; echo "a nats-server of the cluster exited; see $run/*/nats.log" >&2; exit 1; }
      # Every server must know the leader: a client may be connected to any of them.
      has_meta_leader "${ports[6]}" && has_meta_leader "${ports[7]}" && has_meta_leader "${ports[8]}" && break
      [ "$attempt" = 300 ] && { stop_all; echo "the NATS cluster's servers did not all know a JetStream meta leader within 30 s; see $run/*/nats.log" >&2; exit 1; }
      sleep 0.1
    done
    (IFS=,; echo "${urls[*]}") >"$run/urls"
    cat "$run/urls" ;;
  stop) stop_all ;;
  status) all_alive ;;
  reset)
    stop_all
    for name in "${names[@]}"; do rm -rf "$run/$name/js"; done
    echo "deleted this checkout's NATS cluster data ($run/*/js)" >&2 ;;
  *) echo "usage: $0 start|stop|status|reset" >&2; exit 2 ;;
esac
