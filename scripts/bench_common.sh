# Shared set-up of the benchmark scripts (sourced, not run): the repository root, Debian's
# Python, the kreg binary to time, and a scratch directory removed on exit.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY=/usr/bin/python3
KREG="$ROOT/build/kreg"
# shellcheck source=blas_kernel_set.sh
source "$ROOT/scripts/blas_kernel_set.sh"

# Checks the binary (after option parsing, which may change KREG) and creates $WORK.
bench_start() {
  [[ -x "$KREG" ]] || { echo "kreg binary not found: $KREG (run scripts/setup.sh)" >&2; exit 1; }
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  share_kreg_blas_kernels
}

# numpy and scikit-learn load the same OpenBLAS as kreg; run them on the kernels kreg runs
# (kreg picks the processor's widest set where OpenBLAS 0.3.21 would fall back to generic
# ones, src/kreg/linalg/blas_core.h), so that the ratios compare code, not kernel sets.
share_kreg_blas_kernels() {
  OPENBLAS_CORETYPE="$("$KREG" --version | blas_kernel_set)"
  export OPENBLAS_CORETYPE
  echo "blas_kernels: $OPENBLAS_CORETYPE (kreg and its peer)"
}
