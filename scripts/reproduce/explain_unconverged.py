#!/usr/bin/env python3
"""Says, split by split, why kreg's own kl1/klinf refits of a reproduction did not converge.

For every result row of WORKDIR/results with method kl1 or klinf and `converged` 0, refits the
split's training rows at the row's kernel, bandwidth and lambda with the protocol's options
(`--standardize none --max-iter 1000`, as run_job.py's cv refits) and reads kreg's own warning,
which names the cause and its bound:
  undetermined  the lambda lies below lambda_undetermined, where every minimiser's coefficients
                are so large that rounding in K alpha alone exceeds the tolerance (bound: that
                lambda, and lambda* below which the objective is unbounded for K rounded);
  repeated      training rows repeat a row's features with a different response, so the
                objective has no minimiser below a lambda (bound: that lambda);
  capped        the exact path stopped above the lambda (its reason quoted) and FISTA's 1,000
                iterations did not reach the KKT tolerance (column `uncapped`: the same refit
                with kreg's default cap of 100,000, converged or not and its iterations);
  converged     today's refit converges (the row was recorded by an earlier solver).
Writes WORKDIR/unconverged_refits.csv (one row per refit) and prints the count per cause and
data set. The split's files are made again (make_split.py) where WORKDIR/splits lacks them.
Usage: explain_unconverged.py WORKDIR [--kreg PATH] [--methods kl1,klinf]
"""
import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NUMBER = r"([0-9.]+(?:e[+-]?[0-9]+)?)"


def classify(stderr, summary):
    """(cause, bound, the warning's first kreg line) from a refit's warnings and model summary."""
    text = " ".join(line for line in stderr.splitlines() if line.startswith("kreg: warning:"))
    if summary.get("converged"):
        return "converged", "", text
    m = re.search(r"every minimiser of \w+'s objective has \|\|alpha\|\|_1 above \S+ below lambda " + NUMBER, text)
    if m and "was not solved" in text:
        star = re.search(r"and below lambda " + NUMBER + " the objective is unbounded", text)
        bound = "lambda_undetermined " + m.group(1) + ("; lambda* " + star.group(1) if star else "")
        return "undetermined", bound, text
    m = re.search(r"unbounded below for lambda < " + NUMBER, text)
    if m and "repeat" in text:
        return "repeated", "lambda " + m.group(1), text
    m = re.search(r"kreg's exact path stopped before this lambda \(([^)]*(?:\([^)]*\))?[^)]*)\)", text)
    return "capped", ("path: " + m.group(1)) if m else "", text


def refit(kreg, workdir, row, max_iter="1000"):
    name = f"{row['dataset']}_{row['table']}_{row['kernel']}_{row['seed']}"
    split = os.path.join(workdir, "splits", name)
    if not os.path.exists(os.path.join(split, "train.csv")):
        subprocess.run([sys.executable, os.path.join(HERE, "make_split.py"), row["dataset"], row["table"],
                        row["seed"], split], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "model.json")
        run = subprocess.run([kreg, "fit", "--data", os.path.join(split, "train.csv"), "--target", "y", "--exclude",
                              "fold", "--standardize", "none", "--method", row["method"], "--kernel", row["kernel"],
                              "--bandwidth", row["bandwidth"], "--lambda", row["lambda"], "--max-iter", max_iter,
                              "--threads", "1", "--model", model], capture_output=True, text=True)
        if run.returncode != 0:
            return "error", "", run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "", {}
        summary = json.load(open(model))["training_summary"]
        return (*classify(run.stderr, summary), summary)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workdir")
    ap.add_argument("--kreg", default=os.path.join(ROOT, "build", "kreg"))
    ap.add_argument("--methods", default="kl1,klinf")
    a = ap.parse_args()
    methods = a.methods.split(",")
    rows = []
    for path in sorted(glob.glob(os.path.join(a.workdir, "results", "*.csv"))):
        with open(path) as f:
            rows += [r for r in csv.DictReader(f) if r["method"] in methods and r.get("converged") == "0"]
    rows.sort(key=lambda r: (r["dataset"], r["table"], r["kernel"], r["method"], int(r["seed"])))
    out = []
    for r in rows:
        cause, bound, message, _ = refit(a.kreg, a.workdir, r)
        uncapped = ""
        if cause == "capped":
            summary = refit(a.kreg, a.workdir, r, max_iter="100000")[3]
            uncapped = (("converged" if summary.get("converged") else "not converged") +
                        f" after {summary.get('iterations')} iterations")
        out.append({k: r[k] for k in ("dataset", "table", "kernel", "seed", "method", "bandwidth", "lambda",
                                      "kkt_violation")} |
                   {"cause": cause, "bound": bound, "uncapped": uncapped, "message": message})
    target = os.path.join(a.workdir, "unconverged_refits.csv")
    with open(target + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out[0]) if out else ["dataset"])
        w.writeheader()
        w.writerows(out)
    os.replace(target + ".tmp", target)
    counts = Counter((r["dataset"], r["table"], r["kernel"], r["method"], r["cause"]) for r in out)
    for key, k in sorted(counts.items()):
        print(" ".join(key), k)
    print(f"{len(out)} unconverged refits explained in {target}")


if __name__ == "__main__":
    main()
