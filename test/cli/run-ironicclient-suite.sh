#!/usr/bin/env bash
# Runs python-ironicclient's own functional suite (Debian's python3-ironicclient: the tests under
# ironicclient/tests/functional drive `openstack baremetal …`) against an Ironic API without
# authentication, then prints "passed X of Y". A measurement tool, not part of `npm test`.
#
# Usage:
#   bash test/cli/run-ironicclient-suite.sh [ENDPOINT] [FILTER…]
#     ENDPOINT  the API root (default http://127.0.0.1:6385): ironledger's gateway or a real Ironic
#     FILTER    stestr filters (regular expressions on test ids), e.g. test_baremetal_chassis
# Environment: CONCURRENCY (parallel workers, default 2), KEEP=1 keeps the work directory, which
# holds the subunit stream and the failures' details (its path is printed at the end).
#
# Against ironledger, start it first on a free port, e.g. `GATEWAY_PORT=6390 npm start` (the
# whole system), then: bash test/cli/run-ironicclient-suite.sh http://127.0.0.1:6390
# The suite creates and deletes its own nodes, chassis, ports and so on; it takes 6 to 10 minutes.
#
# Needs /usr/bin/python3 with python3-ironicclient, python3-tempest and python3-stestr
# (apt-get install python3-tempest python3-stestr); pyenv's python3 lacks Debian's modules.
set -euo pipefail

endpoint=${1:-http://127.0.0.1:6385}
[ $# -gt 0 ] && shift
python=/usr/bin/python3
packages=$($python -c 'import os, ironicclient; print(os.path.dirname(os.path.dirname(ironicclient.__file__)))')
for module in tempest stestr; do
  $python -c "import $module" 2>/dev/null || { echo "missing $module: apt-get install python3-tempest python3-stestr" >&2; exit 2; }
done
curl -fsS -o /dev/null "$endpoint/v1" || { echo "$endpoint/v1 does not answer" >&2; exit 2; }

work=$(mktemp -d /tmp/ironicclient-suite.XXXXXX)
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT

# The suite looks for its CLI in ./.tox/functional/bin (tox's layout) and reads test.conf.
mkdir -p "$work/.tox/functional/bin"
ln -s "$(command -v openstack)" "$work/.tox/functional/bin/openstack"
cat >"$work/test.conf" <<EOF
[functional]
auth_strategy = noauth
ironic_url = $endpoint
EOF
cat >"$work/.stestr.conf" <<EOF
[DEFAULT]
test_path=$packages/ironicclient/tests/functional
top_dir=$packages
EOF

cd "$work"
# The client must not pick up credentials or clouds from the caller's environment.
for var in $(env | grep -oE '^OS_[A-Z_]+' || true); do unset "$var"; done
export IRONICCLIENT_TEST_CONFIG=$work/test.conf PYTHONWARNINGS=ignore
set +e
$python -m stestr run --concurrency "${CONCURRENCY:-2}" "$@" >"$work/run.log" 2>&1
$python -m stestr last --subunit >"$work/results.subunit" 2>/dev/null
set -e

# Count from the subunit stream: a test passes only with status "success".
$python - "$work/results.subunit" <<'EOF'
import sys
import subunit
import testtools

statuses = {}
def record(test):
    statuses[test['id']] = test['status']
stream = subunit.ByteStreamToStreamResult(open(sys.argv[1], 'rb'), non_subunit_name='stdout')
result = testtools.StreamToDict(record)
result.startTestRun()
stream.run(result)
result.stopTestRun()
tests = {k: v for k, v in statuses.items() if k and not k.startswith('process-returncode')}
failed = sorted(k for k, v in tests.items() if v not in ('success', 'skip'))
skipped = sorted(k for k, v in tests.items() if v == 'skip')
for name in failed:
    print('FAILED', name)
for name in skipped:
    print('SKIPPED', name)
print('passed %d of %d' % (sum(v == 'success' for v in tests.values()), len(tests)))
EOF
[ "${KEEP:-}" = 1 ] && echo "details: $work/run.log (stestr last in $work)"
exit 0
