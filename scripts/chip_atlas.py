#!/usr/bin/env python3
"""The tables of docs/chips.md that come from the chip registry, and the
picture beside them. From `anesim chips` and `anesim chips --generations`
alone (no simulation): the table of Neural Engine generations with their
chips, and the table of phone and tablet chips. Simulated: the atlas, for
every chip the predicted time and GB/s of the main job at 1 and 2 MiB per
core (0x4000 and 0x8000 lines of 64 B, 16 cores), with the erratum and with
the fix; the per-format table; and docs/img/chips-bandwidth.png (bandwidth
against lines per core across two laps, one curve per generation).

"With the erratum" is the chip's own ring (ane.ring_variant) where that is
not `fix`, else `bug`, the M3's erratum: what the chip would do if it had it.

    python3 scripts/chip_atlas.py build/anesim            # rewrite every table and the picture
    python3 scripts/chip_atlas.py build/anesim --tables   # rewrite the registry's tables only
    python3 scripts/chip_atlas.py build/anesim --check    # compare the doc with a rerun
    python3 scripts/chip_atlas.py build/anesim --check m1,m4-pro   # only these atlas rows

--check compares the registry's tables whole and the atlas rows named (all
by default); it exits 1 listing what differs.
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


GENERATIONS_BEGIN, GENERATIONS_END = "<!-- generations: begin -->", "<!-- generations: end -->"
PHONES_BEGIN, PHONES_END = "<!-- phones: begin -->", "<!-- phones: end -->"


def chip_title(name):
    """'m4-pro' -> 'M4 Pro', as the doc writes a chip in prose."""
    return " ".join(p.upper() if i == 0 else p.capitalize() for i, p in enumerate(name.split("-")))


def is_mac(chip):
    return "Mac" in chip["family"]


def generations_table(binary, chips):
    by_name = {c["name"]: c for c in chips}
    rows = ["| generation | ring | verdict | confidence | Mac chips | phone and tablet chips |",
            "|---|---|---|---|---|---|"]
    for g in json.loads(anesim(binary, "chips", "--generations", "--json")):
        macs = [chip_title(n) for n in g["chips"] if is_mac(by_name[n])]
        others = [chip_title(n) for n in g["chips"] if not is_mac(by_name[n])]
        rows.append(f"| {g['name']} | `{g['ring']}` | {g['verdict']} | {g['confidence']} | "
                    f"{', '.join(macs) or '-'} | {', '.join(others) or '-'} |")
    return "\n".join(rows)


def description_base(chip):
    """The chip an overlay description builds on (its `base:` key), or '-'."""
    for line in Path(chip["config"]).read_text().splitlines():
        if line.startswith("base:"):
            return f"`{line.split(':', 1)[1].split('#', 1)[0].strip()}`"
    return "-"


def phones_table(chips):
    rows = ["| chip | devices | generation | memory | peak GB/s | base |",
            "|---|---|---|---|---|---|"]
    for c in chips:
        if not is_mac(c):
            rows.append(f"| `{c['name']}` | {', '.join(c['devices'])} | {c['generation']} | "
                        f"{c['memory']} | {c['peak_gbps']:.1f} | {description_base(c)} |")
    return "\n".join(rows)


def between(text, begin, end):
    return text.split(begin, 1)[1].split(end, 1)[0].strip("\n")


def replaced(text, begin, end, table):
    start, stop = text.index(begin) + len(begin), text.index(end)
    return text[:start] + "\n" + table + "\n" + text[stop:]


def registry_tables(binary, chips):
    return [(GENERATIONS_BEGIN, GENERATIONS_END, generations_table(binary, chips)),
            (PHONES_BEGIN, PHONES_END, phones_table(chips))]


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
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    binary, rest = sys.argv[1], sys.argv[2:]
    chips = json.loads(anesim(binary, "chips", "--json"))
    text = DOC.read_text()
    if rest and rest[0] == "--check":
        only = set(rest[1].split(",")) if len(rest) > 1 else None
        bad = [f"docs/chips.md: the table between {begin} and {end} differs from what "
               f"the registry gives (rewrite: scripts/chip_atlas.py BINARY --tables):\n{table}"
               for begin, end, table in registry_tables(binary, chips)
               if between(text, begin, end) != table]
        atlas = between(text, BEGIN, END)
        listed = [line.split("|")[1].strip() for line in atlas.splitlines()[2:]]
        if listed != [c["name"] for c in chips]:
            bad.append(f"docs/chips.md: the atlas lists {', '.join(listed)}; the registry "
                       f"('anesim chips'): {', '.join(c['name'] for c in chips)}")
        bad += [f"docs/chips.md lacks the atlas row a rerun gives:\n{r}"
                for c in chips if only is None or c["name"] in only
                for r in [row(binary, c)] if r not in atlas.splitlines()]
        print("\n".join(bad))
        sys.exit(1 if bad else 0)
    for begin, end, table in registry_tables(binary, chips):
        text = replaced(text, begin, end, table)
    if rest == ["--tables"]:
        DOC.write_text(text)
        return
    if rest:
        sys.exit(__doc__)
    text = replaced(text, BEGIN, END, HEADER + "\n" + "\n".join(row(binary, c) for c in chips))
    DOC.write_text(replaced(text, FORMATS_BEGIN, FORMATS_END, format_table(binary)))
    plot(binary)


if __name__ == "__main__":
    main()
