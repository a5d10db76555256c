#!/usr/bin/python3
"""How much of run_all.sh's job list (WORKDIR/jobs.txt) is left, and about how long it will take:
each job without a result is costed at the median kreg time (the sum of its methods' times) of
the finished jobs of the same data set, table and kernel, or, when none of that kernel has
finished, of the same data set and table with any kernel (the kernel changes a job's time far
less than the data set does); jobs with neither are counted apart, without an estimate. The
medians come from whichever machine ran the finished jobs, so the estimate is only as good as
the machine is the same.
--reference DIR adds the finished jobs of another work directory (e.g. the Gaussian runs) to
the medians, for the groups with no finished job of their own.
--rerun TAG --methods "M ..." estimates rerun_methods.sh's list instead (WORKDIR/reruns/TAG.todo
left, TAG.done finished; without TAG.todo, which rerun_methods.sh writes when it starts, every
result file of WORKDIR), from the times of those methods' rows in the files already rerun.
Usage: remaining.py WORKDIR [--workers N] [--reference DIR ...] [--rerun TAG --methods "M ..."]
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


def job_seconds(path, methods=None):
    """kreg's time of one finished job: the sum over its methods (run_job.py's time_s), or over
    `methods` only (those of a rerun)."""
    with open(path) as f:
        return sum(float(r["time_s"]) for r in csv.DictReader(f) if methods is None or r["method"] in methods)


def group_of(name):
    """(dataset, table, kernel) of a result file DATASET_TABLE_KERNEL_SEED.csv, or None.
    >>> group_of("california_housing_robust_laplace_3.csv")
    ('california_housing', 'robust', 'laplace')
    >>> group_of("wood_sparse_gaussian_100.csv")
    ('wood', 'sparse', 'gaussian')
    >>> group_of("notes.txt") is None, group_of("wood_sparse_3.csv") is None
    (True, True)
    """
    parts = name[:-len(".csv")].split("_")
    if not name.endswith(".csv") or len(parts) < 4:
        return None
    return "_".join(parts[:-3]), parts[-3], parts[-2]


def finished_jobs(workdir):
    """(group, seconds) of every finished job under WORKDIR/results, whatever its job list."""
    folder = os.path.join(workdir, "results")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        group = group_of(name)
        if group is not None:
            yield group, job_seconds(os.path.join(folder, name))


def estimate(pending, finished, reference=None):
    """pending: (dataset, table, kernel) of each job left; finished: {(dataset, table, kernel):
    [seconds of each finished job]}; reference: the same for another work directory. A pending job
    is costed at the median of its own group, else at the median of all finished jobs of its data
    set and table, else at that median in `reference`.
    Returns (core-seconds of the pending jobs with an estimate, number of pending jobs without).
    >>> estimate([("wood", "robust", "laplace"), ("wood", "robust", "laplace"), ("casp", "sparse", "laplace")],
    ...          {("wood", "robust", "laplace"): [10.0, 30.0, 20.0]})
    (40.0, 1)
    >>> estimate([("wood", "robust", "cauchy")],
    ...          {("wood", "robust", "laplace"): [10.0, 30.0], ("wood", "robust", "gaussian"): [50.0]})
    (30.0, 0)
    >>> estimate([("casp", "sparse", "cauchy")], {}, {("casp", "sparse", "gaussian"): [7.0, 9.0, 100.0]})
    (9.0, 0)
    >>> estimate([], {})
    (0.0, 0)
    """
    total, unknown = 0.0, 0
    medians = {group: statistics.median(times) for group, times in finished.items() if times}

    def data_medians(groups):
        by_data = {}
        for group, times in groups.items():
            by_data.setdefault(group[:2], []).extend(times)
        return {key: statistics.median(times) for key, times in by_data.items() if times}

    own_data, reference_data = data_medians(finished), data_medians(reference or {})
    for group in pending:
        for lookup, key in ((medians, group), (own_data, group[:2]), (reference_data, group[:2])):
            if key in lookup:
                total += lookup[key]
                break
        else:
            unknown += 1
    return total, unknown


def rounded(x):
    """x to two significant digits, as an estimate deserves, with thousands separators.
    >>> [rounded(x) for x in (78844.0, 11.0, 0.5, 60.0, 1234567.0)]
    ['79,000', '11', '0.5', '60', '1,200,000']
    """
    value = float(f"{x:.2g}")
    return f"{value:,.0f}" if value >= 10 else f"{value:g}"


def describe(left, jobs, core_seconds, unknown, workers):
    """The one-line report.
    >>> describe(637, 1010, 171000.0, 0, 2)
    '637 of 1010 jobs left: about 170,000 core-seconds (24 h on 2 workers) at the median time per finished job of each data set and table'
    >>> describe(3, 10, 60.0, 1, 2)
    '3 of 10 jobs left: about 60 core-seconds (0.5 min on 2 workers) at the median time per finished job of each data set and table; 1 of them has no estimate (no job of its data set and table has finished)'
    >>> describe(10, 10, 0.0, 10, 2)
    '10 of 10 jobs left; no estimate of their time (no job of their data sets and tables has finished)'
    >>> describe(0, 10, 0.0, 0, 2)
    'all 10 jobs done'
    """
    if left == 0:
        return f"all {jobs} jobs done"
    if unknown == left:
        return f"{left} of {jobs} jobs left; no estimate of their time (no job of their data sets and tables has finished)"
    wall = core_seconds / workers
    wall_text = f"{rounded(wall / 3600)} h" if wall >= 3600 else f"{rounded(wall / 60)} min"
    text = (f"{left} of {jobs} jobs left: about {rounded(core_seconds)} core-seconds ({wall_text} "
            f"on {workers} workers) at the median time per finished job of each data set and table")
    if unknown == 1:
        text += "; 1 of them has no estimate (no job of its data set and table has finished)"
    elif unknown > 1:
        text += f"; {unknown} of them have no estimate (no job of their data sets and tables has finished)"
    return text


def rerun_lists(workdir, tag):
    r"""(jobs left, jobs done, note) of rerun_methods.sh's tag: those of WORKDIR/reruns/TAG.todo
    not in TAG.done (during or after a run, some are), and TAG.done. rerun_methods.sh writes
    TAG.todo when it starts, and git does not keep it: without it (a fresh checkout), every
    result file of WORKDIR counts as the list, and the note says so.
    >>> import tempfile
    >>> work = tempfile.mkdtemp()
    >>> os.makedirs(os.path.join(work, "results")); os.makedirs(os.path.join(work, "reruns"))
    >>> for name in ("wood_robust_gaussian_0", "wood_robust_gaussian_1", "casp_sparse_gaussian_0"):
    ...     open(os.path.join(work, "results", name + ".csv"), "w").close()
    >>> with open(os.path.join(work, "reruns", "t.done"), "w") as f: _ = f.write("wood robust gaussian 1\n")
    >>> left, done, note = rerun_lists(work, "t"); sorted(left), done, note
    ([('casp', 'sparse', 'gaussian', '0'), ('wood', 'robust', 'gaussian', '0')], [('wood', 'robust', 'gaussian', '1')], ' (no t.todo: every result file counts)')
    >>> with open(os.path.join(work, "reruns", "t.todo"), "w") as f: _ = f.write("wood robust gaussian 0\nwood robust gaussian 1\n")
    >>> rerun_lists(work, "t")
    ([('wood', 'robust', 'gaussian', '0')], [('wood', 'robust', 'gaussian', '1')], '')
    """
    def read(suffix):
        path = os.path.join(workdir, "reruns", tag + suffix)
        if not os.path.exists(path):
            return None
        with open(path) as f:
            return [tuple(line.split()) for line in f if line.strip()]
    done = read(".done") or []
    finished = set(done)
    listed, note = read(".todo"), ""
    if listed is None:
        names = sorted(os.listdir(os.path.join(workdir, "results")))
        listed = [group_of(name) + (name[:-len(".csv")].rsplit("_", 1)[1],) for name in names
                  if group_of(name) is not None]
        note = f" (no {tag}.todo: every result file counts)"
    return [job for job in listed if job not in finished], done, note


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--workers", type=int, default=2, help="jobs run at a time (run_all.sh --jobs)")
    ap.add_argument("--reference", action="append", default=[],
                    help="another work directory whose finished jobs also count (for groups with none here)")
    ap.add_argument("--rerun", metavar="TAG", help="estimate rerun_methods.sh's list of this tag")
    ap.add_argument("--methods", help="with --rerun: the rerun's methods (space-separated)")
    a = ap.parse_args()
    if a.rerun:
        if not a.methods:
            print("remaining.py: error: --rerun needs --methods", file=sys.stderr)
            sys.exit(2)
        methods = set(a.methods.split())
        todo, done, note = rerun_lists(a.workdir, a.rerun)
        finished = {}
        for job in done:
            path = result_path(a.workdir, job)
            if os.path.exists(path):
                finished.setdefault(job[:3], []).append(job_seconds(path, methods))
        core_seconds, unknown = estimate([job[:3] for job in todo], finished)
        print(describe(len(todo), len(todo) + len(done), core_seconds, unknown, max(1, a.workers)) + note)
        return
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
    reference = {}
    for directory in a.reference:
        for group, seconds in finished_jobs(directory):
            reference.setdefault(group, []).append(seconds)
    core_seconds, unknown = estimate(pending, finished, reference)
    print(describe(len(pending), len(jobs), core_seconds, unknown, max(1, a.workers)))


if __name__ == "__main__":
    main()
