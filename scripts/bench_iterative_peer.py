#!/usr/bin/python3
"""The straightforward numpy loops for scripts/bench_iterative.sh: ITER updates of each
iterative method as one would write them from Allerbo (2023)'s update rules (gradient recomputed
from K @ alpha every update). Prints 'method seconds' per line.
Usage: bench_iterative_peer.py TRAIN_CSV BANDWIDTH STEP ITER
"""
import sys
import time

import numpy as np

path, bandwidth, step, iters = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
data = np.loadtxt(path, delimiter=",", skiprows=1)
x, y = data[:, :-1], data[:, -1]
sq = (x * x).sum(axis=1)
K = np.exp(-np.maximum(sq[:, None] + sq[None, :] - 2.0 * x @ x.T, 0.0) / (2.0 * bandwidth**2))
n = len(y)


def kgd():
    alpha = np.zeros(n)
    for _ in range(iters):
        alpha -= step * (K @ alpha - y)
    return alpha


def ksgd():
    alpha = np.zeros(n)
    for _ in range(iters):
        alpha -= step * np.sign(K @ alpha - y)
    return alpha


def kcd():
    alpha = np.zeros(n)
    for _ in range(iters):
        g = K @ alpha - y
        i = np.argmax(np.abs(g))
        alpha[i] -= step * np.sign(g[i])
    return alpha


def kegd(ae=0.9, gamma=0.5):
    alpha, delta = np.zeros(n), np.zeros(n)
    for _ in range(iters):
        g = K @ alpha - y
        ghat = np.where(np.abs(g) >= ae * np.abs(g).max(), g, 0.0)
        delta = gamma * delta - step * (ae * np.sign(ghat) + (1 - ae) * ghat)
        alpha += delta
    return alpha


for name, fn in [("kgd", kgd), ("ksgd", ksgd), ("kcd", kcd), ("kegd", kegd)]:
    start = time.perf_counter()
    alpha = fn()
    np.savetxt(f"{path}.{name}.alpha", alpha)
    print(f"{name} {time.perf_counter() - start:.6f}")
