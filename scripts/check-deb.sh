#!/usr/bin/env bash
# Installs the package make deb built, checks it as a person would (the command, its manual
# page, its bash completion in a shell with Debian's default ~/.bashrc), removes it, and
# checks that none of its files is left. Needs root (or sudo) and apt.
set -euo pipefail
cd "$(dirname "$0")/.."

shopt -s nullglob
debs=(discover_*.deb)
[ ${#debs[@]} -eq 1 ] || { echo "check-deb: expected one discover_*.deb, found ${#debs[@]}; run make deb" >&2; exit 1; }
deb=${debs[0]}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo

# The package's paths, from the archive itself.
mapfile -t paths < <(dpkg-deb -c "$deb" | awk '{ p = $6; sub(/^\./, "", p); if (p != "/" && p !~ /\/$/) print p }')

$sudo apt-get update -qq
# `man -w` needs man-db, which minimal images leave out.
command -v man >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq man-db >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "./$deb" >/dev/null
echo "installed: $(dpkg-query -W -f='${Package} ${Version}' discover)"
[ "$(command -v discover)" = /usr/bin/discover ] || { echo "check-deb: discover is not /usr/bin/discover" >&2; exit 1; }
discover --version
man -w discover
# Debian's default ~/.bashrc (/etc/skel/.bashrc) turns bash-completion on; root's does not.
# bash-completion loads /usr/share/bash-completion/completions/discover at the first Tab after
# `discover`, through its default completion (`complete -D`): the check calls that loader as
# bash does, then the loaded function on `discover --sou`, which must offer --source.
completion=$(bash --rcfile /etc/skel/.bashrc -i 2>/dev/null <<'SHELL'
loader=$(complete -p -D 2>/dev/null | sed -n 's/.*-F \([^ ]*\).*/\1/p')
[ -n "$loader" ] || { echo "no default completion: bash-completion is not on"; exit 1; }
"$loader" discover --sou discover
spec=$(complete -p discover 2>/dev/null) || { echo "bash-completion found no completion for discover"; exit 1; }
function=$(sed -n 's/.*-F \([^ ]*\) .*/\1/p' <<<"$spec")
COMP_WORDS=(discover --sou); COMP_CWORD=1; COMP_LINE="discover --sou"; COMP_POINT=${#COMP_LINE}
"$function" discover --sou discover
echo "$spec"
printf 'offers: %s\n' "${COMPREPLY[*]}"
SHELL
)
grep -qx 'offers: --source' <<<"$completion" || { echo "check-deb: bash does not complete discover --sou: $completion" >&2; exit 1; }
echo "$completion"

DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -qq discover >/dev/null
status=$(dpkg-query -W -f='${db:Status-Status}' discover 2>/dev/null || echo not-installed)
[ "$status" = not-installed ] || { echo "check-deb: after apt-get remove, dpkg says: $status" >&2; exit 1; }
left=0
for p in "${paths[@]}"; do
  if [ -e "$p" ] || [ -L "$p" ]; then echo "check-deb: left behind: $p" >&2; left=1; fi
done
[ $left -eq 0 ] || exit 1
echo "removed: none of its ${#paths[@]} files is left"
