#!/bin/sh
# Chassis-control hook for ipmi_sim (OpenIPMI, Debian package `openipmi`).
# ipmi_sim runs it via popen() as configured by `chassis_control "..."` in lan.conf:
#   chassis-control.sh <statedir> get <parm> [<parm> ...]   -> prints "<parm>:<value>" lines
#   chassis-control.sh <statedir> set <parm> <val> [...]    -> prints nothing, exit 0 on success
#   chassis-control.sh <statedir> check ...                 -> unsupported (exit 1)
# parms: power (0|1), reset (1 = pulse), boot (none|pxe|default|cdrom|bios),
#        shutdown (1 = soft/ACPI off request), identify ("<interval> <force>", one arg).
# State lives in plain files under <statedir>: power, boot, and an append-only events log
# (timestamped lines) so tests can assert what the BMC was asked to do.
# Fault injection: while <statedir>/fail exists every get/set fails, and ipmi_sim answers
# completion code 0xff ("Unspecified error") - e.g. `touch .run/ipmi/<port>/fail`.
# Slow answers: while <statedir>/delay holds "<parm> <seconds>", the next `set` of that parm waits
# that long before it acts (ipmi_sim answers nothing meanwhile), and the file is removed: one slow
# answer, e.g. `echo "shutdown 3" > .run/ipmi/<port>/delay` outlasts ipmitool's own timeout.
dir=$1; op=$2
[ -n "$dir" ] && [ -d "$dir" ] || { echo "state dir missing: $dir"; exit 1; }
shift 2 || exit 1
[ -e "$dir/fail" ] && { echo "injected failure"; exit 1; }
log() { echo "$(date +%s.%N) $*" >> "$dir/events"; }
rd() { if [ -f "$dir/$1" ]; then cat "$dir/$1"; else echo "$2"; fi; }
case $op in
  get)
    for p in "$@"; do
      case $p in
        power) echo "power:$(rd power 0)" ;;
        boot)  echo "boot:$(rd boot default)" ;;
        *) echo "unsupported get: $p"; exit 1 ;;
      esac
    done ;;
  set)
    if [ -f "$dir/delay" ]; then
      read -r slow seconds < "$dir/delay" || true
      [ "$slow" = "$1" ] && { rm -f "$dir/delay"; sleep "$seconds"; }
    fi
    while [ $# -gt 0 ]; do
      p=$1; v=$2; shift 2 || { echo "no value for $p"; exit 1; }
      case $p in
        power)    echo "$v" > "$dir/power"; log "power $v" ;;
        reset)    log "reset $v" ;;                       # power stays on: a reset is a pulse
        shutdown) echo 0 > "$dir/power"; log "shutdown $v" ;;  # soft off: model it as immediate
        boot)     case $v in none|pxe|default|cdrom|bios) echo "$v" > "$dir/boot"; log "boot $v" ;;
                  *) echo "bad boot value $v"; exit 1 ;; esac ;;
        identify) log "identify $v" ;;                    # value is "<interval> <force>"
        *) echo "unsupported set: $p"; exit 1 ;;
      esac
    done ;;
  *) exit 1 ;;
esac
exit 0
