#!/usr/bin/python3
"""Allerbo (2023), Figure compare_pen_af: KRR/KGF, Kl_inf R/KSGD and Kl1R/KCD compared on f(x).

The paper describes the figure but fixes no data; this small example has one outlier. Seven
observations: x = 0.1, 0.5, 1.0, 1.5, 2.1, 2.5, 2.9, y = sin(pi x) + N(0, 0.01^2) noise
(numpy RandomState(0)), and the second observation raised by 3 (an outlier). Gaussian kernel, bandwidth 0.3, no standardisation.
Top row: stronger regularisation (larger lambda, shorter t); bottom row: weaker.
  - KRR with lambda against KGF with t = 1/lambda;
  - klinf / kl1 (kreg's converged solver) against ksgd / kcd with step 1e-4, stopped where
    their function on a 1001-point grid over [0, 3] is closest (MSE) to the explicitly
    regularised function: kreg's early stopping with that function as validation data
    (patience 100), so t is "chosen so that the functions coincide as well as possible".
Grey: the non-regularised solution (KRR with lambda = 0, i.e. interpolation) and the fully
regularised one (f = 0). Every model is fitted by kreg.
Run: /usr/bin/python3 scripts/figures/compare_pen_af.py [--kreg PATH] [--out PNG]
"""
import time

import numpy as np

import common
from common import plt

SEED = 0
X_OBS = np.array([0.1, 0.5, 1.0, 1.5, 2.1, 2.5, 2.9])
BANDWIDTH = 0.3
STEP = 1e-4  # step size of ksgd and kcd (the paper's 10^-4)
# (regularisation strength per column) for the top (stronger) and bottom (weaker) rows.
# krr: lambda, kgf uses t = 1/lambda. klinf, kl1: lambda in kreg's units.
SETTINGS = [
    {"krr": 1.0, "klinf": 5.5, "kl1": 1.5},
    {"krr": 0.35, "klinf": 3.5, "kl1": 0.7},
]
COLUMNS = [  # (explicit method, gradient-based method, panel title)
    ("krr", "kgf", "KRR and KGF"),
    ("klinf", "ksgd", r"K$\ell_\infty$R and KSGD"),
    ("kl1", "kcd", r"K$\ell_1$R and KCD"),
]
C_REF, C_GRAD, C_EXPL = "C7", "C2", "C1"


def make_data():
    rng = np.random.RandomState(SEED)
    y = np.sin(np.pi * X_OBS) + rng.normal(0.0, 0.01, X_OBS.size)
    y[1] += 3.0
    return X_OBS.copy(), y


def fit_all(kreg):
    """Fit every panel's pair of models; returns the data, the grid and one dict per panel."""
    x, y = make_data()
    grid = np.linspace(0.0, 3.0, 1001)
    train = common.write_csv(kreg.path("train.csv"), x=x, y=y)
    grid_csv = common.write_csv(kreg.path("grid.csv"), x=grid)
    base = dict(target="y", kernel="gaussian", bandwidth=BANDWIDTH, standardize="none")

    m0 = kreg.fit(train, kreg.path("krr_0.json"), method="krr", **{"lambda": 0.0}, **base)
    reference = {"f": kreg.predict(kreg.path("krr_0.json"), grid_csv), "alpha": m0["alpha_full"]}

    panels = []
    for r, setting in enumerate(SETTINGS):
        row = []
        for explicit, gradient, title in COLUMNS:
            lam = setting[explicit]
            tag = "%s_%d" % (explicit, r)
            me = kreg.fit(train, kreg.path(tag + ".json"), method=explicit, **{"lambda": lam}, **base)
            f_expl = kreg.predict(kreg.path(tag + ".json"), grid_csv)
            gtag = "%s_%d" % (gradient, r)
            if gradient == "kgf":
                t = 1.0 / lam
                mg = kreg.fit(train, kreg.path(gtag + ".json"), method="kgf", t=t, **base)
            else:
                # the explicitly regularised function on the grid is the early-stopping target
                val = common.write_csv(kreg.path(gtag + "_target.csv"), x=grid, y=f_expl)
                mg = kreg.fit(train, kreg.path(gtag + ".json"), method=gradient, step_size=STEP,
                              validation=val, patience=100, t_max=100, **base)
                t = mg["training_summary"]["t"]
            f_grad = kreg.predict(kreg.path(gtag + ".json"), grid_csv)
            row.append({"explicit": explicit, "gradient": gradient, "title": title, "lambda": lam, "t": t,
                        "f_expl": f_expl, "f_grad": f_grad,
                        "alpha_expl": me["alpha_full"], "alpha_grad": mg["alpha_full"]})
        panels.append(row)
    return x, y, grid, reference, panels


def label(p):
    return r"$\lambda$ = %.3g, $t$ = %.3g" % (p["lambda"], p["t"])


def main():
    args = common.parse_args(__doc__, "compare_pen_af.png")
    started = time.time()
    with common.Workspace(args.keep) as work:
        kreg = common.Kreg(args.kreg, work)
        x, y, grid, ref, panels = fit_all(kreg)

    fig, axes = plt.subplots(2, 3, figsize=(11, 5.6), sharex=True)
    for r, row in enumerate(panels):
        for c, p in enumerate(row):
            ax = axes[r, c]
            ax.plot(grid, ref["f"], color=C_REF, lw=4)
            ax.plot(grid, np.zeros_like(grid), color=C_REF, lw=4)
            ax.plot(x, y, "ok", ms=5, zorder=5)
            ax.plot(grid, p["f_expl"], color=C_EXPL, lw=3.5)
            ax.plot(grid, p["f_grad"], color=C_GRAD, lw=1.8)
            ax.text(0.98, 0.96, label(p), transform=ax.transAxes, ha="right", va="top", fontsize=9)
            if r == 0:
                ax.set_title(p["title"], fontsize=13)
            if c == 0:
                ax.set_ylabel(r"$\hat f(x)$" + ("\n(stronger regularisation)" if r == 0 else
                                                "\n(weaker regularisation)"), fontsize=11)
            if r == 1:
                ax.set_xlabel("$x$")
    handles = [plt.Line2D([], [], color="k", marker="o", ls=""),
               plt.Line2D([], [], color=C_REF, lw=4),
               plt.Line2D([], [], color=C_GRAD, lw=2),
               plt.Line2D([], [], color=C_EXPL, lw=3.5)]
    labels = ["Observed data", "Non- and fully regularised solutions",
              "Gradient-based optimisation (KGF / KSGD / KCD)", "Explicit regularisation (KRR / KlinfR / Kl1R)"]
    labels[3] = r"Explicit regularisation (KRR / K$\ell_\infty$R / K$\ell_1$R)"
    fig.legend(handles, labels, loc="lower center", ncol=2, frameon=False)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    common.save(fig, args.out, started, kreg)


if __name__ == "__main__":
    main()
