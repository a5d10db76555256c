#!/usr/bin/env bash
# The whole test suite in one command: set up (packages + Release build of every target: kreg,
# the test binary, the man page), then ctest. Extra arguments go to ctest (e.g. -R Cv).
#   bash scripts/test.sh [CTEST_OPTIONS...]     (-h, --help: this text)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=ctest_args.sh
source "$root/scripts/ctest_args.sh"
help_if_asked "$@"
check_ctest_args "$@"
bash "$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
