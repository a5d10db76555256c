#!/usr/bin/env bash
# What building for this machine's processor (-march=native, cmake -DKREG_NATIVE=ON) gives over
# the portable default build (x86-64 with the hot loops dispatched at run time), on the kernel
# matrix, krr's solve, every iterative method, cv, loo and the Nystrom solver: medians of REPS
# alternating runs of both binaries (scripts/bench_portable.py) and their ratio.
# Builds the native binary into build-native/ unless --native is given; the portable one is
# build/kreg (scripts/setup.sh) unless --portable is given.
# Usage: scripts/bench_portable.sh [--reps R] [--native PATH] [--portable PATH]
set -euo pipefail
# shellcheck source=bench_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench_common.sh"  # ROOT, PY, KREG, bench_start
REPS=5
NATIVE=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --reps) REPS="$2"; shift 2 ;;
    --native) NATIVE="$2"; shift 2 ;;
    --portable) KREG="$2"; shift 2 ;;
    -h|--help) echo "usage: $0 [--reps R] [--native PATH] [--portable PATH]"; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument '$1'; usage: $0 [--reps R] [--native PATH] [--portable PATH]" >&2; exit 2 ;;
  esac
done
if [[ -z "$NATIVE" ]]; then
  cmake -S "$ROOT" -B "$ROOT/build-native" -DCMAKE_BUILD_TYPE=Release -DKREG_NATIVE=ON -DKREG_BUILD_TESTS=OFF > /dev/null
  cmake --build "$ROOT/build-native" -j "$(nproc)" --target kreg > /dev/null
  NATIVE="$ROOT/build-native/kreg"
fi
bench_start
echo "native: $NATIVE ($("$NATIVE" --version)); portable: $KREG ($("$KREG" --version))"
"$PY" "$ROOT/scripts/bench_cv_scaling_data.py" "$WORK/d2000.csv" 2000
"$PY" "$ROOT/scripts/bench_cv_scaling_data.py" "$WORK/d5000.csv" 5000
"$PY" "$ROOT/scripts/bench_nystrom_data.py" "$WORK/d100k.csv" 100000 "$WORK/unused_test.csv" 10
"$PY" "$ROOT/scripts/bench_portable.py" "$NATIVE" "$KREG" "$WORK" "$REPS"
