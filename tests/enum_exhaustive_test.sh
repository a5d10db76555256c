#!/usr/bin/env bash
# The build refuses a switch that leaves a value of one of kreg's enumerations unhandled
# (-Werror=switch in CMakeLists.txt; the switches name every value and have no `default:`).
# Copies of the headers that define the enumerations, each enumeration with one more value
# (kEnumExhaustiveProbe<Name>), go on the include path before src/; then every source file of
# the build that names one of them and has a switch (and one includer of each such header) is
# compiled with its flags from compile_commands.json and -fsyntax-only. It passes when, for each
# enumeration, the compiler refuses the new value ("enumeration value ... not handled in
# switch") at least once, and reports no other error; it prints where. As a control, the same
# files compile cleanly with the headers as they are. The enumerations are the list below (or
# the arguments); each is found by name in the headers of src/ and apps/.
#   tests/enum_exhaustive_test.sh SOURCE_DIR BUILD_DIR [ENUM...]
# Solver is not among them: no code switches over it; its routes register themselves and the
# test RouteTable.* checks that every row of the solver table has its route.
set -uo pipefail
enums=(DescentRule Penalty MethodFamily Regulariser CvFindingKind GridFindingKind LooFindingKind TuneObjective
       GpKernel PlotKind)
case "${1:-}" in
  -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
[ $# -ge 2 ] || { echo "usage: enum_exhaustive_test.sh SOURCE_DIR BUILD_DIR [ENUM...]" >&2; exit 2; }
root=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
shift 2
[ $# -gt 0 ] && enums=("$@")
commands="$build/compile_commands.json"
[ -f "$commands" ] || { echo "enum_exhaustive_test: $commands not found (configure with CMake first)"; exit 1; }
probe=kEnumExhaustiveProbe
refused="error: enumeration value [^ ]*$probe[A-Za-z]*[^ ]* not handled in switch"
export LC_ALL=C  # plain quotes in the compilers' messages
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 1

# One line per source file of src/, apps/ and tests/ in the build: FILE<TAB>DIRECTORY<TAB>COMMAND,
# the command without its output and with @PROBE@ where the probe's include directory goes
# (first on the include path).
/usr/bin/python3 - "$commands" "$root" >"$work/commands.tsv" <<'EOF' || exit 1
import json, os, shlex, sys
entries, root = json.load(open(sys.argv[1])), sys.argv[2]
seen = set()
for e in entries:
    path = os.path.relpath(e["file"], root)
    if not path.startswith(("src/", "apps/", "tests/")) or path in seen:
        continue
    seen.add(path)
    args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    if "-o" in args:
        i = args.index("-o")
        del args[i:i + 2]
    args = [args[0], "-I@PROBE@"] + args[1:] + ["-fsyntax-only"]
    print(path, e["directory"], shlex.join(args), sep="\t")
EOF
cut -f1 "$work/commands.tsv" | sort >"$work/sources"

# compile_one INCLUDE_DIR LOG_DIR FILE: compiles FILE with INCLUDE_DIR first on the include path;
# the output goes to LOG_DIR, and LOG_DIR/FILE.failed marks a failure.
compile_one() {
  local inc=$1 logs=$2 file=$3 dir cmd log
  IFS=$'\t' read -r _ dir cmd < <(awk -F'\t' -v f="$file" '$1 == f' "$work/commands.tsv")
  log="$logs/${file//\//_}"
  (cd "$dir" && eval "${cmd//@PROBE@/$inc}") >"$log.out" 2>&1 || touch "$log.failed"
}
export -f compile_one
export work

# The source files of the build that name ENUM and have a switch, and for each header that
# does, the first source file of the build that includes it (a file without a switch cannot
# leave a value unhandled).
sources_of() { grep -rl --include='*.cpp' "$@" src apps tests | sort | grep -xFf "$work/sources"; }
files_naming() {
  local name=$1 file header
  { for file in $(sources_of -w "$name"); do
      grep -q 'switch *(' "$file" && echo "$file"
    done
    for header in $(grep -rlw --include='*.h' "$name" src apps tests); do
      grep -q 'switch *(' "$header" && sources_of -E "#include \"([^\"]*/)?$(basename "$header")\"" | head -1
    done; } | sort -u
}

# The copies of the defining headers, each enumeration with its probe value.
declare -A header_of files_of
mkdir -p "$work/probe/inc" "$work/probe/logs" "$work/control/inc" "$work/control/logs"
for name in "${enums[@]}"; do
  defs=$(grep -rlE --include='*.h' "enum class $name\\b" src apps)
  if [ "$(printf '%s\n' "$defs" | grep -c .)" -ne 1 ]; then
    echo "enum_exhaustive_test: $name: expected one header defining 'enum class $name', found: ${defs:-none}"
    exit 1
  fi
  header_of[$name]=$defs
  files_of[$name]=$(files_naming "$name")
  # A file next to the header that includes it by its bare name would read the original.
  if bare=$(grep -lF "#include \"$(basename "$defs")\"" "$(dirname "$defs")"/*); then
    echo "enum_exhaustive_test: $bare include(s) $(basename "$defs") by a bare name; include it as \"${defs#src/}\""
    exit 1
  fi
  copy="$work/probe/inc/${defs#src/}"
  mkdir -p "$(dirname "$copy")"
  [ -f "$copy" ] || cp "$defs" "$copy"
  perl -0777 -pi -e "s/(enum\\s+class\\s+$name\\b[^{;]*\\{)/\$1 $probe$name,/ or die" "$copy" ||
    { echo "enum_exhaustive_test: $name: could not add a value to its definition in $defs"; exit 1; }
done

# Every file twice, two compilations at a time: the control (the unmodified headers: an empty
# directory first on the include path) and with the probe values.
printf '%s\n' "${files_of[@]}" | sort -u | grep . >"$work/files"
for run in control probe; do sed "s|^|$work/$run/inc $work/$run/logs |" "$work/files"; done >"$work/jobs"
xargs -P2 -L1 bash -c 'compile_one "$0" "$1" "$2"' <"$work/jobs"

if ls "$work/control/logs/"*.failed >/dev/null 2>&1; then
  echo "control: the unmodified headers do not compile:"
  cat "$work/control/logs/"*.out | grep -E 'error' | head -20
  exit 1
fi
echo "control: $(wc -l <"$work/files") files compile cleanly with the headers as they are"

cat "$work/probe/logs/"*.out >"$work/probe.out"
status=0
others=$(grep -E 'error:' "$work/probe.out" | grep -vE "$refused")
if [ -n "$others" ]; then
  echo "FAIL: other errors than the unhandled values:"
  printf '%s\n' "$others" | head -10 | sed 's/^/  /'
  status=1
fi
for name in "${enums[@]}"; do
  # file:line:column of each refusal of this enumeration's value, relative to the source tree.
  refusals=$(grep -E "enumeration value [^ ]*$probe$name[^A-Za-z]" "$work/probe.out" | grep -E "$refused" |
    sed -E "s|^$root/||; s|^$work/probe/inc/|(the copy of) src/|; s|: error: .*||" | sort -u)
  count=$(printf '%s\n' "$refusals" | grep -c .)
  files=$(printf '%s\n' "${files_of[$name]}" | grep -c .)
  echo "$name (${header_of[$name]}, new value $probe$name): $files files name it and have a switch;" \
    "$count switches refuse the new value:"
  [ -n "$refusals" ] && printf '%s\n' "$refusals" | sed 's/^/  /'
  if [ "$count" -eq 0 ]; then
    echo "  FAIL: every file compiled with the new value: no switch over $name, or -Werror=switch is missing"
    status=1
  fi
done
[ $status -eq 0 ] && echo "enum_exhaustive_test: every enumeration's new value was refused"
exit $status
