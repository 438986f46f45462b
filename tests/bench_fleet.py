#!/usr/bin/env python3
"""Benchmark of the advisor at fleet scale (docs/performance.md, "The
advisor at fleet scale"): prints the figures the docs quote; not a unit test
(timings depend on the machine). Run pinned to one core:

  PYTHONPATH=build/python taskset -c 1 python3 tests/bench_fleet.py calls
  PYTHONPATH=build/python taskset -c 1 python3 tests/bench_fleet.py fresh
  PYTHONPATH=build/python taskset -c 1 python3 tests/bench_fleet.py coverage --shapes 10000
  PYTHONPATH=build/python python3 tests/bench_fleet.py exact --shapes 40 --max-mib 256
  PYTHONPATH=build/python taskset -c 1 python3 tests/bench_fleet.py model70b

calls: warm advise() through a Config, chip=, config= path and chips="all",
side by side in one run: the median of --calls calls each.
fresh: a new interpreter's first fleet question (import included), --runs times.
coverage: seeded random shapes, uniform in log size from 1 line to 1 GiB
per core, in --dtypes formats in turn (default fp16), on every chip with
simulate="never": how many the tables answer and the slowest answer.
exact: a seeded sample of such shapes (up to --max-mib per core), on each
--chips chip (default the M3 and the M4) in each --dtypes format (default
fp16), answered from the table and with exact=True: the decisions that
agree and the largest time error. A format the chip's engine drains at its
own rate is answered from the table of that rate:

  PYTHONPATH=build/python python3 tests/bench_fleet.py exact --shapes 40 --max-mib 16 \
      --chips m4,m5,a18 --dtypes int8,int4,lut4
laws: the table's laws past its samples (docs/advise.md, "Timing tables")
against one simulation each: --laps whole laps plus each --x, on each
--chips chip's own ring (`anesim.run`, one core).

  PYTHONPATH=build/python python3 tests/bench_fleet.py laws --chips m3,m4 --laps 80,128 --x 0,100

batch: `anesim advise --batch` of --lines seeded single-chip shapes (M4), and
of as many all-chip questions, against one `anesim advise --json` process
per shape for the first --processes of them, side by side (--anesim: the
binary, default build/anesim).

model70b: advise_model of Llama 3.1 70B (its published config.json) on
every chip in a fresh interpreter, tables shipped, the cache emptied first.
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

import anesim

LAP = 0x4000
MAX_LINES = 1 << 24  # 1 GiB per core
LLAMA_70B = {"model_type": "llama", "hidden_size": 8192, "intermediate_size": 28672,
             "num_hidden_layers": 80, "num_attention_heads": 64, "num_key_value_heads": 8,
             "vocab_size": 128256, "tie_word_embeddings": False}


def median_us(call, calls):
    times = []
    for _ in range(calls):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def calls(args):
    config = anesim.Config.load("configs/chips/m4.yaml")
    anesim.advise(4096, 2048, chips="all")  # warm: every description read once
    cases = [("Config (M4)", lambda: anesim.advise(4096, 2048, config=config)),
             ('chip="m4"', lambda: anesim.advise(4096, 2048, chip="m4")),
             ('chip="m4-pro"', lambda: anesim.advise(4096, 2048, chip="m4-pro")),
             ('config="configs/chips/m4.yaml"', lambda: anesim.advise(4096, 2048, config="configs/chips/m4.yaml")),
             ('chips="all"', lambda: anesim.advise(4096, 2048, chips="all"))]
    base = None
    for name, call in cases:
        us = median_us(call, args.calls if "all" not in name else max(1, args.calls // 10))
        base = base or us
        print(f"{name:28s} {us:10.1f} us a call (median)  {us / base:6.2f}x the Config call")


def fresh(args):
    code = ("import time; t0 = time.perf_counter(); import anesim; "
            "a = anesim.advise(4096, 2048, chips='all'); print(time.perf_counter() - t0)")
    times = [float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                  text=True).stdout) for _ in range(args.runs)]
    print(f"first fleet question in a fresh interpreter: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s over {args.runs} runs (import included)")


BITS = {"fp16": 16, "int8": 8, "uint8": 8, "int4": 4, "lut4": 4, "lut6": 6}


def per_channel_lines(cout, dtype="fp16"):
    """Lines per core of one input channel (its palette left out)."""
    return -(-cout // 16) * BITS[dtype] / 8 / 64


def random_shape(rng, max_lines, dtype="fp16"):
    lines = int(math.exp(rng.uniform(0, math.log(max_lines))))
    cout = rng.choice([16, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072])
    per_channel = per_channel_lines(cout, dtype)
    cin = max(1, round(lines / per_channel))
    while cin > 1 and int(cin * per_channel) > max_lines:
        cin -= 1
    return cin, cout


def coverage(args):
    rng = random.Random(args.seed)
    chips = [c["name"] for c in anesim.chips()]
    dtypes = args.dtypes.split(",")
    shapes = [(*random_shape(rng, MAX_LINES, dtypes[i % len(dtypes)]), dtypes[i % len(dtypes)])
              for i in range(args.shapes)]
    t0 = time.perf_counter()
    for chip in chips:  # each chip's description and table read once
        anesim.advise(4096, 2048, chip=chip, simulate="never")
    print(f"first call on each of {len(chips)} chips (its table read): "
          f"{(time.perf_counter() - t0) * 1e3:.1f} ms in all")
    answered, slowest, total = 0, 0.0, 0.0
    for cin, cout, dtype in shapes:
        for chip in chips:
            t0 = time.perf_counter()
            try:
                anesim.advise(cin, cout, chip=chip, dtype=dtype, simulate="never")
                answered += 1
            except anesim.NeedsSimulationError as e:
                print(f"not answered: {cin} x {cout} {dtype} on {chip}: {e}")
            dt = time.perf_counter() - t0
            slowest, total = max(slowest, dt), total + dt
    n = len(shapes) * len(chips)
    print(f"{answered} of {n} questions ({len(shapes)} shapes x {len(chips)} chips, "
          f"{args.dtypes}, up to 1 GiB per core) answered from the tables; mean "
          f"{total / n * 1e6:.1f} us, slowest {slowest * 1e3:.3f} ms")


def exact(args):
    rng = random.Random(args.seed)
    max_lines = args.max_mib * LAP
    chips, dtypes = args.chips.split(","), args.dtypes.split(",")
    worst, same, n = 0.0, 0, 0
    for i in range(args.shapes):
        dtype = dtypes[i % len(dtypes)]
        cin, cout = random_shape(rng, max_lines, dtype)
        if i % 3 == 0:  # a third at a whole number of laps, or next to one
            k = rng.randint(min(9, max_lines // LAP), max(9, max_lines // LAP))
            per_channel = per_channel_lines(cout, dtype)
            cin = max(1, round((k * LAP + rng.randint(-255, 255)) / per_channel))
        row = []
        for chip in chips:
            table = anesim.advise(cin, cout, chip=chip, dtype=dtype, simulate="never")
            sim = anesim.advise(cin, cout, chip=chip, dtype=dtype, exact=True)
            keys = ("affected", "advice", "split", "chunk_cin")
            agree = all(table[k] == sim[k] for k in keys)
            same += agree
            n += 1
            err = max(abs(table[key] / sim[key] - 1) for key in ("time_us_before", "time_us_after"))
            worst = max(worst, err)
            row.append(f"{chip} {'agrees' if agree else 'DIFFERS'} {100 * err:.3f} %")
            if err > 0.005 or not agree:
                print(f"{chip} {dtype} {cin} x {cout} ({table['lines_per_core']} lines): "
                      + ", ".join(f"{k} {table[k]} vs {sim[k]}" for k in keys + (
                          "time_us_before", "time_us_after")))
        lines = table["lines_per_core"]
        print(f"{i + 1}/{args.shapes}: {dtype} {cin} x {cout}, {lines} lines per core "
              f"({lines / LAP:.2f} laps): {'; '.join(row)}; worst so far {100 * worst:.3f} %",
              flush=True)
    print(f"{same} of {n} decisions agree; largest time error {100 * worst:.3f} % "
          f"({args.shapes} shapes up to {args.max_mib} MiB per core, {args.chips}, "
          f"{args.dtypes})")


def laws(args):
    worst = 0.0
    for chip in args.chips.split(","):
        for k in map(int, args.laps.split(",")):
            for x in map(int, args.x.split(",")):
                lines = k * LAP + x
                # cout 16: one row group, lines = cin * 2 / 64.
                table = anesim.advise(lines * 32, 16, chip=chip, simulate="never")
                assert table["lines_per_core"] == lines
                sim = anesim.run(lines=lines, chip=chip, cores=1)["time_us"]
                err = table["time_us_before"] / sim - 1
                worst = max(worst, abs(err))
                print(f"{chip:8s} {k:4d} laps {x:+5d}: table {table['time_us_before']:11.2f} us, "
                      f"simulated {sim:11.2f} us ({100 * err:+.3f} %)", flush=True)
    print(f"largest error {100 * worst:.3f} %")


def batch(args):
    rng = random.Random(args.seed)
    shapes = [random_shape(rng, 64 * LAP) for _ in range(args.lines)]
    with tempfile.TemporaryDirectory() as d:
        timings = {}
        for name, chip in (("one chip", {"chip": "m4"}), ("all chips", {"chips": "all"})):
            path = os.path.join(d, "questions.jsonl")
            with open(path, "w") as f:
                for i, (cin, cout) in enumerate(shapes):
                    f.write(json.dumps({"id": i, "cin": cin, "cout": cout, **chip}) + "\n")
            t0 = time.perf_counter()
            subprocess.run([args.anesim, "advise", "--batch", path], check=True,
                           stdout=subprocess.DEVNULL)
            timings[name] = time.perf_counter() - t0
        t0 = time.perf_counter()
        for cin, cout in shapes[:args.processes]:
            subprocess.run([args.anesim, "advise", "--cin", str(cin), "--cout", str(cout), "--chip",
                            "m4", "--json"], check=True, stdout=subprocess.DEVNULL)
        per_process = (time.perf_counter() - t0) / args.processes
    one = timings["one chip"] / args.lines
    print(f"--batch, one chip: {timings['one chip']:.3f} s for {args.lines} shapes "
          f"({one * 1e6:.0f} us each); a process per shape: {per_process * 1e3:.1f} ms each "
          f"({per_process / one:.0f}x); --batch, all chips: {timings['all chips']:.2f} s")


def model70b(args):
    with tempfile.TemporaryDirectory() as d:
        folder = os.path.join(d, "Llama-3.1-70B")
        os.mkdir(folder)
        with open(os.path.join(folder, "config.json"), "w") as f:
            json.dump(LLAMA_70B, f)
        code = ("import time, sys; t0 = time.perf_counter(); import anesim; "
                "a = anesim.advise_model(sys.argv[1], chips='all', simulate='never'); "
                "print(time.perf_counter() - t0, len(a['chips']))")
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(d, "cache"))
        out = subprocess.run([sys.executable, "-c", code, os.path.join(folder, "config.json")],
                             check=True, capture_output=True, text=True, env=env).stdout.split()
        print(f"advise_model(Llama 3.1 70B, chips='all') in a fresh interpreter, empty cache: "
              f"{float(out[0]):.3f} s for {out[1]} chips, every answer from the tables")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    c = sub.add_parser("calls")
    c.add_argument("--calls", type=int, default=10000)
    f = sub.add_parser("fresh")
    f.add_argument("--runs", type=int, default=5)
    v = sub.add_parser("coverage")
    v.add_argument("--shapes", type=int, default=10000)
    v.add_argument("--seed", type=int, default=20261206)
    v.add_argument("--dtypes", default="fp16")
    e = sub.add_parser("exact")
    e.add_argument("--shapes", type=int, default=40)
    e.add_argument("--max-mib", type=int, default=256)
    e.add_argument("--seed", type=int, default=20261206)
    e.add_argument("--chips", default="m3,m4")
    e.add_argument("--dtypes", default="fp16")
    w = sub.add_parser("laws")
    w.add_argument("--chips", default="m3,m4")
    w.add_argument("--laps", default="12,80")
    w.add_argument("--x", default="0,-128,100")
    b = sub.add_parser("batch")
    b.add_argument("--lines", type=int, default=1000)
    b.add_argument("--processes", type=int, default=50)
    b.add_argument("--seed", type=int, default=20261206)
    b.add_argument("--anesim", default="build/anesim")
    sub.add_parser("model70b")
    args = p.parse_args()
    {"calls": calls, "fresh": fresh, "coverage": coverage, "exact": exact, "laws": laws, "batch": batch,
     "model70b": model70b}[args.what](args)


if __name__ == "__main__":
    main()
