#!/usr/bin/env bash
# Builds discover-tui_VERSION_ARCH.deb in the repository's root from the release binary and the
# manual page and completions it writes (make deb runs this after make docs):
#   usr/bin/discover-tui                                   stripped
#   usr/share/man/man1/discover-tui.1.gz
#   usr/share/bash-completion/completions/discover-tui
#   usr/share/zsh/vendor-completions/_discover_tui
#   usr/share/fish/vendor_completions.d/discover-tui.fish
#   usr/share/doc/discover-tui/copyright                   the program's licence and the data's terms
#   usr/share/doc/discover-tui/changelog.gz                packaging/changelog (Debian's format; its
#                                                      version must be the program's)
# Depends: is computed from the binary by dpkg-shlibdeps (libsqlite3-0, which it links, among
# them), plus libcurl4 and libxml2, which the
# binary opens with dlopen when it first needs them (so dpkg-shlibdeps cannot see them), and
# tzdata, whose zone files it reads for the viewer's and the places' time zones.
# Recommends: bash-completion, and libturbojpeg0, opened with dlopen to decode posters and photos
# (without it the app runs, with no picture).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/release/discover-tui
generated=.build/generated
for f in "$binary" "$generated/discover-tui.1" "$generated/discover-tui.bash" "$generated/_discover_tui" "$generated/discover-tui.fish"; do
  [ -f "$f" ] || { echo "build-deb: $f is missing; run make deb" >&2; exit 1; }
done
for tool in dpkg-deb dpkg-shlibdeps strip; do
  command -v "$tool" >/dev/null 2>&1 || { echo "build-deb: $tool is missing (apt-get install dpkg-dev binutils)" >&2; exit 1; }
done

version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/Workers/HTTP/AppIdentity.swift)
[ -n "$version" ] || { echo "build-deb: cannot read the version from Sources/Workers/HTTP/AppIdentity.swift" >&2; exit 1; }
# The changelog's newest entry is this version (`discover-tui (0.1.0) unstable; ...`).
changelog_version=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' packaging/changelog)
[ "$changelog_version" = "$version" ] || { echo "build-deb: packaging/changelog starts at ${changelog_version:-no version}, the program is $version; add an entry" >&2; exit 1; }
arch=$(dpkg --print-architecture)
work=.build/deb
root=$work/root
rm -rf "$work"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/discover-tui"
install -m 0755 "$binary" "$root/usr/bin/discover-tui"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/discover-tui"
gzip -9n -c "$generated/discover-tui.1" > "$root/usr/share/man/man1/discover-tui.1.gz"
chmod 0644 "$root/usr/share/man/man1/discover-tui.1.gz"
install -m 0644 "$generated/discover-tui.bash" "$root/usr/share/bash-completion/completions/discover-tui"
install -m 0644 "$generated/_discover_tui" "$root/usr/share/zsh/vendor-completions/_discover_tui"
install -m 0644 "$generated/discover-tui.fish" "$root/usr/share/fish/vendor_completions.d/discover-tui.fish"
install -m 0644 packaging/copyright "$root/usr/share/doc/discover-tui/copyright"
gzip -9n -c packaging/changelog > "$root/usr/share/doc/discover-tui/changelog.gz"
chmod 0644 "$root/usr/share/doc/discover-tui/changelog.gz"

# dpkg-shlibdeps reads debian/control from the folder it runs in.
mkdir -p "$work/src/debian"
printf 'Source: discover-tui\n\nPackage: discover-tui\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$OLDPWD/$root/usr/bin/discover-tui" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps gave no dependencies" >&2; exit 1; }
depends="$depends, libcurl4, libxml2, tzdata"
# libturbojpeg (opened with dlopen) draws posters and photos; without it they are left out.
recommends="bash-completion, libturbojpeg0"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)

cat > "$root/DEBIAN/control" <<CONTROL
Package: discover-tui
Version: $version
Architecture: $arch
Maintainer: The Discover authors <discover-tui@example.invalid>
Installed-Size: $size
Depends: $depends
Recommends: $recommends
Section: utils
Priority: optional
Description: popular TV shows and places nearby, in the terminal
 A full-screen terminal app for browsing, with the keyboard, the popular TV
 shows of the moment (TVmaze, or TMDB with a key), one show's details, and the
 places near a location (OpenStreetMap, or Geoapify with a key). It works
 offline on a built-in snapshot of real recorded data and says on screen which
 source it shows.
CONTROL

(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
out="discover-tui_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
echo "$out: $(du -h "$out" | cut -f1), Depends: $depends"
