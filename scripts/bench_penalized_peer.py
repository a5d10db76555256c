#!/usr/bin/python3
"""The reference for scripts/bench_penalized.sh. kl1, min_a 1/2 a'Ka - y'a + lambda ||a||_1, is
a Lasso with design X = K^(1/2) and response b = K^(-1/2) y (1/2 ||b - X a||^2 = 1/2 a'Ka - y'a
+ const); scikit-learn's lasso_path minimises 1/(2 n) ||b - X a||^2 + alpha ||a||_1, so alpha =
lambda / n. It runs with precompute = the Gram matrix X'X = K and Xy = X'b = y, tol 1e-7,
max_iter MAX_ITER, on the lambdas of kreg's path; only the lasso_path call is timed (not the
kernel matrix nor the square roots). Then one numpy function evaluates the objective of both
solutions (kreg's from `kreg path --coefficients`) at every lambda.
Prints 'sklearn_s SECONDS', 'sklearn_unconverged COUNT' (points where scikit-learn's duality
gap stayed above its tolerance) and one line per lambda: 'point LAMBDA F_KREG F_SKLEARN'.
Usage: bench_penalized_peer.py TRAIN_CSV BANDWIDTH KREG_COEFFICIENTS_CSV MAX_ITER
"""
import sys
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import lasso_path

path, bandwidth, coef_path, max_iter = sys.argv[1], float(sys.argv[2]), sys.argv[3], int(sys.argv[4])
data = np.loadtxt(path, delimiter=",", skiprows=1)
x, y = data[:, :-1], data[:, -1]
n = len(y)
sq = (x * x).sum(axis=1)
d2 = np.maximum(sq[:, None] + sq[None, :] - 2.0 * x @ x.T, 0.0)
K = np.exp(-d2 / (2.0 * bandwidth**2))


def objective(a, lam):
    """1/2 a'Ka - y'a + lambda ||a||_1 (kl1), the one function for both solutions."""
    return 0.5 * a @ (K @ a) - y @ a + lam * np.abs(a).sum()


coef = np.loadtxt(coef_path, delimiter=",", skiprows=1)
lambdas = []
for lam in coef[:, 0]:
    if not lambdas or lam != lambdas[-1]:
        lambdas.append(lam)
lambdas = np.array(lambdas)

e, V = np.linalg.eigh(K)
e = np.maximum(e, e[-1] * 1e-15)
X = (V * np.sqrt(e)) @ V.T
b = V @ ((V.T @ y) / np.sqrt(e))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always", ConvergenceWarning)
    start = time.perf_counter()
    _, coefs, _ = lasso_path(X, b, alphas=lambdas / n, precompute=K, Xy=y, tol=1e-7, max_iter=max_iter)
    seconds = time.perf_counter() - start
unconverged = sum(1 for w in caught if issubclass(w.category, ConvergenceWarning))
print(f"sklearn_s {seconds:.6f}")
print(f"sklearn_unconverged {unconverged}")
for j, lam in enumerate(lambdas):
    a_kreg = np.zeros(n)
    rows = coef[coef[:, 0] == lam]
    a_kreg[rows[:, 1].astype(int)] = rows[:, 2]
    print(f"point {lam:.17g} {objective(a_kreg, lam):.17g} {objective(coefs[:, j], lam):.17g}")
