#!/usr/bin/python3
"""The peer of scripts/bench_tune.sh: scikit-learn's GaussianProcessRegressor with a per-feature
RBF kernel, ConstantKernel() * RBF(length_scale=ones(p)) + WhiteKernel(), tuned by its own
optimiser (L-BFGS-B on the log marginal likelihood) with n_restarts_optimizer restarts, on the
training rows standardised as kreg does (mean 0, population standard deviation 1, features and
target). Prints the fit's wall time, the log marginal likelihood at its optimum, the test R^2
(predictions mapped back to the target's scale) and the tuned hyperparameters, one per line
as "key: value".
Usage: bench_tune_peer.py TRAIN_CSV TEST_CSV RESTARTS
"""
import sys
import time

import numpy as np
from sklearn.gaussian_process import GaussianProcessRegressor
from sklearn.gaussian_process.kernels import RBF, ConstantKernel, WhiteKernel


def main():
    train = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1)
    test = np.loadtxt(sys.argv[2], delimiter=",", skiprows=1)
    restarts = int(sys.argv[3])
    x, y = train[:, :-1], train[:, -1]
    mx, sx, my, sy = x.mean(axis=0), x.std(axis=0), y.mean(), y.std()
    z, t = (x - mx) / sx, (y - my) / sy
    kernel = ConstantKernel() * RBF(length_scale=np.ones(x.shape[1])) + WhiteKernel()
    gp = GaussianProcessRegressor(kernel=kernel, n_restarts_optimizer=restarts, random_state=0)
    start = time.perf_counter()
    gp.fit(z, t)
    seconds = time.perf_counter() - start
    pred = my + sy * gp.predict((test[:, :-1] - mx) / sx)
    yt = test[:, -1]
    r2 = 1.0 - np.sum((yt - pred) ** 2) / np.sum((yt - yt.mean()) ** 2)
    print(f"seconds: {seconds:.3f}")
    print(f"log_evidence: {gp.log_marginal_likelihood_value_:.6f}")
    print(f"test_r2: {r2:.6f}")
    print(f"kernel: {gp.kernel_}")


if __name__ == "__main__":
    main()
