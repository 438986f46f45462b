#!/usr/bin/env python3
"""A compiler pass's view of anesim: which layers sit in the ANE's 1 MiB
kernel-DMA notch, and how to split them, for one machine or several
(docs/python.md).

    PYTHONPATH=build/python python3 examples/python/split_pass.py
    PYTHONPATH=build/python python3 examples/python/split_pass.py --model llama-3.1-8b
    PYTHONPATH=build/python python3 examples/python/split_pass.py --layer up:14336:4096:dtype=int8
    PYTHONPATH=build/python python3 examples/python/split_pass.py \
        --layer conv:512:512:kernel=3x3:groups=32:dtype=lut4 \
        --config configs/chips/m3-air.yaml --config configs/chips/m4.yaml

A layer is N output channels, D input channels, and optionally a kernel
(kh x kw), channel groups and a weight dtype (fp16 unless given): a linear
X[1,D] x W[D,N] is 1x1, a 3x3 conv streams ceil(N/16) * (D/groups) * 9
weights per core. The plan is in channels: a split cuts D, the input
channels, into chunks (of every group alike, so each chunk keeps the
groups). Without --layer it plans the shapes the published
avoid_ane_dma_notch pass (kasper0406/stablehlo-coreml) decides on: 2048 x
4096 and 4096 x 4096 are split, the 2016 x 4096 control is left alone.

How a pass calls it. In a coremltools MIL pass, for each `linear` or `conv` op:

    @register_pass(namespace="common")
    class split_notch_layers(AbstractGraphPass):
        def apply(self, prog):
            for op in prog.functions["main"].operations:
                if op.op_type in ("linear", "conv"):
                    w = op.weight.val                    # [N, D/groups, kh, kw]
                    n, d = w.shape[0], w.shape[1] * groups_of(op)
                    chunks = chunk_channels(n, d, kernel=w.shape[2:] or (1, 1),
                                            groups=groups_of(op), dtype=dtype_of(op))
                    if chunks:
                        ...  # slice x and the weight along D into `chunks`,
                             # one op per chunk, then add them

In a StableHLO pass, the same call on each dot_general's contracting (D) and
output (N) sizes, rewriting the dot into len(chunks) dots over D slices
summed with stablehlo.add. Only the numbers come from anesim; the rewrite is
the pass's own.
"""

import argparse
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, NamedTuple, Optional, Tuple

import anesim

PEER_SHAPES = [("peer_2048x4096", 2048, 4096), ("peer_4096x4096", 4096, 4096), ("control_2016x4096", 2016, 4096)]


class Layer(NamedTuple):
    name: str
    n: int          # output channels
    d: int          # input channels
    count: int = 1
    kernel: Tuple[int, int] = (1, 1)
    groups: int = 1
    dtype: str = "fp16"


class Decision(NamedTuple):
    layer: Layer
    config: str     # the machine description, "" for the built-in M3 Air
    advice: Dict    # anesim.advise's dict for the layer


def chunk_channels(n: int, d: int, kernel=(1, 1), groups=1, dtype="fp16", config=None) -> Optional[List[int]]:
    """The input-channel chunks to split the layer into, or None to leave it."""
    advice = anesim.advise(cin=d, cout=n, kernel=kernel, groups=groups, dtype=dtype, config=config)
    return advice["chunk_cin"] if advice["advice"] == "split" else None


def plan_layers(layers: List[Layer], configs: List[Optional[str]], threads=2) -> List[Decision]:
    """anesim's advice for each layer on each machine; each distinct
    question asked once, from a thread pool (the simulations release the GIL)."""
    def key(layer, config):
        return (layer.n, layer.d, layer.kernel, layer.groups, layer.dtype, config)

    questions = sorted({key(layer, c) for layer in layers for c in configs}, key=repr)

    def ask(q):
        n, d, kernel, groups, dtype, config = q
        return anesim.advise(cin=d, cout=n, kernel=kernel, groups=groups, dtype=dtype, config=config, jobs=1)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        answers = dict(zip(questions, pool.map(ask, questions)))
    return [Decision(layer, c or "", answers[key(layer, c)]) for c in configs for layer in layers]


def plan_model(model, configs: List[Optional[str]], dtype=None) -> List[Decision]:
    """The same for every weight a model streams per token (a preset, a
    config.json, a .safetensors header), on each machine."""
    out = []
    for config in configs:
        result = anesim.advise_model(model, config=config, jobs=2, dtype=dtype)
        for p in result["projections"]:
            layer = Layer(p["name"], p["cout"], p["cin"], p["count"], tuple(p["kernel"]), p["groups"], p["dtype"])
            out.append(Decision(layer, config or "", p))
    return out


def parse_layer(text: str) -> Layer:
    """NAME:N:D[:kernel=KHxKW][:groups=G][:dtype=DTYPE]"""
    parts = text.split(":")
    if len(parts) < 3:
        raise ValueError(f"--layer {text!r}: expected NAME:N:D[:kernel=KHxKW][:groups=G][:dtype=DTYPE]")
    layer = Layer(parts[0], int(parts[1]), int(parts[2]))
    for option in parts[3:]:
        name, _, value = option.partition("=")
        if name == "kernel":
            kh, _, kw = value.partition("x")
            layer = layer._replace(kernel=(int(kh), int(kw)))
        elif name == "groups":
            layer = layer._replace(groups=int(value))
        elif name == "dtype":
            layer = layer._replace(dtype=value)
        else:
            raise ValueError(f"--layer {text!r}: unknown option {name!r} (kernel, groups, dtype)")
    return layer


def describe(decision: Decision) -> str:
    a, layer = decision.advice, decision.layer
    where = f"{a['lines_per_core']} lines/core = {a['k']}*0x4000{a['x']:+d}"
    if a["advice"] == "split":
        chunks = " + ".join(str(c) for c in a["chunk_cin"])
        per_group = ""
        if layer.groups > 1:
            per_group = ", each group's " + " + ".join(str(c // layer.groups) for c in a["chunk_cin"])
        return (f"split D into {a['split']}: {chunks} input channels{per_group} ({where}; "
                f"{a['time_us_before']:.1f} -> {a['time_us_after']:.1f} us per transfer)")
    if a["affected"]:
        return f"leave ({a['advice']}; {where}, {a['time_us_before']:.1f} us)"
    return f"leave ({where}, not in the notch)"


def kind(layer: Layer) -> str:
    text = layer.dtype
    if layer.kernel != (1, 1):
        text += f" {layer.kernel[0]}x{layer.kernel[1]}"
    if layer.groups != 1:
        text += f" g{layer.groups}"
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--model", help="a preset name, config.json, .safetensors or model YAML")
    source.add_argument("--layer", action="append", default=[], metavar="NAME:N:D[:kernel=KHxKW][:groups=G][:dtype=D]",
                        help="a layer (repeatable)")
    parser.add_argument("--dtype", help="with --model: every weight stored as this dtype")
    parser.add_argument("--config", action="append", default=[],
                        help="machine description YAML (repeatable: one plan per machine; default: built-in M3 Air)")
    parser.add_argument("--json", action="store_true", help="print the plan as JSON")
    args = parser.parse_args(argv)
    configs = args.config or [None]

    try:
        if args.model:
            decisions = plan_model(args.model, configs, args.dtype)
        else:
            layers = [parse_layer(text) for text in args.layer]
            decisions = plan_layers(layers or [Layer(name, n, d) for name, n, d in PEER_SHAPES], configs)
    except (ValueError, TypeError) as e:
        print(f"split_pass: error: {e}", file=sys.stderr)
        return 2

    if args.json:
        plan = [{"name": x.layer.name, "config": x.config, "n": x.layer.n, "d": x.layer.d,
                 "count": x.layer.count, "kernel": list(x.layer.kernel), "groups": x.layer.groups,
                 "dtype": x.layer.dtype, "split": x.advice["split"], "chunk_d": x.advice["chunk_cin"],
                 "advice": x.advice["advice"]} for x in decisions]
        print(json.dumps(plan, indent=2))
        return 0
    width = max(len(x.layer.name) for x in decisions)
    for config in dict.fromkeys(x.config for x in decisions):
        if len(configs) > 1:
            print(f"machine: {config or '<built-in m3-air>'}")
        print(f"{'layer'.ljust(width)}  count      N      D  {'format'.ljust(14)}  rewrite (channels)")
        for x in decisions:
            if x.config == config:
                print(f"{x.layer.name.ljust(width)}  {x.layer.count:5d}  {x.layer.n:5d}  {x.layer.d:5d}  "
                      f"{kind(x.layer).ljust(14)}  {describe(x)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
