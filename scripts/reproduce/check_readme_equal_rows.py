#!/usr/bin/python3
"""Checks that READMEs give the number of rows whose median and quartiles of test R² equal the
paper's as `aggregate.py --equal-rows WORKDIR` counts them from the committed results. Each
README must say it as "For N rows" (the first such phrase counts); exit 1 naming the README,
its N and the computed one, or a README without the phrase.
Usage: check_readme_equal_rows.py WORKDIR README ...
"""
import os
import re
import subprocess
import sys

PHRASE = re.compile(r"For (\d+) rows\b")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    workdir, readmes = sys.argv[1], sys.argv[2:]
    here = os.path.dirname(os.path.abspath(__file__))
    out = subprocess.run([sys.executable, os.path.join(here, "aggregate.py"), "--equal-rows", workdir],
                         check=True, capture_output=True, text=True).stdout
    computed = int(out.split()[0])
    failed = False
    for readme in readmes:
        found = PHRASE.search(open(readme).read())
        if not found:
            print(f"{readme}: no 'For N rows' sentence giving the rows equal to the paper's ({computed})")
            failed = True
        elif int(found.group(1)) != computed:
            print(f"{readme}: says {found.group(1)} rows equal the paper's; aggregate.py --equal-rows counts"
                  f" {computed}:\n{out}", end="")
            failed = True
        else:
            print(f"{readme}: {computed} rows equal the paper's, as aggregate.py --equal-rows counts")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
