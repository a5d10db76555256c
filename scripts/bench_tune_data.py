#!/usr/bin/python3
"""Data of scripts/bench_tune.sh: scikit-learn's make_friedman1 (10 features, of which the last
5 do not enter y; noise sd 1). Writes OUTDIR/train.csv (N_TRAIN rows), OUTDIR/test.csv (N_TEST
rows) and OUTDIR/train_large.csv (N_LARGE rows, drawn separately), header x1,...,x10,y,
numbers as %.17g.
Usage: bench_tune_data.py OUTDIR N_TRAIN N_TEST N_LARGE
"""
import sys

import numpy as np
from sklearn.datasets import make_friedman1


def write(path, x, y):
    header = ",".join([f"x{j + 1}" for j in range(x.shape[1])] + ["y"])
    np.savetxt(path, np.column_stack([x, y]), fmt="%.17g", delimiter=",", header=header, comments="")


def main():
    outdir, n_train, n_test, n_large = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    x, y = make_friedman1(n_samples=n_train + n_test, n_features=10, noise=1.0, random_state=0)
    write(f"{outdir}/train.csv", x[:n_train], y[:n_train])
    write(f"{outdir}/test.csv", x[n_train:], y[n_train:])
    x, y = make_friedman1(n_samples=n_large, n_features=10, noise=1.0, random_state=1)
    write(f"{outdir}/train_large.csv", x, y)


if __name__ == "__main__":
    main()
