#!/usr/bin/env bash
# Power-sync benchmark: one sync pass over 10,000 simulated Redfish BMCs, all responding, then 5 % hanging.
# What it measures and its BENCH_* settings: bench/power-sync/bench.ts.
#
#   bash bench/power-sync/run.sh                      # about 35 min; npm run bench:power-sync
#   BENCH_PROFILE=1 BENCH_HANG_TIMEOUTS_MS= BENCH_HANG_EXTRA= bash bench/power-sync/run.sh   # where power-sync's CPU goes
#
# NATS: $NATS_URL, else this checkout's nats-server (scripts/nats.sh start; stopped again at the end only if
# it was started here). Everything the benchmark starts is stopped, and its JetStream streams deleted, when
# it ends, fails, is interrupted, or reaches BENCH_DEADLINE_S. The Markdown report goes to stdout and
# $BENCH_OUT/report.md, progress to stderr and $BENCH_OUT/progress.log, every pass to $BENCH_OUT/results.json.
set -euo pipefail
cd "$(dirname "$0")/../.."

export BENCH_OUT=${BENCH_OUT:-$PWD/.run/bench-power-sync/$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$BENCH_OUT"
# The simulator holds a connection per BMC and so does power-sync: allow as many open files as the hard limit.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

node --import ./scripts/register-ts.mjs bench/power-sync/bench.ts 2> >(tee "$BENCH_OUT/progress.log" >&2) | tee "$BENCH_OUT/report.md"
