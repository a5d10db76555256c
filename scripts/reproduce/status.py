#!/usr/bin/python3
"""Where a reproduction stands, from its files: per kernel, the result files, the (data set,
table) groups that have at least --splits splits (and, from run_all.sh's job list
WORKDIR/jobs.txt when there is one, the groups with fewer or none), and how many of the rows of tables.csv (as
aggregate.py last wrote it) lie inside the paper's interquartile range; then every row outside,
with its counterpart of the other solver (kl1 <-> kl1_paper, klinf <-> klinf_paper) and how many
of its refits converged. The figures a results README's status paragraph quotes.
Usage: status.py WORKDIR [--splits N]
"""
import argparse
import collections
import csv
import glob
import os

import remaining  # result file names and run_all.sh's job list (this directory)


def result_groups(workdir):
    """{kernel: {(dataset, table): number of result files}} from WORKDIR/results/D_T_K_S.csv."""
    out = collections.defaultdict(collections.Counter)
    for path in glob.glob(os.path.join(workdir, "results", "*.csv")):
        group = remaining.group_of(os.path.basename(path))
        if group is not None:
            dataset, table, kernel = group
            out[kernel][(dataset, table)] += 1
    return out


def listed_groups(workdir):
    """{kernel: {(dataset, table), ...}} of run_all.sh's job list, or {} without one."""
    out = collections.defaultdict(set)
    if os.path.exists(os.path.join(workdir, "jobs.txt")):
        for dataset, table, kernel, _ in remaining.job_list(workdir):
            out[kernel].add((dataset, table))
    return out


def quartiles(r, prefix):
    return f"{float(r[prefix + '_median']):.2f} ({float(r[prefix + '_q1']):.2f}, {float(r[prefix + '_q3']):.2f})"


def counterpart(method):
    """kl1 <-> kl1_paper, klinf <-> klinf_paper; None for the other methods."""
    if method in ("kl1", "klinf"):
        return method + "_paper"
    if method in ("kl1_paper", "klinf_paper"):
        return method[:-len("_paper")]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--splits", type=int, default=10, help="splits a group needs to count as done (default 10)")
    a = ap.parse_args()
    with open(os.path.join(a.workdir, "tables.csv")) as f:
        rows = list(csv.DictReader(f))
    compared = [r for r in rows if r["r2_in_paper_iqr"] in ("True", "False")]
    groups = result_groups(a.workdir)
    for kernel, listed in listed_groups(a.workdir).items():
        for group in listed:
            groups[kernel][group] += 0  # a listed group with no result yet counts as 0 splits
    total_inside = sum(r["r2_in_paper_iqr"] == "True" for r in compared)
    print(f"{sum(sum(g.values()) for g in groups.values())} result files; "
          f"{total_inside} of {len(compared)} rows inside the paper's interquartile range")
    for kernel in sorted(groups):
        g = groups[kernel]
        done = sorted(k for k, n in g.items() if n >= a.splits)
        short = sorted((k, n) for k, n in g.items() if n < a.splits)
        mine = [r for r in compared if r["kernel"] == kernel]
        inside = sum(r["r2_in_paper_iqr"] == "True" for r in mine)
        print(f"{kernel}: {sum(g.values())} files; {len(done)} groups with >= {a.splits} splits; "
              f"rows inside {inside} of {len(mine)}")
        if short:
            print("  fewer splits: " + ", ".join(f"{d} {t} ({n})" for (d, t), n in short))
    by_key = {(r["table"], r["kernel"], r["data"], r["method"]): r for r in rows}
    outside = [r for r in compared if r["r2_in_paper_iqr"] == "False"]
    if outside:
        print("\nrows outside: table | kernel | data | method | splits | kreg | paper | counterpart | refits converged")
    for r in sorted(outside, key=lambda r: (r["table"], r["kernel"], r["data"], r["method"])):
        other = by_key.get((r["table"], r["kernel"], r["data"], counterpart(r["method"]) or ""))
        other_text = f"{other['method']} {quartiles(other, 'r2')}" if other else "-"
        refits = f"{r['refits_converged']} of {r['refits_recorded']}" if r.get("refits_recorded") else "-"
        print(f"{r['table']} | {r['kernel']} | {r['data']} | {r['method']} | {r['splits']} | {quartiles(r, 'r2')} | "
              f"{r['paper_r2']} | {other_text} | {refits}")


if __name__ == "__main__":
    main()
