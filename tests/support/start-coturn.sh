#!/usr/bin/env bash
# Starts coturn (Debian's turnserver) on loopback for the relay-only call test, with the REST API's
# shared secret (time-limited credentials, as ICE_SERVERS' TURN entries derive them). Idempotent:
# an instance already answering on the port is kept. Usage: tests/support/start-coturn.sh [secret] [port]
set -euo pipefail
secret=${1:-${TURN_SECRET:-workroom-ci-turn-secret}}
port=${2:-${TURN_PORT:-3478}}
dir=${TMPDIR:-/tmp}/workroom-coturn
mkdir -p "$dir"
if [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; then exit 0; fi
turnserver -n --listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port="$port" \
  --min-port=49160 --max-port=49400 --use-auth-secret --static-auth-secret="$secret" \
  --realm=workroom.local --allow-loopback-peers --no-cli --no-tls --no-dtls --fingerprint \
  --simple-log --log-file="$dir/log" --pidfile="$dir/pid" --daemon
for _ in $(seq 50); do
  [ -f "$dir/pid" ] && kill -0 "$(cat "$dir/pid")" 2>/dev/null && exit 0
  sleep 0.1
done
echo "coturn did not start; see $dir/log" >&2
exit 1
