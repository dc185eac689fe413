# Sourced by a benchmark's run.sh: unless NATS_URL names a server, starts a throwaway nats-server
# with JetStream on a free loopback port, exports NATS_URL, and stops and deletes it on exit.
if [ -z "${NATS_URL:-}" ]; then
  private_nats_dir=$(mktemp -d)
  private_nats_bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  private_nats_port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  setsid "$private_nats_bin" -a 127.0.0.1 -p "$private_nats_port" -js -sd "$private_nats_dir" </dev/null >/dev/null 2>&1 &
  private_nats_pid=$!
  trap 'kill $private_nats_pid 2>/dev/null || true; rm -rf "$private_nats_dir"' EXIT
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$private_nats_port") 2>/dev/null && break; sleep 0.05; done
  export NATS_URL="nats://127.0.0.1:$private_nats_port"
fi
