"""The GIL is released while a simulation runs: Python threads overlap."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anesim


def test_another_thread_runs_python_while_a_simulation_runs():
    inside = threading.Event()
    done = threading.Event()
    span = {}

    def simulate():
        inside.set()
        t0 = time.perf_counter()
        anesim.run(lines=0x8000, variant="bug")  # a demand-path run: a few hundred ms
        span["run"] = time.perf_counter() - t0
        done.set()

    worker = threading.Thread(target=simulate)
    worker.start()
    inside.wait()
    # This thread's Python code, timestamped while the other one simulates.
    # Were the GIL held, it could not run at all until the call returned.
    stamps = []
    while not done.is_set():
        stamps.append(time.perf_counter())
    worker.join()
    assert span["run"] > 0.05
    observed = stamps[-1] - stamps[0] if stamps else 0.0
    assert observed > 0.5 * span["run"], (observed, span["run"])


def test_a_thread_pool_of_runs_gives_the_serial_results():
    sizes = [0x3F00, 0x4000, 0x4100, 0x8000]
    serial = [anesim.run(lines=n, cores=2) for n in sizes]
    with ThreadPoolExecutor(max_workers=2) as pool:
        parallel = list(pool.map(lambda n: anesim.run(lines=n, cores=2), sizes))
    assert parallel == serial


def test_a_thread_pool_of_advice_gives_the_serial_results():
    shapes = [(2048, 4096), (4096, 4096), (2016, 4096)]
    serial = [anesim.advise(cin, cout, jobs=1) for cin, cout in shapes]
    with ThreadPoolExecutor(max_workers=2) as pool:
        parallel = list(pool.map(lambda s: anesim.advise(*s, jobs=1), shapes))
    assert parallel == serial
