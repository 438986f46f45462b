"""Asking whether an answer simulates, forbidding it and bounding it:
needs_simulation(), simulate='never', max_seconds= and the answer's
answered_from (docs/python.md, "Asking without simulating"), and
`anesim advise --simulate never` (exit 7)."""

import subprocess
import time

import pytest

import anesim

from conftest import BINARY

# The M4's engine drains int8 at its own rate: its table holds that rate's
# times too, so an int8 shape on the M4 is answered from it as fp16 is. A
# description with no table beside it (a copy of the M4's) is simulated.
TABLED = dict(cin=4096, cout=2048, chip="m4")
DRAINED = dict(cin=8192, cout=2048, chip="m4", dtype="int8")  # one lap: in the notch


def untabled_m4(tmp_path):
    """The M4 under another name, with no timing table beside it."""
    path = tmp_path / "m4-copy.yaml"
    path.write_text("base: m4\n")
    return str(path)


def test_a_tabled_shape_is_answered_from_the_table():
    assert not anesim.needs_simulation(**TABLED)
    assert anesim.advise(**TABLED, simulate="never")["answered_from"] == "timing table"
    assert anesim.affected(**TABLED, simulate="never") is True


def test_a_drained_shape_is_answered_from_its_rate_table():
    assert not anesim.needs_simulation(**DRAINED)
    tabled = anesim.advise(**DRAINED, simulate="never")
    assert tabled["answered_from"] == "timing table"
    exact = anesim.advise(**DRAINED, exact=True)
    assert exact["answered_from"] == "simulation"
    for key in ("time_us_before", "time_us_after"):
        assert tabled[key] == pytest.approx(exact[key], rel=0.005)
    for key in ("affected", "advice", "split"):
        assert tabled[key] == exact[key]
    assert tabled["affected"]


def test_an_untabled_shape_needs_simulation_and_never_refuses_it(tmp_path):
    config = untabled_m4(tmp_path)
    assert anesim.needs_simulation(4096, 2048, config=config)
    with pytest.raises(anesim.NeedsSimulationError, match=r"m4-copy\.yaml: \d+ lines per core"):
        anesim.advise(4096, 2048, config=config, simulate="never")
    with pytest.raises(anesim.NeedsSimulationError):
        anesim.affected(4096, 2048, config=config, simulate="never")
    assert anesim.needs_simulation(4096, 2048, exact=True)


def test_models_and_fleets(tmp_path):
    assert not anesim.needs_simulation(model="llama-3.2-1b", chips="all")
    got = anesim.advise_model("llama-3.2-1b", chips="all", simulate="never")
    assert {c["answered_from"] for c in got["chips"]} == {"timing table"}
    # Every format, drained or not, on every chip.
    for dtype in ("int8", "int4", "lut4"):
        assert not anesim.needs_simulation(model="llama-3.2-1b", chips="all", dtype=dtype)
    got = anesim.advise_model("llama-3.2-1b", chips="all", dtype="lut4", simulate="never")
    assert {c["answered_from"] for c in got["chips"]} == {"timing table"}
    config = untabled_m4(tmp_path)
    assert anesim.needs_simulation(model="llama-3.2-1b", config=config)
    with pytest.raises(anesim.NeedsSimulationError, match="needs a simulation"):
        anesim.advise_model("llama-3.2-1b", config=config, simulate="never")
    one = anesim.advise_model("llama-3.2-1b", chip="m3", simulate="never")
    assert one["answered_from"] == "timing table"


def test_bad_asking_arguments():
    with pytest.raises(anesim.UsageError, match="simulate"):
        anesim.advise(**TABLED, simulate="sometimes")
    with pytest.raises(anesim.UsageError, match="give one"):
        anesim.advise(**TABLED, exact=True, simulate="never")
    with pytest.raises(anesim.UsageError, match="max_seconds"):
        anesim.advise(**TABLED, max_seconds=0)
    with pytest.raises(anesim.UsageError, match="max_seconds"):
        anesim.advise(**TABLED, max_seconds=float("nan"))
    with pytest.raises(TypeError, match="max_seconds"):
        anesim.advise(**TABLED, max_seconds="1")
    with pytest.raises(anesim.UsageError, match="model, or cin"):
        anesim.needs_simulation(4096, 2048, model="llama-3.2-1b")


def test_max_seconds_stops_a_long_simulation():
    # 128 Ki lines per core, simulated every time: seconds of work.
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="max_seconds=0.2"):
        anesim.advise(8192, 8192, exact=True, max_seconds=0.2)
    assert time.monotonic() - start < 5
    # A tabled answer is never held by the budget.
    assert anesim.advise(**TABLED, max_seconds=1e-6)["answered_from"] == "timing table"


def test_the_command_line_exits_7_when_never_cannot_answer(tmp_path):
    base = [BINARY, "advise", "--cin", "4096", "--cout", "2048", "--chip", "m4"]
    ok = subprocess.run(base + ["--dtype", "int8", "--simulate", "never"], capture_output=True,
                        text=True)
    assert ok.returncode == 0, ok.stderr
    refused = subprocess.run(base[:-2] + ["--config", untabled_m4(tmp_path), "--simulate", "never"],
                             capture_output=True, text=True)
    assert refused.returncode == 7
    assert "--simulate never: this answer needs a simulation" in refused.stderr
    assert refused.stdout == ""
    both = subprocess.run(base + ["--exact", "--simulate", "never"], capture_output=True, text=True)
    assert both.returncode == 2
