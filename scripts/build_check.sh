#!/usr/bin/env bash
# Builds build-check/: clang 14, AddressSanitizer + UndefinedBehaviorSanitizer, the test suite
# and the libFuzzer harnesses (KREG_SANITIZE, KREG_FUZZ). Used by sanitize.sh and fuzz.sh.
#   bash scripts/build_check.sh     (no arguments; -h, --help: this text)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "${1:-}" in
  "") ;;
  -h|--help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "build_check.sh: error: unknown argument '$1' (it takes none; see --help)" >&2; exit 2 ;;
esac
CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-check" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DKREG_SANITIZE=ON -DKREG_FUZZ=ON >/dev/null
# Only errors and warnings are shown; a target that fails to build ends the script (before, a
# test binary that failed to compile surfaced only as a "NOT_BUILT" test much later).
status=0
cmake --build "$root/build-check" -j "$(nproc 2>/dev/null || echo 2)" >"$root/build-check/build.log" 2>&1 || status=$?
grep -E "error|warning:|Error" "$root/build-check/build.log" || true
if [[ $status -ne 0 ]]; then
  echo "kreg: sanitizer build failed (exit status $status; the whole log: build-check/build.log)" >&2; exit 1
fi
