#!/usr/bin/env bash
# kreg under an address-space limit (ulimit -v) ends, by itself and soon: `fit` and `predict` on
# N rows, at each limit, either succeed (exit 0) or stop with a one-line "kreg: error:" (exit 2);
# never a hang (OpenBLAS spins for ever when its work buffer cannot be allocated, so kreg must
# refuse before that happens), never a crash. Every run has `--seconds` to finish (more on a
# machine so loaded that the unlimited fit takes over a quarter of that).
#   tests/address_limit_test.sh KREG [--rows N] [--runs N] [--limits "600 700 800 900 1000"] [--seconds S]
# Limits are in MB (units of 1024 KiB, as ulimit -v counts them). Prints one line per
# (command, limit) with the exit statuses and the longest time; exit 1 if any run fails the rule.
set -uo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
kreg=${1:?usage: address_limit_test.sh KREG [--rows N] [--runs N] [--limits "MB ..."] [--seconds S]}
shift
rows=8000 runs=1 limits="600 700 800 900 1000" seconds=30
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --limits) limits=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "address_limit_test: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Data: 5 features, a smooth target with noise (awk: no other tool needed).
awk -v n="$rows" 'BEGIN { srand(7); print "x1,x2,x3,x4,x5,y";
  for (i = 0; i < n; i++) { s = 0; line = "";
    for (j = 1; j <= 5; j++) { x = 2 * rand() - 1; line = line sprintf("%.6f,", x); s += sin(3 * x) }
    print line sprintf("%.6f", s + 0.1 * (rand() - 0.5)) } }' >"$work/data.csv"
# A model of all the rows, fitted without a limit, for predict. Its time calibrates the
# deadline: on a loaded machine a fit that runs to the end can take longer than --seconds, so the
# deadline is the larger of --seconds and 4 times this fit's time (a hang never ends at all).
start=$(date +%s%N)
"$kreg" fit --data "$work/data.csv" --model "$work/model.json" --bandwidth 1 --lambda 0.01 --quiet ||
  { echo "address_limit_test: the unlimited fit failed" >&2; exit 1; }
unlimited_ms=$((($(date +%s%N) - start) / 1000000))
if ((4 * unlimited_ms > 1000 * seconds)); then seconds=$(((4 * unlimited_ms + 999) / 1000)); fi
echo "unlimited fit: $((unlimited_ms / 1000)).$(printf %03d $((unlimited_ms % 1000))) s; deadline of each run: $seconds s"

failed=0
# run_limited MB OUT ERR ARGS...: the command under ulimit -v MB with a deadline; prints
# "<status> <milliseconds>" (status 124 when the deadline ended it).
run_limited() {
  local mb=$1 out=$2 err=$3; shift 3
  local start end status
  start=$(date +%s%N)
  (ulimit -v $((mb * 1024)); exec timeout -k 5 "$seconds" "$@" >"$out" 2>"$err")
  status=$?
  end=$(date +%s%N)
  echo "$status $(((end - start) / 1000000))"
}
for command in fit predict; do
  for mb in $limits; do
    statuses="" longest=0
    for ((r = 1; r <= runs; r++)); do
      if [ "$command" = fit ]; then
        args=(fit --data "$work/data.csv" --model "$work/out.json" --bandwidth 1 --lambda 0.01 --quiet)
      else
        args=(predict --model "$work/model.json" --data "$work/data.csv" --output "$work/out.csv" --quiet)
      fi
      read -r status ms < <(run_limited "$mb" "$work/stdout" "$work/stderr" "$kreg" "${args[@]}")
      statuses+="$status "
      ((ms > longest)) && longest=$ms
      if [ "$status" != 0 ] && [ "$status" != 2 ]; then
        failed=1
        echo "FAIL: $command at ulimit -v ${mb} MB: exit status $status after $ms ms$([ "$status" = 124 ] && echo " (killed at the deadline: a hang)")"
        head -c 400 "$work/stderr"
      elif [ "$status" = 2 ] && ! grep -q '^kreg: error: ' "$work/stderr"; then
        failed=1
        echo "FAIL: $command at ulimit -v ${mb} MB: exit 2 without a 'kreg: error:' line"
      fi
    done
    echo "$command, $rows rows, ulimit -v $mb MB: exit statuses ${statuses% }; longest $((longest / 1000)).$(printf %03d $((longest % 1000))) s; $(head -1 "$work/stderr" | cut -c1-150)"
  done
done
# An allocation that fails after the memory check let the run through (--max-memory claims
# more than ulimit -v gives): exit 2 and "out of memory" with what is available, not exit 1.
read -r status ms < <(run_limited 700 "$work/stdout" "$work/stderr" "$kreg" fit --data "$work/data.csv" \
  --model "$work/out.json" --bandwidth 1 --lambda 0.01 --quiet --max-memory 100G)
echo "fit with --max-memory 100G at ulimit -v 700 MB: exit status $status after $ms ms: $(head -1 "$work/stderr" | cut -c1-150)"
if [ "$status" != 2 ] || ! grep -q '^kreg: error: out of memory: an allocation failed' "$work/stderr"; then
  failed=1
  echo "FAIL: expected exit 2 and 'kreg: error: out of memory: an allocation failed'"
fi
exit $failed
