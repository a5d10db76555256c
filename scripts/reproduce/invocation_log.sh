# shellcheck shell=bash
# Sourced, not run. The invocation logs of the reproduction scripts (run_all.sh's runs.csv,
# rerun_methods.sh's reruns.csv): one CSV line per invocation, whose last column, cpu, names the
# processor the jobs ran on, so that their times can be compared across machines.

# cpu_model: the processor's model name as /proc/cpuinfo gives it (its first "model name" line,
# commas as semicolons so that it stays one CSV field), or "unknown".
cpu_model() {
  local name
  name=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2> /dev/null | head -n 1 | tr ',' ';')
  echo "${name:-unknown}"
}

# open_invocation_log FILE HEADER: make FILE a log with HEADER (whose last column is cpu). A
# new FILE gets HEADER; a log written before the cpu column (its header is HEADER without
# ",cpu") gains the column, empty on its old lines (not recorded); a FILE with any other first
# line is refused (message on stderr, status 2), since lines with other columns would corrupt it.
open_invocation_log() {
  local file="$1" header="$2" first
  if [[ ! -e "$file" ]]; then
    echo "$header" > "$file"
    return 0
  fi
  first=$(head -n 1 "$file")
  [[ "$first" == "$header" ]] && return 0
  if [[ "$first" == "${header%,cpu}" ]]; then
    sed -i -e '1s/$/,cpu/' -e '2,$s/$/,/' "$file"
    echo "${0##*/}: $file: added the column cpu (empty on the $(($(wc -l < "$file") - 1)) invocations logged before it)" >&2
    return 0
  fi
  echo "${0##*/}: error: $file: line 1 is not the log's header ($header)" >&2
  return 2
}
