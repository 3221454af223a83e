#!/usr/bin/env bash
# Runs each stage given as "name=command" in order, printing every stage's elapsed time and, at the
# end (also when one fails), the table of them. `npm test` and .ci/run use it. With STAGE_TIMES set,
# the rows are appended to that file too, as name<TAB>seconds (.ci/run prints one table for the whole run).
set -uo pipefail
names=()
times=()
summary() {
  echo
  echo "== elapsed per stage"
  for i in "${!names[@]}"; do printf '   %-28s %6s s\n' "${names[$i]}" "${times[$i]}"; done
}
for spec in "$@"; do
  name=${spec%%=*}
  command=${spec#*=}
  echo "== $name: $command"
  start=$SECONDS
  bash -c "$command"
  status=$?
  took=$((SECONDS - start))
  names+=("$name")
  times+=("$took")
  [ -n "${STAGE_TIMES:-}" ] && printf '%s\t%s\n' "$name" "$took" >>"$STAGE_TIMES"
  echo "== $name: $took s$([ $status -ne 0 ] && echo ", FAILED (exit $status)")"
  if [ $status -ne 0 ]; then
    summary
    exit $status
  fi
done
summary
