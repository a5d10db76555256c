#!/usr/bin/python3
"""Allerbo (2023), Figure syn_sgd_cd_expl: one realisation of each synthetic data set, modelled
with the appropriate regularisation and with standard KRR / KGD.

Top, robust data (eq. data_sin): 100 points, x ~ U(-10, 10), y = sin(pi x / 2) + 0.1 Cauchy;
numpy RandomState(47): x first, then the Cauchy noise. Fitted with KSGD and Kl_inf R.
Bottom, sparse data (eq. data_gauss): 100 points, x ~ U(-10, 10) with x[0] = 0,
y = exp(-5 x^2) + N(0, 0.1^2); numpy RandomState(35): x first, then the noise. Fitted with
KCD and Kl1R. Both panels also show KGD and KRR and the true function.

Every method is tuned by `kreg cv` with 10 folds (a random permutation from RandomState(seed)
cut into 10 consecutive parts, passed as a fold column) over 10 log-spaced Gaussian
bandwidths (robust: 0.1..10, sparse: 0.1..1) and, for the explicit methods, 10 log-spaced
lambdas (krr: 1e-5..10; klinf, kl1: 1e-2..1e4 in kreg's units, which is 1e-5..10 in the
authors' units). The early-stopping methods (ksgd, kcd, kgd: the paper's step size 1e-4,
patience 100, t_max 1000) choose t on each validation fold and use the mean over the folds;
they and krr are refitted on all 100 points by `kreg cv --model`. For kl1 and klinf the
cross-validation caps the solver at 2000 iterations (--max-iter 2000; without the cap a
klinf grid takes about a minute, most of it in points that do not converge anyway), and the
chosen (bandwidth, lambda) is refitted by `kreg fit` with kreg's default solver settings
(whether that refit converged is printed). Predictions on 1000 grid points over [-10, 10].
No standardisation (the bandwidth is in units of x; no intercept).
Run: /usr/bin/python3 scripts/figures/syn_sgd_cd_expl.py [--kreg PATH] [--out PNG]
"""
import json
import time

import numpy as np

import common
from common import plt

N, N_GRID, N_FOLDS = 100, 1000, 10
STEP = 1e-4  # step size of the early-stopping methods (the paper's 10^-4)
CV_MAX_ITER = 2000  # kl1/klinf solver cap during cross-validation only
DATASETS = [
    # name, seed, true function, bandwidth grid, methods (robust/sparse, explicit), title
    ("robust", 47, lambda x: np.sin(np.pi * x / 2.0), "logspace:-1:1:10", ("ksgd", "klinf"),
     r"Robust data (eq. data_sin): K$\ell_\infty$R and KSGD"),
    ("sparse", 35, lambda x: np.exp(-5.0 * x ** 2), "logspace:-1:0:10", ("kcd", "kl1"),
     r"Sparse data (eq. data_gauss): K$\ell_1$R and KCD"),
]
LAMBDA_GRID = {"krr": "logspace:-5:1:10", "kl1": "logspace:-2:4:10", "klinf": "logspace:-2:4:10"}
STYLE = {  # method: (colour, line style, width, legend label)
    "gradient": ("C2", "-", 4.0, "KSGD / KCD"),
    "explicit": ("C1", "--", 3.5, r"K$\ell_\infty$R / K$\ell_1$R"),
    "kgd": ("C6", "-", 2.5, "KGD"),
    "krr": ("C4", "--", 2.0, "KRR"),
}


def make_data(name, seed, f):
    rng = np.random.RandomState(seed)
    x = rng.uniform(-10.0, 10.0, N)
    if name == "robust":
        y = f(x) + 0.1 * rng.standard_cauchy(N)
    else:
        x[0] = 0.0
        y = f(x) + rng.normal(0.0, 0.1, N)
    folds = np.empty(N, dtype=int)
    for k, part in enumerate(np.array_split(np.random.RandomState(seed).permutation(N), N_FOLDS)):
        folds[part] = k
    return x, y, folds


def tune_and_fit(kreg, name, method, bandwidths, train, grid_csv):
    tag = "%s_%s" % (name, method)
    common_args = ["--target", "y", "--method", method, "--kernel", "gaussian", "--standardize", "none"]
    args = ["--data", train, "--fold-column", "fold", "--bandwidth-grid", bandwidths,
            "--output", kreg.path(tag + "_cv.csv"), "--best", kreg.path(tag + "_best.json")] + common_args
    penalised = method in ("kl1", "klinf")
    if method in LAMBDA_GRID:
        args += ["--lambda-grid", LAMBDA_GRID[method]]
    else:
        args += ["--step-size", STEP, "--patience", 100, "--t-max", 1000]
    if penalised:
        args += ["--max-iter", CV_MAX_ITER]
    else:
        args += ["--model", kreg.path(tag + ".json")]
    kreg.run("cv", *args)
    with open(kreg.path(tag + "_best.json")) as f:
        best = json.load(f)["min"]
    if penalised:  # refit the chosen point with the default (uncapped) solver, on the x column only
        kreg.run("fit", "--data", train, "--features", "x", "--bandwidth", best["bandwidth"],
                 "--lambda", best["lambda"], "--model", kreg.path(tag + ".json"), *common_args)
    model = common.read_model(kreg.path(tag + ".json"))
    summary = model["training_summary"]
    print("%s %s: bandwidth %.4g, %s %.4g, non-zero alpha %d of %d%s" % (
        name, method, model["kernel"]["bandwidth"], "t" if "t" in best else "lambda",
        best.get("t", best.get("lambda")), summary["n_expansion_points"], summary["n_train"],
        "" if not penalised else ", solver %s (KKT violation %.3g, %d iterations)" % (
            "converged" if summary["converged"] else "NOT converged", summary["kkt_violation"],
            summary["iterations"])))
    return kreg.predict(kreg.path(tag + ".json"), grid_csv), best, model


NAMES = {"ksgd": "KSGD", "kcd": "KCD", "kgd": "KGD", "krr": "KRR", "klinf": r"K$\ell_\infty$R", "kl1": r"K$\ell_1$R"}


def describe(method, best, model):
    bw = model["kernel"]["bandwidth"]
    if method in LAMBDA_GRID:
        return r"%s $\sigma$=%.3g, $\lambda$=%.3g" % (NAMES[method], bw, best["lambda"])
    return r"%s $\sigma$=%.3g, $t$=%.3g" % (NAMES[method], bw, best["t"])


def main():
    args = common.parse_args(__doc__, "syn_sgd_cd_expl.png")
    started = time.time()
    results = []
    with common.Workspace(args.keep) as work:
        kreg = common.Kreg(args.kreg, work, threads=2)
        grid = np.linspace(-10.0, 10.0, N_GRID)
        grid_csv = common.write_csv(kreg.path("grid.csv"), x=grid)
        for name, seed, f, bandwidths, (gradient, explicit), title in DATASETS:
            x, y, folds = make_data(name, seed, f)
            train = common.write_csv(kreg.path(name + ".csv"), x=x, fold=folds, y=y)
            fits = {}
            for role, method in (("gradient", gradient), ("explicit", explicit), ("kgd", "kgd"), ("krr", "krr")):
                fits[role] = (method,) + tune_and_fit(kreg, name, method, bandwidths, train, grid_csv)
            results.append((name, title, x, y, grid, f(grid), fits))

    fig, axes = plt.subplots(2, 1, figsize=(10, 7.2))
    for ax, (name, title, x, y, grid, truth, fits) in zip(axes, results):
        ax.plot(grid, truth, color="C7", lw=7, alpha=0.8)
        ax.plot(x, y, "ok", ms=3.5, zorder=5)
        notes = []
        for role in ("gradient", "explicit", "kgd", "krr"):
            method, pred, best, model = fits[role]
            colour, ls, lw, _ = STYLE[role]
            ax.plot(grid, pred, color=colour, ls=ls, lw=lw)
            notes.append(describe(method, best, model))
        span = np.quantile(y, [0.02, 0.98])
        pad = 0.35 * (span[1] - span[0])
        ax.set_ylim(min(span[0], truth.min()) - pad, max(span[1], truth.max()) + pad)
        clipped = np.sum((y < ax.get_ylim()[0]) | (y > ax.get_ylim()[1]))
        if clipped:
            notes.append("%d observation%s outside the y range" % (clipped, "s" if clipped > 1 else ""))
        ax.set_title(title + "\n" + ";   ".join(notes), fontsize=10.5)
        ax.set_xlabel("$x$")
        ax.set_ylabel("$y$")
        ax.set_xlim(-10, 10)
    handles = [plt.Line2D([], [], color="C7", lw=6), plt.Line2D([], [], color="k", marker="o", ls="")]
    handles += [plt.Line2D([], [], color=STYLE[r][0], ls=STYLE[r][1], lw=2) for r in STYLE]
    labels = ["True function", "Observed data"] + [STYLE[r][3] for r in STYLE]
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), frameon=False)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    common.save(fig, args.out, started, kreg)


if __name__ == "__main__":
    main()
