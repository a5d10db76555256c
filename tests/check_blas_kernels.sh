#!/usr/bin/env bash
# Checks which OpenBLAS kernels `kreg --version` reports against the processor's own flags
# (/proc/cpuinfo, read independently of kreg): with AVX-512 (F, DQ, CD, BW, VL) an AVX-512
# kernel set, else with AVX2 and FMA an AVX2-or-newer set; and a user's OPENBLAS_CORETYPE is
# kept. Usage: check_blas_kernels.sh path/to/kreg
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
echo "ok"
