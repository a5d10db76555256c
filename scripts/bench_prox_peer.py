#!/usr/bin/python3
"""The reference for scripts/bench_prox.sh: the authors' way of solving the penalised problems,
each lambda solved cold in numpy with plain proximal gradient: fixed step 1e-3, at most 1,000
iterations, stop when successive iterates agree (numpy.allclose, rtol = atol = 1e-4). Their
prox threshold is lambda_paper = step * lambda (lambda of the objective 1/2 a'Ka - y'a + lambda P).
Prints 'method seconds converged' per method.
Usage: bench_prox_peer.py TRAIN_CSV BANDWIDTH LAMBDA_LIST_FILE_PREFIX
"""
import sys
import time

import numpy as np

path, bandwidth, prefix = sys.argv[1], float(sys.argv[2]), sys.argv[3]
data = np.loadtxt(path, delimiter=",", skiprows=1)
x, y = data[:, :-1], data[:, -1]
sq = (x * x).sum(axis=1)
K = np.exp(-np.maximum(sq[:, None] + sq[None, :] - 2.0 * x @ x.T, 0.0) / (2.0 * bandwidth**2))
step = 1e-3


def prox_l1(v, tau):
    return np.sign(v) * np.maximum(np.abs(v) - tau, 0.0)


def prox_linf(v, tau):
    a = np.abs(v)
    if a.sum() <= tau:
        return np.zeros_like(v)
    u = np.sort(a)[::-1]
    css = np.cumsum(u)
    rho = np.nonzero(u * np.arange(1, len(u) + 1) > (css - tau))[0][-1]
    theta = (css[rho] - tau) / (rho + 1.0)
    return np.sign(v) * np.minimum(a, theta)


for method, prox in [("kl1", prox_l1), ("klinf", prox_linf)]:
    lambdas = np.loadtxt(f"{prefix}.{method}")
    start = time.perf_counter()
    converged = 0
    for lam in lambdas:
        alpha = np.zeros(len(y))
        for _ in range(1000):
            new = prox(alpha - step * (K @ alpha - y), step * lam)
            done = np.allclose(new, alpha, rtol=1e-4, atol=1e-4)
            alpha = new
            if done:
                converged += 1
                break
    print(f"{method} {time.perf_counter() - start:.6f} {converged}")
