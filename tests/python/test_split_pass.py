"""The example pass (examples/python/split_pass.py) reproduces the peer
pass's published decisions for its shapes."""

import json
import os
import subprocess
import sys

from conftest import SOURCE_DIR

EXAMPLE = SOURCE_DIR / "examples" / "python" / "split_pass.py"


def run_example(*args):
    out = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True,
                         env=dict(os.environ), check=True)
    return out.stdout


def test_peer_shapes_get_the_published_splits():
    plan = {p["name"]: p for p in json.loads(run_example("--json"))}
    assert plan["peer_2048x4096"]["advice"] == "split" and plan["peer_2048x4096"]["split"] == 2
    assert plan["peer_4096x4096"]["advice"] == "split" and plan["peer_4096x4096"]["split"] == 3
    assert plan["control_2016x4096"]["advice"] == "not affected"
    assert plan["control_2016x4096"]["split"] == 1
    assert sum(plan["peer_4096x4096"]["chunk_d"]) == 4096


def test_the_table_and_a_model():
    text = run_example("--layer", "up:14336:4096", "--layer", "k:1024:4096")
    assert "split D into" in text.splitlines()[1]
    assert "not in the notch" in text.splitlines()[2]
    plan = json.loads(run_example("--model", "llama-3.2-1b", "--json"))
    assert {p["name"]: p["advice"] for p in plan}["down_proj"] == "split"


def test_a_bad_model_is_an_error_message():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--model", "no-such"], capture_output=True, text=True)
    assert out.returncode == 2 and "not a preset" in out.stderr
