# Sourced by run.sh and ab.sh: reading what bench/provision/ironledger.ts prints once it serves,
# one JSON line {"api":…,"pids":"gateway=PID conductor=PID",…}.

# await_launcher LOG PID: prints that line once it is in LOG; fails, showing LOG, when the
# launcher PID ends first or after 60 s.
await_launcher() {
  local log=$1 pid=$2
  for _ in $(seq 600); do
    grep -q '^{"api"' "$log" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  grep -m1 '^{"api"' "$log" || { echo "ironledger did not start" >&2; cat "$log" >&2; return 1; }
}

# launcher_field LINE NAME: the value of one field of that line (a string or a number).
launcher_field() {
  sed "s/.*\"$2\":\"\{0,1\}\([^\",}]*\).*/\1/" <<<"$1"
}

# launcher_pids LINE: its processes as load.ts --pids takes them (name=PID,name=PID).
launcher_pids() {
  launcher_field "$1" pids | tr ' ' ','
}
