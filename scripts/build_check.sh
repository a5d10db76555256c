#!/usr/bin/env bash
# Builds build-check/: clang 14, AddressSanitizer + UndefinedBehaviorSanitizer, the test suite
# and the libFuzzer harnesses (KREG_SANITIZE, KREG_FUZZ). Used by sanitize.sh and fuzz.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-check" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DKREG_SANITIZE=ON -DKREG_FUZZ=ON >/dev/null
cmake --build "$root/build-check" -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | grep -E "error|warning:|Error" || true
test -x "$root/build-check/kreg" || { echo "kreg: sanitizer build failed" >&2; exit 1; }
