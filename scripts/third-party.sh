# Sourced by the scripts that run a third-party program from source (scripts/sushy-tools.sh,
# scripts/ipa.sh): where its git bundle is, the Debian packages it imports, its checkout at a
# pinned commit. Expects `top` (the repository's top) to be set.

# third_party_bundle NAME: prints ../shared/third_party/NAME.bundle beside this checkout (as CI
# lays it out), or beside the main checkout when this is a git worktree; fails when there is none.
third_party_bundle() {
  local main candidate
  main=$(cd "$top" && cd "$(git rev-parse --git-common-dir 2>/dev/null || echo .git)/.." 2>/dev/null && pwd) || main=$top
  for candidate in "$top" "$main"; do
    [ -f "$candidate/../shared/third_party/$1.bundle" ] && { echo "$candidate/../shared/third_party/$1.bundle"; return; }
  done
  return 1
}

# apt_install [--no-install-recommends] PACKAGE...: installs those of Debian's packages that are
# missing (without the packages they recommend, when asked).
apt_install() {
  local options=()
  [ "${1:-}" = --no-install-recommends ] && { options=("$1"); shift; }
  local missing=() package
  for package in "$@"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  [ ${#missing[@]} -eq 0 ] && return
  echo "installing Debian's ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${options[@]}" "${missing[@]}" >&2
}

# checkout_at REPOSITORY COMMIT DIR: a fresh clone of REPOSITORY in DIR at COMMIT.
checkout_at() {
  rm -rf "$3"
  mkdir -p "$(dirname "$3")"
  git clone -q "$1" "$3" >&2
  git -C "$3" checkout -q "$2"
}
