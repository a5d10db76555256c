#!/usr/bin/env bash
# The README's quick start on a fresh Debian 12 (debootstrap --variant=minbase, via
# scripts/fresh_debian.sh), as a new user meets it: a copy of this checkout's HEAD in /root/kreg,
# then `bash scripts/run_example.sh` (the main job: packages, the kreg binary, the example) and
# `bash scripts/test.sh` (the whole test suite), each timed. Checks that the first command built
# no test target (no kreg_tests, no kreg_docgen in build/). Root only; tens of minutes on two
# cores, so it is not part of the test suite.
#   --keep     keep the chroot afterwards (prints where)
#   --no-test  stop after run_example.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
keep=0
run_tests=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --no-test) run_tests=0; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "kreg: error: check_quick_start.sh: unknown argument '$1' (use --keep, --no-test)" >&2; exit 2 ;;
  esac
done
[[ "$(id -u)" -eq 0 ]] || { echo "kreg: error: check_quick_start.sh must run as root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }

# shellcheck source=fresh_debian.sh
source "$root/scripts/fresh_debian.sh"
fresh_debian_copy /var/tmp/kreg-debootstrap/bookworm /var/tmp/kreg-debootstrap/quick-start "$keep"
mkdir -p "$work/root/kreg"
git -C "$root" archive HEAD | tar -x -C "$work/root/kreg"
inside() {
  chroot "$work" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
    bash -c "cd /root/kreg && $1"
}
timed() {
  local start status=0
  start=$(date +%s)
  echo "== $1"
  inside "$1" 2>&1 | tail -25 || status=$?
  echo "== $1: exit $status after $(( $(date +%s) - start )) s"
  return "$status"
}
failures=0
timed "bash scripts/run_example.sh" || failures=$((failures + 1))
built=$(cd "$work/root/kreg/build" && find . -maxdepth 2 -type f -perm -u+x \( -name kreg_tests -o -name kreg_docgen \) | wc -l)
if [[ -x "$work/root/kreg/build/kreg" && $built -eq 0 ]]; then
  echo "ok: run_example.sh built build/kreg and no test target"
else
  echo "FAIL: run_example.sh built $built test or doc target(s) besides kreg"; failures=$((failures + 1))
fi
if [[ $run_tests -eq 1 ]]; then timed "bash scripts/test.sh" || failures=$((failures + 1)); fi
if [[ $failures -eq 0 ]]; then echo "check_quick_start: all checks passed"; else echo "check_quick_start: FAILED"; fi
exit "$failures"
