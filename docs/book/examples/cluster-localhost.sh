#!/bin/sh
# A cluster of N processes on this machine, for trying cluster mode:
#   sh cluster-localhost.sh N GAME POSITION... [OPTIONS]
# writes a hosts file of N lines (127.0.0.1, ports from BASE_PORT,
# 23100 by default), starts processes 1 to N-1 in the background and
# process 0 in the foreground, and prints process 0's answer.
set -e
n=$1
shift
base=${BASE_PORT:-23100}
hosts=$(mktemp)
trap 'rm -f "$hosts"' EXIT
i=0
while [ "$i" -lt "$n" ]; do
    echo "127.0.0.1:$((base + i))" >> "$hosts"
    i=$((i + 1))
done
i=1
while [ "$i" -lt "$n" ]; do
    grundy value "$@" --cluster "$hosts" --process "$i" > /dev/null &
    i=$((i + 1))
done
grundy value "$@" --cluster "$hosts" --process 0
wait
