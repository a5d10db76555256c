#!/usr/bin/python3
"""How much of run_all.sh's job list (WORKDIR/jobs.txt) is left, and about how long it will take:
each job without a result is costed at the median kreg time (the sum of its methods' times) of
the finished jobs of the same data set, table and kernel; jobs of a group with no finished job
are counted apart, without an estimate. The medians come from whichever machine ran the finished
jobs, so the estimate is only as good as the machine is the same.
Usage: remaining.py WORKDIR [--workers N]
"""
import argparse
import csv
import os
import statistics
import sys


def job_list(workdir):
    """run_all.sh's job list, WORKDIR/jobs.txt: one (dataset, table, kernel, seed) per line."""
    with open(os.path.join(workdir, "jobs.txt")) as f:
        return [tuple(line.split()) for line in f if line.strip()]


def result_path(workdir, job):
    """Where run_job.py writes the result of `job`, once it has finished."""
    return os.path.join(workdir, "results", "_".join(job) + ".csv")


def job_seconds(path):
    """kreg's time of one finished job: the sum over its methods (run_job.py's time_s)."""
    with open(path) as f:
        return sum(float(r["time_s"]) for r in csv.DictReader(f))


def estimate(pending, finished):
    """pending: (group, ...) of the jobs left; finished: {group: [seconds of each finished job]}.
    Returns (core-seconds of the pending jobs with an estimate, number of pending jobs without).
    >>> estimate([("wood", "robust"), ("wood", "robust"), ("casp", "sparse")],
    ...          {("wood", "robust"): [10.0, 30.0, 20.0]})
    (40.0, 1)
    >>> estimate([], {})
    (0.0, 0)
    """
    total, unknown = 0.0, 0
    medians = {group: statistics.median(times) for group, times in finished.items() if times}
    for group in pending:
        if group in medians:
            total += medians[group]
        else:
            unknown += 1
    return total, unknown


def describe(left, jobs, core_seconds, unknown, workers):
    """The one-line report.
    >>> describe(637, 1010, 171000.0, 0, 2)
    '637 of 1010 jobs left: about 171,000 core-seconds (23.8 h on 2 workers) at the median time per finished job of each data set and table'
    >>> describe(3, 10, 60.0, 1, 2)
    '3 of 10 jobs left: about 60 core-seconds (0.0 h on 2 workers) at the median time per finished job of each data set and table; 1 of them has no estimate (no job of its data set and table has finished)'
    >>> describe(10, 10, 0.0, 10, 2)
    '10 of 10 jobs left; no estimate of their time (no job of their data sets and tables has finished)'
    >>> describe(0, 10, 0.0, 0, 2)
    'all 10 jobs done'
    """
    if left == 0:
        return f"all {jobs} jobs done"
    if unknown == left:
        return f"{left} of {jobs} jobs left; no estimate of their time (no job of their data sets and tables has finished)"
    text = (f"{left} of {jobs} jobs left: about {core_seconds:,.0f} core-seconds ({core_seconds / workers / 3600:.1f} h "
            f"on {workers} workers) at the median time per finished job of each data set and table")
    if unknown == 1:
        text += "; 1 of them has no estimate (no job of its data set and table has finished)"
    elif unknown > 1:
        text += f"; {unknown} of them have no estimate (no job of their data sets and tables has finished)"
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--workers", type=int, default=2, help="jobs run at a time (run_all.sh --jobs)")
    a = ap.parse_args()
    listing = os.path.join(a.workdir, "jobs.txt")
    if not os.path.exists(listing):
        print(f"remaining.py: error: {listing}: no job list (run_all.sh writes it)", file=sys.stderr)
        sys.exit(2)
    jobs = job_list(a.workdir)
    pending, finished = [], {}
    for job in jobs:
        group = job[:3]  # (dataset, table, kernel)
        path = result_path(a.workdir, job)
        if os.path.exists(path):
            finished.setdefault(group, []).append(job_seconds(path))
        else:
            pending.append(group)
    core_seconds, unknown = estimate(pending, finished)
    print(describe(len(pending), len(jobs), core_seconds, unknown, max(1, a.workers)))


if __name__ == "__main__":
    main()
