#!/usr/bin/env bash
# Installs what Discover needs to build, run and test on Debian, when it is missing:
# the ncursesw, libxml2, libcurl, SQLite and zlib development files, libturbojpeg, pkg-config and tmux (for the end-to-end
# tests), and the tools the manual page, completion and TLS tests run.
# The Swift toolchain itself (6.0 or newer) must already be on PATH.
set -euo pipefail

missing=()
pkg-config --version >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists ncursesw 2>/dev/null || missing+=(libncurses-dev)
pkg-config --exists libxml-2.0 2>/dev/null || missing+=(libxml2-dev)
# libcurl is linked by Foundation's networking when the release binary is built with Swift's
# runtime linked statically.
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
# zlib's header, for the Trakt export zip (the library itself is opened with dlopen).
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
# libturbojpeg, opened with dlopen, decodes posters and photos; the tests encode and decode with it.
ldconfig -p 2>/dev/null | grep -q 'libturbojpeg\.so\.0 ' || missing+=(libturbojpeg0)
# libsqlite3 is linked, for the watched episodes' database.
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# GNU screen, for the clean exit on a terminal whose alternate screen is off (its default).
command -v screen >/dev/null 2>&1 || missing+=(screen)
[ -x /usr/bin/setsid ] || missing+=(util-linux)
# The locale tests also run under de_DE.UTF-8 (a decimal comma) and tr_TR.UTF-8 (the dotless
# i), generated below from the `locales` package's sources.
if ! locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$' || ! command -v localedef >/dev/null 2>&1 \
   || [ ! -d /usr/share/i18n/locales ]; then
  missing+=(locales)
fi
# The tests render the manual page (groff -ww, mandoc -T lint) and load the zsh and fish
# completions.
command -v groff >/dev/null 2>&1 || missing+=(groff-base)
command -v mandoc >/dev/null 2>&1 || missing+=(mandoc)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v fish >/dev/null 2>&1 || missing+=(fish)
# The TLS tests make a self-signed certificate and serve it with openssl s_server.
command -v openssl >/dev/null 2>&1 || missing+=(openssl)

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "Run as root, or install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# de_DE.UTF-8 and tr_TR.UTF-8, when missing (`locale -a` spells them de_DE.utf8, tr_TR.utf8).
for name in de_DE tr_TR; do
  if ! locale -a 2>/dev/null | grep -qi "^${name}\.utf-\?8\$"; then
    echo "Generating the locale ${name}.UTF-8"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
    $sudo localedef -i "$name" -f UTF-8 "${name}.UTF-8"
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "The Swift toolchain (6.0 or newer) is not on PATH: see https://www.swift.org/install/linux/" >&2
  exit 1
fi
