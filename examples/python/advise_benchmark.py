#!/usr/bin/env python3
"""Wall time of N anesim.advise calls from a thread pool against the same
calls through the command line (`anesim advise --cin D --cout N --json`, as
many at a time), and a check that both give the same dicts.

    PYTHONPATH=build/python python3 examples/python/advise_benchmark.py --calls 1000

The calls cycle over Llama 3.1 8B's projection shapes and the peer pass's
three; every call simulates afresh (nothing is cached between calls). The
two sides run one after the other on the same machine: on a loaded machine
report their ratio, not the absolute times.
"""

import argparse
import json
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import anesim

SHAPES = [(4096, 4096), (4096, 1024), (4096, 14336), (14336, 4096), (2048, 4096), (2016, 4096)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--anesim", default="build/anesim", help="the anesim binary")
    args = parser.parse_args()
    calls = [SHAPES[i % len(SHAPES)] for i in range(args.calls)]

    def in_process(shape):
        return anesim.advise(cin=shape[0], cout=shape[1], jobs=1)

    def through_cli(shape):
        out = subprocess.run([args.anesim, "advise", "--cin", str(shape[0]), "--cout", str(shape[1]),
                              "-j", "1", "--json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    results = {}
    for name, fn in (("module", in_process), ("cli", through_cli)):
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.threads) as pool:
            results[name] = list(pool.map(fn, calls))
        results[name + "_s"] = time.perf_counter() - t0
    same = results["module"] == results["cli"]
    print(f"{args.calls} advise calls, {args.threads} at a time")
    print(f"  module (threads, in process): {results['module_s']:8.2f} s")
    print(f"  cli (one anesim per call):    {results['cli_s']:8.2f} s")
    print(f"  ratio cli / module:           {results['cli_s'] / results['module_s']:8.2f}")
    print(f"  identical results:            {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
