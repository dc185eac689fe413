#!/usr/bin/env bash
# Makes a partition image (ext4) whose root file system holds what ironic-python-agent's boot
# loader installation runs in its chroot of the deployed root: a shell, mount, udevadm (how
# grub-install finds a partition's disk), the tools grub-mkconfig's scripts call, and this
# machine's own GRUB for BIOS (grub-install, grub-mkconfig and their modules, from Debian's
# grub2-common and grub-pc-bin), each program with the shared libraries it loads. No kernel: grub-mkconfig writes a configuration without
# a menu entry when /boot holds none, which is all IPA asks of it.
#   test/ipa/grub-root.sh IMAGE  -> writes IMAGE; prints the file system's UUID
set -euo pipefail
image=${1:?usage: $0 IMAGE}
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

programs=(sh mount umount cat cp mv rm mkdir chmod ls ln touch sed grep sort head tail tr cut wc
  readlink basename dirname uname id stat sync expr find gettext udevadm
  grub-install grub-mkconfig grub-probe grub-mkrelpath grub-script-check grub-editenv grub-mkimage)
mkdir -p "$root"/usr/{bin,sbin,lib,lib64} "$root"/{etc/default,boot/grub,dev,proc,sys,run,tmp}
for dir in bin sbin lib lib64; do ln -s "usr/$dir" "$root/$dir"; done

# copy FILE: FILE (its content, not a link) at the same path inside the root.
copy() { mkdir -p "$root$(dirname "$1")" && cp -L "$1" "$root$1"; }
for program in "${programs[@]}"; do
  path=$(command -v "$program") || { echo "$program is missing: install Debian's grub2-common and grub-pc-bin (scripts/ipa.sh install)" >&2; exit 1; }
  copy "$path"
  # Dynamic programs: every library the loader resolves, and the loader itself.
  ldd "$path" 2>/dev/null | grep -oE '/[^ ]+' | while read -r library; do copy "$library"; done || true
done
cp -a /usr/lib/grub "$root/usr/lib/"
# BIOS only: UEFI's modules, where a machine has them, would only make the image bigger.
rm -rf "$root/usr/lib/grub/x86_64-efi"
mkdir -p "$root/usr/share" "$root/etc"
cp -a /usr/share/grub "$root/usr/share/"
cp -a /etc/grub.d "$root/etc/"

uuid=$(cat /proc/sys/kernel/random/uuid)
echo "UUID=$uuid / ext4 defaults 0 1" > "$root/etc/fstab"
printf 'GRUB_DEFAULT=0\nGRUB_TIMEOUT=5\nGRUB_DISTRIBUTOR=ironledger\nGRUB_CMDLINE_LINUX=""\n' > "$root/etc/default/grub"

rm -f "$image"
mke2fs -q -t ext4 -U "$uuid" -L root -d "$root" "$image" "$(( $(du -sm "$root" | cut -f1) + 24 ))M" >&2
echo "$uuid"
