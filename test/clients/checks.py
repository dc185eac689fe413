"""The checks a client script makes: each one recorded, the first that fails ends the script."""

checked = []


class CheckFailed(Exception):
    pass


def check(condition, what, detail=None):
    """Records one check; fails the script when it does not hold."""
    if not condition:
        raise CheckFailed(what + ('' if detail is None else f': got {detail!r}'))
    checked.append(what)
