#!/usr/bin/python3
"""Checks backfill_convergence.py against what run_job.py recorded: copies a finished work
directory's results without their `converged` and `kkt_violation` columns, removes the model
files of every other split (so that half the rows go through a fresh split and refit, the rest
through the job's model file), backfills the copy and requires the same cells as run_job.py
wrote, and a refit equal to the job's model where both exist (--check). Exit status 1 with the
differences otherwise.
Usage: check_backfill.py WORKDIR --kreg PATH [--max-iter N]   (N: the run's --max-iter)
"""
import argparse
import csv
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ADDED = ("converged", "kkt_violation")


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--kreg", required=True)
    ap.add_argument("--max-iter", default="1000")
    a = ap.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as copy:
        shutil.copytree(os.path.join(a.workdir, "splits"), os.path.join(copy, "splits"))
        os.makedirs(os.path.join(copy, "results"))
        originals = {}
        for i, path in enumerate(sorted(glob.glob(os.path.join(a.workdir, "results", "*.csv")))):
            rows = read(path)
            name = os.path.basename(path)
            originals[name] = rows
            if any(r.get("converged", "") == "" and r["method"] in ("kl1", "klinf") for r in rows):
                problems.append(f"{name}: run_job.py left a penalised row without `converged`")
            with open(os.path.join(copy, "results", name), "w", newline="") as f:
                fields = [k for k in rows[0] if k not in ADDED]
                w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
                w.writeheader()
                w.writerows(rows)
            if i % 2:
                shutil.rmtree(os.path.join(copy, "splits", name[:-len(".csv")]))
        out = subprocess.run([sys.executable, os.path.join(HERE, "backfill_convergence.py"), copy, "--kreg", a.kreg,
                              "--max-iter", a.max_iter, "--check"], check=True, capture_output=True, text=True).stdout
        if "largest |alpha(refit) - alpha(model file)| over the rows with a model file: 0\n" not in out:
            problems.append("a refit differs from the job's model file: " + out.strip().splitlines()[-1])
        if " 0 not reproduced" not in out:
            problems.append("some rows were not reproduced: " + out.strip())
        for name, rows in originals.items():
            for old, new in zip(rows, read(os.path.join(copy, "results", name))):
                for key in ADDED:
                    same = (old[key] == new[key] if key == "converged" or "" in (old[key], new[key]) else
                            abs(float(old[key]) - float(new[key])) <= 1e-9 * max(1.0, abs(float(old[key]))))
                    if not same:
                        problems.append(f"{name} {old['method']} {key}: run_job.py {old[key]!r}, backfill {new[key]!r}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(f"backfill of {len(originals)} result files equals run_job.py's cells: 1 passed, 0 failed")


if __name__ == "__main__":
    main()
