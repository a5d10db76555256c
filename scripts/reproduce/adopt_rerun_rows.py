#!/usr/bin/python3
"""Brings a quick-mode work directory up to date with a rerun made in the full mode: the quick
mode's splits 0-9 are the full mode's splits 0-9 (same split, same protocol), so where
rerun_methods.sh has regenerated some methods' rows of a full-mode result file, the same rows
of the quick-mode file are replaced by them instead of being computed a second time.
A file is adopted only when its job is recorded as done under the rerun's tag
(SOURCE/reruns/TAG.done) and every row of the other methods is the same in both files (test R^2,
chosen bandwidth, lambda and t, digit for digit): the proof that both are one split. Files whose
job is not rerun yet are left as they are and counted; a file that fails the check stops the
script (exit status 1) before anything is written. Then aggregate.py rewrites TARGET's tables.
Usage: adopt_rerun_rows.py SOURCE TARGET --methods "kl1_paper klinf_paper" --tag TAG
"""
import argparse
import csv
import glob
import os
import subprocess
import sys

import run_job  # write_rows: the atomic writer of result files (this directory)

HERE = os.path.dirname(os.path.abspath(__file__))
SAME_SPLIT_KEYS = ("r2", "bandwidth", "lambda", "t")


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def job_of(row):
    return f"{row['dataset']} {row['table']} {row['kernel']} {row['seed']}"


def adopted_rows(source_rows, target_rows, methods):
    """TARGET's rows with those of `methods` taken from SOURCE, or raises ValueError naming the
    first row of another method that differs (then the files are not of one split).
    >>> row = lambda m, r2: {"method": m, "r2": r2, "bandwidth": "1.0", "lambda": "", "t": ""}
    >>> [r["r2"] for r in adopted_rows([row("krr", "0.5"), row("kl1_paper", "0.8")],
    ...                               [row("kl1_paper", "0.7"), row("krr", "0.5")], {"kl1_paper"})]
    ['0.8', '0.5']
    >>> adopted_rows([row("krr", "0.51"), row("kl1_paper", "0.8")], [row("krr", "0.5")], {"kl1_paper"})
    Traceback (most recent call last):
    ValueError: krr's row differs: {'method': 'krr', 'r2': '0.51', 'bandwidth': '1.0', 'lambda': '', 't': ''} against {'method': 'krr', 'r2': '0.5', 'bandwidth': '1.0', 'lambda': '', 't': ''}
    """
    source = {r["method"]: r for r in source_rows}
    for r in target_rows:
        if r["method"] in methods:
            if r["method"] not in source:
                raise ValueError(f"{r['method']} has no row in the rerun")
            continue
        other = source.get(r["method"])
        if other is None or any(other.get(k, "") != r.get(k, "") for k in SAME_SPLIT_KEYS):
            raise ValueError(f"{r['method']}'s row differs: {other} against {r}")
    return [source[r["method"]] if r["method"] in methods else r for r in target_rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", help="the full mode's work directory, where rerun_methods.sh ran")
    ap.add_argument("target", help="the quick mode's work directory")
    ap.add_argument("--methods", required=True, help="space-separated, as given to rerun_methods.sh")
    ap.add_argument("--tag", required=True, help="the rerun's --tag")
    a = ap.parse_args()
    methods = set(a.methods.split())
    done_path = os.path.join(a.source, "reruns", a.tag + ".done")
    if not os.path.exists(done_path):
        sys.exit(f"adopt_rerun_rows.py: error: {done_path} does not exist (no rerun with tag {a.tag})")
    done = set(open(done_path).read().splitlines())
    updates, waiting, problems = {}, 0, []
    for path in sorted(glob.glob(os.path.join(a.target, "results", "*.csv"))):
        rows = read(path)
        source_path = os.path.join(a.source, "results", os.path.basename(path))
        if not rows or job_of(rows[0]) not in done or not os.path.exists(source_path):
            waiting += 1
            continue
        try:
            updates[path] = adopted_rows(read(source_path), rows, methods)
        except ValueError as e:
            problems.append(f"{os.path.basename(path)}: {e}")
    if problems:
        sys.exit("adopt_rerun_rows.py: error: not the same split, nothing written:\n" + "\n".join(problems))
    for path, rows in updates.items():
        run_job.write_rows(path, rows)
    print(f"{len(updates)} result files of {a.target} now carry the rerun's {', '.join(sorted(methods))} rows "
          f"(tag {a.tag}); {waiting} wait for their rerun")
    subprocess.run([sys.executable, os.path.join(HERE, "aggregate.py"), a.target], check=True)


if __name__ == "__main__":
    main()
