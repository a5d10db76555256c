# shellcheck shell=bash
# Sourced, not run.
# help_if_asked ARGS...: on -h or --help, prints the script's header comment (the comment lines
# after the first line, without the "# ") and exits 0.
help_if_asked() {
  local arg
  for arg in "$@"; do
    case "$arg" in
      -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    esac
  done
}

# check_ctest_args ARGS...: for the scripts that hand their arguments to ctest
# (test.sh, sanitize.sh), refuses an argument that is no ctest option before anything is
# installed or built: exit 2 naming it. Option names are those `ctest --help` lists; the words
# between them are their values.
check_ctest_args() {
  local script known arg name
  script="$(basename "$0")"
  command -v ctest >/dev/null || return 0  # not installed yet: setup.sh installs it, ctest checks then
  known=" $(ctest --help 2>/dev/null | grep -oE '^ +-{1,2}[A-Za-z][A-Za-z0-9-]*(, *-{1,2}[A-Za-z][A-Za-z0-9-]*)*' |
            tr -d ' ' | tr ',' '\n' | tr '\n' ' ') "
  for arg in "$@"; do
    [[ "$arg" == -* ]] || continue
    name="${arg%%=*}"
    # -j4, -R<regex>: a one-letter option with its value attached.
    if [[ "$known" == *" $name "* ]] || { [[ "$name" =~ ^-[A-Za-z] ]] && [[ "$known" == *" ${name:0:2} "* ]]; }; then
      continue
    fi
    echo "$script: error: unknown argument '$arg' (extra arguments go to ctest, e.g. -R Cv; see $script --help)" >&2
    exit 2
  done
}
