#!/usr/bin/python3
"""Checks that a results README lists exactly the cells where kreg's Wilcoxon mark differs from
the paper's, as aggregate.py computes them from the committed results: the README's table
between the lines `<!-- marks that differ: begin -->` and `<!-- marks that differ: end -->`
must equal `aggregate.py --disagreements WORKDIR` line for line. Exit 1 with the difference.
Usage: check_readme_marks.py [--write] WORKDIR [README]   (README defaults to WORKDIR/README.md)
  --write: put aggregate.py's list into the README's block instead of checking it.
"""
import difflib
import os
import subprocess
import sys

BEGIN, END = "<!-- marks that differ: begin -->", "<!-- marks that differ: end -->"


def readme_block(path):
    lines = open(path).read().splitlines()
    if BEGIN not in lines or END not in lines:
        sys.exit(f"check_readme_marks.py: {path} has no '{BEGIN}' ... '{END}' block")
    return [line for line in lines[lines.index(BEGIN) + 1:lines.index(END)] if line.strip()]


def main():
    args = sys.argv[1:]
    write = bool(args) and args[0] == "--write"
    args = args[1:] if write else args
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    workdir = args[0]
    readme = args[1] if len(args) == 2 else os.path.join(workdir, "README.md")
    here = os.path.dirname(os.path.abspath(__file__))
    computed = subprocess.run([sys.executable, os.path.join(here, "aggregate.py"), "--disagreements", workdir],
                              check=True, capture_output=True, text=True).stdout.splitlines()
    listed = readme_block(readme)
    if write:
        lines = open(readme).read().splitlines()
        lines[lines.index(BEGIN) + 1:lines.index(END)] = computed
        with open(readme, "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{readme}: wrote the {len(computed) - 2} cells where kreg's mark differs from the paper's")
        return
    if listed != computed:
        sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(listed, computed, readme, "aggregate.py",
                                                                          lineterm=""))
        sys.exit(f"check_readme_marks.py: {readme} does not list the {len(computed) - 2} cells aggregate.py finds")
    print(f"{readme}: lists the {len(computed) - 2} cells where kreg's mark differs from the paper's, as aggregate.py")


if __name__ == "__main__":
    main()
