#!/usr/bin/python3
"""Checks rerun_methods.sh on a copy of a finished work directory: reruns one method (krr) on the
synthetic data's split 0 (--seeds 0) and requires that exactly those two files (robust and
sparse table) were rewritten, that only the method's row changed in them, that both jobs are
recorded as done, the invocation logged in reruns.csv with its splits ("0") and the jobs left
reported before and after (remaining.py --rerun); then that the same command again reruns
nothing (resumed: 0 jobs, a second log line), that both lines name this machine's processor
(column cpu), that a log written before that column gains it, empty on its old lines, and that a
reruns.csv whose header is not the log's stops the script with exit status 2 before any job runs. Last, a stop asked while the
first job runs (WORKDIR/stop, made by a kreg wrapper at that job's first call): the first job
finishes and counts as done, the second does not start and does not count. Then one invocation
at a time: beside one that holds WORKDIR/running's lock, a second stops with status 2 before it
changes anything; and an invocation killed with its jobs during its second job is logged by the
next one (2 jobs, 1 done, a wall time no longer than it lasted), which then finishes the list.
Exit status 1 with the differences otherwise.
Usage: check_rerun.py WORKDIR --kreg PATH
"""
import argparse
import csv
import fcntl
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

OLD_HEADER = "started_utc,tag,methods,datasets,kernels,seeds,workers,jobs,done_after,wall_s,kreg_binary,checkout,blas_kernels"

HERE = os.path.dirname(os.path.abspath(__file__))
RERUN = os.path.join(HERE, "rerun_methods.sh")
TAG = "check"
RERUN_JOBS = {"synthetic robust gaussian 0", "synthetic sparse gaussian 0"}


def read_text(path):
    with open(path) as f:
        return f.read()


def rows_by_method(path):
    with open(path) as f:
        return {r["method"]: r for r in csv.DictReader(f)}


def cpu_model():
    """This machine's processor as invocation_log.sh's cpu_model names it, independently read."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip().replace(",", ";") or "unknown"
    except OSError:
        pass
    return "unknown"


def rerun(workdir, kreg, jobs="1"):
    return subprocess.run(["bash", RERUN, "--workdir", workdir, "--methods", "krr", "--tag", TAG,
                           "--datasets", "synthetic", "--seeds", "0", "--jobs", jobs, "--kreg", kreg],
                          capture_output=True, text=True)


def check_one_at_a_time(finished_workdir, kreg, tmp):
    """A second invocation while one holds WORKDIR/running's lock stops with status 2 before it
    touches anything (the stop file stays, no job runs)."""
    work = os.path.join(tmp, "locked")
    shutil.copytree(os.path.join(finished_workdir, "results"), os.path.join(work, "results"))
    open(os.path.join(work, "stop"), "w").close()
    with open(os.path.join(work, "running"), "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        second = rerun(work, kreg)
    problems = []
    if second.returncode != 2 or "another invocation is running there" not in second.stderr:
        problems.append(f"beside a running invocation: exit {second.returncode}, stderr {second.stderr.strip()!r}")
    if not os.path.exists(os.path.join(work, "stop")) or os.path.exists(os.path.join(work, "reruns")):
        problems.append("beside a running invocation, the second one removed the stop file or began its list")
    return problems


def check_cut_off(finished_workdir, kreg, tmp):
    """An invocation killed with its jobs (SIGKILL to its process group, as when the machine is
    lost) during its second job is logged by the next one: its 2 jobs, 1 done, and a wall time
    up to that job's end; the next one then runs the job left and logs itself."""
    work = os.path.join(tmp, "cut")
    shutil.copytree(os.path.join(finished_workdir, "results"), os.path.join(work, "results"))
    wrapper = os.path.join(tmp, "kreg-that-kills")
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\nif [ -s "{work}/reruns/{TAG}.done" ]; then\n'
                f'  kill -9 -"$(awk \'{{print $5}}\' /proc/$$/stat)"\nfi\n'
                f'exec "{os.path.abspath(kreg)}" "$@"\n')
    os.chmod(wrapper, 0o755)
    began = time.time()
    subprocess.run(["bash", RERUN, "--workdir", work, "--methods", "krr", "--tag", TAG, "--datasets",
                    "synthetic", "--seeds", "0", "--jobs", "1", "--kreg", wrapper],
                   capture_output=True, text=True, start_new_session=True)
    lasted = time.time() - began
    problems = []
    if os.path.exists(os.path.join(work, "reruns.csv")) and len(read_text(os.path.join(work, "reruns.csv")).splitlines()) > 1:
        problems.append("the killed invocation logged itself")
    after = rerun(work, kreg)
    with open(os.path.join(work, "reruns.csv")) as f:
        log = list(csv.DictReader(f))
    got = [(r["jobs"], r["done_after"]) for r in log]
    if after.returncode != 0 or got != [("2", "1"), ("1", "2")] or "was cut off" not in after.stderr:
        problems.append(f"after a killed invocation: exit {after.returncode}, reruns.csv (jobs, done_after) "
                        f"{got}, stderr {after.stderr.strip()[-300:]!r}")
    elif not 0 <= int(log[0]["wall_s"]) <= lasted + 1:
        problems.append(f"the killed invocation's wall time {log[0]['wall_s']} s; it lasted {lasted:.1f} s")
    if read_text(os.path.join(work, "running")):
        problems.append("WORKDIR/running is not empty after an invocation that ended")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("workdir")
    ap.add_argument("--kreg", required=True)
    a = ap.parse_args()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "work")
        shutil.copytree(os.path.join(a.workdir, "results"), os.path.join(work, "results"))
        before = {p: read_text(p) for p in glob.glob(os.path.join(work, "results", "*.csv"))}
        first = rerun(work, a.kreg)
        if first.returncode != 0:
            sys.exit(f"check_rerun.py: rerun_methods.sh failed ({first.returncode}):\n{first.stderr[-2000:]}")
        for line in ("2 of 2 jobs left; no estimate", "all 2 jobs done"):
            if line not in first.stdout:
                problems.append(f"the rerun did not report '{line}': {first.stdout!r}")
        changed = sorted(os.path.basename(p) for p, text in before.items() if read_text(p) != text)
        if changed != ["synthetic_robust_gaussian_0.csv", "synthetic_sparse_gaussian_0.csv"]:
            problems.append(f"files rewritten: {changed}")
        for name in changed:
            old = rows_by_method(os.path.join(a.workdir, "results", name))
            new = rows_by_method(os.path.join(work, "results", name))
            if set(old) != set(new):
                problems.append(f"{name}: methods {sorted(old)} became {sorted(new)}")
            problems += [f"{name}: {m}'s row changed" for m in old if m != "krr" and old[m] != new.get(m)]
        done = set(read_text(os.path.join(work, "reruns", TAG + ".done")).splitlines())
        if done != RERUN_JOBS:
            problems.append(f"{TAG}.done lists {sorted(done)}")
        second = rerun(work, a.kreg)
        if second.returncode != 0:
            problems.append(f"the resumed rerun failed ({second.returncode}): {second.stderr[-500:]}")
        with open(os.path.join(work, "reruns.csv")) as f:
            log = list(csv.DictReader(f))
        got = [(r["tag"], r["methods"], r["seeds"], r["jobs"], r["done_after"]) for r in log]
        if got != [(TAG, "krr", "0", "2", "2"), (TAG, "krr", "0", "0", "2")]:
            problems.append(f"reruns.csv logs {got}")
        if [r.get("cpu") for r in log] != [cpu_model()] * 2:
            problems.append(f"reruns.csv's cpu column: {[r.get('cpu') for r in log]}, this machine's: {cpu_model()!r}")
        # A log from before the cpu column: its two lines without their last field.
        lines = read_text(os.path.join(work, "reruns.csv")).splitlines()
        if lines[0].rsplit(",", 1)[0] != OLD_HEADER:
            problems.append(f"reruns.csv's header is {lines[0]!r}, expected the old one and ',cpu'")
        with open(os.path.join(work, "reruns.csv"), "w") as f:
            f.write("".join(line.rsplit(",", 1)[0] + "\n" for line in lines))
        upgraded = rerun(work, a.kreg)
        with open(os.path.join(work, "reruns.csv")) as f:
            log = list(csv.DictReader(f))
        if upgraded.returncode != 0 or [r["cpu"] for r in log] != ["", "", cpu_model()] or \
                "added the column cpu" not in upgraded.stderr:
            problems.append(f"a log from before the cpu column: exit {upgraded.returncode}, cpu column "
                            f"{[r.get('cpu') for r in log]}, stderr {upgraded.stderr.strip()!r}")
        with open(os.path.join(work, "reruns.csv"), "w") as f:
            f.write("started_utc,tag\n")
        os.remove(os.path.join(work, "reruns", TAG + ".done"))
        guarded = rerun(work, a.kreg)
        if guarded.returncode != 2 or "line 1 is not the log's header" not in guarded.stderr:
            problems.append(f"a foreign reruns.csv gave exit {guarded.returncode}: {guarded.stderr.strip()!r}")
        if os.path.exists(os.path.join(work, "reruns", TAG + ".done")):
            problems.append("a foreign reruns.csv did not stop the script before its jobs")
        stopped = os.path.join(tmp, "stopped")
        shutil.copytree(os.path.join(a.workdir, "results"), os.path.join(stopped, "results"))
        wrapper = os.path.join(tmp, "kreg-that-stops")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\n[ "$1" = cv ] && touch "{stopped}/stop"\nexec "{os.path.abspath(a.kreg)}" "$@"\n')
        os.chmod(wrapper, 0o755)
        rerun(stopped, wrapper)
        done = read_text(os.path.join(stopped, "reruns", TAG + ".done")).splitlines()
        if done != ["synthetic robust gaussian 0"]:
            problems.append(f"stopped during the first job: the done list is {done}")
        problems += check_one_at_a_time(a.workdir, a.kreg, tmp)
        problems += check_cut_off(a.workdir, a.kreg, tmp)
    if problems:
        sys.exit("check_rerun.py:\n  " + "\n  ".join(problems))
    print("check_rerun.py: rerun_methods.sh replaced krr's rows of synthetic split 0 only, logged "
          "and resumed the run with this machine's processor in the log, upgraded an old log, refused a foreign log, counted only the job it finished after a stop, "
          "refused to run beside a running invocation, and logged a killed one at the next")


if __name__ == "__main__":
    main()
