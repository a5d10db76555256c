#!/usr/bin/python3
"""Checks a smoke run of the reproduction pipeline: one result file per (data set, table) with
one row per method of the table, every number finite where it must be, the refit's convergence
recorded for the penalised methods (and only for them), and aggregated tables
that parse and carry the paper's numbers, and the invocation logged in runs.csv with its wall
time, BLAS kernels and processor; and status.py's summary of it. With --kreg, also run_all.sh's
guard on a copy of WORKDIR: beside an invocation that holds WORKDIR/running's lock, a second
stops with status 2 and leaves the stop file; an invocation cut off (WORKDIR/running left filled,
as invocation_log.sh writes it) is logged by the next one. Exit status 1 with the reason otherwise.
Usage: check_smoke.py WORKDIR [--kreg PATH]
"""
import csv
import fcntl
import glob
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

RUN_ALL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run_all.sh")


def check_invocation_guard(workdir, kreg):
    """run_all.sh on a copy of the finished WORKDIR: refused beside a lock holder; then, with
    WORKDIR/running describing an invocation cut off after 2 finished jobs (of 3 done before it),
    logs that one (done_after 5, wall time up to its last job) before its own line."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "work")
        shutil.copytree(os.path.join(workdir, "results"), os.path.join(work, "results"))
        shutil.copy(os.path.join(workdir, "runs.csv"), work)
        command = ["bash", RUN_ALL, "--mode", "smoke", "--workdir", work, "--jobs", "1", "--kreg", kreg]
        open(os.path.join(work, "stop"), "w").close()
        with open(os.path.join(work, "running"), "a") as held:
            fcntl.flock(held, fcntl.LOCK_EX)
            second = subprocess.run(command, capture_output=True, text=True)
        if (second.returncode != 2 or "another invocation is running there" not in second.stderr
                or not os.path.exists(os.path.join(work, "stop"))):
            found.append(f"run_all.sh beside a running invocation: exit {second.returncode}, stop file "
                         f"{'kept' if os.path.exists(os.path.join(work, 'stop')) else 'removed'}, "
                         f"stderr {second.stderr.strip()[-300:]!r}")
        now = int(time.time())
        fields = open(os.path.join(work, "runs.csv")).read().splitlines()[1].split(",")
        fields[7:9] = ["@DONE_AFTER@", "@WALL_S@"]  # done_after, wall_s
        with open(os.path.join(work, "running"), "w") as f:
            f.write(f"started {now - 100}\nlog runs.csv\ndone_before 3\nline {','.join(fields)}\n"
                    f"finished {now - 90}\nfinished {now - 60}\n")
        after = subprocess.run(command, capture_output=True, text=True)
        log = list(csv.DictReader(open(os.path.join(work, "runs.csv"))))
        got = [(r["done_after"], r["wall_s"]) for r in log]
        if (after.returncode != 0 or "was cut off" not in after.stderr or len(got) != 3
                or got[1] != ("5", "40") or got[2][0] != "10"):
            found.append(f"run_all.sh after a cut-off invocation: exit {after.returncode}, runs.csv "
                         f"(done_after, wall_s) {got}, stderr {after.stderr.strip()[-300:]!r}")
        if open(os.path.join(work, "running")).read():
            found.append("run_all.sh left WORKDIR/running filled after it ended")
    return found


workdir = sys.argv[1]
kreg = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--kreg" else None
expected = {"robust": {"ksgd", "klinf_paper", "klinf", "kgd", "krr"},
            "sparse": {"kcd", "kl1_paper", "kl1", "kgd", "krr", "kegd"}}
files = sorted(glob.glob(os.path.join(workdir, "results", "*.csv")))
problems = []
if len(files) != 10:
    problems.append(f"expected 10 result files (5 data sets x 2 tables), found {len(files)}")
for path in files:
    rows = list(csv.DictReader(open(path)))
    table = rows[0]["table"] if rows else "?"
    if {r["method"] for r in rows} != expected.get(table, set()):
        problems.append(f"{path}: methods {sorted(r['method'] for r in rows)}")
    for r in rows:
        for key in ("r2", "time_s", "sparsity"):
            if not math.isfinite(float(r[key])):
                problems.append(f"{path}: {r['method']} {key} = {r[key]}")
        penalised = r["method"].split("_")[0] in ("kl1", "klinf")
        if penalised != (r.get("converged") in ("0", "1")) or penalised != (r.get("kkt_violation", "") != ""):
            problems.append(f"{path}: {r['method']} converged = {r.get('converged')!r}, "
                            f"kkt_violation = {r.get('kkt_violation')!r}")
tables_path = os.path.join(workdir, "tables.csv")
tables = list(csv.DictReader(open(tables_path))) if os.path.exists(tables_path) else []
if len(tables) != 55:
    problems.append(f"tables.csv has {len(tables)} rows, expected 55")
if not any(r.get("paper_time_median_s") for r in tables):
    problems.append("tables.csv carries no paper numbers")
for r in tables:
    if (r["method"].split("_")[0] in ("kl1", "klinf")) != (r.get("refits_recorded", "") == "1"):
        problems.append(f"tables.csv: {r['method']} refits_recorded = {r.get('refits_recorded')!r}")
runs_path = os.path.join(workdir, "runs.csv")
runs = list(csv.DictReader(open(runs_path))) if os.path.exists(runs_path) else []
if (len(runs) != 1 or runs[0].get("done_after") != "10" or not runs[0].get("wall_s", "").isdigit()
        or runs[0].get("blas_kernels", "unknown") == "unknown" or not runs[0].get("cpu")):
    problems.append(f"runs.csv should log one invocation that left 10 results, with its BLAS kernels "
                    f"and processor, found {runs}")
md_path = os.path.join(workdir, "tables.md")
if not os.path.exists(md_path) or "Wall time of run_all.sh over 1 invocation(s)" not in open(md_path).read():
    problems.append("tables.md does not report the run's wall time")
# status.py's summary against the counts taken here: 10 files, 10 groups of one split, and the
# rows inside the paper's range as tables.csv marks them.
inside = sum(r["r2_in_paper_iqr"] == "True" for r in tables)
compared = sum(r["r2_in_paper_iqr"] in ("True", "False") for r in tables)
status = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "status.py"),
                         workdir, "--splits", "1"], capture_output=True, text=True)
want = [f"10 result files; {inside} of {compared} rows inside the paper's interquartile range",
        f"gaussian: 10 files; 10 groups with >= 1 splits; rows inside {inside} of {compared}"]
if status.returncode != 0 or status.stdout.splitlines()[:2] != want:
    problems.append(f"status.py printed {status.stdout[:300]!r} (exit {status.returncode}), expected {want}")
if not os.path.exists(os.path.join(workdir, "running")) or open(os.path.join(workdir, "running")).read():
    problems.append("WORKDIR/running should exist (the run's lock) and be empty after the run")
if kreg:
    problems += check_invocation_guard(workdir, kreg)
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"reproduction smoke run: {len(files)} jobs, {len(tables)} table rows: 1 passed, 0 failed")
