#!/usr/bin/python3
"""Adds run_job.py's `converged` and `kkt_violation` columns to result files written before
those columns existed: for each row of a penalised method (kl1, klinf, kl1_paper, klinf_paper)
whether its refit -- the model at the (bandwidth, lambda) chosen by CV, fitted on the whole
training split -- converged, and its largest KKT violation.

The refit's training summary is read from the job's model file (WORKDIR/splits/NAME/METHOD
.model.json) when it is still there and is the model of that row (same bandwidth and lambda).
Otherwise the split is generated again (make_split.py, deterministic) and the refit run again
with `kreg fit` at the row's bandwidth and lambda and run_job.py's solver options: the same
deterministic fit that `kreg cv --model` wrote. Either way the model must predict the split's
test rows with the row's test R^2 (to 1e-6); where it does not (the row was made by an earlier
version of a solver), the cells stay blank and the row is counted as not reproduced. --check
refits every row, also those with a model file, and reports the largest difference of the
coefficients (a test of the claim above). Rows of the other methods get blank cells. Result
files are rewritten atomically.
Usage: backfill_convergence.py WORKDIR [--kreg PATH] [--max-iter N] [--check]
"""
import argparse
import csv
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import run_job  # the solver options and the summary read of a job (this directory)

HERE = os.path.dirname(os.path.abspath(__file__))
PENALISED = {"kl1", "klinf", "kl1_paper", "klinf_paper"}
# A fit reproduces a row when its test R^2 agrees to this (relative beyond |R^2| = 1): rounding
# of another BLAS kernel set moves an unconverged FISTA iterate's R^2 by about 1e-9; a change
# of solver moves it by far more.
R2_AGREEMENT = 1e-6


def same_model(model, row):
    """Whether `model` (a parsed model file) is the refit of result `row`."""
    return (np.isclose(model["kernel"]["bandwidth"], float(row["bandwidth"]), rtol=1e-12) and
            np.isclose(model["parameters"]["lambda"], float(row["lambda"]), rtol=1e-12))


def refit(kreg, split_dir, row, max_iter, out):
    """`kreg fit` of `row`'s method at its chosen bandwidth and lambda, as run_job.py's cv ran it."""
    method = row["method"]
    cmd = [kreg, "fit", "--data", os.path.join(split_dir, "train.csv"), "--target", "y", "--exclude", "fold",
           "--standardize", "none", "--method", method.split("_")[0], "--kernel", row["kernel"],
           "--bandwidth", repr(float(row["bandwidth"])), "--lambda", repr(float(row["lambda"])),
           "--threads", "1", "--model", out, "--quiet"]
    cmd += run_job.penalised_solver_options(method, max_iter)
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)  # its warnings are what we record
    return json.load(open(out))


def backfill(path, workdir, kreg, max_iter, check, scratch):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    todo = [r for r in rows if r["method"] in PENALISED and (check or r.get("converged", "") == "")]
    if not todo and all("converged" in r for r in rows):
        return 0, 0, 0.0
    name = os.path.basename(path)[:-len(".csv")]
    split_dir = os.path.join(workdir, "splits", name)
    data_dir = None  # where this split's train.csv and test.csv are
    if os.path.exists(os.path.join(split_dir, "test.csv")):
        data_dir = split_dir
    largest_difference, not_reproduced = 0.0, 0
    for row in todo:
        model_path = os.path.join(split_dir, row["method"] + ".model.json")
        model = json.load(open(model_path)) if os.path.exists(model_path) else None
        if model is not None and not same_model(model, row):
            model = None  # a later rerun's model, or another solver's: not this row's
        if model is None or check:
            if data_dir is None:
                data_dir = os.path.join(scratch, name)
                subprocess.run([sys.executable, os.path.join(HERE, "make_split.py"), row["dataset"], row["table"],
                                row["seed"], data_dir], check=True, stdout=subprocess.DEVNULL)
            fitted = refit(kreg, data_dir, row, max_iter, os.path.join(scratch, "refit.model.json"))
            if model is not None:
                largest_difference = max(largest_difference,
                                         float(np.max(np.abs(np.asarray(fitted["alpha"]) - np.asarray(model["alpha"])),
                                                      initial=0.0)))
            else:
                model, model_path = fitted, os.path.join(scratch, "refit.model.json")
        if data_dir is None:
            data_dir = split_dir
        recorded = float(row["r2"])
        r2, _ = run_job.evaluate(kreg, model_path, os.path.join(data_dir, "test.csv"), os.path.join(scratch, "refit"))
        if abs(r2 - recorded) > R2_AGREEMENT * max(1.0, abs(recorded)):
            not_reproduced += 1  # not the fit behind this row: leave its cells blank
            row["converged"], row["kkt_violation"] = "", ""
            continue
        row.update(run_job.final_fit_convergence(model_path))
    for row in rows:
        row.setdefault("converged", "")
        row.setdefault("kkt_violation", "")
    run_job.write_rows(path, rows)
    if data_dir and data_dir.startswith(scratch):
        shutil.rmtree(data_dir)
    return len(todo) - not_reproduced, not_reproduced, largest_difference


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--kreg", default=os.path.join(run_job.ROOT, "build", "kreg"))
    ap.add_argument("--max-iter", type=int, default=1000, help="as run_job.py's --max-iter (its default: 1000)")
    ap.add_argument("--check", action="store_true", help="refit every penalised row and compare with its model file")
    a = ap.parse_args()
    paths = sorted(glob.glob(os.path.join(a.workdir, "results", "*.csv")))
    if not paths:
        sys.exit(f"backfill_convergence.py: error: no result files in {a.workdir}/results")
    filled, missed, largest = 0, 0, 0.0
    with tempfile.TemporaryDirectory() as scratch:
        for i, path in enumerate(paths, 1):
            n, m, difference = backfill(path, a.workdir, a.kreg, a.max_iter, a.check, scratch)
            filled, missed, largest = filled + n, missed + m, max(largest, difference)
            if i % 50 == 0 or i == len(paths):
                print(f"{i} of {len(paths)} result files: {filled} rows filled, {missed} not reproduced "
                      "(their fit's test R2 differs from the row's; left blank)", flush=True)
    if a.check:
        print(f"largest |alpha(refit) - alpha(model file)| over the rows with a model file: {largest:.3g}")


if __name__ == "__main__":
    main()
