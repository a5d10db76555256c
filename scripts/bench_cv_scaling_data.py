#!/usr/bin/python3
"""Synthetic data for scripts/bench_cv_scaling.sh (deterministic, numpy default_rng(7)).

Eight features on different scales (standard deviations 1, 2, 0.5, 3, 1, 10, 0.2, 1.5), so that
standardising them matters; with z the features divided by their scales,
y = sin(2 z1) + 0.5 z2^2 - z3 z4 + 0.3 z5 + 0.5 N(0, 1). A fold column assigns the rows to
FOLDS folds of (nearly) equal size at random. Header fold,x1,...,x8,y; numbers as %.17g.
Usage: bench_cv_scaling_data.py OUT_CSV N [FOLDS]
"""
import sys

import numpy as np

SCALES = np.array([1.0, 2.0, 0.5, 3.0, 1.0, 10.0, 0.2, 1.5])


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    folds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    rng = np.random.default_rng(7)
    z = rng.standard_normal((n, SCALES.size))
    y = np.sin(2 * z[:, 0]) + 0.5 * z[:, 1] ** 2 - z[:, 2] * z[:, 3] + 0.3 * z[:, 4] + 0.5 * rng.standard_normal(n)
    fold = rng.permutation(n) % folds
    header = ",".join(["fold"] + [f"x{j + 1}" for j in range(SCALES.size)] + ["y"])
    np.savetxt(out, np.column_stack([fold, z * SCALES, y]), fmt="%.17g", delimiter=",", header=header, comments="")


if __name__ == "__main__":
    main()
