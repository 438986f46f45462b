"""Ctrl-C during a call raises KeyboardInterrupt within a fraction of a second."""

import os
import signal
import subprocess
import sys
import time

CHILD = r"""
import sys, time, anesim
print("ready", flush=True)
try:
    if sys.argv[1] == "run":
        anesim.run(lines=200000, cores=16)
    elif sys.argv[1] == "affected":
        anesim.affected(cin=2048, cout=1048576, exact=True)  # 256 MiB per core, simulated
    else:
        anesim.advise_model("llama-3.1-8b", jobs=2, exact=True)  # simulated: many seconds
    print("returned", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
# A call after the interrupt still works.
print(anesim.run(lines=16, cores=1)["sim_cycles"] > 0, flush=True)
"""


def interrupt(call):
    p = subprocess.Popen([sys.executable, "-c", CHILD, call], stdout=subprocess.PIPE, text=True,
                         env=os.environ.copy())
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(1.0)  # well inside the call, which takes many seconds
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        words = p.stdout.readline().split()
        after = p.stdout.readline().strip()
        assert p.wait(timeout=60) == 0
    finally:
        p.kill()
    assert words[0] == "interrupted"
    assert after == "True"
    return float(words[1]) - sent


def test_ctrl_c_stops_a_run_within_a_fraction_of_a_second():
    assert interrupt("run") < 0.5


def test_ctrl_c_stops_advice_threads_within_a_fraction_of_a_second():
    assert interrupt("advise") < 0.5


def test_ctrl_c_stops_affected_within_a_fraction_of_a_second():
    assert interrupt("affected") < 0.5
