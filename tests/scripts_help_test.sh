#!/usr/bin/env bash
# Every script of scripts/ that is run (not sourced) answers --help with its usage on stdout and
# exit 0, and an unknown argument with a message on stderr and exit 2, in both cases at once and
# without installing, building or running anything: the scripts run on a copy of scripts/ with
# stand-ins for the build and package tools (cmake, ctest, make, compilers, apt-get, dpkg-query,
# sudo, debootstrap, chroot, git, Python, Slurm's commands) that log any call.
#   bash tests/scripts_help_test.sh SOURCE_DIR
set -uo pipefail
src="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

mkdir -p "$work/tree" "$work/bin"
cp -r "$src/scripts" "$work/tree/scripts"
real_ctest="$(command -v ctest || true)"
for tool in cmake ctest make cpack gcc g++ cc c++ clang clang++ ninja apt-get apt dpkg dpkg-query sudo debootstrap \
            chroot git python3 sbatch squeue srun scontrol sinfo; do
  cat > "$work/bin/$tool" <<STUB
#!/usr/bin/env bash
# ctest --help lists ctest's options (scripts/ctest_args.sh reads them): the real one answers that.
if [[ "\$(basename "\$0")" == ctest && "\$*" == --help && -n "$real_ctest" ]]; then exec "$real_ctest" --help; fi
echo "\$(basename "\$0") \$*" >> "$work/calls.log"
exit 1
STUB
  chmod +x "$work/bin/$tool"
done
export PATH="$work/bin:$PATH"

checked=0
while IFS= read -r script; do
  rel="${script#"$work/tree/"}"
  # Sourced helpers say so in their first lines.
  head -n 3 "$script" | grep -qi 'sourced' && continue
  checked=$((checked + 1))
  for arg in --help --no-such-option; do
    rm -f "$work/calls.log"
    start=$(date +%s%N)
    (cd "$work/tree" && timeout 60 bash "$script" "$arg" > "$work/out" 2> "$work/err" < /dev/null)
    status=$?
    elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    if [[ "$arg" == --help ]]; then
      [[ $status -eq 0 ]] || fail "$rel --help: exit $status ($(head -c 300 "$work/err"))"
      [[ -s "$work/out" ]] || fail "$rel --help: no usage on stdout"
    else
      [[ $status -eq 2 ]] || fail "$rel $arg: exit $status, expected 2 ($(head -c 300 "$work/err"))"
      [[ -s "$work/err" ]] || fail "$rel $arg: no message on stderr"
    fi
    [[ ! -s "$work/calls.log" ]] || fail "$rel $arg ran: $(tr '\n' ';' < "$work/calls.log")"
    [[ $elapsed_ms -lt 10000 ]] || fail "$rel $arg took $elapsed_ms ms"
    for d in build build-check build-pkg; do
      [[ ! -e "$work/tree/$d" ]] || { fail "$rel $arg created $d/"; rm -rf "${work:?}/tree/$d"; }
    done
  done
done < <(find "$work/tree/scripts" -name '*.sh' | sort)

[[ $checked -ge 20 ]] || fail "only $checked scripts checked"
echo "scripts_help_test: $checked scripts, $failures failures"
[[ $failures -eq 0 ]]
