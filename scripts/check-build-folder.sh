#!/usr/bin/env bash
# A checkout copied or moved with its .build cannot be built where it lands: SwiftPM's .build
# holds absolute paths, and Clang refuses the precompiled modules of its module cache
# ("was compiled with module cache path '<old path>/.build/…'", then "missing required module
# 'SwiftShims'"). Every make target that builds runs this first: a .build made in another
# folder is removed, with one line saying so, and the build starts again from scratch here.
# The folder a .build was made in is kept in .build/.made-in; for a .build from before that
# file, it is the folder its build plan (.build/*.yaml) names.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d .build ] || exit 0
here=$(pwd -P)
stamp=.build/.made-in
made_in=""
if [ -f "$stamp" ]; then
  made_in=$(cat "$stamp")
else
  for plan in .build/*.yaml; do
    [ -f "$plan" ] || continue
    made_in=$(grep -o -m1 '"/[^"]*/\.build/' "$plan" | head -n 1 | sed 's|^"||; s|/\.build/$||' || true)
    [ -z "$made_in" ] || break
  done
fi
if [ -n "$made_in" ] && [ "$made_in" != "$here" ]; then
  echo "make: .build was made in $made_in, not here: removing it and building from scratch (its module cache holds absolute paths)" >&2
  rm -rf .build
  mkdir .build
fi
[ -f "$stamp" ] && [ "$made_in" = "$here" ] || printf '%s\n' "$here" > "$stamp"
