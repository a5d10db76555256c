#!/usr/bin/env python3
"""Checks a kl1 or klinf refit of a reproduction split against the minimiser computed in 60-digit
arithmetic (mpmath), independently of kreg's solver: the pattern of kreg's coefficients (kl1: the
support and its signs; klinf: the clipped set, |alpha_i| = max|alpha|, and its signs) fixes a
linear system (kl1: K_SS a_S = y_S - lambda s_S; klinf: the free coefficients and the clip level
m from K_FF a_F + m K_FC s_C = y_F, s_C^T (y_C - K_CF a_F - m K_CC s_C) = lambda), solved in
high precision; its optimality conditions are then checked in the same precision, and the test R2
of the high-precision minimiser is printed beside the relative difference of kreg's coefficients.
For splits of up to a few hundred rows (an n x n kernel matrix in mpmath).
Usage: check_minimiser_mpmath.py SPLIT_DIR METHOD  (SPLIT_DIR holds train.csv, test.csv and
METHOD.model.json, as run_job.py writes them; the columns other than fold and y are the features,
used as they are: run_job.py fits with --standardize none and the Gaussian kernel).
Needs Debian's python3-mpmath (apt-get install python3-mpmath)."""
import csv
import json
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 60


def rows(path):
    table = list(csv.DictReader(open(path)))
    features = [k for k in table[0] if k not in ("fold", "y")]
    return [[mp.mpf(r[k]) for k in features] for r in table], [mp.mpf(r["y"]) for r in table]


def gaussian(u, v, bw):
    return mp.e ** (-mp.fsum((a - b) ** 2 for a, b in zip(u, v)) / (2 * bw * bw))


def main():
    if sys.argv[1:] in (["--help"], ["-h"]):
        print(__doc__)
        return
    if len(sys.argv) != 3 or sys.argv[2] not in ("kl1", "klinf"):
        print(f"{sys.argv[0]}: usage: check_minimiser_mpmath.py SPLIT_DIR kl1|klinf (--help for more)", file=sys.stderr)
        sys.exit(2)
    split, method = sys.argv[1], sys.argv[2]
    X, y = rows(split + "/train.csv")
    Xt, yt = rows(split + "/test.csv")
    model = json.load(open(f"{split}/{method}.model.json"))
    if model["kernel"]["name"] != "gaussian":
        print(f"{sys.argv[0]}: only the Gaussian kernel is implemented here", file=sys.stderr)
        sys.exit(2)
    bw, lam = mp.mpf(model["kernel"]["bandwidth"]), mp.mpf(model["parameters"]["lambda"])
    a = np.array(model["alpha"], dtype=float)
    n = len(y)
    K = mp.matrix(n, n)
    for i in range(n):
        for j in range(n):
            K[i, j] = gaussian(X[i], X[j], bw)
    top = np.abs(a).max()
    if method == "kl1":
        S = [i for i in range(n) if a[i] != 0]
        s = {i: 1 if a[i] > 0 else -1 for i in S}
        B = mp.matrix(len(S), len(S))
        rhs = mp.matrix(len(S), 1)
        for p, i in enumerate(S):
            for q, j in enumerate(S):
                B[p, q] = K[i, j]
            rhs[p] = y[i] - lam * s[i]
        sol = mp.lu_solve(B, rhs)
        alpha = [mp.mpf(0)] * n
        for p, i in enumerate(S):
            alpha[i] = sol[p]
        c = [y[i] - mp.fsum(K[i, j] * alpha[j] for j in range(n)) for i in range(n)]
        flips = sum(1 for i in S if alpha[i] * s[i] <= 0)
        outside = max([abs(c[i]) - lam for i in range(n) if i not in s] + [mp.mpf(-1)])
        print(f"kl1: support {len(S)}; signs that flip in 60 digits: {flips}; "
              f"largest |c_i| - lambda off the support: {mp.nstr(outside, 5)} (<= 0 at the minimiser)")
    else:
        s = [(1 if a[i] > 0 else -1) if abs(a[i]) >= top * (1 - 1e-9) else 0 for i in range(n)]
        F = [i for i in range(n) if s[i] == 0]
        Cl = [i for i in range(n) if s[i] != 0]
        f = len(F)
        KsC = [mp.fsum(K[i, j] * s[j] for j in Cl) for i in range(n)]
        B = mp.matrix(f + 1, f + 1)
        rhs = mp.matrix(f + 1, 1)
        for p, i in enumerate(F):
            for q, j in enumerate(F):
                B[p, q] = K[i, j]
            B[p, f] = B[f, p] = KsC[i]
            rhs[p] = y[i]
        B[f, f] = mp.fsum(s[j] * KsC[j] for j in Cl)
        rhs[f] = mp.fsum(s[j] * y[j] for j in Cl) - lam
        sol = mp.lu_solve(B, rhs)
        alpha = [mp.mpf(0)] * n
        for p, i in enumerate(F):
            alpha[i] = sol[p]
        for j in Cl:
            alpha[j] = sol[f] * s[j]
        c = [y[i] - mp.fsum(K[i, j] * alpha[j] for j in range(n)) for i in range(n)]
        beyond = sum(1 for i in F if abs(alpha[i]) > sol[f])
        wrong = sum(1 for j in Cl if c[j] * s[j] < 0)
        print(f"klinf: clipped {len(Cl)}, free {f}; clip level {mp.nstr(sol[f], 10)} (kreg {top:.10g}); "
              f"free beyond the clip level: {beyond}; clipped with the wrong sign of c: {wrong}; "
              f"sum |c_C| - lambda: {mp.nstr(mp.fsum(abs(c[j]) for j in Cl) - lam, 5)}")
    high = np.array([float(v) for v in alpha])
    print(f"kreg's coefficients against the 60-digit minimiser: largest difference / largest |alpha| = "
          f"{np.abs(high - a).max() / np.abs(high).max():.3g}")
    pred = np.array([float(mp.fsum(gaussian(t, X[j], bw) * alpha[j] for j in range(n))) for t in Xt])
    truth = np.array([float(v) for v in yt])
    print(f"test R2 of the 60-digit minimiser: {1 - ((truth - pred) ** 2).sum() / ((truth - truth.mean()) ** 2).sum():.6g}")


if __name__ == "__main__":
    main()
