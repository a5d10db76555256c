#!/usr/bin/python3
"""Aggregates the per-split results of run_job.py into Allerbo (2023)'s table layout: per (table,
kernel, data set, method) the median (first quartile, third quartile) of test R^2, time and
fraction of non-zero alpha, a paired one-sided Wilcoxon signed-rank test against KSGD (robust
table) or KCD (sparse table) -- R^2 greater, time and sparsity smaller for the reference; '*'
marks the other method's cell where p < 0.05 (the paper prints those in bold) -- and the
paper's numbers beside kreg's (its '*' where the paper marks a significant difference), whether
kreg's median R^2, rounded as the paper rounds, lies in the paper's interquartile range, the
ratio of median times and the total time over all splits, and for the early-stopping methods
kreg's stopping time t beside the authors' step count for it, and for the penalised methods
how many of the splits' refits converged (run_job.py's `converged` column). Writes
WORKDIR/tables.csv and WORKDIR/tables.md, which ends with every cell where kreg's mark and the
paper's differ.
Usage: aggregate.py WORKDIR
       aggregate.py --disagreements WORKDIR   (prints only that list, as a Markdown table)
       aggregate.py --equal-rows WORKDIR      (prints how many rows, and which, have kreg's median
                                               and quartiles of R² equal to the paper's as printed)
"""
import collections
import csv
import glob
import os
import sys
import warnings

import numpy as np
from scipy.stats import wilcoxon

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCE = {"robust": "ksgd", "sparse": "kcd"}
PAPER_NAME = {"klinf_paper": "klinf", "kl1_paper": "kl1"}  # the authors' solver is what the paper ran
PAPER_SPLITS = 101  # the paper's tables: 101 splits per data set
STEP = 1e-4  # the early-stopping methods' step size (run_job.py)


def authors_iterations(t):
    """The authors' step count for kreg's stopping time t (run_job.py's `t` column). kreg's
    t = STEP x (mean over the folds of the number of steps to the best validation error); the
    authors record the 0-based index of that step, average it over the folds and truncate it
    to an integer, which is the number of steps of their refit: int(t / STEP - 1).
    >>> authors_iterations(0.54955), authors_iterations(3.75891), authors_iterations(0.0001)
    (5494, 37588, 0)
    """
    return int(round(t / STEP, 6) - 1)


def load(workdir):
    rows = []
    for path in sorted(glob.glob(os.path.join(workdir, "results", "*.csv"))):
        with open(path) as f:
            rows.extend(csv.DictReader(f))
    return rows


def invocations(workdir):
    """run_all.sh's log, one row per invocation (a resumed run has several)."""
    path = os.path.join(workdir, "runs.csv")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def processors(runs):
    """The processors runs.csv names (its column cpu, absent or empty before it was logged), e.g.
    "Processor: AMD EPYC (2 invocations); not recorded for 3 invocations."
    >>> processors([{"cpu": "AMD EPYC"}, {"cpu": ""}, {}, {"cpu": "AMD EPYC"}, {"cpu": "Intel Xeon"}])
    'Processors: AMD EPYC (2 invocations), Intel Xeon (1 invocation); not recorded for 2 invocations.'
    >>> processors([{"cpu": ""}])
    'Processor: not recorded for 1 invocation.'
    """
    def invocations(k):
        return f"{k} invocation{'s' if k != 1 else ''}"
    counts = collections.Counter(r.get("cpu") or "" for r in runs)
    unrecorded = counts.pop("", 0)
    named = ", ".join(f"{cpu} ({invocations(k)})" for cpu, k in sorted(counts.items()))
    text = ("Processors: " if len(counts) > 1 else "Processor: ") + named
    if unrecorded:
        text += ("; not recorded for " if named else "not recorded for ") + invocations(unrecorded)
    return text + "."


def paper_numbers():
    out = {}
    with open(os.path.join(ROOT, "data", "paper_tables.csv")) as f:
        for r in csv.DictReader(f):
            out[(r["table"], r["kernel"], r["data"], r["method"])] = r
    return out


def summary(values):
    v = np.asarray(values, dtype=float)
    return np.median(v), np.percentile(v, 25), np.percentile(v, 75)


def paper_row(paper, table, kernel, data, method):
    """The paper's numbers for kreg's row (its _paper variants under the paper's names), or None."""
    return paper.get((table, kernel, data, PAPER_NAME.get(method, method)))


def printed_decimals(text):
    """How many decimals the paper printed in `text`.
    >>> printed_decimals("0.56"), printed_decimals("-0.4"), printed_decimals("3")
    (2, 1, 0)
    """
    return len(text.split(".")[1]) if "." in text else 0


def inside_printed_range(value, q1_text, q3_text):
    """Whether `value` lies in [q1, q3] as the paper prints them: the paper's quartiles are
    rounded (to two decimals), so `value` is rounded to the same number of decimals first.
    >>> inside_printed_range(0.94002, "0.87", "0.94"), inside_printed_range(0.9461, "0.87", "0.94")
    (True, False)
    >>> inside_printed_range(-0.0201, "-0.02", "0.02"), inside_printed_range(-0.0251, "-0.02", "0.02")
    (True, False)
    """
    decimals = max(printed_decimals(t) for t in (q1_text, q3_text))
    return float(q1_text) <= round(value, decimals) <= float(q3_text)


def equals_printed(median, q1, q3, pap):
    """Whether kreg's median and quartiles, each rounded as the paper prints it, are the paper's
    numbers (`pap`: its r2_median, r2_q1, r2_q3 as printed). A rounded zero's sign does not count
    (kreg's -0.00 is the paper's 0.00).
    >>> pap = {"r2_median": "0.41", "r2_q1": "0.18", "r2_q3": "0.56"}
    >>> equals_printed(0.4103, 0.1849, 0.5612, pap), equals_printed(0.4103, 0.1951, 0.5612, pap)
    (True, False)
    >>> equals_printed(0.22, -0.0004, 0.45, {"r2_median": "0.22", "r2_q1": "0.00", "r2_q3": "0.45"})
    True
    """
    for value, text in ((median, pap["r2_median"]), (q1, pap["r2_q1"]), (q3, pap["r2_q3"])):
        if round(value, printed_decimals(text)) != float(text):  # -0.0 == 0.0
            return False
    return True


def worse(reference, other, larger_is_better):
    """One-sided paired Wilcoxon p-value that `other` is worse than `reference`."""
    a, b = np.asarray(reference, float), np.asarray(other, float)
    if len(a) < 2 or np.allclose(a, b):
        return float("nan")
    with warnings.catch_warnings():  # ties and small samples: scipy falls back to the normal approximation
        warnings.simplefilter("ignore", UserWarning)
        return wilcoxon(a, b, alternative="greater" if larger_is_better else "less").pvalue


def aggregate(workdir):
    """One record per (table, kernel, data set, method): kreg's summaries, p-values, the paper's numbers."""
    rows = load(workdir)
    if not rows:
        sys.exit(f"no results in {workdir}/results")
    paper = paper_numbers()
    groups = {}
    for r in rows:
        groups.setdefault((r["table"], r["kernel"], r["dataset"]), {}).setdefault(r["method"], {})[int(r["seed"])] = r
    out_rows = []
    for (table, kernel, dataset), methods in sorted(groups.items()):
        ref = methods.get(REFERENCE[table], {})
        for method, by_seed in methods.items():
            seeds = sorted(set(by_seed) & set(ref)) if method != REFERENCE[table] else sorted(by_seed)
            rec = {"table": table, "kernel": kernel, "data": dataset, "method": method, "splits": len(by_seed)}
            rec["time_s_total"] = sum(float(by_seed[s]["time_s"]) for s in by_seed)
            for metric, better_large in (("r2", True), ("time_s", False), ("sparsity", False)):
                vals = [float(by_seed[s][metric]) for s in sorted(by_seed)]
                med, q1, q3 = summary(vals)
                rec[f"{metric}_median"], rec[f"{metric}_q1"], rec[f"{metric}_q3"] = med, q1, q3
                p = float("nan")
                if method != REFERENCE[table] and seeds:
                    p = worse([float(ref[s][metric]) for s in seeds], [float(by_seed[s][metric]) for s in seeds],
                              better_large)
                rec[f"{metric}_p_worse"] = p
            ts = [float(by_seed[s]["t"]) for s in sorted(by_seed) if by_seed[s].get("t", "") != ""]
            if ts:  # early stopping: kreg's t and the authors' step count for it (medians over splits)
                rec["t_median"] = float(np.median(ts))
                rec["authors_iterations_median"] = float(np.median([authors_iterations(t) for t in ts]))
            flags = [by_seed[s].get("converged", "") for s in sorted(by_seed)]
            if any(f != "" for f in flags):  # penalised methods: how many refits converged (run_job.py)
                rec["refits_converged"] = sum(f == "1" for f in flags)
                rec["refits_recorded"] = sum(f != "" for f in flags)
            pap = paper_row(paper, table, kernel, dataset, method)
            if pap:
                rec["paper_r2"] = (("*" if pap["r2_significantly_worse"] == "1" else "") +
                                   f"{pap['r2_median']} ({pap['r2_q1']}, {pap['r2_q3']})")
                rec["paper_time_median_s"] = pap["time_median_s"]
                rec["time_ratio_kreg_over_paper"] = rec["time_s_median"] / float(pap["time_median_s"])
                rec["r2_in_paper_iqr"] = inside_printed_range(rec["r2_median"], pap["r2_q1"], pap["r2_q3"])
            out_rows.append(rec)
    return out_rows


PAPER_MARK = {"r2": "r2_significantly_worse", "time_s": "time_significantly_worse",
              "sparsity": "sparsity_significantly_worse"}


def two_digits(x):
    """x to two significant digits, without an exponent from 1e-4 to 1e6.
    >>> [two_digits(x) for x in (127.8, 0.0549, 2.0, 1234.5)]
    ['130', '0.055', '2', '1200']
    """
    return f"{float(f'{x:.2g}'):g}"


def disagreement_reason(rec, metric, ref_rec, pap, ref_pap):
    """Why kreg's Wilcoxon mark on this cell differs from the paper's, by rule.
    >>> disagreement_reason({"method": "kegd"}, "sparsity", {}, {}, {})[:37]
    'the paper does not test KEGD (its row'
    >>> disagreement_reason({"method": "kl1"}, "r2", {}, {}, {})[:50]
    "kreg's own solver, which solves to a KKT tolerance"
    >>> disagreement_reason({"method": "klinf", "refits_converged": 8, "refits_recorded": 10}, "r2", {}, {}, {})[50:]
    " (its refit converged on 8 of 10 splits); the paper's row is the authors' fixed-step solver stopped after at most 1,000 steps (kreg's _paper row)"
    >>> times = lambda kreg, ref: ({"time_s_median": kreg}, {"time_s_median": ref})
    >>> rec, ref = times(4.0, 1.0)
    >>> disagreement_reason(dict(rec, method="kgd", splits=10, time_s_p_worse=0.001), "time_s", ref,
    ...                     {"time_median_s": "1"}, {"time_median_s": "2"})[40:]
    "4 x the reference's median time in kreg, 0.5 x in the authors' code (the implementations are fast in different places)"
    >>> disagreement_reason(dict(rec, method="kgd", splits=10, time_s_p_worse=0.053), "time_s", ref,
    ...                     {"time_median_s": "3"}, {"time_median_s": "1"})[106:]
    "(slower in both; kreg's test does not find the difference: p = 0.053 on 10 splits)"
    >>> disagreement_reason({"method": "krr", "splits": 10, "r2_p_worse": 0.3}, "r2", {}, {}, {})[22:]
    "paper's 101: the test has far less power on them"
    >>> disagreement_reason({"method": "krr", "splits": 101, "r2_p_worse": 0.03}, "r2", {}, {}, {})
    'borderline: p = 0.03, near the 0.05 level'
    >>> disagreement_reason({"method": "krr", "splits": 10, "r2_p_worse": 0.02}, "r2", {}, {}, {})[22:]
    "paper's 101: kreg's test finds the difference on these, the paper's on its 101 does not"
    """
    method = rec["method"]
    if method == "kegd":
        return ("the paper does not test KEGD (its rows are in italics and its caption compares only the other "
                "methods with the reference); kreg's table tests every method")
    if method in ("kl1", "klinf"):
        refits = (f" (its refit converged on {rec['refits_converged']} of {rec['refits_recorded']} splits)"
                  if rec.get("refits_recorded") else "")
        return (f"kreg's own solver, which solves to a KKT tolerance{refits}; the paper's row is the authors' "
                "fixed-step solver stopped after at most 1,000 steps (kreg's _paper row)")
    p = rec[f"{metric}_p_worse"]
    if metric == "time_s" and ref_rec and ref_pap:
        kreg_ratio = rec["time_s_median"] / ref_rec["time_s_median"]
        paper_ratio = float(pap["time_median_s"]) / float(ref_pap["time_median_s"])
        text = (f"times of two implementations: {method} takes {two_digits(kreg_ratio)} x the reference's median "
                f"time in kreg, {two_digits(paper_ratio)} x in the authors' code")
        if (kreg_ratio > 1) != (paper_ratio > 1):
            return text + " (the implementations are fast in different places)"
        both = "slower" if kreg_ratio > 1 else "faster"
        if p == p and p < 0.05:
            return text + f" ({both} in both; kreg's test finds the difference, the paper's did not)"
        return text + f" ({both} in both; kreg's test does not find the difference: p = {p:.2g} on {rec['splits']} splits)"
    if p == p and 0.025 <= p < 0.1:  # within a factor of two of the level
        return f"borderline: p = {p:.2g}, near the 0.05 level"
    if rec.get("splits", PAPER_SPLITS) < PAPER_SPLITS:
        if p == p and p < 0.05:  # kreg marks, the paper does not: fewer splits cannot explain it by power
            return (f"{rec['splits']} splits against the paper's {PAPER_SPLITS}: kreg's test finds the difference on "
                    f"these, the paper's on its {PAPER_SPLITS} does not")
        return f"{rec['splits']} splits against the paper's {PAPER_SPLITS}: the test has far less power on them"
    return "not explained by a rule; see the results README"


def disagreements(out_rows, paper):
    """Every (row, metric) where kreg's mark (p < 0.05) differs from the paper's bold, with p and
    a reason; rows of the reference method and metrics the paper does not report are skipped."""
    by_key = {(r["table"], r["kernel"], r["data"], r["method"]): r for r in out_rows}
    found = []
    for rec in out_rows:
        table, kernel, data, method = rec["table"], rec["kernel"], rec["data"], rec["method"]
        pap = paper_row(paper, table, kernel, data, method)
        if method == REFERENCE[table] or not pap:
            continue
        ref_rec = by_key.get((table, kernel, data, REFERENCE[table]))
        ref_pap = paper.get((table, kernel, data, REFERENCE[table]))
        for metric, column in PAPER_MARK.items():
            if pap.get(column, "") == "":
                continue
            p = rec[f"{metric}_p_worse"]
            kreg_mark, paper_mark = p == p and p < 0.05, pap[column] == "1"
            if kreg_mark != paper_mark:
                found.append({"table": table, "kernel": kernel, "data": data, "method": method, "metric": metric,
                              "p_kreg": p, "kreg_mark": kreg_mark, "paper_mark": paper_mark,
                              "reason": disagreement_reason(rec, metric, ref_rec, pap, ref_pap)})
    return found


def disagreement_table(found):
    """The Markdown table of disagreements that tables.md and the results README carry."""
    lines = ["| table | kernel | data | method | metric | p (kreg) | kreg | paper | reason |",
             "|---|---|---|---|---|---|---|---|---|"]
    star = lambda m: "worse" if m else "not marked"
    for d in found:
        lines.append(f"| {d['table']} | {d['kernel']} | {d['data']} | {d['method']} | {d['metric']} "
                     f"| {d['p_kreg']:.2g} | {star(d['kreg_mark'])} | {star(d['paper_mark'])} | {d['reason']} |")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--disagreements":
        workdir = sys.argv[2]
        rows = aggregate(workdir)
        sys.stdout.write(disagreement_table(disagreements(rows, paper_numbers())))
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--equal-rows":
        paper = paper_numbers()
        equal = [r for r in aggregate(sys.argv[2])
                 if (pap := paper_row(paper, r["table"], r["kernel"], r["data"], r["method"]))
                 and equals_printed(r["r2_median"], r["r2_q1"], r["r2_q3"], pap)]
        print(f"{len(equal)} rows: kreg's median and quartiles of test R² equal the paper's as it prints them")
        for r in equal:
            print(f"{r['table']} {r['kernel']} {r['data']} {r['method']}: {r['r2_median']:.2f} "
                  f"({r['r2_q1']:.2f}, {r['r2_q3']:.2f}), paper {r['paper_r2']}")
        return
    workdir = sys.argv[1]
    out_rows = aggregate(workdir)
    n_results = len(load(workdir))
    fields = list(dict.fromkeys(k for r in out_rows for k in r))  # first appearance: the same on every machine
    with open(os.path.join(workdir, "tables.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(out_rows)
    mark = lambda p: "*" if p == p and p < 0.05 else ""
    steps = lambda r: f"{r['t_median']:.4g} ({r['authors_iterations_median']:,.0f})" if "t_median" in r else ""
    refits = lambda r: f"{r['refits_converged']}/{r['refits_recorded']}" if "refits_recorded" in r else ""
    with open(os.path.join(workdir, "tables.md"), "w") as f:
        f.write("| table | kernel | data | method | splits | R² kreg | R² paper | in IQR | time kreg [s] "
                "| time paper [s] | ratio | all splits [s] | sparsity | t (authors' steps) | refits converged |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in out_rows:
            inside = {True: "yes", False: "no"}.get(r.get("r2_in_paper_iqr"), "")
            f.write(f"| {r['table']} | {r['kernel']} | {r['data']} | {r['method']} | {r['splits']} "
                    f"| {mark(r['r2_p_worse'])}{r['r2_median']:.2f} ({r['r2_q1']:.2f}, {r['r2_q3']:.2f}) "
                    f"| {r.get('paper_r2', '')} | {inside} | {mark(r['time_s_p_worse'])}{r['time_s_median']:.3g} "
                    f"| {r.get('paper_time_median_s', '')} | {r.get('time_ratio_kreg_over_paper', float('nan')):.2g} "
                    f"| {r['time_s_total']:.0f} | {mark(r['sparsity_p_worse'])}{r['sparsity_median']:.2f} | {steps(r)} "
                    f"| {refits(r)} |\n")
        found = disagreements(out_rows, paper_numbers())
        f.write(f"\nCells where kreg's mark differs from the paper's bold: {len(found)} (`aggregate.py --disagreements`)."
                "\n\n" + (disagreement_table(found) if found else ""))
        runs = invocations(workdir)
        if runs:
            f.write(f"\nWall time of run_all.sh over {len(runs)} invocation(s) (runs.csv): "
                    f"{sum(float(r['wall_s']) for r in runs):.0f} s. {processors(runs)}\n")
    print(f"wrote {workdir}/tables.csv and tables.md ({len(out_rows)} rows from {n_results} results)")


if __name__ == "__main__":
    main()
