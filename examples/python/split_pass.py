#!/usr/bin/env python3
"""A compiler pass's view of anesim: which linear layers sit in the M3 ANE's
1 MiB kernel-DMA notch, and how to split them (docs/python.md).

    PYTHONPATH=build/python python3 examples/python/split_pass.py
    PYTHONPATH=build/python python3 examples/python/split_pass.py --model llama-3.1-8b
    PYTHONPATH=build/python python3 examples/python/split_pass.py --layer up:14336:4096

A layer is X[1,D] x W[D,N]: N output channels, D input channels. Without
arguments it plans the shapes the published avoid_ane_dma_notch pass
(kasper0406/stablehlo-coreml) decides on: 2048 x 4096 and 4096 x 4096 are
split, the 2016 x 4096 control is left alone.

How a pass calls it. In a coremltools MIL pass, for each `linear` op:

    @register_pass(namespace="common")
    class split_notch_linears(AbstractGraphPass):
        def apply(self, prog):
            for op in prog.functions["main"].operations:
                if op.op_type == "linear":
                    n, d = op.weight.val.shape          # MIL keeps W as [N, D]
                    chunks = chunk_channels(n, d)
                    if chunks:
                        ...  # slice_by_index the weight and x along D into
                             # `chunks`, one linear per chunk, then add them

In a StableHLO pass, the same call on each dot_general's contracting (D) and
output (N) sizes, rewriting the dot into len(chunks) dots over D slices
summed with stablehlo.add. Only the numbers come from anesim; the rewrite is
the pass's own.
"""

import argparse
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, NamedTuple, Optional

import anesim

PEER_SHAPES = [("peer_2048x4096", 2048, 4096), ("peer_4096x4096", 4096, 4096), ("control_2016x4096", 2016, 4096)]


class Decision(NamedTuple):
    name: str
    n: int
    d: int
    count: int
    advice: Dict  # anesim.advise's dict for the shape


def chunk_channels(n: int, d: int, config=None) -> Optional[List[int]]:
    """The D chunks to split X[1,D] x W[D,N] into, or None to leave it."""
    advice = anesim.advise(cin=d, cout=n, config=config)
    return advice["chunk_cin"] if advice["advice"] == "split" else None


def plan_layers(layers, config=None, threads=2) -> List[Decision]:
    """anesim's advice for each (name, N, D, count); each shape simulated
    once, from a thread pool (the simulations release the GIL)."""
    shapes = sorted({(n, d) for _, n, d, _ in layers})
    with ThreadPoolExecutor(max_workers=threads) as pool:
        advice = dict(zip(shapes, pool.map(lambda s: anesim.advise(cin=s[1], cout=s[0], config=config, jobs=1), shapes)))
    return [Decision(name, n, d, count, advice[(n, d)]) for name, n, d, count in layers]


def plan_model(model, config=None) -> List[Decision]:
    """The same for every weight a model streams per token (a preset, a
    config.json, a .safetensors header)."""
    result = anesim.advise_model(model, config=config, jobs=2)
    return [Decision(p["name"], p["cout"], p["cin"], p["count"], p) for p in result["projections"]]


def describe(decision: Decision) -> str:
    a = decision.advice
    where = f"{a['lines_per_core']} lines/core = {a['k']}*0x4000{a['x']:+d}"
    if a["advice"] == "split":
        chunks = "+".join(str(c) for c in a["chunk_cin"])
        return (f"split D into {a['split']}: {chunks}  ({where}; "
                f"{a['time_us_before']:.1f} -> {a['time_us_after']:.1f} us per transfer)")
    if a["affected"]:
        return f"leave ({a['advice']}; {where}, {a['time_us_before']:.1f} us)"
    return f"leave ({where}, not in the notch)"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--model", help="a preset name, config.json, .safetensors or model YAML")
    source.add_argument("--layer", action="append", default=[], metavar="NAME:N:D", help="a linear layer (repeatable)")
    parser.add_argument("--config", help="machine description YAML (default: built-in M3 Air)")
    parser.add_argument("--json", action="store_true", help="print the plan as JSON")
    args = parser.parse_args(argv)

    try:
        if args.model:
            decisions = plan_model(args.model, args.config)
        else:
            layers = []
            for text in args.layer:
                name, n, d = text.split(":")
                layers.append((name, int(n), int(d), 1))
            decisions = plan_layers(layers or [(name, n, d, 1) for name, n, d in PEER_SHAPES], args.config)
    except (ValueError, TypeError) as e:
        print(f"split_pass: error: {e}", file=sys.stderr)
        return 2

    if args.json:
        plan = [{"name": x.name, "n": x.n, "d": x.d, "count": x.count, "split": x.advice["split"],
                 "chunk_d": x.advice["chunk_cin"], "advice": x.advice["advice"]} for x in decisions]
        print(json.dumps(plan, indent=2))
        return 0
    width = max(len(x.name) for x in decisions)
    print(f"{'layer'.ljust(width)}  count      N      D  rewrite")
    for x in decisions:
        print(f"{x.name.ljust(width)}  {x.count:5d}  {x.n:5d}  {x.d:5d}  {describe(x)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
