#!/usr/bin/python3
"""The peer for scripts/bench_cv.sh: scikit-learn's GridSearchCV(KernelRidge(kernel="rbf"),
n_jobs=-1) over the same bandwidth x lambda grid (gamma = 1 / (2 bandwidth^2), alpha = lambda)
and the same folds (PredefinedSplit on the fold column), scored by mean squared error; the
timing covers fit() of the grid search (refit=False). Prints 'seconds bandwidth lambda'.
Usage: bench_cv_peer.py DATA_CSV BANDWIDTHS_FILE LAMBDAS_FILE
"""
import sys
import time

import numpy as np
from sklearn.kernel_ridge import KernelRidge
from sklearn.model_selection import GridSearchCV, PredefinedSplit

data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1)
fold, x, y = data[:, 0].astype(int), data[:, 1:-1], data[:, -1]
bandwidths = np.loadtxt(sys.argv[2])
lambdas = np.loadtxt(sys.argv[3])
grid = {"gamma": list(1.0 / (2.0 * bandwidths**2)), "alpha": list(lambdas)}
search = GridSearchCV(KernelRidge(kernel="rbf"), grid, cv=PredefinedSplit(fold), n_jobs=-1,
                      scoring="neg_mean_squared_error", refit=False)
start = time.perf_counter()
search.fit(x, y)
elapsed = time.perf_counter() - start
best = search.best_params_
print(f"{elapsed:.3f} {np.sqrt(1.0 / (2.0 * best['gamma'])):.17g} {best['alpha']:.17g}")
