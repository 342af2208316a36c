#!/usr/bin/env bash
# Checks `make install` and `make uninstall` into a temporary DESTDIR: the stripped binary, the
# manual page and the three completions in their standard places, then none of them left.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
make -s install DESTDIR="$dest" >/dev/null
files=(bin/discover-tui share/man/man1/discover-tui.1 share/bash-completion/completions/discover-tui
       share/zsh/site-functions/_discover_tui share/fish/vendor_completions.d/discover-tui.fish)
for f in "${files[@]}"; do
  [ -f "$dest/usr/local/$f" ] || { echo "check-install: /usr/local/$f is missing" >&2; exit 1; }
done
"$dest/usr/local/bin/discover-tui" --version >/dev/null
if readelf -S "$dest/usr/local/bin/discover-tui" | grep -q '\.symtab'; then
  echo "check-install: the installed binary is not stripped" >&2; exit 1
fi
make -s uninstall DESTDIR="$dest" >/dev/null
left=$(find "$dest" -type f)
[ -z "$left" ] || { echo "check-install: make uninstall left: $left" >&2; exit 1; }
echo "make install: ${#files[@]} files under /usr/local, binary stripped; make uninstall: none left"
