#!/usr/bin/env bash
# Produce every figure of results/figures/ (see results/figures/README.md).
# Usage: bash scripts/figures/make_all.sh [--kreg PATH]     (default: $KREG, else build/kreg)
# One figure:  /usr/bin/python3 scripts/figures/<name>.py [--kreg PATH] [--out PNG] [--keep DIR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
kreg="${KREG:-$root/build/kreg}"
while [ $# -gt 0 ]; do
  case "$1" in
    --kreg) kreg="$2"; shift 2 ;;
    --kreg=*) kreg="${1#--kreg=}"; shift ;;
    -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
    *) echo "make_all.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$kreg" ] || { echo "make_all.sh: no executable kreg at $kreg (build it, or pass --kreg PATH)" >&2; exit 2; }

for fig in compare_pen_af compare_pen_a syn_sgd_cd_expl krr_bumps loo_shortcut; do
  echo "== $fig"
  /usr/bin/python3 "$here/$fig.py" --kreg "$kreg"
done
