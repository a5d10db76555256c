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

# binary_checkout KREG ROOT: the commit the jobs' binary was built from, as far as git can tell:
# the HEAD of the work tree that holds KREG (a build in another worktree, e.g. a stable copy for
# a long run, is of that worktree's commit, not of ROOT's, which may move on meanwhile), else
# ROOT's HEAD, else "unknown".
binary_checkout() {
  local dir
  dir=$(cd "$(dirname "$1")" 2> /dev/null && pwd) || dir="$2"
  git -C "$dir" rev-parse --short HEAD 2> /dev/null || git -C "$2" rev-parse --short HEAD 2> /dev/null || echo unknown
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

# One invocation at a time per work directory, and a trace of one that was cut off.
# WORKDIR/running is locked (flock, file descriptor 9) by the invocation that runs there; its jobs
# inherit the descriptor, so the lock lasts while any of them runs, and ends with them however
# they end. A second invocation finds it locked and stops before touching anything: two would
# run the same jobs and interleave their records. While jobs run, the file also says what runs:
#   started EPOCH          the invocation's start
#   log NAME               its log, relative to WORKDIR (runs.csv or reruns.csv)
#   done_before N          jobs done when it started
#   line CSV               its log line, with @DONE_AFTER@ and @WALL_S@ still to fill in
#   finished EPOCH         one line per job it finished (appended by the job)
# An invocation that ends logs itself and empties the file. One that was cut off (killed, or its
# machine lost) leaves it filled, and the next invocation logs it: the jobs done by then
# (done_before + its finished lines) and the wall time up to its last finished job.
#
# A Slurm job array's tasks write into WORKDIR as a local invocation's jobs do, but run on other
# machines, after the invocation that submitted them has ended. So the script that submits them
# (write_submit, scripts/slurm/common.sh) lists their job IDs in WORKDIR/slurm_jobs, one per
# line, and while squeue lists any of them (pending, running or completing) no invocation and
# no other submission starts there. Once squeue lists none, the next claim removes the file.

# claim_workdir WORKDIR: take WORKDIR/running's lock, or fail (message, status 2) when another
# invocation holds it or a Slurm job of WORKDIR/slurm_jobs is still queued. Where the file
# system has no locks (some network mounts), it warns and goes on without one. A script that an
# invocation holding the claim runs (a --slurm invocation's submit script) finds it exported in
# KREG_CLAIMED_WORKDIR and its descriptor 9 inherited, and has nothing to take.
claim_workdir() {
  local marker="$1/running" status=0 here
  here=$(cd "$1" && pwd)
  [[ "${KREG_CLAIMED_WORKDIR:-}" == "$here" ]] && return 0
  exec 9>> "$marker"
  flock -n -E 75 9 || status=$?
  if [[ $status -eq 75 ]]; then
    local since
    since=$(sed -n 's/^started //p' "$marker")
    echo "${0##*/}: error: $1: another invocation is running there${since:+ (started $(date -u -d "@$since" +%Y-%m-%dT%H:%M:%SZ))};" \
      "wait for it, or stop it between jobs with: touch $1/stop" >&2
    return 2
  elif [[ $status -ne 0 ]]; then
    echo "${0##*/}: warning: $marker: cannot lock it (flock status $status); not guarding against a second invocation" >&2
  fi
  check_slurm_jobs "$1" || { status=$?; exec 9>&-; return "$status"; }
  export KREG_CLAIMED_WORKDIR="$here"
}

# check_slurm_jobs WORKDIR: fail (message, status 2) while squeue lists a job of
# WORKDIR/slurm_jobs, or when squeue cannot be asked; remove the file once it lists none.
check_slurm_jobs() {
  local jobs="$1/slurm_jobs" listed queued
  [[ -s "$jobs" ]] || { rm -f "$jobs"; return 0; }
  # %F: an array's job ID for each of its tasks, a job's own ID otherwise.
  if ! listed=$(squeue -h -o %F 2> /dev/null); then
    echo "${0##*/}: error: $jobs lists the Slurm jobs $(grep . "$jobs" | paste -sd ' ') submitted on $1, and squeue" \
      "cannot say whether they still run; once they have ended, remove $jobs" >&2
    return 2
  fi
  queued=$(grep -xF -f <(grep . "$jobs") <<< "$listed" | sort -un | paste -sd ' ' || true)
  if [[ -n "$queued" ]]; then
    echo "${0##*/}: error: $1: the Slurm jobs $queued submitted on it are still queued or running (squeue);" \
      "wait for them, or cancel them with: scancel $queued" >&2
    return 2
  fi
  rm -f "$jobs"
}

# log_cut_off_invocation WORKDIR: when WORKDIR/running still describes an invocation, append
# that invocation's line to its log, with the jobs done when it was cut off and the wall time up
# to the last of them, say so on stderr, and empty the file. Call it holding the lock.
log_cut_off_invocation() {
  local marker="$1/running" started log before line finished last
  [[ -s "$marker" ]] || return 0
  started=$(sed -n 's/^started //p' "$marker")
  log=$(sed -n 's/^log //p' "$marker")
  before=$(sed -n 's/^done_before //p' "$marker")
  line=$(sed -n 's/^line //p' "$marker")
  if [[ -z "$started" || -z "$log" || -z "$before" || -z "$line" ]]; then
    echo "${0##*/}: warning: $marker: not an invocation's record; left as it is, and not logged" >&2
    return 0
  fi
  finished=$(grep -c '^finished ' "$marker" || true)
  last=$(sed -n 's/^finished //p' "$marker" | sort -n | tail -n 1)
  last=${last:-$started}
  line=${line//@DONE_AFTER@/$((before + finished))}
  line=${line//@WALL_S@/$((last - started))}
  echo "$line" >> "$1/$log"
  echo "${0##*/}: $1/$log: logged the invocation started $(date -u -d "@$started" +%Y-%m-%dT%H:%M:%SZ)," \
    "which was cut off (killed, or its machine lost) after finishing $finished jobs;" \
    "its wall time, $((last - started)) s, counts up to the last of them" >&2
  : > "$marker"
}

# mark_invocation WORKDIR STARTED_EPOCH LOG DONE_BEFORE LINE: describe the running invocation in
# WORKDIR/running (LINE with @DONE_AFTER@ and @WALL_S@ in place of those fields).
mark_invocation() {
  {
    echo "# an invocation of ${0##*/} runs here, or was cut off (scripts/reproduce/invocation_log.sh)"
    echo "started $2"
    echo "log $3"
    echo "done_before $4"
    echo "line $5"
  } > "$1/running"
}

# end_invocation WORKDIR: the invocation has logged itself; nothing is left to trace.
end_invocation() {
  : > "$1/running"
}
