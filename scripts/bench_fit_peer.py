#!/usr/bin/python3
"""scikit-learn half of scripts/bench_fit.sh.

R times, in this one process: read train.csv with np.loadtxt + KernelRidge(kernel="rbf",
gamma=1/(2*bandwidth^2), alpha=lambda).fit(X, y), timed together with time.perf_counter
(the same work `kreg fit` does: read the CSV, fit). Prints the median seconds on stdout and
writes the last fit's predictions on test.csv to PRED_OUT (column `prediction`, %.17g).
Usage: bench_fit_peer.py TRAIN_CSV TEST_CSV PRED_OUT REPS [BANDWIDTH] [LAMBDA]
"""
import statistics
import sys
import time

import numpy as np
from sklearn.kernel_ridge import KernelRidge


def main():
    train, test, pred_out, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    bw = float(sys.argv[5]) if len(sys.argv) > 5 else 3.0
    lam = float(sys.argv[6]) if len(sys.argv) > 6 else 0.1
    times = []
    model = None
    for _ in range(reps):
        model = None  # free the previous fit before timing the next one
        t0 = time.perf_counter()
        d = np.loadtxt(train, delimiter=",", skiprows=1)
        model = KernelRidge(kernel="rbf", gamma=1.0 / (2.0 * bw * bw), alpha=lam)
        model.fit(d[:, :-1], d[:, -1])
        times.append(time.perf_counter() - t0)
    xt = np.loadtxt(test, delimiter=",", skiprows=1)[:, :-1]
    np.savetxt(pred_out, model.predict(xt), fmt="%.17g", header="prediction", comments="")
    print(f"{statistics.median(times):.6f}")
    print("sklearn fit times (s): " + " ".join(f"{t:.3f}" for t in times), file=sys.stderr)


if __name__ == "__main__":
    main()
