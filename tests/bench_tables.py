#!/usr/bin/env python3
"""Benchmark of the timing tables (docs/advise.md, "Timing tables"): prints
the figures the docs quote; not a unit test (timings depend on the machine).

  PYTHONPATH=build/python python3 tests/bench_tables.py agree --shapes 2000
  PYTHONPATH=build/python python3 tests/bench_tables.py calls --calls 10000

agree: seeded random shapes across the shipped descriptions, each advised from
the table and with exact=True (every time simulated); prints how many
decisions (affected, advice, split, chunks, padding) agree and the relative
errors of the predicted times. Shapes: fp16 and int8 payload sizes (int8 as
its fp16 twin of half the channels: the same lines per core), 1x1 and 3x3
(cin*9), a third within +-512 lines of a MiB multiple, payloads up to
--max-mib MiB per core.
calls: --calls anesim.advise calls from the table, one thread, in seconds.
steps: each --models preset on each --chips description, its three decode steps
(unsplit, advised, fixed ring) composed from the table and simulated
(exact=True); prints each step's relative error and their summary. With
--dtypes, every weight in each of those formats in turn: a format the chip's
engine drains at its own rate reads the table of that rate.

  PYTHONPATH=build/python python3 tests/bench_tables.py steps --chips m3,m4
  PYTHONPATH=build/python python3 tests/bench_tables.py steps --chips m4,m5-pro \
      --models llama-3.2-1b,qwen3-4b --dtypes int8,int4,lut4
"""

import argparse
import random
import statistics
import sys
import time

import anesim

CONFIGS = [None, "configs/chips/m4.yaml"]  # the built-in M3 Air and the M4
COUTS = [1024, 2048, 3072, 4096, 5120, 8192, 11008, 14336]
LAP = 0x4000
MODELS = ["aneforge-decoder", "aneforge-decoder-int8", "deephermes-3-3b", "deephermes-3-8b",
          "deepseek-r1-8b", "gemma-3-4b", "llama-3.1-8b", "llama-3.2-1b", "llama-3.2-3b",
          "llama-step-synthetic", "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b",
          "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b"]


def lines(cin, cout):
    return -(-cout // 16) * cin * 2 // 64


def random_shape(rng, max_lines):
    cout = rng.choice(COUTS)
    kernel = rng.choice([1, 9])  # 1x1, or 3x3 as cin*9
    int8 = rng.random() < 0.5  # an int8 layer: its fp16 twin has half the channels
    per_channel = -(-cout // 16) * 2 / 64
    if rng.random() < 1 / 3:
        k = rng.randint(1, max(1, max_lines // LAP))
        target = k * LAP + rng.randint(-512, 512)
        cin = max(1, round(target / per_channel))
    else:
        cin = rng.randint(1, max(1, int(max_lines / per_channel)))
    if kernel == 9:
        cin = max(9, cin // 9 * 9)
    if int8:
        cin = max(1, cin // 2 * 2)
    return cin, cout


def agree(args):
    rng = random.Random(args.seed)
    max_lines = int(args.max_mib * LAP)
    same = total = 0
    errors = []
    started = time.time()
    for i in range(args.shapes):
        config = CONFIGS[i % len(CONFIGS)]
        cin, cout = random_shape(rng, max_lines)
        t = anesim.advise(cin, cout, config=config)
        e = anesim.advise(cin, cout, config=config, exact=True, jobs=args.jobs)
        keys = ["affected", "advice", "split", "chunk_cin", "padding_cin", "clearing_split"]
        ok = all(t.get(k) == e.get(k) for k in keys)
        same += ok
        total += 1
        if not ok:
            print(f"differs: {config} cin={cin} cout={cout} lines={lines(cin, cout)}: "
                  + ", ".join(f"{k} {t.get(k)} vs {e.get(k)}" for k in keys if t.get(k) != e.get(k)))
        for k in ["time_us_before", "time_us_after"]:
            errors.append(abs(t[k] - e[k]) / e[k])
            if errors[-1] > args.report_above / 100:
                print(f"time error {100 * errors[-1]:.2f} %: {config} cin={cin} cout={cout} "
                      f"lines={lines(cin, cout)} {k}: table {t[k]:.3f} us, exact {e[k]:.3f} us")
        if args.progress and total % 50 == 0:
            print(f"  {time.time() - started:.0f} s: " + summary(same, total, errors), file=sys.stderr)
    print(summary(same, total, errors))


def summary(same, total, errors):
    e = sorted(errors)
    return (f"decisions: {same} of {total} shapes agree with the exact simulation; time error: "
            f"median {100 * statistics.median(e):.4f} %, p99 {100 * e[int(0.99 * (len(e) - 1))]:.4f} %, "
            f"worst {100 * e[-1]:.4f} %")


def calls(args):
    rng = random.Random(args.seed)
    shapes = [random_shape(rng, int(args.max_mib * LAP)) for _ in range(args.calls)]
    for cin, cout in shapes:  # first answers (a table miss lands in the disk cache)
        anesim.advise(cin, cout)
    start, cpu = time.perf_counter(), time.process_time()
    for cin, cout in shapes:
        anesim.advise(cin, cout)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{args.calls} anesim.advise calls: {cpu:.3f} s of CPU ({1e6 * cpu / args.calls:.1f} us "
          f"each), {elapsed:.3f} s wall")


STEP_KEYS = {"before": "tokens_per_s_before", "after": "tokens_per_s_after",
             "fix": "tokens_per_s_fix_variant"}


def steps(args):
    errors = []
    started = time.time()
    for chip in args.chips.split(","):
        for model in args.models.split(","):
            for dtype in args.dtypes.split(","):
                # "" keeps each preset's own formats.
                kw = {"dtype": dtype} if dtype else {}
                t = anesim.advise_model(model, chip=chip, **kw)
                e = anesim.advise_model(model, chip=chip, exact=True, jobs=args.jobs, **kw)
                what = f"{chip} {model}" + (f" {dtype}" if dtype else "")
                if t["step_times_from"] != "timing table":
                    print(f"{what}: steps not composed ({t['step_times_from']})")
                    continue
                row = []
                for name, key in STEP_KEYS.items():
                    composed, simulated = 1e6 / t[key], 1e6 / e[key]
                    errors.append(abs(composed - simulated) / simulated)
                    row.append(f"{name} {composed:.1f} vs {simulated:.1f} us "
                               f"({100 * errors[-1]:.3f} %)")
                print(f"{what}: " + ", ".join(row), flush=True)
    e = sorted(errors)
    print(f"{len(e)} steps composed from the table against simulated: median "
          f"{100 * statistics.median(e):.3f} %, worst {100 * e[-1]:.3f} % "
          f"({time.time() - started:.0f} s)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("what", choices=["agree", "calls", "steps"])
    p.add_argument("--shapes", type=int, default=2000)
    p.add_argument("--calls", type=int, default=10000)
    p.add_argument("--max-mib", type=float, default=4.0)
    p.add_argument("--seed", type=int, default=30)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--progress", action="store_true")
    p.add_argument("--chips", default="m3,m4", help="steps: descriptions, comma-separated")
    p.add_argument("--models", default=",".join(MODELS), help="steps: presets, comma-separated")
    p.add_argument("--dtypes", default="",
                   help="steps: weight formats, comma-separated (default: each preset's own)")
    p.add_argument("--report-above", type=float, default=2.0,
                   help="agree: print each shape whose time error is above this many %% (default 2)")
    args = p.parse_args()
    {"agree": agree, "calls": calls, "steps": steps}[args.what](args)


if __name__ == "__main__":
    main()
