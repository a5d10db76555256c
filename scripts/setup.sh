#!/usr/bin/env bash
# Installs the Debian packages kreg needs (only those missing) and builds it in Release into
# build/. Safe to run repeatedly; used by run_example.sh, test.sh and .ci/run.
#   --packages-only   install the packages, do not build
#   --target NAME     build only this CMake target and what it needs (repeatable; run_example.sh:
#                     --target kreg). Default: every target, the test suite and the man page included
#   --clang           also install clang 14 with libFuzzer and its sanitizer runtimes
#                     (scripts/sanitize.sh, scripts/fuzz.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

packages=(g++ cmake make libarmadillo-dev libopenblas-dev liblapack-dev liblbfgsb-dev libcli11-dev zlib1g-dev
          nlohmann-json3-dev libgtest-dev python3-numpy python3-scipy python3-sklearn python3-matplotlib time
          groff-base librsvg2-bin python3-pil)
build=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --packages-only) build=0 ;;
    --clang) packages+=(clang libfuzzer-14-dev libclang-rt-14-dev) ;;
    --target)
      [ $# -ge 2 ] && [ -n "$2" ] || { echo "kreg setup: --target needs a CMake target name, e.g. --target kreg" >&2; exit 2; }
      targets+=("$2")
      shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "kreg setup: unknown argument '$1' (use --packages-only, --target NAME or --clang)" >&2; exit 2 ;;
  esac
  shift
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "kreg setup: installing Debian packages: ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ "$build" -eq 1 ] || exit 0

jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
build_args=(--build "$root/build" -j "$jobs")
[ ${#targets[@]} -eq 0 ] || build_args+=(--target "${targets[@]}")
cmake "${build_args[@]}" 2>&1 | grep -E "error|warning:|Error" || true
test -x "$root/build/kreg" || { echo "kreg setup: build failed" >&2; exit 1; }
