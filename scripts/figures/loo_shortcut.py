#!/usr/bin/python3
"""The representer-theorem notes, Figure 2: leave-one-out error of kernel ridge regression over
lambda, from the shortcut (one eigendecomposition: `kreg loo`, the representer-theorem notes'
Proposition 3) against brute-force refits.

Data: data/sine_train.csv (40 points of a noisy sine on [0, 1], as in krr_bumps.py),
Gaussian kernel w = 0.08, alpha = (K + n lambda I)^{-1} y (--lambda-scaling n), no
standardisation.
  - Shortcut: `kreg loo` over logspace(-8, 0, 81); its LOO MSE with +-1 standard error, and
    lambda_min / lambda_1se.
  - Brute force: for 17 lambdas (every half decade) and every i, `kreg fit` on the other 39
    rows with the penalty weight unchanged (--lambda-scaling none, --lambda n*lambda with
    n = 40, as Proposition 3 requires) and `kreg predict` at x_i: 680 refits. The largest
    relative difference between the two is printed in the panel; `kreg loo --brute-force`
    (kreg's own n refits per lambda) is run as well and its reported difference is shown.
Right: the fits at lambda = 1e-7 (interpolating the noise), at lambda_min and at lambda = 1
(shrunk towards zero).
Run: /usr/bin/python3 scripts/figures/loo_shortcut.py [--kreg PATH] [--out PNG]
"""
import concurrent.futures
import json
import os
import re
import time

import numpy as np

import common
from common import plt

BANDWIDTH = 0.08
DATA = os.path.join(common.ROOT, "data", "sine_train.csv")
LAMBDA_GRID = np.logspace(-8.0, 0.0, 81)
BRUTE_GRID = np.logspace(-8.0, 0.0, 17)
WORKERS = 2


def grid_arg(values):
    return ",".join("%.17g" % v for v in values)


def brute_force_point(kreg, train_rows, x, y, i, lam):
    """Refit without row i (penalty n*lambda, n = all rows) and predict row i: the squared LOO residual."""
    n = x.size
    keep = np.arange(n) != i
    tag = "bf_%02d_%.3e" % (i, lam)
    tr = common.write_csv(kreg.path(tag + "_train.csv"), x=x[keep], y=y[keep])
    te = common.write_csv(kreg.path(tag + "_test.csv"), x=x[i:i + 1])
    kreg.run("fit", "--data", tr, "--target", "y", "--method", "krr", "--kernel", "gaussian",
             "--bandwidth", BANDWIDTH, "--standardize", "none", "--lambda-scaling", "none",
             "--lambda", "%.17g" % (n * lam), "--model", kreg.path(tag + ".json"))
    pred = kreg.predict(kreg.path(tag + ".json"), te)[0]
    return (y[i] - pred) ** 2


def main():
    args = common.parse_args(__doc__, "loo_shortcut.png")
    started = time.time()
    with common.Workspace(args.keep) as work:
        kreg = common.Kreg(args.kreg, work)
        x, y, grid, train, grid_csv = common.sine_inputs(kreg, DATA)
        n = x.size
        base = ["--data", train, "--target", "y", "--bandwidth", BANDWIDTH, "--standardize", "none",
                "--lambda-scaling", "n"]
        kreg.run("loo", *base, "--lambda-grid", grid_arg(LAMBDA_GRID), "--output", kreg.path("loo.csv"),
                 "--best", kreg.path("loo_best.json"))
        loo = common.read_csv(kreg.path("loo.csv"))
        with open(kreg.path("loo_best.json")) as f:
            selection = json.load(f)["selection"]
        best = {"lambda_min": selection["min"]["lambda"], "lambda_1se": selection["one_se"]["lambda"]}
        # kreg's own brute-force check on the coarse grid (it prints the largest relative difference)
        res = kreg.run("loo", *base, "--lambda-grid", grid_arg(BRUTE_GRID), "--output",
                       kreg.path("loo_brute.csv"), "--brute-force", quiet=False)
        m = re.search(r"brute_force_max_rel_diff:\s*(\S+)", res.stdout + res.stderr)
        kreg_check = float(m.group(1)) if m else float("nan")
        # independent brute force: 17 x 40 refits
        with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
            jobs = {(g, i): pool.submit(brute_force_point, kreg, train, x, y, i, lam)
                    for g, lam in enumerate(BRUTE_GRID) for i in range(n)}
            sq = np.array([[jobs[(g, i)].result() for i in range(n)] for g in range(BRUTE_GRID.size)])
        brute = sq.mean(axis=1)
        short_coarse = common.read_csv(kreg.path("loo_brute.csv"))["loo_mse"]
        rel = np.max(np.abs(short_coarse - brute) / brute)
        # fits at three lambdas for the right panel
        shown = [(1e-7, "C3", "small $\\lambda$ = 1e-07"),
                 (best["lambda_min"], "k", "$\\lambda_{min}$ = %.3g" % best["lambda_min"]),
                 (1.0, "C0", "large $\\lambda$ = 1")]
        fits = []
        for k, (lam, _, _) in enumerate(shown):
            kreg.fit(train, kreg.path("fit%d.json" % k), method="krr", kernel="gaussian", bandwidth=BANDWIDTH,
                     standardize="none", lambda_scaling="n", target="y", **{"lambda": lam})
            fits.append(kreg.predict(kreg.path("fit%d.json" % k), grid_csv))

    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [1.25, 1]})
    lam, mse, se = loo["lambda"], loo["loo_mse"], loo["loo_se"]
    ax.fill_between(lam, mse - se, mse + se, color="C0", alpha=0.15, lw=0, label="shortcut $\\pm$ 1 s.e.")
    ax.plot(lam, mse, color="C0", lw=2, label="shortcut (one eigendecomposition, kreg loo)")
    ax.plot(BRUTE_GRID, brute, "o", color="C1", mfc="none", ms=8, mew=1.8,
            label="brute force (%d refits per $\\lambda$, kreg fit + predict)" % n)
    ax.axvline(best["lambda_min"], color="k", ls="--", lw=1, label="$\\lambda_{min}$ = %.3g" % best["lambda_min"])
    ax.axvline(best["lambda_1se"], color="k", ls=":", lw=1, label="$\\lambda_{1se}$ = %.3g" % best["lambda_1se"])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("$\\lambda$  (penalty $n\\lambda$, $n$ = %d)" % n)
    ax.set_ylabel("leave-one-out MSE")
    ax.set_title("LOO error: shortcut vs brute-force refits", fontsize=11)
    ax.text(0.02, 0.03, "largest relative difference: %.1e (this script), %.1e (kreg loo --brute-force)"
            % (rel, kreg_check), transform=ax.transAxes, fontsize=8)
    ax.legend(fontsize=8, loc="upper center")
    ax2.plot(x, y, "o", color="k", mfc="white", ms=5, zorder=5)
    for (lam_k, colour, text), f in zip(shown, fits):
        ax2.plot(grid, f, color=colour, lw=2 if colour == "k" else 1.3, label=text)
    ax2.set_xlabel("$x$")
    ax2.set_ylabel("$y$")
    ax2.set_xlim(0.0, 1.0)
    ax2.set_ylim(np.min(y) - 0.6, np.max(y) + 0.6)
    ax2.legend(fontsize=8, loc="lower left")
    ax2.set_title("fits: small $\\lambda$ interpolates, large $\\lambda$ shrinks to 0", fontsize=11)
    fig.tight_layout()
    print("LOO shortcut vs brute force: largest relative difference %.3g (kreg loo --brute-force: %.3g)"
          % (rel, kreg_check))
    common.save(fig, args.out, started, kreg)


if __name__ == "__main__":
    main()
