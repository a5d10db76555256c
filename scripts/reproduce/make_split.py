#!/usr/bin/python3
"""One split of Allerbo (2023)'s experiments, generated exactly as the authors' code did (numpy's
legacy global generator), so that kreg runs on the very data behind the published tables.
Writes OUT/train.csv (columns fold, x1..xp, y; fold = the row's CV fold 0-9), OUT/test.csv
(x1..xp, y) and OUT/split.json (what was generated). Run kreg on these files with
--standardize none: the features are already standardised and the response centred here.
Usage: make_split.py DATASET TABLE SEED OUT
  DATASET: synthetic | wood | california_housing | casp | black_smoke
  TABLE:   robust | sparse
"""
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = {"wood": "wood-fibres.csv", "california_housing": "california_housing.csv", "casp": "CASP.csv",
         "black_smoke": "bs.csv"}


def synthetic(table, seed):
    # np.random.seed(seed); x = U(-10, 10) (100 draws); robust: y = sin(pi x / 2) + 0.1 Cauchy;
    # sparse: x[0] = 0, y = exp(-5 x^2) + N(0, 0.1^2). Test: 1,000 equally spaced points, noise-free.
    np.random.seed(seed)
    x = np.random.uniform(-10, 10, 100).reshape(-1, 1)
    if table == "robust":
        y = np.sin(np.pi * x / 2) + 0.1 * np.random.standard_cauchy((100, 1))
        truth = lambda t: np.sin(np.pi * t / 2)
    else:
        x[0] = 0
        y = np.exp(-5 * x**2) + np.random.normal(0, 0.1, (100, 1))
        truth = lambda t: np.exp(-5 * t**2)
    x_test = np.linspace(-10, 10, 1000).reshape(-1, 1)
    return x, y.ravel(), x_test, truth(x_test).ravel()


def real(dataset, table, seed):
    # np.random.seed(seed); shuffle all rows; keep 500; standardise the features with those rows
    # (population sd), centre the response; robust table: y *= 1 + 0.1 |Cauchy|; 400 / 100.
    rows = np.loadtxt(os.path.join(ROOT, "data", FILES[dataset]), delimiter=",", skiprows=1)
    np.random.seed(seed)
    np.random.shuffle(rows)
    rows = rows[:500]
    y, x = rows[:, 0].copy(), rows[:, 1:]
    sd = x.std(axis=0)
    x = (x - x.mean(axis=0)) / np.where(sd > 0, sd, 1.0)
    y = y - y.mean()
    if table == "robust":
        y = y * (1 + 0.1 * np.abs(np.random.standard_cauchy(y.shape)))
    return x[:400], y[:400], x[400:], y[400:]


def folds(n_train, seed, k=10):
    np.random.seed(seed)
    per = np.random.permutation(n_train)
    fold = np.zeros(n_train, dtype=int)
    for f, part in enumerate(np.array_split(per, k)):
        fold[part] = f
    return fold


def write(path, columns, header):
    np.savetxt(path, np.column_stack(columns), delimiter=",", header=",".join(header), comments="", fmt="%.17g")


def main():
    if len(sys.argv) != 5 or sys.argv[2] not in ("robust", "sparse") or \
            sys.argv[1] not in ("synthetic",) + tuple(FILES):
        sys.exit(__doc__)
    dataset, table, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    os.makedirs(out, exist_ok=True)
    if dataset == "synthetic":
        x, y, x_test, y_test = synthetic(table, seed)
    else:
        x, y, x_test, y_test = real(dataset, table, seed)
    fold = folds(len(y), seed)
    names = [f"x{i + 1}" for i in range(x.shape[1])]
    write(os.path.join(out, "train.csv"), [fold, x, y], ["fold"] + names + ["y"])
    write(os.path.join(out, "test.csv"), [x_test, y_test], names + ["y"])
    with open(os.path.join(out, "split.json"), "w") as f:
        json.dump({"dataset": dataset, "table": table, "seed": seed, "n_train": len(y), "n_test": len(y_test),
                   "features": x.shape[1], "folds": 10}, f, indent=1)


if __name__ == "__main__":
    main()
