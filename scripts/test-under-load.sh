#!/usr/bin/env bash
# Runs the whole test suite several times in a row (5 unless told), each time as CI does (.ci/run: a fresh clone of the
# last commit in an empty temporary folder, npm ci, npm test), with every core kept busy by a loop beside it. A test
# that passes only on a quiet machine fails here. Prints one line per run and keeps each run's output.
#   bash scripts/test-under-load.sh [runs]
set -u
cd "$(dirname "$0")/.."
runs=${1:-5}
logs=$(mktemp -d -t zrok-docs-under-load-XXXX)
busy=()
stop_busy() { for p in "${busy[@]}"; do kill "$p" 2>/dev/null; done; busy=(); }
trap stop_busy EXIT
trap 'exit 130' INT TERM

for _ in $(seq "$(nproc)"); do
  (while :; do :; done) &
  busy+=($!)
done
echo "== $runs runs of .ci/run on $(git rev-parse --short HEAD), with $(nproc) busy loops beside them; output in $logs"

failures=0
for i in $(seq "$runs"); do
  start=$(date +%s)
  bash .ci/run >"$logs/run-$i.log" 2>&1
  code=$?
  took=$(($(date +%s) - start))
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$logs/run-$i.log" | tail -n1)
  echo "run $i: ${summary:-no summary} (exit $code) in $((took / 60)) min $((took % 60)) s"
  if [ "$code" -ne 0 ]; then
    failures=$((failures + 1))
    grep -E '^(not ok|\s+not ok|✖|!!)' "$logs/run-$i.log" | head -n 20
  fi
done
echo "$((runs - failures)) of $runs runs passed under load"
[ "$failures" -eq 0 ]
