"""The checks a client script makes: each one recorded, the first that fails ends the script."""

import json
import sys
import time

checked = []


class CheckFailed(Exception):
    pass


def check(condition, what, detail=None):
    """Records one check; fails the script when it does not hold."""
    if not condition:
        raise CheckFailed(what + ('' if detail is None else f': got {detail!r}'))
    checked.append(what)


def run(name, body, cleanup):
    """Runs `body` (which returns a summary), cleans up whatever happened, and prints the summary
    as JSON or the first failure on stderr; returns the exit code."""
    started = time.monotonic()
    try:
        summary = body()
    except CheckFailed as failure:
        print(f'{name} FAILED after {len(checked)} checks: {failure}', file=sys.stderr)
        return 1
    except Exception as error:  # a client call the script did not expect to fail
        print(f'{name} FAILED after {len(checked)} checks (last: {checked[-1] if checked else "none"}): {type(error).__name__}: {error}', file=sys.stderr)
        return 1
    finally:
        cleanup()
    summary.update(checks=len(checked), seconds=round(time.monotonic() - started, 1), checked=checked)
    print(json.dumps(summary))
    return 0
