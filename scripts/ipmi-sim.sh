#!/usr/bin/env bash
# Simulated IPMI BMCs (OpenIPMI's ipmi_sim) on 127.0.0.1 for the ipmi driver's tests.
#   scripts/ipmi-sim.sh install          installs Debian's openipmi (ipmi_sim) and ipmitool when missing
#   scripts/ipmi-sim.sh start [N=1]      starts N sims on free UDP ports; one line each:
#                                        "<port> <pid> <state dir>"
#   scripts/ipmi-sim.sh stop [PORT...]   stops the given sims (all of this checkout's without ports)
#                                        and removes their state directories
#   scripts/ipmi-sim.sh status           lists the running ones, as start prints them
# Env: IPMI_SIM_USER (admin), IPMI_SIM_PASS (password), IPMI_SIM_POWER (initial power, 0 or 1),
#      IPMI_SIM_DIR (<checkout>/.run/ipmi).
# Each sim keeps its state under <dir>/<port>/: `power` ("0"/"1", write it to change power out
# of band), `boot`, `events` (every request the BMC got), `fail` (touch it and every chassis
# request fails with "Unspecified error"), `delay` ("<parm> <seconds>": the next request setting
# that parm is answered that late, e.g. "shutdown 4", past ipmitool's timeout), lan.conf, sim.log, pid. Always call it with `-C 3`:
# this ipmi_sim does not answer cipher-suite queries, and suite 0 accepts any password.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
conf=$top/test/ipmi-sim
run=${IPMI_SIM_DIR:-$top/.run/ipmi}
user=${IPMI_SIM_USER:-admin}
pass=${IPMI_SIM_PASS:-password}
power=${IPMI_SIM_POWER:-0}

installed() { command -v ipmi_sim >/dev/null 2>&1 && command -v ipmitool >/dev/null 2>&1 && command -v ss >/dev/null 2>&1; }

ensure_installed() {
  installed && return
  local packages=(openipmi ipmitool iproute2)
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ipmi_sim (OpenIPMI), ipmitool or ss not found, and no apt-get to install them: install ${packages[*]}" >&2; exit 1
  fi
  echo "ipmi_sim, ipmitool or ss not found: installing Debian's ${packages[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # The package lists may be missing or stale on a fresh machine: update them when a plain install fails.
  apt-get install -y -qq "${packages[@]}" >&2 || { apt-get update -qq >&2 && apt-get install -y -qq "${packages[@]}" >&2; } || true
  installed || { echo "could not install ${packages[*]} with apt-get (root on Debian needed): ipmi_sim or ipmitool is still missing" >&2; exit 1; }
}

alive() { [ -f "$1/pid" ] && kill -0 "$(cat "$1/pid")" 2>/dev/null; }

# Listeners on a UDP port, as ss prints them (one line each).
listeners() { ss -Hlunp "sport = :$1" 2>/dev/null || true; }

# A UDP port the kernel just handed out and nothing listens on.
free_port() { node -e "const s=require('dgram').createSocket('udp4');s.bind(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# Starts one sim on $1; prints its line, or returns 1 when the port turned out to be shared.
start_one() {
  local port=$1 d=$run/$1 pid
  rm -rf "$d"; mkdir -p "$d/persist"
  echo "$power" > "$d/power"; echo default > "$d/boot"; : > "$d/events"
  sed -e "s|@NAME@|bmc$port|" -e "s|@PORT@|$port|" -e "s|@USER@|$user|" -e "s|@PASS@|$pass|" \
      -e "s|@CHASSIS@|$conf/chassis-control.sh $d|" "$conf/lan.conf.tmpl" > "$d/lan.conf"
  # -n: no console, stays in the foreground; setsid: its own session, so it outlives this shell.
  setsid ipmi_sim -n -c "$d/lan.conf" -f "$conf/bmc.emu" -s "$d/persist" > "$d/sim.log" 2>&1 < /dev/null &
  pid=$!
  echo "$pid" > "$d/pid"
  for _ in $(seq 100); do
    listeners "$port" | grep -q "pid=$pid," && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  if ! listeners "$port" | grep -q "pid=$pid,"; then
    echo "ipmi_sim on port $port did not start, see $d/sim.log:" >&2; cat "$d/sim.log" >&2
    kill "$pid" 2>/dev/null || true; exit 1
  fi
  # ipmi_sim binds with address reuse: had another process taken the port meanwhile, both would
  # listen and the traffic would silently go to one of them. Give the port up and pick another.
  if [ "$(listeners "$port" | wc -l)" -ne 1 ]; then
    kill "$pid" 2>/dev/null || true; rm -rf "$d"; return 1
  fi
  echo "$port $pid $d"
}

stop_one() {
  local d=$1 pid
  [ -d "$d" ] || return 0
  pid=$(cat "$d/pid" 2>/dev/null || true)
  # Only our own ipmi_sim: a recycled PID may belong to anyone by now.
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q ipmi_sim "/proc/$pid/comm" 2>/dev/null; then
    kill -CONT "$pid" 2>/dev/null || true   # a test may have frozen it with SIGSTOP
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || break; [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" = Z ] && break; sleep 0.05; done
    kill -0 "$pid" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" != Z ] && kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$d"
}

case "${1:-}" in
  install) ensure_installed ;;
  start)
    n=${2:-1}
    ensure_installed
    mkdir -p "$run"
    for ((i = 0; i < n; i++)); do
      for attempt in 1 2 3 4 5; do
        start_one "$(free_port)" && break
        [ "$attempt" = 5 ] && { echo "no free UDP port for ipmi_sim after 5 tries" >&2; exit 1; }
      done
    done ;;
  stop)
    shift
    if [ $# -eq 0 ]; then
      for d in "$run"/*/; do [ -d "$d" ] && stop_one "${d%/}"; done
    else
      for port in "$@"; do
        [[ $port =~ ^[0-9]+$ ]] || { echo "not a port: $port" >&2; exit 2; }
        stop_one "$run/$port"
      done
    fi ;;
  status)
    for d in "$run"/*/; do
      d=${d%/}
      alive "$d" && echo "$(basename "$d") $(cat "$d/pid") $d"
    done
    true ;;
  *) echo "usage: $0 install | start [N] | stop [PORT...] | status" >&2; exit 2 ;;
esac
