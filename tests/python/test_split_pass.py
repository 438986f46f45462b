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


def test_layers_with_kernels_groups_and_dtypes_on_several_machines(source_dir):
    m3, m4 = str(source_dir / "configs" / "chips" / "m3-air.yaml"), str(source_dir / "configs" / "chips" / "m4.yaml")
    args = ["--layer", "q_int8:4096:4096:dtype=int8", "--layer", "conv:512:2048:kernel=3x3",
            "--layer", "dw:1024:1024:kernel=3x3:groups=1024", "--layer", "body:4096:4096:dtype=lut4",
            "--config", m3, "--config", m4]
    plan = json.loads(run_example(*args, "--json"))
    assert len(plan) == 8 and {p["config"] for p in plan} == {m3, m4}
    by = {(p["name"], p["config"]): p for p in plan}
    # int8 4096 x 4096 is 1 MiB per core: in the notch on the M3 as fp16 2048 x 4096 is.
    assert by[("q_int8", m3)]["advice"] == "split"
    for p in plan:
        assert sum(p["chunk_d"]) == p["d"]  # chunks in input channels
    assert by[("conv", m3)]["kernel"] == [3, 3]
    assert by[("dw", m3)]["split"] == 1  # a depthwise conv's groups have one channel each
    text = run_example(*args)
    assert text.count("machine: ") == 2 and "rewrite (channels)" in text
    assert "lut4" in text and "3x3 g1024" in text
