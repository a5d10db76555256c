#!/usr/bin/python3
"""Checks a smoke run of the reproduction pipeline: one result file per (data set, table) with
one row per method of the table, every number finite where it must be, the refit's convergence
recorded for the penalised methods (and only for them), and aggregated tables
that parse and carry the paper's numbers, and the invocation logged in runs.csv with its wall
time, BLAS kernels and processor; and status.py's summary of it. Exit status 1 with the reason otherwise.
Usage: check_smoke.py WORKDIR
"""
import csv
import glob
import math
import os
import subprocess
import sys

workdir = sys.argv[1]
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
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"reproduction smoke run: {len(files)} jobs, {len(tables)} table rows: 1 passed, 0 failed")
