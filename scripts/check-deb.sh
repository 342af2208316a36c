#!/usr/bin/env bash
# Installs the package make deb built, checks it as a person would (the command, its manual
# page, its bash completion in a shell with Debian's default ~/.bashrc), checks that apt's
# next upgrade keeps it and that Debian's package of a similar name would not overwrite it,
# removes it, and checks that none of its files is left. Needs root (or sudo) and apt.
set -euo pipefail
cd "$(dirname "$0")/.."

# The package and its command have one name.
name=discover-tui
# Debian packages that ship a program of a name close to ours and do another job: installing
# them (simulated) must neither replace nor remove ours, nor write any of our files, and none
# of their commands or manual pages may have the basename of ours (Debian Policy 10.1).
debian_lookalikes=(discover)

shopt -s nullglob
debs=("${name}"_*.deb)
[ ${#debs[@]} -eq 1 ] || { echo "check-deb: expected one ${name}_*.deb, found ${#debs[@]}; run make deb" >&2; exit 1; }
deb=${debs[0]}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
[ "$(dpkg-deb -f "$deb" Package)" = "$name" ] || { echo "check-deb: $deb is not the package $name" >&2; exit 1; }

# The reference (docs/reference.md) says what the package declares: its `Depends:` row is the package's field as
# make deb wrote it (dpkg-shlibdeps's versions can change with the toolchain or the system).
declared=$(dpkg-deb -f "$deb" Depends)
documented=$(sed -n 's/^| package `Depends:`.*| `\(.*\)` |$/\1/p' docs/reference.md)
[ "$documented" = "$declared" ] || {
  printf 'check-deb: docs/reference.md says Depends: %s\nbut %s declares:  %s\n' "${documented:-(no package Depends: row)}" "$deb" "$declared" >&2
  exit 1
}
echo "docs/reference.md: Depends: as declared"
recommended=$(dpkg-deb -f "$deb" Recommends)
documented=$(sed -n 's/^| package `Recommends:`.*| `\(.*\)` |$/\1/p' docs/reference.md)
[ "$documented" = "$recommended" ] || {
  printf 'check-deb: docs/reference.md says Recommends: %s\nbut %s declares:  %s\n' "${documented:-(no package Recommends: row)}" "$deb" "$recommended" >&2
  exit 1
}
echo "docs/reference.md: Recommends: as declared"

# The package's paths, from the archive itself (files and links, not folders).
mapfile -t paths < <(dpkg-deb -c "$deb" | awk '{ p = $6; sub(/^\./, "", p); if (p != "/" && p !~ /\/$/) print p }')

# On a failed check the package is removed again, so that a second run starts as the first.
download=$(mktemp -d)
cleanup() {
  status=$?
  rm -rf "$download"
  if [ $status -ne 0 ] && dpkg-query -W -f='${db:Status-Status}' "$name" 2>/dev/null | grep -qx installed; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq "$name" >/dev/null 2>&1 || true
  fi
  exit $status
}
trap cleanup EXIT

$sudo apt-get update -qq
# `man -w` needs man-db, which minimal images leave out.
command -v man >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq man-db >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "./$deb" >/dev/null
echo "installed: $(dpkg-query -W -f='${Package} ${Version}' "$name")"
[ "$(command -v "$name")" = "/usr/bin/$name" ] || { echo "check-deb: $name is not /usr/bin/$name" >&2; exit 1; }
"$name" --version
man -w "$name"
# Debian's default ~/.bashrc (/etc/skel/.bashrc) turns bash-completion on; root's does not.
# bash-completion loads /usr/share/bash-completion/completions/NAME at the first Tab after
# the command, through its default completion (`complete -D`): the check calls that loader as
# bash does, then the loaded function on `NAME --sou`, which must offer --source.
completion=$(NAME=$name bash --rcfile /etc/skel/.bashrc -i 2>/dev/null <<'SHELL'
loader=$(complete -p -D 2>/dev/null | sed -n 's/.*-F \([^ ]*\).*/\1/p')
[ -n "$loader" ] || { echo "no default completion: bash-completion is not on"; exit 1; }
"$loader" "$NAME" --sou "$NAME"
spec=$(complete -p "$NAME" 2>/dev/null) || { echo "bash-completion found no completion for $NAME"; exit 1; }
function=$(sed -n 's/.*-F \([^ ]*\) .*/\1/p' <<<"$spec")
COMP_WORDS=("$NAME" --sou); COMP_CWORD=1; COMP_LINE="$NAME --sou"; COMP_POINT=${#COMP_LINE}
"$function" "$NAME" --sou "$NAME"
echo "$spec"
printf 'offers: %s\n' "${COMPREPLY[*]}"
SHELL
)
grep -qx 'offers: --source' <<<"$completion" || { echo "check-deb: bash does not complete $name --sou: $completion" >&2; exit 1; }
echo "$completion"

# The upgrade path: apt's next upgrade neither replaces nor removes the package (a package of
# the same name in the archive with a higher version would be offered here).
upgradable=$(apt list --upgradable 2>/dev/null | grep -E "^${name}/" || true)
[ -z "$upgradable" ] || { echo "check-deb: apt list --upgradable offers: $upgradable" >&2; exit 1; }
plan=$(apt-get -s upgrade)
touches=$(grep -E "^(Inst|Remv|Purg) ${name}( |$)" <<<"$plan" || true)
[ -z "$touches" ] || { echo "check-deb: apt-get -s upgrade plans: $touches" >&2; exit 1; }
echo "upgrade path: apt list --upgradable and apt-get -s upgrade leave $name as it is"

# Debian's look-alikes, installed (simulated) beside it: nothing of ours is replaced or
# removed, and no file of the packages apt would install (downloaded, read with dpkg-deb -c)
# has one of our paths, or the basename of our command or manual page.
mapfile -t ours_named < <(printf '%s\n' "${paths[@]}" | grep -E '^/usr/(bin|share/man/man[0-9])/' | sed 's|.*/||; s/\.gz$//')
chmod 0777 "$download"  # apt-get download runs as the _apt user when it can.
for lookalike in "${debian_lookalikes[@]}"; do
  apt-cache show "$lookalike" >/dev/null 2>&1 || { echo "lookalike: $lookalike is not in this archive"; continue; }
  plan=$(apt-get -s install "$lookalike")
  touches=$(grep -E "^(Inst|Remv|Purg) ${name}( |$)" <<<"$plan" || true)
  [ -z "$touches" ] || { echo "check-deb: apt-get -s install $lookalike plans: $touches" >&2; exit 1; }
  mapfile -t incoming < <(sed -n 's/^Inst \([^ ]*\) .*/\1/p' <<<"$plan")
  [ ${#incoming[@]} -gt 0 ] || { echo "check-deb: apt-get -s install $lookalike installs nothing" >&2; exit 1; }
  (cd "$download" && apt-get download -qq "${incoming[@]}" 2>/dev/null)
  clash=0
  for theirs in "$download"/*.deb; do
    while read -r path; do
      for p in "${paths[@]}"; do
        [ "$path" != "$p" ] || { echo "check-deb: $(basename "$theirs") would overwrite $p" >&2; clash=1; }
      done
      case $path in
        */bin/*|*/sbin/*|/usr/share/man/man*/*)
          base=${path##*/}; base=${base%.gz}
          for o in "${ours_named[@]}"; do
            [ "$base" != "$o" ] || { echo "check-deb: $(basename "$theirs") has $path, named as our $o" >&2; clash=1; }
          done ;;
      esac
    done < <(dpkg-deb -c "$theirs" | awk '{ p = $6; sub(/^\./, "", p); if (p != "/" && p !~ /\/$/) print p }')
  done
  [ $clash -eq 0 ] || exit 1
  echo "lookalike: apt-get -s install $lookalike (${incoming[*]}) keeps $name and has none of its paths or names"
  rm -f "$download"/*.deb
done

DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq "$name" >/dev/null
status=$(dpkg-query -W -f='${db:Status-Status}' "$name" 2>/dev/null || echo not-installed)
[ "$status" = not-installed ] || { echo "check-deb: after apt-get remove, dpkg says: $status" >&2; exit 1; }
left=0
for p in "${paths[@]}"; do
  if [ -e "$p" ] || [ -L "$p" ]; then echo "check-deb: left behind: $p" >&2; left=1; fi
done
[ $left -eq 0 ] || exit 1
echo "removed: none of its ${#paths[@]} files is left"
