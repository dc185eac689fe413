#!/usr/bin/env bash
# OpenStack ironic-python-agent (IPA) 9.4.3, Ironic 21.4's own ramdisk agent, for the tests that
# let the real agent clean and deploy loop devices (test/ipa/). Its Python dependencies come from
# Debian's packages and its code from a git repository at a pinned tag, run from source: nothing
# is built, installed with pip, or copied into this repository.
#   scripts/ipa.sh install  -> Debian's packages IPA imports, the source in .run/ipa/src (with
#                              pbr's egg-info, so its entry points load); prints that directory
#   scripts/ipa.sh path     -> prints the source directory; exit 1 when not installed
# IPA_GIT: the repository; by default the bundle kept beside the checkout
# (../shared/third_party/ironic-python-agent.bundle from the repository's top, as CI lays it out,
# or from the main checkout's top for a git worktree), so no network is needed, else
# https://opendev.org/openstack/ironic-python-agent.git.
# IPA_REF: the commit (default: 9.4.3's, the bundle's, "Call evaluate_hardware_support exactly once per hwm").
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$top/.run/ipa
ref=${IPA_REF:-0869bf12e012b089df37f62e6030a88edbce07d3}
version=9.4.3
# Debian's Python, whose packages IPA imports (not a python3 that PATH may find first, e.g. pyenv's).
export PYTHON=/usr/bin/python3

source "$top/scripts/third-party.sh"
repo=${IPA_GIT:-$(third_party_bundle ironic-python-agent || echo https://opendev.org/openstack/ironic-python-agent.git)}
# What IPA 9.4.3 imports (its requirements.txt), all in Debian bookworm; qemu-utils converts
# qcow2 images as IPA does (and makes the tests' qcow2 images), mtools reads the configuration floppy, util-linux
# makes loop devices and namespaces, genisoimage's isoinfo reads the config drive IPA writes, file is
# how IPA looks for a BIOS boot sector, udev's udevadm is how GRUB finds a partition's disk.
packages=(python3-eventlet python3-netifaces python3-oslo.config python3-oslo.concurrency python3-oslo.log python3-oslo.service
  python3-oslo.utils python3-pint python3-psutil python3-pyudev python3-requests python3-stevedore python3-tenacity
  python3-ironic-lib python3-werkzeug python3-cryptography python3-tooz python3-pbr qemu-utils dosfstools mtools util-linux gdisk parted genisoimage
  file udev)
# The partition image the tests deploy is a root file system made from this machine's GRUB for BIOS
# (test/ipa/grub-root.sh: grub-install, grub-mkconfig, the i386-pc modules; e2fsprogs' mke2fs
# makes it, debugfs reads it back). Without the packages GRUB recommends: grub-efi-amd64-signed
# and shim-signed would run grub-install against this machine's own disk, efibootmgr would give
# IPA a way to this machine's UEFI variables.
grub_packages=(grub2-common grub-pc-bin e2fsprogs)

installed() { [ -f "$dir/src/ironic_python_agent.egg-info/entry_points.txt" ] && [ "$(git -C "$dir/src" rev-parse HEAD 2>/dev/null)" = "$ref" ]; }

case "${1:-install}" in
  install)
    apt_install "${packages[@]}"
    apt_install --no-install-recommends "${grub_packages[@]}"
    if ! installed; then
      checkout_at "$repo" "$ref" "$dir/src"
      # pbr takes the version from git tags, which a bundle's branch may lack.
      (cd "$dir/src" && PBR_VERSION=$version "$PYTHON" setup.py -q egg_info >&2)
    fi
    echo "$dir/src" ;;
  path)
    installed && echo "$dir/src" ;;
  *) echo "usage: $0 install|path" >&2; exit 2 ;;
esac
