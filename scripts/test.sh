#!/usr/bin/env bash
# The whole test suite in one command: set up (packages + Release build of every target: kreg,
# the test binary, the man page), then ctest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
