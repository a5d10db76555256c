#!/usr/bin/python3
"""Data for scripts/bench_penalized.sh: n synthetic rows, p = 8 standard normal features,
y = sin(x1) + x2^2/2 - x3 x4 + 0.3 x5 + N(0, 0.3^2), 5% of the rows shifted by 3 x standard
Cauchy (the recipe of tests/fixtures/make_penalized_qp_fixture.py); features and target
standardised here (mean 0, population sd 1; kreg then reads them with --standardize none).
Writes DIR/train.csv and DIR/grid.kl1, DIR/grid.klinf: 20 lambdas from lambda_max down to
1e-3 lambda_max, evenly spaced in log, lambda_max = ||y||_inf (kl1), ||y||_1 (klinf).
Usage: bench_penalized_data.py DIR N
"""
import sys

import numpy as np

out, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(56)
x = rng.normal(size=(n, 8))
y = np.sin(x[:, 0]) + 0.5 * x[:, 1] ** 2 - x[:, 2] * x[:, 3] + 0.3 * x[:, 4] + 0.3 * rng.normal(size=n)
outliers = rng.choice(n, size=n // 20, replace=False)
y[outliers] += 3.0 * rng.standard_cauchy(size=outliers.size)
z = (x - x.mean(axis=0)) / x.std(axis=0)
y = (y - y.mean()) / y.std()
header = ",".join([f"x{i + 1}" for i in range(8)] + ["y"])
np.savetxt(f"{out}/train.csv", np.column_stack([z, y]), delimiter=",", header=header, comments="", fmt="%.17g")
for method, lam_max in [("kl1", np.abs(y).max()), ("klinf", np.abs(y).sum())]:
    grid = lam_max * np.logspace(0.0, -3.0, 20)
    with open(f"{out}/grid.{method}", "w") as f:
        f.write(",".join(f"{v:.17g}" for v in grid) + "\n")
