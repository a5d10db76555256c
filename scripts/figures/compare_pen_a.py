#!/usr/bin/python3
"""Allerbo (2023), Figure compare_pen_a: KRR/KGF, Kl_inf R/KSGD and Kl1R/KCD compared on alpha.

The same data, kernel and fits as compare_pen_af.py (imported from there): for each of the
seven observations, the coefficient alpha_i of the non-regularised solution (wide grey bar),
of the gradient-based method (green) and of the explicitly regularised method (orange).
Top row: stronger regularisation; bottom row: weaker. Every model is fitted by kreg.
Run: /usr/bin/python3 scripts/figures/compare_pen_a.py [--kreg PATH] [--out PNG]
"""
import time

import numpy as np

import common
from common import plt
from compare_pen_af import C_EXPL, C_GRAD, C_REF, fit_all, label

BAR = 0.35


def main():
    args = common.parse_args(__doc__, "compare_pen_a.png")
    started = time.time()
    with common.Workspace(args.keep) as work:
        kreg = common.Kreg(args.kreg, work)
        x, y, grid, ref, panels = fit_all(kreg)

    idx = 1 + np.arange(x.size)
    fig, axes = plt.subplots(2, 3, figsize=(11, 5.6), sharex=True)
    for r, row in enumerate(panels):
        for c, p in enumerate(row):
            ax = axes[r, c]
            ax.axhline(0.0, color="k", lw=0.6)
            ax.bar(idx, ref["alpha"], color=C_REF, width=2 * BAR)
            ax.bar(idx - BAR / 2, p["alpha_grad"], color=C_GRAD, width=BAR)
            ax.bar(idx + BAR / 2, p["alpha_expl"], color=C_EXPL, width=BAR)
            ax.set_xticks(idx)
            ax.text(0.98, 0.96, label(p), transform=ax.transAxes, ha="right", va="top", fontsize=9)
            if r == 0:
                ax.set_title(p["title"], fontsize=13)
            if c == 0:
                ax.set_ylabel(r"$\hat\alpha_i$" + ("\n(stronger regularisation)" if r == 0 else
                                                   "\n(weaker regularisation)"), fontsize=11)
            if r == 1:
                ax.set_xlabel("observation $i$")
    handles = [plt.Rectangle((0, 0), 1, 1, color=col) for col in (C_REF, C_GRAD, C_EXPL)]
    labels = ["Non-regularised solution", "Gradient-based optimisation (KGF / KSGD / KCD)",
              r"Explicit regularisation (KRR / K$\ell_\infty$R / K$\ell_1$R)"]
    fig.legend(handles, labels, loc="lower center", ncol=3, frameon=False)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    common.save(fig, args.out, started, kreg)


if __name__ == "__main__":
    main()
