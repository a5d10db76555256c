# Shared set-up of the benchmark scripts (sourced, not run): the repository root, Debian's
# Python, the kreg binary to time, and a scratch directory removed on exit.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY=/usr/bin/python3
KREG="$ROOT/build/kreg"

# Checks the binary (after option parsing, which may change KREG) and creates $WORK.
bench_start() {
  [[ -x "$KREG" ]] || { echo "kreg binary not found: $KREG (run scripts/setup.sh)" >&2; exit 1; }
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
}
