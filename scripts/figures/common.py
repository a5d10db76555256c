"""Shared helpers of the figure scripts: locate kreg, write CSV files, run kreg, read models.

Every model in the figures is fitted by the kreg binary; Python only writes the data, calls
kreg through subprocess and reads back predictions (`kreg predict`) and coefficients (the
model JSON). The binary is taken from --kreg PATH, else from the environment variable KREG,
else build/kreg of this repository.
"""
import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_KREG = os.path.join(ROOT, "build", "kreg")
DEFAULT_OUT = os.path.join(ROOT, "results", "figures")


def parse_args(description, default_name):
    """Common command line: --kreg PATH, --out PNG, --keep DIR (keep the CSV/JSON files)."""
    ap = argparse.ArgumentParser(description=description,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kreg", default=os.environ.get("KREG", DEFAULT_KREG),
                    help="kreg binary (default: $KREG, else build/kreg)")
    ap.add_argument("--out", default=os.path.join(DEFAULT_OUT, default_name),
                    help="output PNG (default: results/figures/%s)" % default_name)
    ap.add_argument("--keep", default=None, metavar="DIR",
                    help="write the intermediate CSV/JSON files to DIR instead of a temporary directory")
    return ap.parse_args()


class Kreg:
    """Runs one kreg binary in one working directory."""

    def __init__(self, binary, workdir, threads=1):
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            raise SystemExit(f"kreg binary not found or not executable: {binary} (use --kreg PATH or KREG=PATH)")
        # A private copy, so that a concurrent rebuild of the original cannot change a run half-way.
        self.binary = os.path.join(workdir, "kreg")
        shutil.copy2(binary, self.binary)
        self.workdir = workdir
        self.threads = threads
        self.calls = 0

    def path(self, name):
        return os.path.join(self.workdir, name)

    def run(self, command, *args, quiet=True):
        cmd = [self.binary, command] + [str(a) for a in args] + ["--threads", str(self.threads)]
        if quiet:
            cmd.append("--quiet")
        res = subprocess.run(cmd, capture_output=True, text=True, cwd=self.workdir)
        self.calls += 1
        if res.returncode != 0:
            raise RuntimeError("command failed (exit %d): %s\n%s" % (res.returncode, " ".join(cmd), res.stderr))
        return res

    def fit(self, data, model, **options):
        """kreg fit --data DATA --model MODEL --opt value ...; option names use '_' for '-'."""
        args = ["--data", data, "--model", model]
        for key, value in options.items():
            args += ["--" + key.replace("_", "-"), value]
        self.run("fit", *args)
        return read_model(model)

    def predict(self, model, data):
        out = os.path.splitext(model)[0] + "_pred.csv"
        self.run("predict", "--model", model, "--data", data, "--output", out)
        return read_csv(out)["prediction"]


def write_csv(path, **columns):
    """Write equally long 1-D arrays as CSV columns (17 significant digits)."""
    names = list(columns)
    data = np.column_stack([np.asarray(columns[c], dtype=float).ravel() for c in names])
    np.savetxt(path, data, delimiter=",", header=",".join(names), comments="", fmt="%.17g")
    return path


def read_csv(path):
    """CSV with a header row -> dict of column name -> float array."""
    arr = np.genfromtxt(path, delimiter=",", names=True, dtype=float, ndmin=1)
    return {name: np.atleast_1d(arr[name]) for name in arr.dtype.names}


def sine_inputs(kreg, data_path, grid_points=1001):
    """The representer-theorem notes' 1-D data (columns x, y) and a plotting grid on [0, 1], both
    written as CSV files in kreg's workspace. Returns x, y, grid, the training CSV and the grid
    CSV."""
    d = read_csv(data_path)
    x, y = d["x"], d["y"]
    grid = np.linspace(0.0, 1.0, grid_points)
    return x, y, grid, write_csv(kreg.path("train.csv"), x=x, y=y), write_csv(kreg.path("grid.csv"), x=grid)


def read_model(path):
    """The model JSON, plus 'alpha_full': alpha for every training row (0 for rows the sparse
    methods dropped), in the order of the training file."""
    with open(path) as f:
        model = json.load(f)
    n = model["training_summary"]["n_train"]
    alpha = np.zeros(n)
    rows = model.get("point_rows")
    coef = np.asarray(model.get("alpha") or [], dtype=float)
    if rows is None:
        rows = list(range(len(coef)))
    alpha[np.asarray(rows, dtype=int)] = coef
    model["alpha_full"] = alpha
    return model


class Workspace:
    """A temporary directory (or --keep DIR) holding the CSV/JSON files of one figure."""

    def __init__(self, keep=None):
        self.keep = keep
        self.tmp = None

    def __enter__(self):
        if self.keep:
            os.makedirs(self.keep, exist_ok=True)
            return self.keep
        self.tmp = tempfile.TemporaryDirectory(prefix="kreg_fig_")
        return self.tmp.name

    def __exit__(self, *exc):
        if self.tmp is not None:
            self.tmp.cleanup()
        return False


def save(fig, out, started, kreg):
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fig.savefig(out, dpi=150)
    plt.close(fig)
    print("wrote %s (%d kreg calls, %.1f s)" % (out, kreg.calls, time.time() - started))
