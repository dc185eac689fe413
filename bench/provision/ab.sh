#!/usr/bin/env bash
# A/B comparison of ironledger's CPU per provisioned node, for changes too small for the machine's
# drift between runs (it drifts by tens of percent within an hour; see docs/benchmarks.md).
#
#   bash bench/provision/ab.sh                                   # HEAD against the working tree
#   A=/path/to/checkout B=. ENV_B='NODE_FLAGS=--optimize-for-size' bash bench/provision/ab.sh
#
# Two systems run side by side, each one conductor and the gateway (bench/provision/ironledger.ts)
# on a nats-server of its own: A from checkout $A, B from checkout $B, with one extra environment
# assignment each ($ENV_A, $ENV_B; e.g. NODE_FLAGS=... or STACK=all-in-one). Both first provision WARMUP nodes, then
# ROUNDS times, in turn (A first in odd rounds, B in even ones), N nodes each (bench/provision/load.ts, C=16, no read test). It prints the
# medians of the rounds per side: CPU ms per node of each process and of the load generator, and
# nodes/s; B/A is the ratio of the medians. Two identical sides differed by up to 5 % in earlier runs,
# by 4 and 13 % on 2026-12-01 (docs/benchmarks.md, run U): a B/A within 10 % of 1 needs a second method.
#
# Environment: A (a temporary worktree of HEAD: this checkout's packages, its own workspaces), B (.), ENV_A, ENV_B, N (400), ROUNDS (6),
# WARMUP (1000), OUT (.run/bench-ab/<UTC stamp>); STACK and NODE_FLAGS reach both sides unless
# ENV_A or ENV_B sets them. Needs nats-server (`bash scripts/nats.sh start` installs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
OUT=${OUT:-.run/bench-ab/$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
B=$(cd "${B:-.}" && pwd)
N=${N:-400}
ROUNDS=${ROUNDS:-6}
WARMUP=${WARMUP:-1000}
TS=(node --import ./scripts/register-ts.mjs)
source bench/provision/launcher.sh
NATS_BIN=$(command -v nats-server || echo /usr/sbin/nats-server)
[ -x "$NATS_BIN" ] || { echo "nats-server is missing: \`bash scripts/nats.sh start\` installs Debian's package" >&2; exit 1; }

PIDS_TO_STOP=()
WORKTREE=""
stop_all() {
  for pid in "${PIDS_TO_STOP[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS_TO_STOP[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "$WORKTREE" ] && git -C "$ROOT" worktree remove --force "$WORKTREE" 2>/dev/null || true
}
trap stop_all EXIT

# share_node_modules FROM TO: TO's node_modules links to FROM's packages, but its @ironledger packages are
# TO's own workspaces (a link to FROM's whole node_modules would load FROM's libs and apps in both sides).
share_node_modules() {
  mkdir "$2/node_modules"
  for entry in "$1"/node_modules/* "$1"/node_modules/.bin; do
    [ "$(basename "$entry")" = @ironledger ] || ln -s "$entry" "$2/node_modules/"
  done
  cp -RP "$1/node_modules/@ironledger" "$2/node_modules/" # relative links: ../../libs/x in TO
}
if [ -z "${A:-}" ]; then
  WORKTREE="$(mktemp -d)/head" # outside the repository, where jest and nx would find a second workspace
  git worktree add -f --detach "$WORKTREE" HEAD >/dev/null
  share_node_modules "$ROOT" "$WORKTREE"
  A=$WORKTREE
fi
A=$(cd "$A" && pwd)

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

declare -A API PIDS
start_side() { # side checkout env-assignment
  local side=$1 tree=$2 assignment=$3 port nats launcher info
  port=$(free_port)
  "$NATS_BIN" -a 127.0.0.1 -p "$port" -js -sd "$OUT/nats-$side" -l "$OUT/nats-$side.log" </dev/null >/dev/null 2>&1 &
  nats=$!
  PIDS_TO_STOP+=("$nats")
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.05; done
  # Each side runs its checkout's built apps (an older checkout may run its sources).
  (cd "$tree" && if [ -f scripts/build-if-stale.sh ]; then bash scripts/build-if-stale.sh; fi) || exit 1
  (cd "$tree" && exec env NATS_URL="nats://127.0.0.1:$port" ${assignment:+"$assignment"} node --import ./scripts/register-ts.mjs bench/provision/ironledger.ts) >"$OUT/launcher-$side.log" 2>&1 &
  launcher=$!
  PIDS_TO_STOP=("$launcher" "${PIDS_TO_STOP[@]}")
  info=$(await_launcher "$OUT/launcher-$side.log" "$launcher") || exit 1
  API[$side]=$(launcher_field "$info" api)
  PIDS[$side]="$(launcher_pids "$info"),nats-server=$nats"
  echo "side $side: $tree ${assignment:-(no extra environment)}, ${API[$side]}"
}

provision() { # side nodes label
  "${TS[@]}" bench/provision/load.ts --api "${API[$1]}" -n "$2" -c 16 --no-read --quiet --name-prefix "$3" \
    --pids "${PIDS[$1]}" --json-out "$OUT/$1-$3.json" | grep -E 'nodes/s\*' | tr -d '|*' | sed "s/^ */$1 $3: /"
}

start_side A "$A" "${ENV_A:-}"
start_side B "$B" "${ENV_B:-}"
provision A "$WARMUP" warmup
provision B "$WARMUP" warmup
# The sides take turns going first, so that neither always runs after the other.
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then order=(A B); else order=(B A); fi
  for side in "${order[@]}"; do provision "$side" "$N" "round$round"; done
done

node -e '
const fs = require("fs");
const dir = process.argv[1];
const sides = { A: [], B: [] };
for (const file of fs.readdirSync(dir).filter((f) => /^[AB]-round\d+\.json$/.test(f))) {
  const run = JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8"));
  const perNode = (s) => (1000 * s) / run.provision.n;
  const row = { "server, total": perNode(run.server_cpu_provision_s), "load generator": perNode(run.client_cpu_provision_s), "nodes/s": run.provision.nodes_per_s };
  for (const [pid, name] of Object.entries(run.pids)) row[name] = perNode(run.server_cpu_provision_by_pid[pid]);
  sides[file[0]].push(row);
}
const median = (values) => { const s = [...values].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
console.log(`\nmedians of ${sides.A.length} rounds; CPU ms per node (nodes/s last)\n`);
console.log("| | A | B | B/A | A rounds | B rounds |\n|---|---:|---:|---:|---|---|");
const processes = [...new Set([...sides.A, ...sides.B].flatMap((r) => Object.keys(r)))].filter((k) => !["server, total", "load generator", "nodes/s"].includes(k));
for (const key of ["server, total", ...processes, "load generator", "nodes/s"]) {
  if (!sides.A.every((r) => key in r) || !sides.B.every((r) => key in r)) continue;
  const a = median(sides.A.map((r) => r[key])), b = median(sides.B.map((r) => r[key]));
  console.log(`| ${key} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(3)} | ${sides.A.map((r) => r[key].toFixed(2)).join(", ")} | ${sides.B.map((r) => r[key].toFixed(2)).join(", ")} |`);
}' "$OUT" | tee "$OUT/summary.md"
