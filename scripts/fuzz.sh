#!/usr/bin/env bash
# Runs the libFuzzer harnesses of tests/fuzz (CSV reader, config reader, model reader, grid
# parser) under ASan+UBSan, from the seed corpus in tests/fuzz/corpus (never modified: new
# inputs go to a scratch corpus). Prints the executions of each harness; a crash, leak,
# sanitizer report or timeout fails the run and leaves the input in build-check/fuzz/.
#   bash scripts/fuzz.sh [--seconds N | --runs N] [csv config model grid]
# Default: 30 seconds per harness. Needs clang 14 (setup.sh --clang installs it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
limit=(-max_total_time=30)
harnesses=()
usage="usage: bash scripts/fuzz.sh [--seconds N | --runs N] [csv config model grid]"
count() {  # count OPTION VALUE: VALUE must be a whole number >= 1
  [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "kreg fuzz: $1 needs a whole number >= 1, got '${2:-}' ($usage)" >&2; exit 2; }
}
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) count "$1" "${2:-}"; limit=(-max_total_time="$2"); shift 2 ;;
    --runs) count "$1" "${2:-}"; limit=(-runs="$2"); shift 2 ;;
    csv|config|model|grid) harnesses+=("$1"); shift ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "kreg fuzz: unknown argument '$1' ($usage)" >&2; exit 2 ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(csv config model grid)

if ! bash "$root/scripts/setup.sh" --packages-only --clang || ! command -v clang++ >/dev/null; then
  echo "kreg fuzz: skipped: clang 14 and libFuzzer could not be installed" >&2
  exit 0
fi
bash "$root/scripts/build_check.sh"  # incremental: quick when sanitize.sh has just built it
out="$root/build-check/fuzz"
mkdir -p "$out"
status=0
for h in "${harnesses[@]}"; do
  work="$out/corpus_$h"
  mkdir -p "$work"
  log="$out/$h.log"
  start=$(date +%s)
  if (cd "$out" && "$root/build-check/tests/fuzz/fuzz_$h" "${limit[@]}" -max_len=4096 -timeout=10 \
        -print_final_stats=1 "$work" "$root/tests/fuzz/corpus/$h" > "$log" 2>&1); then
    result=ok
  else
    result="FAILED (see $log)"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  echo "kreg fuzz: $h: ${runs:-?} executions in $(( $(date +%s) - start )) s (${rate:-?}/s): $result"
done
exit $status
