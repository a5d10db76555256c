#!/usr/bin/env bash
# The guard of a reproduction's work directory against the Slurm jobs submitted on it
# (claim_workdir in scripts/reproduce/invocation_log.sh; the submit script that write_submit,
# scripts/slurm/common.sh, writes lists its jobs in WORKDIR/slurm_jobs), without a cluster:
# sbatch, squeue and scontrol are stand-ins on PATH that keep a queue of job IDs in a file.
#   - rerun_methods.sh --slurm --submit records the array's and the finishing job's IDs;
#   - while squeue lists them, a local rerun, run_all.sh and the submit script run again each
#     stop with status 2, naming the queued jobs, and change nothing in the work directory;
#   - when squeue cannot be asked, the same, saying so;
#   - once the queue holds none of them, the submit script submits again (the file then lists
#     only the new jobs), and a claim removes the file when those have left the queue too;
#   - the submit script also stops while a local invocation holds WORKDIR/running;
#   - the jobs' environment does not carry the submitting invocation's claim.
# Usage: tests/slurm/workdir_guard_test.sh KREG_BINARY. Exit status 0 when every check passes.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KREG="$(cd "$(dirname "${1:?usage: workdir_guard_test.sh KREG_BINARY}")" && pwd)/$(basename "$1")"
T=$(mktemp -d /var/tmp/kreg-guard-test.XXXXXX)
trap 'rm -rf "$T"' EXIT
failures=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# --- the stand-ins: FAKE_SLURM/queue holds the IDs squeue lists (its %F column) -------------
export FAKE_SLURM="$T/slurm"
mkdir -p "$T/bin" "$FAKE_SLURM"
cat > "$T/bin/sbatch" <<'EOF'
#!/usr/bin/env bash
id=$(( $(cat "$FAKE_SLURM/next" 2> /dev/null || echo 100) + 1 ))
echo "$id" > "$FAKE_SLURM/next"
echo "$id" >> "$FAKE_SLURM/queue"
echo "$id $* | claim in the environment: ${KREG_CLAIMED_WORKDIR:-none}" >> "$FAKE_SLURM/sbatch_calls"
echo "$id"
EOF
cat > "$T/bin/squeue" <<'EOF'
#!/usr/bin/env bash
if [[ -e "$FAKE_SLURM/down" ]]; then echo "squeue: error: Unable to contact slurm controller" >&2; exit 1; fi
cat "$FAKE_SLURM/queue" 2> /dev/null
exit 0
EOF
printf '#!/usr/bin/env bash\nexit 1\n' > "$T/bin/scontrol"
chmod +x "$T/bin/"*
export PATH="$T/bin:$PATH"
unset KREG_CLAIMED_WORKDIR

W="$T/work"
mkdir -p "$W/results"
echo "method,r2" > "$W/results/synthetic_robust_gaussian_0.csv"
RERUN=(bash "$ROOT/scripts/reproduce/rerun_methods.sh" --workdir "$W" --methods krr --tag guard
       --datasets synthetic --seeds 0 --kreg "$KREG")
calls() { wc -l < "$FAKE_SLURM/sbatch_calls" 2> /dev/null || echo 0; }
# snapshot: every file of the work directory with its checksum (WORKDIR/running aside: the
# lock's file, which a refused invocation opens).
snapshot() { (cd "$W" && find . -type f ! -name running -print0 | sort -z | xargs -0 md5sum); }

# refused DESCRIPTION PATTERN COMMAND...: status 2, PATTERN in stderr, the work directory and
# the sbatch calls unchanged.
refused() {
  local description="$1" pattern="$2" before calls_before out rc; shift 2
  before=$(snapshot); calls_before=$(calls)
  out=$("$@" 2>&1 > /dev/null); rc=$?
  if [[ $rc -ne 2 ]]; then fail "$description: exit status $rc, not 2 ($out)"
  elif ! grep -q -- "$pattern" <<< "$out"; then fail "$description: no '$pattern' in: $out"
  elif [[ "$(snapshot)" != "$before" ]]; then fail "$description: the work directory changed"
  elif [[ "$(calls)" != "$calls_before" ]]; then fail "$description: sbatch was called"
  else pass "$description: $out"; fi
}

# --- a rerun submitted with --slurm --submit --------------------------------------------------
out=$("${RERUN[@]}" --slurm "$W/rerun.sbatch" --slurm-options "--submit" 2>&1); rc=$?
if [[ $rc -eq 0 && "$(paste -sd ' ' "$W/slurm_jobs" 2> /dev/null)" == "101 102" ]] \
   && grep -qx "array job 101" <<< "$out" && grep -qx "finish job 102" <<< "$out"; then
  pass "rerun_methods.sh --slurm --submit: array job 101 and finish job 102 listed in WORKDIR/slurm_jobs"
else
  fail "rerun_methods.sh --slurm --submit: exit status $rc, slurm_jobs '$(paste -sd ' ' "$W/slurm_jobs" 2> /dev/null)': $out"
fi
if grep -q "claim in the environment: none$" "$FAKE_SLURM/sbatch_calls" \
   && ! grep -qv "claim in the environment: none$" "$FAKE_SLURM/sbatch_calls"; then
  pass "the jobs' environment does not carry the claim ($(calls) sbatch calls)"
else
  fail "the jobs' environment carries the claim: $(cat "$FAKE_SLURM/sbatch_calls")"
fi

# --- while they are queued --------------------------------------------------------------------
refused "a local rerun while jobs 101 and 102 are queued" "the Slurm jobs 101 102 submitted on it are still queued" "${RERUN[@]}"
refused "run_all.sh while they are queued" "scancel 101 102" \
  bash "$ROOT/scripts/reproduce/run_all.sh" --mode smoke --workdir "$W" --datasets synthetic --kreg "$KREG"
refused "the submit script run again while they are queued" "still queued or running" bash "$W/rerun_submit.sh"
echo 102 > "$FAKE_SLURM/queue"
refused "a local rerun while the finishing job 102 alone is queued" "the Slurm jobs 102 submitted" "${RERUN[@]}"
touch "$FAKE_SLURM/down"
refused "a local rerun when squeue cannot be asked" "squeue cannot say whether they still run" "${RERUN[@]}"
rm -f "$FAKE_SLURM/down"

# --- once they have left the queue ------------------------------------------------------------
: > "$FAKE_SLURM/queue"
out=$(bash "$W/rerun_submit.sh" 2>&1); rc=$?
if [[ $rc -eq 0 && "$(paste -sd ' ' "$W/slurm_jobs")" == "103 104" ]]; then
  pass "the submit script run again once 101 and 102 have left the queue: WORKDIR/slurm_jobs lists 103 104"
else
  fail "the submit script run again: exit status $rc, slurm_jobs '$(paste -sd ' ' "$W/slurm_jobs" 2> /dev/null)': $out"
fi
: > "$FAKE_SLURM/queue"
out=$(bash -c 'source "$1"; claim_workdir "$2"' _ "$ROOT/scripts/reproduce/invocation_log.sh" "$W" 2>&1); rc=$?
if [[ $rc -eq 0 && ! -e "$W/slurm_jobs" ]]; then
  pass "a claim once 103 and 104 have left the queue succeeds and removes WORKDIR/slurm_jobs"
else
  fail "a claim with an empty queue: exit status $rc, slurm_jobs $( [[ -e "$W/slurm_jobs" ]] && echo kept || echo removed): $out"
fi

# --- the submit script beside a local invocation --------------------------------------------
flock -o "$W/running" sleep 60 > /dev/null 2>&1 &
holder=$!
for _ in $(seq 50); do flock -n "$W/running" true || break; sleep 0.1; done
refused "the submit script while a local invocation holds WORKDIR/running" "another invocation is running there" \
  bash "$W/rerun_submit.sh"
pkill -P "$holder" sleep; kill "$holder" 2> /dev/null; wait "$holder" 2> /dev/null

echo "== $failures check(s) failed"
[[ $failures -eq 0 ]]
