#!/usr/bin/python3
"""The reference for scripts/bench_loo.sh: one eigendecomposition (numpy.linalg.eigh, LAPACK
dsyevd on the same OpenBLAS) of the Gaussian Gram matrix of the standardised training data.
Only the eigh call is timed; prints the median wall time over R runs.
Usage: bench_loo_peer.py TRAIN_CSV BANDWIDTH REPS
"""
import statistics
import sys
import time

import numpy as np

path, bandwidth, reps = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
data = np.loadtxt(path, delimiter=",", skiprows=1)
x = data[:, :-1]
z = (x - x.mean(axis=0)) / x.std(axis=0)
sq = (z * z).sum(axis=1)
gram = np.exp(-np.maximum(sq[:, None] + sq[None, :] - 2.0 * z @ z.T, 0.0) / (2.0 * bandwidth**2))
times = []
for _ in range(reps):
    start = time.perf_counter()
    np.linalg.eigh(gram)
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.6f}")
