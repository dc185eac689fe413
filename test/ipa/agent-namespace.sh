#!/usr/bin/env bash
# Runs ironic-python-agent for one test, confined: started by test/ipa/ipa-host.ts inside
# `ip netns exec <netns> unshare --mount --pid --fork --kill-child --mount-proc`, so it has its own
# network (one veth, eth0), its own processes and its own mounts. Here it gets a private /dev that
# holds only the test's loop devices (IRONLEDGER_IPA_DEVICES), its kernel command line from
# $IRONLEDGER_IPA_STATE/cmdline (plus, when IRONLEDGER_IPA_FLOPPY names the loop device of the
# configuration floppy the BMC was given, the parameters.txt of that `ir-vfd-dev` FAT image: IPA
# reads it by label only from a CD or a USB disk, never from a loop device), no way to reboot or power off the machine (/proc/sysrq-trigger is
# /dev/null, poweroff and reboot are the shims beside this script, and CAP_SYS_BOOT is dropped) nor
# to make device nodes (CAP_MKNOD dropped), and IPA's arguments are this script's. No udev runs
# here: this script makes the nodes of the partitions IPA makes, and the udevadm shim records
# their UUIDs where udev would.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
: "${IRONLEDGER_IPA_STATE:?}" "${IRONLEDGER_IPA_DEVICES:?}" "${IRONLEDGER_IPA_SRC:?}"

if [ -n "${IRONLEDGER_IPA_FLOPPY:-}" ]; then
  label=$(blkid -o value -s LABEL "$IRONLEDGER_IPA_FLOPPY" || true)
  [ "$label" = ir-vfd-dev ] || { echo "the configuration floppy's label is \"$label\", not ir-vfd-dev" >&2; exit 1; }
  # Read with mtools: the kernel here may have no vfat module.
  echo "$(cat "$IRONLEDGER_IPA_STATE/cmdline") $(mcopy -n -i "$IRONLEDGER_IPA_FLOPPY" ::parameters.txt - | tr '\n' ' ')" > "$IRONLEDGER_IPA_STATE/cmdline"
fi

dev=$(mktemp -d)
mount -t tmpfs -o mode=755,size=1m ironledger-ipa-dev "$dev"
# Device nodes, not bind mounts: IPA binds /dev into the chroot of a deployed root without its
# submounts, where a bind-mounted node would be the empty file under it.
# node PATH: a node in the private /dev for the machine's PATH, with its type and numbers.
node() {
  local type
  type=$([ -b "$1" ] && echo b || echo c)
  mknod -m "$([ "$type" = b ] && echo 660 || echo 666)" "$dev/${1#/dev/}" "$type" $(stat -c '%Hr %Lr' "$1")
}
for name in null zero full random urandom tty; do node "/dev/$name"; done
mkdir "$dev/shm" "$dev/pts"
mount -t tmpfs -o mode=1777,size=16m shm "$dev/shm"
ln -s /proc/self/fd "$dev/fd"
for device in ${IRONLEDGER_IPA_DEVICES//,/ }; do
  case "$device" in /dev/loop[0-9]*) [ -b "$device" ] ;; *) false ;; esac || { echo "refusing $device: only loop devices" >&2; exit 1; }
  node "$device"
done
mount --move "$dev" /dev
# Partitions IPA makes on the test's loop devices (a config drive's, a partition image's) appear
# in the kernel but not in this /dev, and no udev runs here: keep their nodes in step with
# /sys, from outside IPA (which cannot make device nodes), for those disks only.
(
  set +e
  while :; do
    for device in ${IRONLEDGER_IPA_DEVICES//,/ }; do
      disk=${device#/dev/}
      for part in /sys/class/block/"$disk"/"$disk"p*; do
        [ -e "$part/dev" ] || continue
        node=/dev/${part##*/}
        IFS=: read -r major minor < "$part/dev"
        # A partition made again within a tenth of a second may have another number than its node.
        [ -b "$node" ] && [ "$(stat -c %Hr:%Lr "$node")" = "$major:$minor" ] && continue
        rm -f "$node"
        mknod -m 660 "$node" b "$major" "$minor" || true
      done
      for node in /dev/"$disk"p*; do
        [ -b "$node" ] && [ ! -e "/sys/class/block/$disk/${node##*/}" ] && rm -f "$node"
      done
    done
    sleep 0.1
  done
) &
mount --bind "$IRONLEDGER_IPA_STATE/cmdline" /proc/cmdline
[ ! -e /proc/sysrq-trigger ] || mount --bind /dev/null /proc/sysrq-trigger
# IPA keeps state in /var/lib, /etc and /run: give it empty ones of its own.
for dir in /run /var/lib /var/log /tmp; do mount -t tmpfs -o mode=755 ironledger-ipa "$dir"; done
mkdir -p /var/lib/ironic-python-agent /run/lock
# Its /etc is the machine's under an overlay whose changes land in $IRONLEDGER_IPA_STATE/etc, where
# the test reads them after IPA is gone (finalize_rescue writes the rescue password's hash to
# /etc/ipa-rescue-config, which a rescue ramdisk provides).
mkdir -p "$IRONLEDGER_IPA_STATE/etc" "$IRONLEDGER_IPA_STATE/etc-work"
mount -t overlay ironledger-ipa-etc -o "lowerdir=/etc,upperdir=$IRONLEDGER_IPA_STATE/etc,workdir=$IRONLEDGER_IPA_STATE/etc-work" /etc
mkdir -p /etc/ipa-rescue-config
export PATH="$here/shims:/usr/sbin:/usr/bin:/sbin:/bin"
export PYTHONPATH="$IRONLEDGER_IPA_SRC:$here/python"
exec setpriv --bounding-set -mknod,-sys_boot,-sys_time,-sys_module --inh-caps -mknod,-sys_boot,-sys_time,-sys_module \
  /usr/bin/python3 -c 'import sys; from ironic_python_agent.cmd import agent; sys.argv[0] = "ironic-python-agent"; agent.run()' "$@"
