#!/usr/bin/env python3
"""How the model readers scale: CPU time to read a safetensors header of N
and 10 N tensors, and an index of N and 10 N entries, side by side in one
run. A linear reader gives a ratio near 10; a quadratic one near 100.

    PYTHONPATH=build/python python3 scripts/bench_model_readers.py [--n 10000]
"""

import argparse
import json
import os
import resource
import struct
import sys
import tempfile

import anesim


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def write_many_tensors(path, n):
    """A safetensors file of n one-element fp16 tensors named like decoder
    weights (7 projection names), its data sparse zeros."""
    header, off = {}, 0
    for i in range(n):
        header[f"model.layers.{i}.mlp.w{i % 7}.weight"] = {
            "dtype": "F16", "shape": [1, 1], "data_offsets": [off, off + 2]}
        off += 2
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        f.truncate(8 + len(text) + off)
    return header


def time_read(path, repeats):
    best = None
    for _ in range(repeats):
        start = cpu_seconds()
        anesim.load_model(path)
        t = cpu_seconds() - start
        best = t if best is None else min(best, t)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10000, help="the smaller count (default 10000)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per size; the fastest counts")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in (args.n, 10 * args.n):
            header_file = os.path.join(d, f"h{n}.safetensors")
            header = write_many_tensors(header_file, n)
            shard = os.path.join(d, f"shard{n}.safetensors")
            os.link(header_file, shard)
            index = os.path.join(d, f"i{n}", "model.safetensors.index.json")
            os.mkdir(os.path.dirname(index))
            os.link(header_file, os.path.join(os.path.dirname(index), "shard.safetensors"))
            with open(index, "w") as f:
                json.dump({"weight_map": {k: "shard.safetensors" for k in header}}, f)
            rows.append((n, time_read(header_file, args.repeats), time_read(index, args.repeats)))
    (n1, h1, i1), (n2, h2, i2) = rows
    print(f"{'reader':<18}{n1:>12}{n2:>12}   ratio (linear ~10, quadratic ~100)")
    print(f"{'safetensors header':<18}{h1:>11.3f}s{h2:>11.3f}s   {h2 / h1:.1f}")
    print(f"{'index + shard':<18}{i1:>11.3f}s{i2:>11.3f}s   {i2 / i1:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
