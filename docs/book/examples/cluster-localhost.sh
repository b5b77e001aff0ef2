#!/bin/sh
# A cluster of N processes on this machine, for trying cluster mode:
#   sh cluster-localhost.sh N GAME POSITION... [OPTIONS]
# writes a hosts file of N lines (127.0.0.1, ports from BASE_PORT,
# 23100 by default), starts processes 1 to N-1 in the background and
# process 0 in the foreground, prints process 0's answer, and fails if
# any process fails.
n=$1
shift
base=${BASE_PORT:-23100}
hosts=$(mktemp)
trap 'rm -f "$hosts"; kill $(jobs -p) 2>/dev/null' EXIT
i=0
while [ "$i" -lt "$n" ]; do
    echo "127.0.0.1:$((base + i))" >> "$hosts"
    i=$((i + 1))
done
pids=
i=1
while [ "$i" -lt "$n" ]; do
    grundy value "$@" --cluster "$hosts" --process "$i" > /dev/null &
    pids="$pids $!"
    i=$((i + 1))
done
status=0
grundy value "$@" --cluster "$hosts" --process 0 || status=$?
for pid in $pids; do
    wait "$pid" || status=$?
done
exit "$status"
