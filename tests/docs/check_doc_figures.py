#!/usr/bin/env python3
"""Checks that figures the README and docs/ quote still come out of the
commands they name. Each check runs one quick command of this build's
anesim and looks for the figure, formatted as the document prints it, in the
document (whitespace-insensitive, so a figure may wrap across lines).

A refit or a model change that moves a quoted figure fails here with the
document, the command and the figure it now gives, so the docs are rerun
together with the change.

The chips paragraphs of docs/chips.md and the README are checked against
the chip registry as `anesim chips --json` reads it (the tables listing the
chips are generated and checked by scripts/chip_atlas.py).

Usage: check_doc_figures.py ANESIM SOURCE_DIR
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def run(anesim, args):
    done = subprocess.run([anesim, *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"'anesim {' '.join(args)}' failed ({done.returncode}): {done.stderr}")
    return done.stdout


def squeeze(text):
    return re.sub(r"\s+", " ", text)


class Checker:
    def __init__(self, anesim, source_dir):
        self.anesim = anesim
        self.source_dir = Path(source_dir)
        self.failures = []
        self.checked = 0

    def doc(self, name):
        return squeeze((self.source_dir / name).read_text())

    def expect(self, doc_name, args, figure):
        """The document quotes `figure`, which `anesim args` gives now."""
        self.checked += 1
        if squeeze(figure) not in self.doc(doc_name):
            self.failures.append(
                f"{doc_name}: 'anesim {' '.join(args)}' now gives \"{figure}\", which the document does not quote")

    def expect_pattern(self, doc_name, args, pattern, figure):
        """As expect, where the figure sits in a row matched by `pattern`."""
        self.checked += 1
        if not re.search(pattern, self.doc(doc_name)):
            self.failures.append(
                f"{doc_name}: 'anesim {' '.join(args)}' now gives {figure}, which its row does not quote")

    def json_run(self, args):
        return json.loads(run(self.anesim, [*args, "--json"]))


def check_m4_records(c, args, records):
    """Each M4 transfer's simulated time and error in docs/validation.md's M4
    table and in the shipped column of docs/ring-mechanism.md's table of
    readings."""
    by_shape = {}
    for r in records:
        if r["cout"]:
            # The MacBook Air's ANEForge GEMV has a Mac mini shape: its own rows.
            air = r["curve"].startswith("m4-air-")
            by_shape.setdefault((r["cout"], r["cin"], air), []).append(r)
    for (cout, cin, air), rows in by_shape.items():
        rows.sort(key=lambda r: r["split"])
        cells = [f"{r['simulated_us']:.0f} us ({r['error_pct']:+.1f} %)" for r in rows]
        for r, cell in zip(rows, cells):
            kind = "unsplit" if r["split"] == 1 else f"{r['split']} tasks"
            kind += ", ANEForge (Air)" if air else ""
            c.expect_pattern("docs/ring-mechanism.md", args,
                             re.escape(f"| {cout} x {cin}, {kind} | ") + r"[0-9]+ us \| " +
                             re.escape(cell + " |"), f"{cout} x {cin} {kind}: {cell}")
        if len(rows) == 2:
            a, b = rows
            row = (re.escape(f"| {cout} x {cin} (") + r"[^|]*" + re.escape(f"unsplit / {b['split']} tasks | ") +
                   r"[^|]* \| " + re.escape(f"{a['simulated_us']:.0f} / {b['simulated_us']:.0f} us | "
                                            f"{a['error_pct']:+.1f} / {b['error_pct']:+.1f} % |"))
            c.expect_pattern("docs/validation.md", args, row, f"{cout} x {cin}: {a['simulated_us']:.0f} / "
                             f"{b['simulated_us']:.0f} us")


def check_lists(c):
    """Every ring variant and subcommand `anesim --help` lists is documented:
    docs/cli.md and the README name each variant (a new line of the variant
    table), docs/cli.md's table has a row per subcommand (a new command)."""
    text = run(c.anesim, ["--help"])
    variants = re.search(r"--variant TEXT +ring variant: ([a-z0-9_, ]+) \(", text).group(1).split(", ")
    row = next(line for line in (c.source_dir / "docs/cli.md").read_text().splitlines()
               if line.startswith("| `--variant V` |"))
    for name in variants:
        c.checked += 2
        if f"`{name}`" not in row:
            c.failures.append(f"docs/cli.md: the --variant row does not list '{name}' ('anesim --help' does)")
        if f"`{name}`" not in c.doc("README.md"):
            c.failures.append(f"README.md: does not name the variant '{name}' ('anesim --help' lists it)")
    commands = re.findall(r"^  ([a-z]+) {2,}", text.split("Subcommands:", 1)[1], re.M)
    for name in commands:
        c.checked += 1
        if f"| `anesim {name}" not in c.doc("docs/cli.md"):
            c.failures.append(f"docs/cli.md: no row for 'anesim {name}' in the Subcommands table")
    if len(variants) < 2 or len(commands) < 2:
        c.failures.append("'anesim --help': cannot read its variants and subcommands")


def chip_title(name):
    """'m4-pro' -> 'M4 Pro', as docs/chips.md writes a chip in prose."""
    return " ".join(p.upper() if i == 0 else p.capitalize() for i, p in enumerate(name.split("-")))


def check_chip_lists(c):
    """The chips paragraphs of docs/chips.md and the README name the
    registry's first Mac chip and first phone chip ("from the M1 on"), as
    `anesim chips --json` reads it. The lists themselves are generated from
    the registry and checked by scripts/chip_atlas.py --check (the docs test
    chips_atlas_rows)."""
    chips = c.json_run(["chips"])
    macs = [chip for chip in chips if "Mac" in chip["family"]]
    others = [chip for chip in chips if "Mac" not in chip["family"]]
    for group, kind in ((macs, "the Mac chips from the "), (others, "the iPhone and iPad chips from the ")):
        span = f"{kind}{chip_title(group[0]['name'])} on"
        for doc in ("docs/chips.md", "README.md"):
            c.checked += 1
            if squeeze(span) not in c.doc(doc):
                c.failures.append(f"{doc}: its chips paragraph should name \"{span}\" "
                                  "(the registry's first)")


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    c = Checker(sys.argv[1], sys.argv[2])

    # The README's main job: every line its excerpt shows ("..." marks the
    # lines it leaves out) is a line of the command's summary.
    args = ["--variant", "bug", "--lines", "0x4000"]
    summary = run(c.anesim, args).splitlines()
    readme = (c.source_dir / "README.md").read_text()
    block = readme.split("The main job simulates", 1)[1].split("```", 2)[1]
    for line in block.strip("\n").splitlines():
        c.checked += 1
        if line.strip() != "..." and line not in summary:
            c.failures.append(f"README.md: the main job's excerpt shows \"{line}\"; "
                              f"'anesim {' '.join(args)}' does not print it")

    # The README's two set-up commands are, byte for byte, command lines of
    # CI's .ci/run, which runs them on a clean clone.
    setup = readme.split("## Quick start", 1)[1].split("```", 2)[1].splitlines()[1:]
    commands = [line for line in setup if line.strip() and not line.startswith("#")]
    ci_lines = (c.source_dir / ".ci/run").read_text().splitlines()
    c.checked += 1
    if len(commands) != 2:
        c.failures.append(f"README.md: the Quick start block has {len(commands)} commands, not 2")
    for command in commands:
        c.checked += 1
        if command not in ci_lines:
            c.failures.append(f"README.md: the set-up command \"{command}\" is not a line of .ci/run")

    check_lists(c)
    check_chip_lists(c)

    fix = c.json_run(["--variant", "fix", "--lines", "0x4000"])
    c.expect("README.md", ["--variant", "fix", "--lines", "0x4000"],
             f"runs at {fix['gbps']:.1f} GB/s ({fix['time_us']:.1f} us)")

    # docs/validation.md's M3 Air table: the published points, simulated.
    for args in (["--cin", "2016", "--cout", "4096"], ["--lines", "0x4000", "--split", "2"],
                 ["--lines", "0x4000", "--split", "4"]):
        result = c.json_run(args)
        c.expect_pattern("docs/validation.md", args, re.escape(f"`anesim {' '.join(args)}` | ") +
                         r"[0-9.]+ GB/s \| " + re.escape(f"{result['gbps']:.2f} GB/s ("),
                         f"{result['gbps']:.2f} GB/s")

    # docs/program-format.md, "Findings": the fused split, before and after.
    fused = str(c.source_dir / "tests/fixtures/programs/fused-split.mlmodelc")
    program = c.json_run(["program", fused, "--chip", "m4"])
    op = program["functions"][0]["weight_ops"][0]
    c.expect("docs/program-format.md", ["program", "fused-split.mlmodelc"],
             f"one weight of {op['lines_per_core']} lines per core")
    step = c.json_run(["decode", "--model", fused, "--chip", "m4"])
    c.expect("docs/program-format.md", ["decode --model fused-split.mlmodelc --chip m4"],
             f"takes {step['ms_per_token_before']:.3f} ms as compiled and "
             f"{step['ms_per_token_after']:.3f} ms with the split kept")

    # docs/chips.md, "Formats at their own rate": a cell of the per-format
    # table, and the M4 Pro int8 head's layouts as programs.
    step = c.json_run(["decode", "--model", "llama-3.2-1b", "--dtype", "int8", "--chip", "m4-pro",
                       "--split", "none"])
    c.expect_pattern("docs/chips.md", ["decode --model llama-3.2-1b --dtype int8 --chip m4-pro"],
                     r"\| H16 \| m4-pro \| [0-9.]+ ms \| " +
                     re.escape(f"{step['ms_per_token_before']:.2f} ms |"),
                     f"{step['ms_per_token_before']:.2f} ms")
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    sys.path.insert(0, str(c.source_dir / "tests" / "programs"))
    import program_fixtures  # noqa: E402 (the test tree's program writer)
    with tempfile.TemporaryDirectory() as tmp:
        for slices, splits, label in ((9, 1, "9 vocab slices"), (10, 1, "10 vocab slices"),
                                      (8, 2, "8 vocab slices x 2 column splits")):
            mil = str(Path(tmp) / f"head-{slices}-{splits}.mil")
            program_fixtures.logit_head(mil, slices, splits)
            head = c.json_run(["decode", "--model", mil, "--chip", "m4-pro", "--split", "none"])
            c.expect_pattern("docs/chips.md", ["decode --model HEAD.mil --chip m4-pro"],
                             re.escape(f"| {label} |") + r" [^|]+ \| [^|]+ \| " +
                             re.escape(f"{head['ms_per_token_before']:.3f} ms |"),
                             f"{head['ms_per_token_before']:.3f} ms")

    # The README's headline table, docs/validation.md's M4 table and
    # docs/ring-mechanism.md: the replay's MAPE.
    traces = [str(p) for folder in ("traces/m4-mini", "traces/m4-air")
              for p in sorted((c.source_dir / folder).glob("*.csv"))]
    replay = json.loads(run(c.anesim, ["replay", "--config", str(c.source_dir / "configs/chips/m4.yaml"),
                                       *traces, "-j", "1", "--json"]))
    replay_args = ["replay --config configs/chips/m4.yaml traces/m4-mini/*.csv traces/m4-air/*.csv"]
    c.expect("docs/validation.md", replay_args,
             f"| all 14 records, MAPE | | | {replay['overall']['mape_pct']:.2f} % |")
    c.expect("README.md", replay_args, f"| MAPE {replay['overall']['mape_pct']:.2f} % over the 14 records |")
    check_m4_records(c, replay_args, replay["records"])

    # The README's headline table: the M3 Air replay's fitted MAPE.
    m3_traces = [str(p) for p in sorted((c.source_dir / "traces/m3-air").glob("*.csv"))]
    m3_replay = json.loads(run(c.anesim, ["replay", *m3_traces, "-j", "1", "--json"]))
    c.expect("README.md", ["replay traces/m3-air/*.csv"],
             f"| MAPE {m3_replay['overall']['mape_pct']:.2f} % fitted,")

    # docs/ring-mechanism.md, section 5: B(x) on 2 cores scaled to 16.
    for x, variant, column in ((0, "bug", 2), (-64, "bug", 2), (-64, "page_budget", 3)):
        lines = 0x4000 + x
        result = c.json_run(["--variant", variant, "--lines", str(lines), "--cores", "2"])
        cells = [re.escape(f"{x:+d}" if x else "0"), str(min(abs(x), 256))] + ["[0-9.]+"] * 4
        cells[column] = re.escape(f"{result['gbps'] * 8:.1f}")
        c.checked += 1
        if not re.search(r"\| " + r" \| ".join(cells) + r" \|", c.doc("docs/ring-mechanism.md")):
            c.failures.append(f"docs/ring-mechanism.md: section 5's row x = {x} should read "
                              f"{result['gbps'] * 8:.1f} GB/s for {variant} "
                              f"('anesim --variant {variant} --lines {lines} --cores 2', x 8)")

    # docs/ring-mechanism.md, section 6: the M4's alignment prediction.
    m4 = ["--config", str(c.source_dir / "configs/chips/m4.yaml")]
    shifted = c.json_run([*m4, "--lines", "0x8000", "--base-line", "0x1000"])
    c.expect("docs/ring-mechanism.md", ["--config configs/chips/m4.yaml --lines 0x8000 --base-line 0x1000"],
             f"| {shifted['time_us']:.1f} us (both laps;")

    # docs/decode.md: the M3 prediction for Llama 3.2 1B.
    step = c.json_run(["decode", "--model", "llama-3.2-1b", "-j", "1"])
    c.expect("docs/decode.md", ["decode --model llama-3.2-1b"],
             f"| {step['ms_per_token_before']:.2f} | {step['ms_per_token_after']:.2f} | "
             f"{step['tokens_per_s_before']:.4g} | {step['tokens_per_s_after']:.4g} | "
             f"{step['gbps_before']:.2f} | {step['gbps_after']:.2f} |")

    # docs/advise.md, "Fleet": one shape on three chips, each chip's time
    # before and with the fleet's split as the text prints it.
    fleet_args = ["advise", "--cin", "4096", "--cout", "2048", "--chip", "m3,m4,m5-pro", "--exact"]
    for cost in c.json_run(fleet_args)["projections"][0]["chips"]:
        state = "affected" if cost["affected"] else "not affected"
        c.expect("docs/advise.md", fleet_args,
                 f"{cost['chip']} {state} {cost['time_us_before']:.2f} -> "
                 f"{cost['time_us_after']:.2f} us {cost['change_pct']:+.2f} %")

    for failure in c.failures:
        print(failure)
    print(f"{c.checked} figures checked, {len(c.failures)} stale")
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
