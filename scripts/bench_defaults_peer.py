#!/usr/bin/python3
"""The data and the peer of scripts/bench_defaults.sh: does `kreg cv` with no grid options find
what a careful user's wide grid search finds?

  data DIR      writes DIR/{diabetes,friedman}_{train,test}.csv: scikit-learn's diabetes set
                (442 rows, 10 features; 353 train / 89 test, train_test_split random_state 42)
                and make_friedman1 (noise 1, 10 features of which 5 are noise, random_state 0;
                4,000 train / 1,000 test). The target is the last column, y.
  row PEER_JSON KREG_SECONDS KREG_R2 CV_CSV BEST_JSON
                the table row of one data set (the peer's line, kreg's time, test R2, cv table
                and --best file).
  peer DIR NAME BEST_JSON
                runs scikit-learn's GridSearchCV over KernelRidge(rbf) on DIR/NAME_train.csv,
                with features and target standardised per training fold (as kreg cv does by
                default), scored by MSE, refit on all training rows, and prints one JSON line:
                the grid, the choice, the search's wall time and the test R2. The folds are
                kreg's (fold_of_row of the --best file of its run, as a PredefinedSplit), so
                that the two searches differ in their grids only: with other folds the choice
                moves by more than the grids do (on diabetes, 0.35 against 0.34 test R2 from
                the same grid).
                diabetes: 25 bandwidths logspace(-1, 2) x 28 lambdas logspace(-6, 3), 10 folds;
                friedman: 10 bandwidths logspace(-0.5, 1.5) x 10 lambdas logspace(-5, 1), 5 folds
                (so that the peer finishes in minutes). Bandwidth sigma enters as
                gamma = 1 / (2 sigma^2), lambda as alpha: K + lambda I on the standardised target,
                kreg's --lambda-scaling none.
"""
import json
import os
import sys
import time

import numpy as np
from sklearn.compose import TransformedTargetRegressor
from sklearn.datasets import load_diabetes, make_friedman1
from sklearn.kernel_ridge import KernelRidge
from sklearn.metrics import r2_score
from sklearn.model_selection import GridSearchCV, PredefinedSplit, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

GRIDS = {
    "diabetes": {"bandwidths": np.logspace(-1, 2, 25), "lambdas": np.logspace(-6, 3, 28), "folds": 10},
    "friedman": {"bandwidths": np.logspace(-0.5, 1.5, 10), "lambdas": np.logspace(-5, 1, 10), "folds": 5},
}


def write(path, x, y):
    header = ",".join([f"x{j + 1}" for j in range(x.shape[1])] + ["y"])
    np.savetxt(path, np.column_stack([x, y]), delimiter=",", header=header, comments="", fmt="%.17g")


def make_data(out):
    os.makedirs(out, exist_ok=True)
    x, y = load_diabetes(return_X_y=True)
    xtr, xte, ytr, yte = train_test_split(x, y, test_size=89, random_state=42)
    write(f"{out}/diabetes_train.csv", xtr, ytr)
    write(f"{out}/diabetes_test.csv", xte, yte)
    x, y = make_friedman1(n_samples=5000, n_features=10, noise=1.0, random_state=0)
    write(f"{out}/friedman_train.csv", x[:4000], y[:4000])
    write(f"{out}/friedman_test.csv", x[4000:], y[4000:])


def load(path):
    d = np.loadtxt(path, delimiter=",", skiprows=1)
    return d[:, :-1], d[:, -1]


def peer(out, name, best_json):
    g = GRIDS[name]
    xtr, ytr = load(f"{out}/{name}_train.csv")
    xte, yte = load(f"{out}/{name}_test.csv")
    estimator = TransformedTargetRegressor(regressor=make_pipeline(StandardScaler(), KernelRidge(kernel="rbf")),
                                           transformer=StandardScaler())
    prefix = "regressor__kernelridge__"
    grid = {prefix + "gamma": list(1.0 / (2.0 * g["bandwidths"] ** 2)), prefix + "alpha": list(g["lambdas"])}
    with open(best_json) as f:
        folds = json.load(f)["fold_of_row"]
    search = GridSearchCV(estimator, grid, cv=PredefinedSplit(folds),
                          scoring="neg_mean_squared_error", refit=True, n_jobs=1)
    start = time.perf_counter()
    search.fit(xtr, ytr)
    seconds = time.perf_counter() - start
    best = search.best_params_
    print(json.dumps({
        "data": name, "grid": f"{len(g['bandwidths'])} x {len(g['lambdas'])}", "folds": g["folds"],
        "seconds": round(seconds, 2), "bandwidth": float(np.sqrt(1.0 / (2.0 * best[prefix + 'gamma']))),
        "lambda": float(best[prefix + "alpha"]), "test_r2": float(r2_score(yte, search.predict(xte))),
    }))


def row(peer_line, kreg_seconds, kreg_r2, cv_csv, best_json):
    import csv
    p = json.loads(peer_line)
    kreg_seconds, kreg_r2 = float(kreg_seconds), float(kreg_r2)
    with open(cv_csv) as f:
        table = list(csv.DictReader(f))
    grid = f"{len({r['bandwidth'] for r in table})} x {len({r['lambda'] for r in table})}"
    with open(best_json) as f:
        best = json.load(f)["min"]
    ratio = p["seconds"] / kreg_seconds
    print(f"| {p['data']} | {p['folds']} | {grid} ({best['bandwidth']:.3g}, {best['lambda']:.3g}) | "
          f"{kreg_seconds:.2f} | {kreg_r2:.4f} | {p['grid']} ({p['bandwidth']:.3g}, {p['lambda']:.3g}) | "
          f"{p['seconds']:.1f} | {p['test_r2']:.4f} | {kreg_r2 - p['test_r2']:+.4f} "
          f"{'yes' if kreg_r2 >= p['test_r2'] - 0.01 else 'no'} | {ratio:.1f}x {'yes' if ratio >= 10 else 'no'} |")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "data":
        make_data(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "peer":
        peer(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 7 and sys.argv[1] == "row":
        row(*sys.argv[2:])
    else:
        sys.exit(__doc__)
