#!/usr/bin/env bash
# Runs each command given at once (for steps that each use one core: ESLint, Prettier, tsc), then
# prints each one's output in order and fails if any failed.
set -uo pipefail
outputs=()
pids=()
for command in "$@"; do
  out=$(mktemp)
  outputs+=("$out")
  bash -c "$command" >"$out" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  code=$?
  echo "-- ${*:$((i + 1)):1}$([ $code -ne 0 ] && echo ": FAILED (exit $code)")"
  cat "${outputs[$i]}"
  rm -f "${outputs[$i]}"
  [ $code -ne 0 ] && status=$code
done
exit $status
