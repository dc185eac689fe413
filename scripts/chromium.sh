#!/usr/bin/env bash
# Debian's Chromium, which the console's end-to-end tests drive headless through playwright-core
# (never a browser downloaded by Playwright).
#   scripts/chromium.sh install   installs Debian's chromium when /usr/bin/chromium is missing
set -euo pipefail
chromium=/usr/bin/chromium

case "${1:-}" in
  install)
    [ -x "$chromium" ] && exit 0
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "$chromium not found, and no apt-get to install it: install Debian's chromium" >&2; exit 1
    fi
    echo "$chromium not found: installing Debian's chromium" >&2
    export DEBIAN_FRONTEND=noninteractive
    # The package lists may be missing or stale on a fresh machine: update them when a plain install fails.
    apt-get install -y -qq chromium >&2 || { apt-get update -qq >&2 && apt-get install -y -qq chromium >&2; } || true
    [ -x "$chromium" ] || { echo "could not install chromium with apt-get (root on Debian needed): the console's browser tests will fail" >&2; exit 1; }
    ;;
  *)
    echo "usage: $0 install" >&2; exit 2
    ;;
esac
