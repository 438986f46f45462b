"""The result TypedDicts of the stubs against the dicts the functions return:
every required key is there and no key is left out of the stub."""

import ast
import functools
import pathlib

import pytest

import anesim
from conftest import SOURCE_DIR

TRACE = str(SOURCE_DIR / "tests" / "fixtures" / "replay-small.csv")
SPLIT_TRACE = str(SOURCE_DIR / "traces" / "m3-air" / "m3-air-published-split.csv")


def typed_dicts():
    """Each TypedDict of the stub: (required keys, all keys), bases included."""
    stub = ast.parse(pathlib.Path(anesim.__file__).with_name("anesim.pyi").read_text())
    classes = {n.name: n for n in stub.body if isinstance(n, ast.ClassDef)}
    out = {}

    def keys(name):
        if name in out:
            return out[name]
        node = classes[name]
        total = not any(k.arg == "total" and getattr(k.value, "value", True) is False for k in node.keywords)
        required, every = set(), set()
        for base in node.bases:
            if getattr(base, "id", "") in classes:
                r, a = keys(base.id)
                required |= r
                every |= a
        own = {s.target.id for s in node.body if isinstance(s, ast.AnnAssign)}
        every |= own
        if total:
            required |= own
        out[name] = (required, every)
        return out[name]

    for name in classes:
        if any(getattr(b, "id", "") in ("TypedDict", *classes) for b in classes[name].bases):
            keys(name)
    return out


@functools.lru_cache(maxsize=None)
def swept():
    return anesim.sweep("lines", 0x800, 0x900, 0x100, cores=1)


@functools.lru_cache(maxsize=None)
def replayed():
    return anesim.replay([TRACE])


@functools.lru_cache(maxsize=None)
def decoded():
    return anesim.decode("llama-step-synthetic", split="none")


@functools.lru_cache(maxsize=None)
def calibrated(cross_validate):
    # Two curves, so that cross-validation gives each its keys.
    return anesim.calibrate([SPLIT_TRACE, TRACE], {"fabric.port_cycles_per_line": (10, 16)},
                            max_evals=3, cross_validate=cross_validate)


# Each TypedDict's dicts, got from the functions (a list: each is checked).
CALLS = {
    "RunResult": lambda: anesim.run(lines=0x800, cores=1),
    "PathLatency": lambda: list(anesim.run(lines=0x800, cores=1)["latency"].values()),
    "SweepResult": swept,
    "SweepColumns": lambda: swept()["columns"],
    "ReplayResult": replayed,
    "ReplayRecord": lambda: replayed()["records"],
    "ReplayCurve": lambda: replayed()["curves"],
    "ReplayStats": lambda: [replayed()["overall"]] + [c["stats"] for c in replayed()["curves"]],
    "DecodeResult": decoded,
    "DecodeSide": lambda: [decoded()["before"], decoded()["after"]],
    "DecodeBreakdown": lambda: [decoded()["before"]["breakdown"],
                                *decoded()["breakdown"].values()],
    "Calibration": lambda: [calibrated(False), calibrated(True)],
    "CalibrationParameter": lambda: calibrated(True)["parameters"],
    "CalibrationCurve": lambda: calibrated(False)["curves"] + calibrated(True)["curves"],
    "ChipInfo": lambda: anesim.chips()[0],
    "GenerationInfo": lambda: anesim.generations()[0],
    "VariantInfo": lambda: anesim.variants()[0],
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_result_has_its_typed_dicts_keys(name):
    required, every = typed_dicts()[name]
    results = CALLS[name]()
    for result in results if isinstance(results, list) else [results]:
        got = set(result)
        assert required <= got, required - got
        assert got <= every, got - every
