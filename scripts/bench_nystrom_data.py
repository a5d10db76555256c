#!/usr/bin/python3
"""Synthetic data for scripts/bench_nystrom.sh (deterministic, numpy default_rng(SEED)).

The function of bench_cv_scaling_data.py at any size: eight features on different scales
(standard deviations 1, 2, 0.5, 3, 1, 10, 0.2, 1.5); with z the features divided by them,
y = sin(2 z1) + 0.5 z2^2 - z3 z4 + 0.3 z5 + 0.5 N(0, 1). Writes N training rows and N_TEST test
rows (drawn independently) as CSV with the header x1,...,x8,y and 10 significant digits (both
tools read the same decimals). Rows are written in blocks, so memory stays small at 10^6 rows.
Usage: bench_nystrom_data.py TRAIN_CSV N TEST_CSV N_TEST [SEED]
"""
import sys

import numpy as np

SCALES = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 10.0, 0.2, 1.5])
BLOCK = 100_000


def write(path, n, rng):
    header = ",".join([f"x{j + 1}" for j in range(SCALES.size)] + ["y"])
    with open(path, "w") as f:
        f.write(header + "\n")
        for start in range(0, n, BLOCK):
            rows = min(BLOCK, n - start)
            z = rng.standard_normal((rows, SCALES.size))
            y = (np.sin(2 * z[:, 0]) + 0.5 * z[:, 1] ** 2 - z[:, 2] * z[:, 3] + 0.3 * z[:, 4]
                 + 0.5 * rng.standard_normal(rows))
            np.savetxt(f, np.column_stack([z * SCALES, y]), fmt="%.10g", delimiter=",")


def main():
    train, n, test, n_test = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    rng = np.random.default_rng(int(sys.argv[5]) if len(sys.argv) > 5 else 11)
    write(train, n, rng)
    write(test, n_test, rng)


if __name__ == "__main__":
    main()
