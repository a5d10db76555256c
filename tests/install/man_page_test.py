#!/usr/bin/env python3
"""The man page kreg.1 against the binary's own --help (cmake/docs.cmake writes both from one
definition; this checks that they agree, reading each as a user would):
  - every option that `kreg SUB --help` prints is in kreg.1, under "kreg SUB" or under
    "Options of every command", and kreg.1 lists no option that --help does not;
  - kreg.1 lists each option's --help default, and every value it lists for an option is named
    in that option's --help text;
  - groff renders it without a warning at 60 and 78 columns.
Usage: man_page_test.py KREG KREG_1"""
import re
import subprocess
import sys

HELP_LINE = re.compile(r"^  ((?:-[A-Za-z],)?--[a-z0-9-]+)(?: (\S+(?: \.\.\.)?))?(?:\s{2,}(.*))?$")


def help_options(kreg, sub):
    """{name: (default, description)} of `kreg [SUB] --help`, each name of an option."""
    text = subprocess.run([kreg] + ([sub] if sub else []) + ["--help"], check=True, capture_output=True,
                          text=True).stdout
    options, last = {}, None
    for line in text.splitlines():
        m = HELP_LINE.match(line)
        if m:
            names, metavar, description = m.group(1).split(","), m.group(2) or "", m.group(3) or ""
            default = metavar.split("=", 1)[1] if "=" in metavar else ""
            default = default.removesuffix(" ...")
            if default.startswith("[") and default.endswith("]"):
                default = default[1:-1]
            last = [default, description]
            for n in names:
                options[n] = last
        elif last is not None and line.startswith("    ") and line.strip():
            last[1] += (" " if last[1] else "") + line.strip()  # a description on the next line
        elif not line.strip():
            last = None
    return options


def subcommands(kreg):
    text = subprocess.run([kreg, "--help"], check=True, capture_output=True, text=True).stdout
    section = text.split("Subcommands:", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  ([a-z]+)\s", section, re.M)]


def plain(roff):
    return re.sub(r"\\f[BIR]|\\:", "", roff).replace("\\-", "-").replace("\\e", "\\")


def man_sections(path):
    """{section title: {option name: {"default": str, "values": [str]}}} of the .TP items."""
    sections, title, lines = {}, None, open(path, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(".SH") or line.startswith(".SS"):
            title = line.split(" ", 1)[1].strip('"')
            sections.setdefault(title, {})
        elif line == ".TP" and i + 1 < len(lines) and lines[i + 1].startswith("\\fB\\-"):
            names = re.findall(r"\\fB((?:\\-|[^\\])+)\\fR", lines[i + 1])
            item = {"default": "", "values": []}
            for follow in lines[i + 2:]:
                if follow in (".TP",) or follow.startswith(".S"):
                    break
                if follow.startswith("Default: "):
                    item["default"] = plain(follow[len("Default: "):])
                if follow.startswith("Values: "):
                    item["values"] = plain(follow[len("Values: "):]).split(", ")
            for n in names:
                sections[title][plain(n)] = item
    return sections


def main():
    kreg, man = sys.argv[1], sys.argv[2]
    problems = []
    sections = man_sections(man)
    common = sections.get("Options of every command", {})
    if not common:
        problems.append("kreg.1 has no 'Options of every command' section")
    checked = 0
    for sub in [None] + subcommands(kreg):
        title = "OPTIONS" if sub is None else "kreg " + sub
        listed = dict(sections.get(title, {}))
        if sub is not None:
            listed.update(common)
        shown = help_options(kreg, sub)
        for name, (default, description) in shown.items():
            checked += 1
            if name not in listed:
                problems.append(f"{title}: {name} is in --help but not in kreg.1")
                continue
            if listed[name]["default"] != default:
                problems.append(f"{title}: {name} default '{listed[name]['default']}' in kreg.1, '{default}' in --help")
            for value in listed[name]["values"]:
                if not re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", description):
                    problems.append(f"{title}: {name} value '{value}' is not named in its --help text")
        own = sections.get(title, {})
        problems += [f"{title}: {n} is in kreg.1 but not in --help" for n in own if n not in shown]
    for width in (60, 78):
        r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", f"-rLL={width}n", man], capture_output=True,
                           text=True)
        if r.returncode != 0 or r.stderr:
            problems.append(f"groff at {width} columns: exit {r.returncode}: {r.stderr.strip()}")
    for p in problems:
        print("FAIL:", p)
    print(f"checked {checked} options of --help against {man}: {len(problems)} problem(s)")
    return 1 if problems or checked < 50 else 0


if __name__ == "__main__":
    sys.exit(main())
