#!/usr/bin/python3
"""One job of the reproduction of Allerbo (2023)'s tables: one (data set, table, kernel, split).
Generates the split as the authors did (make_split.py), runs every method of the table with
kreg under the paper's protocol (10-fold CV from the split's folds; 50 x 50 bandwidth x lambda
grids for krr, kl1, klinf; early stopping with step 1e-4, patience 100, t_max 1000 for the
gradient methods, whose bandwidth is chosen by CV), refits, predicts the test rows and writes
RESULTS/<dataset>_<table>_<kernel>_<seed>.csv: one row per method with test R^2 (1 - MSE /
variance of the test responses), wall time including CV, fraction of non-zero alpha and the
chosen parameters, and for the penalised methods whether the refit converged and its largest
KKT violation. A job whose result file exists is skipped (resumable), and none starts while
WORKDIR/stop exists.
With --methods M,... --replace, only those methods are run again and their rows replace the
old ones in an existing result file (the other methods' rows are kept as they are): how a
changed solver's column is regenerated (rerun_methods.sh).
Usage: run_job.py DATASET TABLE KERNEL SEED WORKDIR [--grid N] [--t-max T] [--kreg PATH]
                  [--methods M,... [--replace]]
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import time

import remaining  # the job list and result paths of run_all.sh (this directory)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
METHODS = {"robust": ["ksgd", "klinf_paper", "klinf", "kgd", "krr"],
           "sparse": ["kcd", "kl1_paper", "kl1", "kgd", "krr", "kegd"]}
PROX_STEP = 1e-3  # the authors' prox applies lambda_paper = PROX_STEP * lambda (kreg's units)


def grids(dataset, table, n):
    bw_hi = 0.0 if (dataset == "synthetic" and table == "sparse") else 1.0  # log10 of the largest bandwidth
    lam = (-5.0, 1.0) if dataset == "synthetic" else (-3.0, 0.0)
    return f"logspace:-1:{bw_hi:g}:{n}", lam


def kreg_cv(kreg, train, method, bandwidths, extra, out):
    cmd = [kreg, "cv", "--data", train, "--target", "y", "--fold-column", "fold", "--standardize", "none",
           "--method", method, "--bandwidth-grid", bandwidths, "--output", out + ".cv.csv", "--best",
           out + ".best.json", "--model", out + ".model.json", "--quiet"] + extra
    subprocess.run(cmd, check=True)
    return json.load(open(out + ".best.json"))["min"]


def evaluate(kreg, model, test, out):
    subprocess.run([kreg, "predict", "--model", model, "--data", test, "--metrics", out + ".metrics.json",
                    "--output", out + ".pred.csv", "--quiet"], check=True)
    metrics = json.load(open(out + ".metrics.json"))
    m = json.load(open(model))
    return metrics["r2"], len(m["alpha"]) / m["training_summary"]["n_train"] if m["alpha"] else 0.0


def penalised_solver_options(method, max_iter):
    """kreg's solver options for kl1/klinf (`max_iter` > 0 caps the FISTA fallback of its exact
    solver; 0 keeps kreg's default) and for their _paper variants (the authors' iteration)."""
    if method.endswith("_paper"):
        return ["--solver", "paper", "--prox-step", str(PROX_STEP)]
    return ["--max-iter", str(max_iter)] if max_iter > 0 else []


def write_rows(path, rows):
    """Writes result rows atomically (a temporary file renamed over `path`), with every column of
    every row in order of first appearance: rows from before a column existed leave it blank."""
    fields = list(dict.fromkeys(k for r in rows for k in r))
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, restval="")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def final_fit_convergence(model_path):
    """The refit's `converged` (1/0) and largest KKT violation for the penalised methods (kl1,
    klinf and their _paper variants), from the model's training summary; blank for the others.
    kreg's own solver converges unless its FISTA fallback reaches --max-iter; the authors' solver
    (_paper) converges when numpy's allclose stop fires before its 1,000 steps."""
    summary = json.load(open(model_path))["training_summary"]
    if summary.get("kkt_violation") is None:
        return {"converged": "", "kkt_violation": ""}
    return {"converged": int(bool(summary["converged"])), "kkt_violation": summary["kkt_violation"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset")
    ap.add_argument("table", choices=["robust", "sparse"])
    ap.add_argument("kernel")
    ap.add_argument("seed", type=int)
    ap.add_argument("workdir")
    ap.add_argument("--grid", type=int, default=50, help="points per grid axis (paper: 50)")
    ap.add_argument("--t-max", type=float, default=1000.0, help="early stopping t_max (paper: 1000)")
    ap.add_argument("--kreg", default=os.path.join(ROOT, "build", "kreg"))
    ap.add_argument("--max-iter", type=int, default=1000,
                    help="kreg's converged solver (exact homotopy): iteration cap of its FISTA fallback where the "
                         "homotopy stops (K_AA numerically singular at large bandwidths); 0 = kreg's default")
    ap.add_argument("--threads-per-job", type=int, default=0, help="kreg --threads (0 = all cores)")
    ap.add_argument("--methods", default="", help="comma-separated: run only these of the table's methods")
    ap.add_argument("--replace", action="store_true",
                    help="with --methods: rerun them and replace their rows in an existing result file")
    a = ap.parse_args()
    methods = METHODS[a.table]
    if a.methods:
        wanted = a.methods.split(",")
        unknown = [m for m in wanted if m not in METHODS["robust"] + METHODS["sparse"]]
        if unknown:
            sys.exit(f"run_job.py: error: unknown method(s) {','.join(unknown)}")
        methods = [m for m in methods if m in wanted]
    elif a.replace:
        sys.exit("run_job.py: error: --replace needs --methods")

    name = f"{a.dataset}_{a.table}_{a.kernel}_{a.seed}"
    if os.path.exists(os.path.join(a.workdir, "stop")):  # run_all.sh: finish the running jobs, start no more
        print(f"{name}: not started ({a.workdir}/stop exists)")
        return
    results = os.path.join(a.workdir, "results")
    os.makedirs(results, exist_ok=True)
    target = os.path.join(results, name + ".csv")
    kept = []
    if os.path.exists(target):
        if not a.replace:
            print(f"{name}: done already")
            return
        with open(target) as f:
            kept = list(csv.DictReader(f))
    if not methods:
        print(f"{name}: none of the methods {a.methods} belongs to the {a.table} table")
        return
    split = os.path.join(a.workdir, "splits", name)
    subprocess.run([sys.executable, os.path.join(HERE, "make_split.py"), a.dataset, a.table, str(a.seed), split],
                   check=True)
    train, test = os.path.join(split, "train.csv"), os.path.join(split, "test.csv")
    bandwidths, (lam_lo, lam_hi) = grids(a.dataset, a.table, a.grid)
    rows = []
    for method in methods:
        base = method.split("_")[0]
        out = os.path.join(split, method)
        extra = ["--kernel", a.kernel, "--threads", str(a.threads_per_job)]
        if base in ("krr", "kl1", "klinf"):
            lo, hi = lam_lo, lam_hi
            if base != "krr":  # the grid is in the authors' units: kreg lambda = lambda_paper / step
                lo, hi = lo - math.log10(PROX_STEP), hi - math.log10(PROX_STEP)
            extra += ["--lambda-grid", f"logspace:{lo:g}:{hi:g}:{a.grid}"]
            if base != "krr":
                extra += penalised_solver_options(method, a.max_iter)
        else:
            extra += ["--step-size", "1e-4", "--patience", "100", "--t-max", str(a.t_max)]
            if base == "kegd":
                extra += ["--elastic-alpha", "0.9", "--momentum", "0.5"]
        start = time.perf_counter()
        best = kreg_cv(a.kreg, train, base, bandwidths, extra, out)
        seconds = time.perf_counter() - start
        r2, nonzero = evaluate(a.kreg, out + ".model.json", test, out)
        rows.append({"dataset": a.dataset, "table": a.table, "kernel": a.kernel, "seed": a.seed, "method": method,
                     "r2": r2, "time_s": seconds, "sparsity": nonzero, "bandwidth": best.get("bandwidth"),
                     "lambda": best.get("lambda", ""), "t": best.get("t", ""),
                     **final_fit_convergence(out + ".model.json")})
        print(f"{name} {method}: R2 {r2:.3f}, {seconds:.1f} s, non-zero {nonzero:.2f}", flush=True)
    ran_seconds = sum(r["time_s"] for r in rows)
    if kept:  # the new rows take the old rows' places; methods not rerun keep theirs
        new = {r["method"]: r for r in rows}
        rows = [new.pop(r["method"], r) for r in kept] + list(new.values())
    write_rows(target, rows)
    print(f"{name}: done in {ran_seconds:.0f} s of kreg; {progress(a.workdir)}", flush=True)


def progress(workdir):
    """How far run_all.sh's job list (WORKDIR/jobs.txt) has come, when there is one."""
    try:
        jobs = remaining.job_list(workdir)
    except OSError:
        return "no job list"
    done = sum(os.path.exists(remaining.result_path(workdir, j)) for j in jobs)
    return f"{done} of {len(jobs)} jobs of the list done"


if __name__ == "__main__":
    main()
