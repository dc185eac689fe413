# Sourced by the scripts that run the system on one machine (npm start, bench:memory): the runtime
# settings that keep its memory small. Set either variable (even to empty) to run with others.
#
# NODE_FLAGS, for each Node service: V8 grows its heap to a few times what is live and keeps it,
# so a service that enrolled 10,000 nodes held 400 MB of heap for 120 MB of live objects.
# --optimize-for-size grows the heap in small steps and gives memory back; --max-semi-space-size=1
# keeps the young generation at 1 MB per semi-space instead of up to 16. The cost is more frequent
# collections under load (docs/benchmarks.md, "Memory"): a scavenge per megabyte allocated.
# --no-parallel-scavenge: so small a scavenge costs less CPU on the main thread alone than shared
# out to helper threads (about 7 % less CPU per provisioned node; docs/benchmarks.md, run Q).
# --initial-old-space-size=80: no full collection while the old generation is under 80 MB. Under
# load each HTTP connection leaves objects in the old generation, and a process holding a small
# fleet (about 50 MB live with 1,000 nodes) compacted several times a second; 10,000 nodes hold
# about 95 MB live, so the memory target's stack is not changed (docs/benchmarks.md, run T). The price:
# a process with a small fleet may hold up to 80 MB of old generation before it collects.
: "${NODE_FLAGS=--optimize-for-size --max-semi-space-size=1 --no-parallel-scavenge --initial-old-space-size=80}"
# NATS_GOMEMLIMIT, for nats-server: the Go runtime's soft memory limit. Without one, Go lets the
# heap grow to twice what is live after every collection. Near the limit Go collects all the time:
# 96 MiB suits fleets up to about 10,000 nodes (at 64 MiB nats-server used a quarter of a core
# while idle with 10,000); for larger ones raise it or set it empty.
: "${NATS_GOMEMLIMIT=96MiB}"
export NODE_FLAGS NATS_GOMEMLIMIT
