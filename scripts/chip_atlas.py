#!/usr/bin/env python3
"""The chip atlas of docs/chips.md: for every chip of `anesim chips`, the
predicted time and GB/s of the main job at 1 and 2 MiB per core (0x4000 and
0x8000 lines of 64 B, 16 cores), with the erratum and with the fix, and the
picture docs/img/chips-bandwidth.png (bandwidth against lines per core
across two laps, one curve per Neural Engine generation).

"With the erratum" is the chip's own ring (ane.ring_variant) where that is
not `fix`, else `bug`, the M3's erratum: what the chip would do if it had it.

    python3 scripts/chip_atlas.py build/anesim            # rewrite the table and the picture
    python3 scripts/chip_atlas.py build/anesim --check    # compare the doc's table with a rerun
    python3 scripts/chip_atlas.py build/anesim --check m1,m4-pro   # only these rows
"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "chips.md"
BEGIN, END = "<!-- atlas: begin -->", "<!-- atlas: end -->"
# One curve per Neural Engine generation (H16: the M4; the M5 has the M4's ring).
CURVES = [("m1", "H13"), ("m2", "H14"), ("m3", "H15"), ("m4", "H16"), ("m5-pro", "H17")]


def anesim(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"anesim {' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def erratum_ring(chip):
    return chip["ring"] if chip["ring"] != "fix" else "bug"


def row(binary, chip):
    cells = []
    for lines in ("0x4000", "0x8000"):
        for variant in (erratum_ring(chip), "fix"):
            j = json.loads(anesim(binary, "--chip", chip["name"], "--variant", variant,
                                  "--lines", lines, "--json"))
            cells.append(f"{j['time_us']:.1f} us, {j['gbps']:.1f}")
    verdict = {True: "affected", False: "not affected", None: "unknown"}[chip["affected"]]
    if chip["verdict_from"] == "generation":
        verdict += "*"  # no evidence of the chip's own: its generation's
    return (f"| {chip['name']} | {chip['generation']} | {chip['memory']} | "
            f"{chip['peak_gbps']:.1f} | {chip['ring']} | {verdict} | {chip['confidence']} | "
            f"{chip['evidence']} | {erratum_ring(chip)} | " + " | ".join(cells) + " |")


HEADER = ("| chip | ANE | memory | peak GB/s | ring | notch | confidence | evidence | erratum "
          "| 1 MiB, erratum | 1 MiB, fix | 2 MiB, erratum | 2 MiB, fix |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|")


# The per-format table: one chip per Neural Engine generation, Llama 3.2 1B.
FORMAT_CHIPS = [("H13", "m1"), ("H14", "m2"), ("H15", "m3"), ("H16", "m4-pro"), ("H16", "a17-pro"),
                ("H17", "m5-pro"), ("H17", "a18-pro")]
FORMATS = ["fp16", "int8", "int4", "lut4"]
FORMATS_BEGIN, FORMATS_END = "<!-- formats: begin -->", "<!-- formats: end -->"


def format_ms(binary, chip, dtype):
    j = json.loads(anesim(binary, "decode", "--model", "llama-3.2-1b", "--dtype", dtype,
                          "--chip", chip, "--split", "none", "--json"))
    return j["ms_per_token_before"]


def format_table(binary):
    rows = ["| generation | chip | " + " | ".join(FORMATS) + " |",
            "|---|---|" + "---|" * len(FORMATS)]
    for generation, chip in FORMAT_CHIPS:
        cells = [f"{format_ms(binary, chip, d):.2f} ms" for d in FORMATS]
        rows.append(f"| {generation} | {chip} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def plot(binary):
    img = ROOT / "docs" / "img" / "chips-bandwidth.png"
    with tempfile.TemporaryDirectory() as tmp:
        series = []
        for name, generation in CURVES:
            chip = next(c for c in json.loads(anesim(binary, "chips", "--json"))
                        if c["name"] == name)
            csv = os.path.join(tmp, f"{name}.csv")
            anesim(binary, "sweep", "--chip", name, "--lines-range", "0x200:0x8800:0x200",
                   "--variants", chip["ring"], "--csv", csv)
            series.append((csv, f"{generation} ({name}, {chip['ring']})"))
        curves = ", ".join(f"'{csv}' using ($8/16384):13 with linespoints pt 7 ps 0.4 "
                           f"title '{title}'" for csv, title in series)
        script = ("set terminal pngcairo size 900,520\n"
                  f"set output '{img}'\nset datafile separator ','\nset key top left\n"
                  # Names as written (relatch_epoch1, not a subscript); x as far as the data.
                  "set termoption noenhanced\nset autoscale xfix\n"
                  "set xlabel 'lines per core (MiB per core)'\nset ylabel 'GB/s'\n"
                  "set grid\nplot " + curves + "\n")
        subprocess.run(["gnuplot"], input=script, text=True, check=True)


def main():
    binary, rest = sys.argv[1], sys.argv[2:]
    chips = json.loads(anesim(binary, "chips", "--json"))
    if rest and rest[0] == "--check":
        only = set(rest[1].split(",")) if len(rest) > 1 else None
        doc = DOC.read_text()
        bad = [r for c in chips if only is None or c["name"] in only
               for r in [row(binary, c)] if r not in doc]
        for r in bad:
            print(f"docs/chips.md lacks the row a rerun gives:\n{r}")
        sys.exit(1 if bad else 0)
    table = HEADER + "\n" + "\n".join(row(binary, c) for c in chips)
    text = DOC.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    text = text[:start] + "\n" + table + "\n" + text[end:]
    start, end = text.index(FORMATS_BEGIN) + len(FORMATS_BEGIN), text.index(FORMATS_END)
    DOC.write_text(text[:start] + "\n" + format_table(binary) + "\n" + text[end:])
    plot(binary)


if __name__ == "__main__":
    main()
