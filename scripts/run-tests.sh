#!/usr/bin/env bash
# Runs the test suite (`swift test`, arguments passed on) and ends with two lines a person or a
# CI can read, taken from XCTest's own summary ("Executed N tests, with M failures"):
#   XCTest: Executed 435 tests, with 0 failures (0 unexpected) in 98.1 (98.2) seconds
#   435 passed, 0 failed
# Before them: the 20 slowest tests, then each failing test's name and assertion message.
# Also writes them to .build/test-summary.txt. Exits with swift test's status, or 1 when the
# summary shows a failure or is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/test-output.log
summary=.build/test-summary.txt

"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# The outermost suite's line comes last.
total=$(grep -E 'Executed [0-9]+ tests?, with' "$log" | tail -n 1 | sed -E 's/^[[:space:]]+//')
failed=$(grep -cE "^Test Case '.*' failed \(" "$log")
if [ -n "$total" ]; then
  executed=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$total")
  skipped=0
  if grep -qE '[0-9]+ tests? skipped' <<<"$total"; then
    skipped=$(sed -E 's/.* ([0-9]+) tests? skipped.*/\1/' <<<"$total")
  fi
  failures=$(sed -E 's/.*with ([^0-9]*[0-9]+ tests? skipped and )?([0-9]+) failures?.*/\2/' <<<"$total")
  [ "$failures" -gt 0 ] && [ "$failed" -eq 0 ] && failed=1
  passed=$((executed - skipped - failed))
  [ "$skipped" -gt 0 ] && total="$total ($skipped skipped, counted neither passed nor failed)"
  first="XCTest: $total"
else
  # No summary: the test process ended early (a crash, a signal).
  passed=$(grep -cE "^Test Case '.*' passed \(" "$log")
  failed=$((failed + 1))
  first="XCTest: no summary; the test process ended early (swift test exit status $status)"
fi
[ "$status" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
# The 20 slowest tests, slowest first (also in .build/test-slowest.txt).
grep -E "^Test Case '.*' (passed|failed) \([0-9.]+ seconds\)" "$log" \
  | sed -E "s/^Test Case '(.*)' (passed|failed) \(([0-9.]+) seconds\).*/\3 \1/" \
  | sort -rn | head -n 20 > .build/test-slowest.txt
if [ -s .build/test-slowest.txt ]; then
  echo "The 20 slowest tests (seconds):"
  sed -E 's/^/  /' .build/test-slowest.txt
fi
# Each failing test's name and its assertion's message (at most 20, cut at 400 characters), so
# that the last lines of a run say what failed, not only how many.
{
  grep -E "^Test Case '.*' failed \(" "$log" | head -n 20 | sed -E 's/^/failed: /'
  grep -E ': error: ' "$log" | head -n 20 | cut -c1-400 | sed -E 's/^/  /'
  printf '%s\n%d passed, %d failed\n' "$first" "$passed" "$failed"
} | tee "$summary"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && exit 0
[ "$status" -ne 0 ] && exit "$status"
exit 1
