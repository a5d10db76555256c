#!/usr/bin/env bash
# Checks which OpenBLAS kernels `kreg --version` reports against the processor's own flags
# (/proc/cpuinfo, read independently of kreg): with AVX-512 (F, DQ, CD, BW, VL) an AVX-512
# kernel set, else with AVX2 and FMA an AVX2-or-newer set; and a user's OPENBLAS_CORETYPE is
# kept. And OpenBLAS starts no threads of its own (kreg runs itself with OPENBLAS_NUM_THREADS=1,
# whatever the user set): a `kreg fit --threads 1` is one thread from start to end, counted in
# /proc/PID/task while it runs. Usage: check_blas_kernels.sh path/to/kreg
set -euo pipefail
kreg="$1"
flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { for f in "$@"; do [[ "$flags" == *" $f "* ]] || return 1; done; }
# shellcheck source=../scripts/blas_kernel_set.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/blas_kernel_set.sh"

auto=$(env -u OPENBLAS_CORETYPE "$kreg" --version | blas_kernel_set)
echo "processor flags: avx2+fma $(has avx2 fma && echo yes || echo no), avx512 $(has avx512f avx512dq avx512cd avx512bw avx512vl && echo yes || echo no); kreg runs: $auto"
[[ -n "$auto" ]] || { echo "FAIL: kreg --version names no kernel set"; exit 1; }
if has avx512f avx512dq avx512cd avx512bw avx512vl; then
  [[ " SkylakeX Cooperlake SapphireRapids " == *" $auto "* ]] || { echo "FAIL: AVX-512 processor, kernels $auto"; exit 1; }
elif has avx2 fma; then
  [[ " Haswell Zen SkylakeX Cooperlake SapphireRapids Excavator " == *" $auto "* ]] ||
    { echo "FAIL: AVX2 processor, kernels $auto"; exit 1; }
fi
if has avx2 fma; then
  forced=$(OPENBLAS_CORETYPE=Haswell "$kreg" --version | blas_kernel_set)
  [[ "$forced" == Haswell ]] || { echo "FAIL: OPENBLAS_CORETYPE=Haswell gave $forced"; exit 1; }
fi

# The thread count of a running fit (--threads 1), sampled until it ends; OpenBLAS would start a
# thread per core beyond the first at load (at most OPENBLAS_NUM_THREADS - 1).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk 'BEGIN { srand(3); print "x1,x2,y"; for (i = 0; i < 3000; i++) { a = rand(); b = rand();
  printf "%.6f,%.6f,%.6f\n", a, b, sin(6 * a) + b } }' >"$work/d.csv"
OPENBLAS_NUM_THREADS=4 "$kreg" fit --data "$work/d.csv" --model "$work/m.json" --threads 1 --bandwidth 0.3 \
  --lambda 1e-3 --quiet &
pid=$!
most=0 samples=0
# Only the image that runs after kreg's re-execution counts (its environment, fixed at exec, has
# OPENBLAS_NUM_THREADS=1): the first one, which re-executes at once, has OpenBLAS's threads.
# The process can end between any two reads: a read that fails counts as no sample.
while [ -d "/proc/$pid/task" ]; do
  if { tr '\0' '\n' <"/proc/$pid/environ"; } 2>/dev/null | grep -qx 'OPENBLAS_NUM_THREADS=1'; then
    count=$({ ls "/proc/$pid/task" || true; } 2>/dev/null | wc -l)
    ((count > most)) && most=$count
    samples=$((samples + 1))
  fi
  sleep 0.02
done
wait "$pid" || { echo "FAIL: the fit for the thread count failed"; exit 1; }
echo "kreg fit --threads 1 under OPENBLAS_NUM_THREADS=4 on $(nproc) cores: at most $most thread(s) in $samples samples"
((samples > 0)) || { echo "FAIL: kreg did not run itself again with OPENBLAS_NUM_THREADS=1"; exit 1; }
((most == 1)) || { echo "FAIL: $most threads: OpenBLAS started threads of its own"; exit 1; }
echo "ok"
