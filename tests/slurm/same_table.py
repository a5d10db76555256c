#!/usr/bin/python3
"""Whether two CSV files hold the same table, column for column and cell for cell as text,
but for the columns whose names start with one of the --ignore prefixes (wall times, which no
two runs share). Prints "same (N rows, columns ignored: ...)" and exits 0, or the first
difference and exits 1.
Usage: same_table.py A.csv B.csv [--ignore PREFIX]...
"""
import argparse
import csv
import sys


def read(path, ignore):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0] if rows else []
    keep = [i for i, name in enumerate(header) if not name.startswith(tuple(ignore))]
    dropped = [name for name in header if name.startswith(tuple(ignore))]
    return [[row[i] if i < len(row) else None for i in keep] for row in rows], dropped


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--ignore", action="append", default=[], help="prefix of column names left out")
    args = ap.parse_args()
    a, dropped = read(args.a, args.ignore)
    b, _ = read(args.b, args.ignore)
    if len(a) != len(b):
        print(f"differ: {len(a)} rows against {len(b)}")
        return 1
    for line, (ra, rb) in enumerate(zip(a, b), start=1):
        if ra != rb:
            print(f"differ at line {line}: {ra} against {rb}")
            return 1
    print(f"same ({len(a) - 1} rows, columns ignored: {', '.join(dropped) or 'none'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
