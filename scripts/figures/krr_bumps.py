#!/usr/bin/python3
"""The representer-theorem notes, Figure 1: the kernel ridge regression fit decomposed into
kernel bumps alpha_i k(x, x_i), Gaussian kernel with w = 0.08.

The representer-theorem notes do not fix the data of their figures. We use the repository's
small noisy sine example, data/sine_train.csv (the kernel-methods notes' data: 40 points,
x ~ U(0, 1), y = sin(2 pi x) + N(0, 0.25^2), numpy default_rng(3); see data/README.md).
The penalty follows the representer-theorem notes' scaling, alpha = (K + n lambda I)^{-1} y (kreg
--lambda-scaling n), with lambda the leave-one-out minimiser of `kreg loo` over
logspace(-8, 0, 81) (the grid of loo_shortcut.py). No standardisation, so w = 0.08 is in
units of x and there is no intercept.
Top: data, the fit (kreg predict) and the 40 bumps alpha_i k(x, x_i) (red: alpha_i > 0,
blue: alpha_i < 0); the sum of the bumps is checked against kreg's prediction.
Bottom: the weights alpha_i at the inputs x_i.
Run: /usr/bin/python3 scripts/figures/krr_bumps.py [--kreg PATH] [--out PNG]
"""
import json
import os
import time

import numpy as np

import common
from common import plt

BANDWIDTH = 0.08
DATA = os.path.join(common.ROOT, "data", "sine_train.csv")
LAMBDA_GRID = "logspace:-8:0:81"


def loo_lambda(kreg, train):
    """lambda_min of `kreg loo` (the representer-theorem notes' scaling) on LAMBDA_GRID."""
    kreg.run("loo", "--data", train, "--target", "y", "--bandwidth", BANDWIDTH, "--standardize", "none",
             "--lambda-scaling", "n", "--lambda-grid", LAMBDA_GRID, "--output", kreg.path("loo.csv"),
             "--best", kreg.path("loo_best.json"))
    with open(kreg.path("loo_best.json")) as f:
        return json.load(f)["selection"]["min"]["lambda"]


def main():
    args = common.parse_args(__doc__, "krr_bumps.png")
    started = time.time()
    with common.Workspace(args.keep) as work:
        kreg = common.Kreg(args.kreg, work)
        x, y, grid, train, grid_csv = common.sine_inputs(kreg, DATA)
        n = x.size
        lam = loo_lambda(kreg, train)
        model = kreg.fit(train, kreg.path("krr.json"), method="krr", kernel="gaussian", bandwidth=BANDWIDTH,
                         standardize="none", lambda_scaling="n", target="y", **{"lambda": lam})
        fit = kreg.predict(kreg.path("krr.json"), grid_csv)
    alpha = model["alpha_full"]
    bumps = alpha[:, None] * np.exp(-0.5 * ((grid[None, :] - x[:, None]) / BANDWIDTH) ** 2)
    gap = np.max(np.abs(bumps.sum(axis=0) - fit))
    if gap > 1e-8 * max(1.0, np.max(np.abs(fit))):
        raise SystemExit("sum of the bumps differs from kreg predict by %g" % gap)

    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(9, 7.2), sharex=True, gridspec_kw={"height_ratios": [2.2, 1]})
    for i in range(n):
        ax.plot(grid, bumps[i], color="C3" if alpha[i] > 0 else "C0", lw=0.9, alpha=0.75)
    ax.plot(grid, np.sin(2 * np.pi * grid), color="C7", lw=1.5, ls=":")
    ax.plot(grid, fit, color="k", lw=2.5)
    ax.plot(x, y, "o", color="k", mfc="white", ms=5, zorder=5)
    ax.axhline(0.0, color="k", lw=0.5)
    ax.set_ylabel("$y$")
    ax.set_title(r"KRR fit $\hat f(x)=\sum_i \hat\alpha_i k(x, x_i)$, Gaussian kernel $w$ = %g, "
                 r"$\lambda$ = %.3g (LOO minimum), $n$ = %d" % (BANDWIDTH, lam, n), fontsize=11)
    handles = [plt.Line2D([], [], color="k", marker="o", mfc="white", ls=""),
               plt.Line2D([], [], color="k", lw=2.5),
               plt.Line2D([], [], color="C3", lw=1), plt.Line2D([], [], color="C0", lw=1),
               plt.Line2D([], [], color="C7", lw=1.5, ls=":")]
    labels = ["data $(x_i, y_i)$", r"fit $\hat f(x)$", r"bump $\hat\alpha_i k(x, x_i)$, $\hat\alpha_i > 0$",
              r"bump $\hat\alpha_i k(x, x_i)$, $\hat\alpha_i < 0$", r"$\sin(2\pi x)$"]
    ax.legend(handles, labels, loc="upper right", fontsize=8.5, ncol=2)
    order = np.argsort(x)
    ax2.vlines(x[order], 0.0, alpha[order], colors=np.where(alpha[order] > 0, "C3", "C0"), lw=1.5)
    ax2.plot(x[order], alpha[order], "o", color="k", ms=3)
    ax2.axhline(0.0, color="k", lw=0.5)
    ax2.set_ylabel(r"weight $\hat\alpha_i$")
    ax2.set_xlabel("$x$")
    ax2.set_xlim(0.0, 1.0)
    fig.tight_layout()
    common.save(fig, args.out, started, kreg)


if __name__ == "__main__":
    main()
