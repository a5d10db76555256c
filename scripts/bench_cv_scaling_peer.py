#!/usr/bin/python3
"""The peer for scripts/bench_cv_scaling.sh: scikit-learn's GridSearchCV over KernelRidge(rbf)
with the same bandwidths (gamma = 1 / (2 bandwidth^2)), lambdas (alpha = lambda) and folds
(PredefinedSplit on the fold column), scored by mean squared error, refit=False.
- standardize both: features and target standardised with each training fold's statistics, as
  `kreg cv` does by default: TransformedTargetRegressor(Pipeline(StandardScaler, KernelRidge),
  transformer=StandardScaler()).
- standardize none: KernelRidge on the data as given.
The timing covers fit() of the grid search. Prints 'seconds bandwidth lambda'.
Usage: bench_cv_scaling_peer.py DATA_CSV both|none N_JOBS BANDWIDTHS_FILE LAMBDAS_FILE
"""
import sys
import time

import numpy as np
from sklearn.compose import TransformedTargetRegressor
from sklearn.kernel_ridge import KernelRidge
from sklearn.model_selection import GridSearchCV, PredefinedSplit
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler


def main():
    data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1)
    mode, n_jobs = sys.argv[2], int(sys.argv[3])
    bandwidths, lambdas = np.atleast_1d(np.loadtxt(sys.argv[4])), np.atleast_1d(np.loadtxt(sys.argv[5]))
    fold, x, y = data[:, 0].astype(int), data[:, 1:-1], data[:, -1]
    gammas = list(1.0 / (2.0 * bandwidths**2))
    if mode == "both":
        estimator = TransformedTargetRegressor(regressor=make_pipeline(StandardScaler(), KernelRidge(kernel="rbf")),
                                               transformer=StandardScaler())
        prefix = "regressor__kernelridge__"
    else:
        estimator, prefix = KernelRidge(kernel="rbf"), ""
    grid = {prefix + "gamma": gammas, prefix + "alpha": list(lambdas)}
    search = GridSearchCV(estimator, grid, cv=PredefinedSplit(fold), n_jobs=n_jobs,
                          scoring="neg_mean_squared_error", refit=False)
    start = time.perf_counter()
    search.fit(x, y)
    elapsed = time.perf_counter() - start
    best = search.best_params_
    print(f"{elapsed:.3f} {np.sqrt(1.0 / (2.0 * best[prefix + 'gamma'])):.17g} {best[prefix + 'alpha']:.17g}")


if __name__ == "__main__":
    main()
