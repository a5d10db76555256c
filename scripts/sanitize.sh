#!/usr/bin/env bash
# The whole test suite (the reproduction smoke run included) built with clang 14 under
# AddressSanitizer and UndefinedBehaviorSanitizer, into build-check/ (which also holds the
# libFuzzer harnesses that scripts/fuzz.sh runs). Any sanitizer report fails its test.
# Extra arguments go to ctest (e.g. -R Cv).
#   bash scripts/sanitize.sh [CTEST_OPTIONS...]     (-h, --help: this text)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=ctest_args.sh
source "$root/scripts/ctest_args.sh"
help_if_asked "$@"
check_ctest_args "$@"
bash "$root/scripts/setup.sh" --packages-only --clang
bash "$root/scripts/build_check.sh"
# halt_on_error: the first report ends the test; LeakSanitizer is on (ASan's default on Linux).
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
cd "$root/build-check"
start=$(date +%s)
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
echo "kreg sanitize: test suite under ASan+UBSan passed in $(( $(date +%s) - start )) s"
