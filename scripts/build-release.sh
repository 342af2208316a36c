#!/usr/bin/env bash
# The release build behind make run, make docs, make deb and make bench:
#   scripts/build-release.sh BINARY SWIFT-BUILD-COMMAND...
# runs the command unless BINARY is what it built last time and nothing under Sources/ (file
# or folder) nor Package.swift is newer than the start of that build: SwiftPM alone spends one
# to three seconds planning a build that has nothing to do, so a second `make run` would not
# start at once. .build/release.stamp records the command, DISCOVER_KEEP_SYMBOLS (read by
# Package.swift), and the binary's time and size; its own time is the start of that build, so
# a file saved while it ran is still newer. A different command or setting, a binary rebuilt
# by hand, or a missing stamp runs the command (SwiftPM then recompiles what it must).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: build-release.sh BINARY SWIFT-BUILD-COMMAND..." >&2; exit 2; }
binary=$1
shift
stamp=.build/release.stamp
want="$* DISCOVER_KEEP_SYMBOLS=${DISCOVER_KEEP_SYMBOLS:-}"
if [ -x "$binary" ] && [ -f "$stamp" ] \
   && [ "$(cat "$stamp")" = "$want $(stat -c '%Y %s' "$binary")" ] \
   && [ -z "$(find Package.swift Sources -newer "$stamp" -print -quit)" ]; then
  echo "$binary is up to date (nothing in Sources or Package.swift changed since it was built)"
  exit 0
fi
rm -f "$stamp"
start=$(date +%s.%N)
echo "$*"
"$@"
[ -x "$binary" ] || { echo "build-release: $* did not write $binary" >&2; exit 1; }
printf '%s\n' "$want $(stat -c '%Y %s' "$binary")" > "$stamp"
touch -d "@$start" "$stamp"
