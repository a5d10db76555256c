#!/usr/bin/python3
"""Synthetic data for scripts/bench_fit.sh (deterministic, numpy default_rng(0)).

x ~ N(0, I_8); y = sin(x1) + 0.5*x2*x3 + 0.1*N(0,1). Writes OUTDIR/train.csv (n rows) and
OUTDIR/test.csv (n_test rows), header x1,...,x8,y, numbers as %.17g.
Usage: bench_fit_data.py OUTDIR [N] [N_TEST]
"""
import sys

import numpy as np

P = 8


def draw(rng, n):
    x = rng.standard_normal((n, P))
    y = np.sin(x[:, 0]) + 0.5 * x[:, 1] * x[:, 2] + 0.1 * rng.standard_normal(n)
    return np.column_stack([x, y])


def main():
    outdir = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    n_test = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    rng = np.random.default_rng(0)
    train = draw(rng, n)
    test = draw(rng, n_test)
    header = ",".join([f"x{j + 1}" for j in range(P)] + ["y"])
    for name, a in (("train.csv", train), ("test.csv", test)):
        np.savetxt(f"{outdir}/{name}", a, fmt="%.17g", delimiter=",", header=header, comments="")


if __name__ == "__main__":
    main()
