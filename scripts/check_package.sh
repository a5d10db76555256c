#!/usr/bin/env bash
# Builds kreg's Debian package (cpack -G DEB in build-pkg/) and installs it on a fresh Debian 12
# (bookworm) made by debootstrap, as a user would: `apt-get install ./kreg_*.deb`. Inside, it
# checks that apt pulled only Debian packages and that `kreg --version`, `man kreg`, `kreg fit`
# on the bundled data and the bash completion (`kreg c<TAB>` -> cv) work
# (scripts/check_package_chroot.sh). Root only; takes minutes, so it is not part of the test suite.
#
# The clean chroot (debootstrap --variant=minbase, from the mirror this machine's apt uses) is
# made once and cached in /var/tmp/kreg-debootstrap/bookworm; each run installs into a fresh
# copy of it, which is removed afterwards.
#   --build-dir DIR   where to build (default: build-pkg)
#   --jobs N          parallel compile jobs (default: 2)
#   --keep            keep the chroot copy the package was installed in (prints where)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build-pkg"
jobs=2
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) [[ -n "${2:-}" ]] || { echo "kreg: error: check_package.sh: --build-dir needs a directory" >&2; exit 2; }
                 build="$(realpath -m "$2")"; shift 2 ;;
    --jobs) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "kreg: error: check_package.sh: --jobs needs a whole number >= 1" >&2; exit 2; }
            jobs="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "kreg: error: check_package.sh: unknown argument '$1' (use --build-dir DIR, --jobs N, --keep)" >&2
       exit 2 ;;
  esac
done
[[ "$(id -u)" -eq 0 ]] || { echo "kreg: error: check_package.sh must run as root (debootstrap, chroot)" >&2; exit 2; }

cache=/var/tmp/kreg-debootstrap
base="$cache/bookworm"
work="$cache/check"

# 1. The tools: kreg's build dependencies (setup.sh), then debootstrap, and dpkg-dev and file,
# which CPack's dpkg-shlibdeps step needs.
bash "$root/scripts/setup.sh" --packages-only
missing=()
for p in debootstrap dpkg-dev file; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "check_package: installing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. The package.
echo "== building the package in $build"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DKREG_NATIVE=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target kreg kreg_docs 2>&1 | grep -E "error|warning:" || true
rm -f "$build"/kreg_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb="$(ls "$build"/kreg_*.deb)"
echo "\$ dpkg-deb -I $(basename "$deb")"
dpkg-deb -I "$deb"
echo "\$ dpkg-deb -c $(basename "$deb")"
dpkg-deb -c "$deb" | awk '{print $1, $6}'

# 3. A fresh Debian 12: a copy of the cached minimal chroot (scripts/fresh_debian.sh).
# shellcheck source=fresh_debian.sh
source "$root/scripts/fresh_debian.sh"
fresh_debian_copy "$base" "$work" "$keep"
cp "$deb" "$work/tmp/"
cp "$root/scripts/check_package_chroot.sh" "$work/tmp/"
chmod 644 "$work/tmp/$(basename "$deb")"

# 4. The checks, inside.
echo "== in the chroot: sources $(grep -c '^deb ' "$work/etc/apt/sources.list") line(s): $(tr '\n' ';' <"$work/etc/apt/sources.list")"
status=0
chroot "$work" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
  bash /tmp/check_package_chroot.sh "/tmp/$(basename "$deb")" || status=$?
if [[ $status -eq 0 ]]; then echo "check_package: all checks passed"; else echo "check_package: FAILED"; fi
exit "$status"
