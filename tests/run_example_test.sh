#!/usr/bin/env bash
# The README's first command does the main job only: scripts/run_example.sh asks the build for the
# kreg target alone (not the test suite, the doc generator or the man page), then runs the example
# and prints its results; scripts/setup.sh without --target (test.sh, .ci/run) still builds every
# target. The scripts run on a copy of the tree with stand-ins for cmake (which logs its arguments
# and, for a build, puts a kreg that runs the real binary into build/) and for dpkg-query (every
# package installed), so the test builds nothing and installs nothing.
#   bash tests/run_example_test.sh SOURCE_DIR KREG_BINARY
set -euo pipefail
src="$1"
kreg="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

mkdir -p "$work/tree/scripts" "$work/bin"
cp "$src/scripts/setup.sh" "$src/scripts/run_example.sh" "$work/tree/scripts/"
for d in data configs tests; do ln -s "$src/$d" "$work/tree/$d"; done
cat > "$work/bin/cmake" <<EOF
#!/usr/bin/env bash
echo "\$*" >> "$work/cmake.log"
if [[ "\$1" == --build ]]; then
  mkdir -p "\$2"
  printf '#!/bin/sh\nexec "%s" "\$@"\n' "$kreg" > "\$2/kreg"
  chmod +x "\$2/kreg"
fi
EOF
printf '#!/bin/sh\nprintf "install ok installed"\n' > "$work/bin/dpkg-query"
chmod +x "$work/bin/cmake" "$work/bin/dpkg-query"
export PATH="$work/bin:$PATH"

# The targets a logged `cmake --build` line names ("" for every target).
targets_of() { sed -n 's/.*--target //p' <<< "$1"; }

# 1. run_example.sh: one configure, one build of kreg alone, then the example's results.
bash "$work/tree/scripts/run_example.sh" > "$work/example.out" 2> "$work/example.err" ||
  fail "run_example.sh exited with $?: $(tail -3 "$work/example.err")"
builds="$(grep -c -- '^--build' "$work/cmake.log" || true)"
[[ "$builds" == 1 ]] || fail "run_example.sh ran $builds builds: $(cat "$work/cmake.log")"
build_line="$(grep -- '^--build' "$work/cmake.log" || true)"
[[ "$(targets_of "$build_line")" == kreg ]] || fail "run_example.sh built '$build_line', not the kreg target alone"
grep -q -- "-S $work/tree -B $work/tree/build -DCMAKE_BUILD_TYPE=Release" "$work/cmake.log" ||
  fail "run_example.sh did not configure a Release build: $(cat "$work/cmake.log")"
r2_lines="$(grep -c '^R2: ' "$work/example.out" || true)"
[[ "$r2_lines" == 3 ]] || fail "the example printed $r2_lines test R2 lines, not 3: $(cat "$work/example.out")"
grep -q '^model written to .*/cv_model.json (the best point by the min rule' "$work/example.out" ||
  fail "the example's cv did not say where its model went"

# 2. setup.sh as test.sh and .ci/run call it: every target.
rm -f "$work/cmake.log"
bash "$work/tree/scripts/setup.sh" || fail "setup.sh exited with $?"
build_line="$(grep -- '^--build' "$work/cmake.log" || true)"
[[ -n "$build_line" && -z "$(targets_of "$build_line")" ]] || fail "setup.sh without --target built '$build_line'"

# 3. setup.sh --packages-only builds nothing; a --target without a name is refused.
rm -f "$work/cmake.log"
bash "$work/tree/scripts/setup.sh" --packages-only || fail "setup.sh --packages-only exited with $?"
[[ ! -e "$work/cmake.log" ]] || fail "setup.sh --packages-only ran cmake: $(cat "$work/cmake.log")"
status=0
bash "$work/tree/scripts/setup.sh" --target 2> "$work/setup.err" || status=$?
[[ "$status" == 2 ]] && grep -q -- '--target needs a CMake target name' "$work/setup.err" ||
  fail "setup.sh --target without a name: status $status, $(cat "$work/setup.err")"

if [[ "$failures" -gt 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "run_example.sh builds the kreg target alone and prints the example's results; setup.sh alone builds every target"
