#!/bin/sh
# Regenerates the LTTng test traces next to this script with real LTTng (lttng-tools, lttng-ust,
# babeltrace2; run as a user who may trace, e.g. root with lttng-sessiond running):
#   ust_work            the workload, built with -finstrument-functions
#   ust-trace/          the CTF folder exactly as `lttng create --output` leaves it
#   ust.txt             `babeltrace2 ust-trace`
#   ust.debuginfo.txt   `babeltrace2 --debug-info ust-trace`
# The binary is traced from /tmp/ppw-lttng-work/ust_work, a path tests map to the copy kept here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=/tmp/ppw-lttng-work
session=ppw-lttng-tests-$$
rm -rf "$work" && mkdir -p "$work"
gcc -O0 -g -finstrument-functions -pthread -o "$work/ust_work" "$here/ust_work.c"
lttng create "$session" --output "$work/ust-trace" >/dev/null
lttng enable-channel --session "$session" --userspace --subbuf-size=8192 --num-subbuf=4 ch >/dev/null
lttng enable-event --session "$session" --userspace --channel ch \
    'lttng_ust_cyg_profile:*,lttng_ust_libc:malloc,lttng_ust_libc:calloc,lttng_ust_libc:realloc,lttng_ust_statedump:*' >/dev/null
lttng add-context --session "$session" --userspace --channel ch -t vpid -t vtid -t procname -t ip >/dev/null
lttng start "$session" >/dev/null
LD_PRELOAD=liblttng-ust-cyg-profile.so:liblttng-ust-libc-wrapper.so "$work/ust_work"
lttng stop "$session" >/dev/null
lttng destroy "$session" >/dev/null
rm -rf "$here/ust-trace"
cp -r "$work/ust-trace" "$here/ust-trace"
cp "$work/ust_work" "$here/ust_work"
babeltrace2 "$work/ust-trace" > "$here/ust.txt"
babeltrace2 --debug-info "$work/ust-trace" > "$here/ust.debuginfo.txt"
