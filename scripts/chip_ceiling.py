#!/usr/bin/env python3
"""The port a chip's description needs to meet its published streaming ceiling.

anemll-bench (Anemll/anemll-bench, Results.MD @ 5c434f28) times an fp16
lm_head, 128256 x 4096 (1,050,673,152 B of weights), through Core ML from
Python: host overhead is in its time, so the chip streams at least that fast.
The model's time for the same stream (16 cores, ceil(128256/16) * 4096 * 2 B =
1,026,048 lines per core, off the notch) may therefore not exceed the
published time. This script prints the model's time with the chip's
description as it is and, when that is too slow, the slowest per-core port
(fabric.port_cycles_per_line, rounded down to 0.01 CK) whose time does not
exceed the published one, launch, dispatch and the clock boost included
(estimated by their sum, then checked by a simulation).

For the H17 parts, which have no anemll-bench row, the bound is an fp16 GEMV
on the M5 Pro's Neural Engine (sbryngelson/ANEForge,
gemv_bandwidth_sweep_results.json, min latency): 8192 x 8192 (134,217,728 B,
131,072 lines per core, exactly 8 MiB per core) in 0.9412 ms, 143 GB/s. The
M5 Max has the M5 Pro's port (its base): its own published figure, up to
116 GB/s of chained small convs (4rg0naut/silicon-ledger-public EXP-022),
is below it.

    PYTHONPATH=build/python python3 scripts/chip_ceiling.py m4-pro
"""
import sys

import anesim

LM_HEAD_BYTES = 128256 * 4096 * 2
LINES_PER_CORE = -(-128256 // 16) * 4096 * 2 // 64
# anemll-bench fp16 lm_head: GB/s, and ms where published (Results.MD).
PUBLISHED = {
    "m1": (60.87, None), "m1-pro": (54.90, None), "m1-max": (54.62, None),
    "m2": (60.45, None), "m2-max": (62.01, None), "m3": (63.10, 16.65),
    "m3-max": (120.22, None), "m4": (64.18, 16.37), "m4-pro": (126.36, None),
    "m4-max": (120.24, 8.74), "m5": (70.21, None),
}
KEY = "fabric.port_cycles_per_line"
# name: (lines per core, bytes, published us): a GEMV where anemll-bench has no row.
GEMV = {"m5-pro": (-(-8192 // 16) * 8192 * 2 // 64, 8192 * 8192 * 2, 941.2)}
LINES = {}  # the bound's lines per core, by chip


def model_us(cfg, name):
    return anesim.run(lines=LINES.get(name, LINES_PER_CORE), variant="fix", config=cfg)["time_us"]


def analytic_us(cfg, port, lines=LINES_PER_CORE):
    """Launch, one dispatch, the stream at the port rate, and the lines the
    port delivers late before the boost (the clock at start_clock_mhz)."""
    f, start = cfg["dram.clock_mhz"], cfg["power.start_clock_mhz"]
    fixed = cfg["ane.launch_overhead_cycles"] + cfg["ane.task_dispatch_cycles"]
    boost = cfg["power.boost_after_cycles"] * (1 / start - 1 / f)
    return fixed / f + lines * port / f + boost


def main(name):
    if name not in PUBLISHED and name not in GEMV:
        sys.exit(f"{name}: no anemll-bench row or GEMV (known: {', '.join([*PUBLISHED, *GEMV])})")
    if name in GEMV:
        lines, total_bytes, limit_us = GEMV[name]
        LINES[name] = lines
        gbps = round(total_bytes / (limit_us * 1e3), 2)
    else:
        lines, total_bytes = LINES_PER_CORE, LM_HEAD_BYTES
        gbps, ms = PUBLISHED[name]
        limit_us = ms * 1000 if ms else LM_HEAD_BYTES / (gbps * 1e3)
    path = next(c["config"] for c in anesim.chips() if c["name"] == name)
    cfg = anesim.Config.load(path)
    port, clock = cfg[KEY], cfg["dram.clock_mhz"]
    print(f"{name}: published {limit_us:.1f} us ({gbps} GB/s); {KEY} {port} "
          f"gives about {analytic_us(cfg, port, lines):.1f} us")
    if analytic_us(cfg, port, lines) > limit_us:
        # The slowest port the bound allows, by the sum above; the run checks it.
        fixed = analytic_us(cfg, 0, lines)
        port = int((limit_us - fixed) * clock / lines * 100) / 100
    t = model_us(cfg.with_overrides({KEY: port}), name)
    print(f"  {KEY} {port}: {t:.1f} us simulated")
    for _ in range(3):  # the run is a little slower than the sum: step down
        if t <= limit_us:
            break
        port = int((port - (t - limit_us) * clock / lines) * 100) / 100
        t = model_us(cfg.with_overrides({KEY: port}), name)
        print(f"  {KEY} {port}: {t:.1f} us simulated")
    print(f"{name}: {KEY} {port} -> {t:.1f} us, {total_bytes / t / 1e3:.2f} GB/s "
          f"({'meets' if t <= limit_us else 'MISSES'} the published bound)", flush=True)


if __name__ == "__main__":
    for n in sys.argv[1:] or [*PUBLISHED, *GEMV]:
        main(n)
