#!/usr/bin/python3
"""Times two kreg binaries on the same commands, alternating, and prints the medians side by side.

Used by scripts/bench_portable.sh to compare a build for this machine's processor
(-march=native) with the portable default build. For each workload the time is a phase that
`kreg fit --timings` reports ("gram": the kernel matrix, kreg's own loops; "solve": the solver,
BLAS/LAPACK for krr, kreg's loops for the iterative methods) or the wall time of the whole process.
Usage: bench_portable.py NATIVE PORTABLE WORKDIR REPS
"""
import re
import statistics
import subprocess
import sys
import time


def workloads(work):
    d2000 = ["--data", f"{work}/d2000.csv", "--target", "y", "--exclude", "fold", "--quiet"]
    d5000 = ["--data", f"{work}/d5000.csv", "--target", "y", "--exclude", "fold", "--quiet"]
    model = ["--model", f"{work}/model.json", "--timings"]
    fit2000 = ["fit", *d2000, "--bandwidth", "2", *model]
    its = ["--iterations", "20000", "--step-size", "1e-4"]
    return [
        # (name, what is timed, arguments)
        ("kernel matrix, n = 5,000 (Gaussian)", "gram", ["fit", *d5000, "--bandwidth", "2", "--lambda", "0.1", *model]),
        ("kernel matrix, n = 5,000 (Matern 5/2)", "gram",
         ["fit", *d5000, "--kernel", "matern52", "--bandwidth", "2", "--lambda", "0.1", *model]),
        ("krr solve, n = 5,000 (Cholesky)", "solve", ["fit", *d5000, "--bandwidth", "2", "--lambda", "0.1", *model]),
        ("kgd, n = 2,000, 20,000 updates", "solve", [*fit2000, "--method", "kgd", *its]),
        ("ksgd, n = 2,000, 20,000 updates", "solve", [*fit2000, "--method", "ksgd", *its]),
        ("kcd, n = 2,000, 20,000 updates", "solve", [*fit2000, "--method", "kcd", *its]),
        ("kegd, n = 2,000, 20,000 updates", "solve", [*fit2000, "--method", "kegd", "--momentum", "0.5", *its]),
        ("kl1, n = 2,000, lambda 0.01", "solve", [*fit2000, "--method", "kl1", "--lambda", "0.01"]),
        ("klinf, n = 2,000, lambda 0.01", "solve", [*fit2000, "--method", "klinf", "--lambda", "0.01"]),
        ("cv krr, n = 2,000, 5 x 10 grid, 5 folds", "wall",
         ["cv", *d2000, "--fold-column", "fold", "--bandwidth-grid", "logspace:-0.5:1:5", "--lambda-grid",
          "logspace:-4:1:10", "--output", f"{work}/cv.csv"]),
        ("loo krr, n = 2,000, 50 lambdas", "wall",
         ["loo", *d2000, "--bandwidth", "2", "--lambda-grid", "logspace:-6:1:50", "--output", f"{work}/loo.csv"]),
        ("fit nystrom, n = 100,000, m = 1,000", "wall",
         ["fit", "--data", f"{work}/d100k.csv", "--target", "y", "--quiet", "--bandwidth", "2", "--lambda", "1",
          "--solver", "nystrom", "--centers", "1000", "--model", f"{work}/model.json"]),
    ]


def run(binary, args, what):
    start = time.perf_counter()
    done = subprocess.run([binary, *args], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench_portable: {binary} {' '.join(args)} failed: {done.stderr.strip()}")
    if what == "wall":
        return wall
    found = re.search(rf"\b{what} ([0-9.]+)", done.stderr)
    if not found:
        sys.exit(f"bench_portable: no '{what}' time in: {done.stderr.strip()}")
    return float(found.group(1)) / 1000.0


def main():
    native, portable, work, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    print("| workload | timed | native s | portable s | portable / native |")
    print("|---|---|---|---|---|")
    for name, what, args in workloads(work):
        times = {native: [], portable: []}
        for _ in range(reps):
            for binary in (native, portable):  # alternating: the machine's noise falls on both
                times[binary].append(run(binary, args, what))
        n, p = statistics.median(times[native]), statistics.median(times[portable])
        print(f"| {name} | {what} | {n:.3g} | {p:.3g} | {p / n:.2f} |", flush=True)


if __name__ == "__main__":
    main()
