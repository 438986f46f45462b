#!/usr/bin/env python3
"""Fails on unused #include lines in the project's own C++ files.

Runs include-what-you-use (Debian package iwyu) over every translation unit
of a configured and built tree (its compile_commands.json: configure with
CMAKE_EXPORT_COMPILE_COMMANDS, which CMakeLists.txt turns on) under src/,
sim/ and tests/, each with the header of the same name that IWYU checks
beside it. A unity build's merged sources are split back into their files
with the flags of their unit. Generated code (under the build tree) and
Verilator's runtime are not ours and are not checked.

Only "should remove these lines" entries that are #include lines fail the
check: IWYU's "should add" advice and its forward-declaration advice are not
enforced. .iwyu.imp maps third-party umbrella headers (SystemC, TLM-2.0,
fmt, nlohmann-json, yaml-cpp, pybind11, CLI11, Catch2, libstdc++ 12
headers newer than IWYU 0.18, and a glibc header its map lacks) so that
they count as used.

  scripts/check_includes.py [--build build] [-j 2] [--skip PATH ...] [PATH ...]

PATHs (default: src sim tests) choose the files checked, --skip leaves
files under the given paths out. Exit 0: no unused include; 1: some, listed
as FILE:LINE: #include ...; 2: IWYU could not parse a file, or a usage error.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAPPING = os.path.join(ROOT, ".iwyu.imp")
UNITY_INCLUDE = re.compile(r'^#include "(.+\.(?:cpp|cc|cxx))"', re.M)
# IWYU's report: a header line, then "- #include <x>  // lines 3-3" entries.
REMOVE_HEAD = re.compile(r"^(.+) should remove these lines:$")
REMOVE_LINE = re.compile(r"^- (#include [<\"][^>\"]+[>\"])\s+// lines (\d+)-\d+$")


def translation_units(build, wanted, skipped):
    """(file, arguments) per project source file, from compile_commands.json."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        commands = json.load(f)
    units = {}
    for entry in commands:
        args = entry.get("arguments") or shlex.split(entry["command"])
        source = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
        files = [source]
        if "/Unity/unity_" in source:
            with open(source, encoding="utf-8") as f:
                files = UNITY_INCLUDE.findall(f.read())
        for file in files:
            rel = os.path.relpath(file, ROOT)
            if rel.startswith("..") or os.path.abspath(file).startswith(os.path.abspath(build) + os.sep):
                continue  # Verilator's runtime, generated sources
            units.setdefault(rel, (entry["directory"], replace_source(entry["directory"], args, source, file)))
    add_lone_headers(units)
    under = lambda rel, paths: any(rel == p or rel.startswith(p + "/") for p in paths)
    return {f: u for f, u in units.items() if under(f, wanted) and not under(f, skipped)}


def add_lone_headers(units):
    """A header with no .cpp of its name is checked as a file of its own,
    with the flags of a file in its folder (or the nearest folder above)."""
    listed = subprocess.run(["git", "ls-files", "*.h"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    for header in listed:
        if os.path.splitext(header)[0] + ".cpp" in units or header in units:
            continue
        if not header.startswith(("src/", "sim/", "tests/")):
            continue
        folder = os.path.dirname(header)
        while folder and not any(os.path.dirname(f) == folder for f in units if f.endswith(".cpp")):
            folder = os.path.dirname(folder)
        donor = next((f for f in sorted(units) if os.path.dirname(f) == folder and f.endswith(".cpp")), None)
        if donor is None:
            continue
        directory, args = units[donor]
        donor_path = os.path.join(ROOT, donor)
        args = [a for a in args if a != donor_path]
        units[header] = (directory, args + ["-Wno-pragma-once-outside-header", "-x", "c++",
                                            os.path.join(ROOT, header)])


def replace_source(directory, args, old, new):
    """The unit's arguments for one of its files: no compiler, no -c, no -o."""
    out = []
    rest = iter(args[1:])
    for a in rest:
        if a == "-o":
            next(rest)
        elif a != "-c":
            out.append(new if os.path.normpath(os.path.join(directory, a)) == old else a)
    return out


def run_iwyu(directory, args):
    command = ["include-what-you-use", "-Xiwyu", "--mapping_file=" + MAPPING,
               "-Xiwyu", "--no_fwd_decls", "-Xiwyu", "--max_line_length=200",
               "-Wno-unknown-warning-option", "-Wno-ignored-optimization-argument"] + args
    done = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    return done.stderr + done.stdout


def unused_includes(report):
    """[(file, line, include)] of the "should remove" blocks in an IWYU report."""
    found = []
    current = None
    for line in report.splitlines():
        head = REMOVE_HEAD.match(line)
        if head:
            current = os.path.relpath(os.path.realpath(head.group(1)), ROOT)
            continue
        if current is None:
            continue
        if not line.strip():
            current = None
            continue
        entry = REMOVE_LINE.match(line)
        if entry:
            found.append((current, int(entry.group(2)), entry.group(1)))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", default=["src", "sim", "tests"])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--skip", nargs="*", default=[], metavar="PATH")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--verbose", action="store_true", help="print every IWYU report")
    opts = parser.parse_args()
    if shutil.which("include-what-you-use") is None:
        print("check_includes: include-what-you-use not found (Debian package iwyu)", file=sys.stderr)
        return 2
    strip = lambda p: os.path.relpath(os.path.abspath(p), ROOT)
    units = translation_units(opts.build, [strip(p) for p in opts.paths], [strip(p) for p in opts.skip])
    if not units:
        print("check_includes: no translation unit to check", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    findings, broken = set(), []
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        reports = {pool.submit(run_iwyu, d, a): f for f, (d, a) in sorted(units.items())}
        for future in concurrent.futures.as_completed(reports):
            report = future.result()
            if opts.verbose:
                print(report)
            if re.search(r"(^|\s)(fatal )?error:", report):
                broken.append((reports[future], report))
            for file, line, include in sorted(set(unused_includes(report)) - findings):
                print(f"{file}:{line}: unused {include}", flush=True)
                findings.add((file, line, include))
    for file, report in broken:
        print(f"check_includes: IWYU could not parse {file}:\n{report}", file=sys.stderr)
    print(f"check_includes: {len(units)} files, {len(findings)} unused includes, "
          f"{time.monotonic() - t0:.0f} s", file=sys.stderr)
    if broken:
        return 2
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
