#!/usr/bin/python3
"""The peer for scripts/bench_nystrom.sh: scikit-learn's Nystroem + Ridge on the same data,
centre count, bandwidth and lambda as `kreg fit --solver nystrom`.

Features and target are standardised with the training statistics, as kreg does by default
(TransformedTargetRegressor over a StandardScaler, Nystroem, Ridge pipeline); the Gaussian
kernel with gamma = 1 / (2 bandwidth^2); Ridge(alpha=lambda, fit_intercept=False) on the
Nystroem features Phi = K_nm K_mm^{-1/2} minimises ||Phi w - y||^2 + lambda ||w||^2, which with
alpha = K_mm^{-1/2} w is kreg's ||K_nm alpha - y||^2 + lambda alpha^T K_mm alpha. The centres are
M rows drawn uniformly (random_state=SEED; not the same rows as kreg's).
The timing covers fit and predict. Prints 'fit_plus_predict_seconds test_mse'.
Usage: bench_nystrom_peer.py TRAIN_CSV TEST_CSV BANDWIDTH LAMBDA M [SEED]
"""
import sys
import time

import numpy as np
from sklearn.compose import TransformedTargetRegressor
from sklearn.kernel_approximation import Nystroem
from sklearn.linear_model import Ridge
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler


def load(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    return data[:, :-1], data[:, -1]


def main():
    x, y = load(sys.argv[1])
    x_test, y_test = load(sys.argv[2])
    bandwidth, lam, m = float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    model = TransformedTargetRegressor(
        regressor=make_pipeline(StandardScaler(),
                                Nystroem(kernel="rbf", gamma=1.0 / (2.0 * bandwidth**2), n_components=m,
                                         random_state=seed),
                                Ridge(alpha=lam, fit_intercept=False)),
        transformer=StandardScaler())
    start = time.perf_counter()
    model.fit(x, y)
    pred = model.predict(x_test)
    elapsed = time.perf_counter() - start
    print(f"{elapsed:.3f} {np.mean((pred - y_test) ** 2):.10g}")


if __name__ == "__main__":
    main()
