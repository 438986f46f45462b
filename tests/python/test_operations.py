"""sweep, replay, decode, calibrate, characterize and report from Python,
against the command line's output for the same request, and their errors."""

import csv
import io
import json
import subprocess

import numpy
import pytest

import anesim
from conftest import BINARY, SOURCE_DIR

TRACE = str(SOURCE_DIR / "tests" / "fixtures" / "replay-small.csv")


def run_cli(*args):
    out = subprocess.run([BINARY, *args], check=True, capture_output=True, text=True)
    return out.stdout


def test_sweep_columns_are_the_csv_columns(tmp_path):
    got = anesim.sweep("lines", 0x3F00, 0x4100, 0x100, cores=1, variants=["bug", "fix"])
    csv_path = tmp_path / "s.csv"
    run_cli("sweep", "--lines-range", "0x3f00:0x4100:0x100", "--cores", "1", "--variants", "bug,fix",
            "--csv", str(csv_path))
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    cols = got["columns"]
    assert got["axis"] == "lines" and got["ane_cores"] == 16
    assert len(rows) == len(cols["value"]) == 6
    assert isinstance(cols["gbps"], numpy.ndarray)
    assert cols["variant"] == [r["variant"] for r in rows]
    assert list(cols["value"]) == [int(r["value"]) for r in rows]
    for name in ("time_us", "gbps", "ane_gbps"):
        assert list(cols[name]) == pytest.approx([float(r[name]) for r in rows], abs=1e-4), name
    assert [int(n) for n in cols["notch"]] == [int(r["notch"]) for r in rows]
    # The notch at one lap: the bug slows there, the fix does not.
    at_lap = cols["value"] == 0x4000
    bug, fix = cols["gbps"][at_lap & (numpy.array(cols["variant"]) == "bug")], cols["gbps"][
        at_lap & (numpy.array(cols["variant"]) == "fix")]
    assert bug[0] < fix[0]


def test_sweep_errors_name_the_field():
    with pytest.raises(anesim.UsageError, match="axis"):
        anesim.sweep("width", 1, 2)
    with pytest.raises(anesim.UsageError, match="cores"):
        anesim.sweep("lines", 0x100, 0x200, 0x100, cores=17)
    with pytest.raises(TypeError, match="config"):
        anesim.sweep("lines", 0x100, 0x200, 0x100, config=anesim.Config.default())


def test_replay_is_the_cli_json():
    got = anesim.replay([TRACE])
    assert got == json.loads(run_cli("replay", TRACE, "--json"))
    assert got["records"] and got["overall"]
    with pytest.raises(TypeError, match="files"):
        anesim.replay(TRACE)  # a str, not a list of paths
    with pytest.raises(anesim.InputError):
        anesim.replay([str(SOURCE_DIR / "README.md")])


def test_decode_is_the_cli_json():
    got = anesim.decode("llama-step-synthetic", split="none")
    want = json.loads(run_cli("decode", "--model", "llama-step-synthetic", "--split", "none", "--json"))
    assert got.keys() == want.keys()
    for key in ("ms_per_token_before", "ms_per_token_after", "gbps_before", "breakdown", "before"):
        assert got[key] == want[key], key
    with pytest.raises(anesim.UsageError, match="programs"):
        anesim.decode("llama-step-synthetic", programs=0)


def test_calibrate_fits_as_the_cli_and_writes_nothing(tmp_path):
    out = tmp_path / "fitted.yaml"
    want = json.loads(run_cli("calibrate", TRACE, "--free", "fabric.port_cycles_per_line=10:16",
                              "--max-evals", "4", "--no-cv", "--out", str(out), "--json"))
    got = anesim.calibrate([TRACE], {"fabric.port_cycles_per_line": (10, 16)}, max_evals=4,
                           cross_validate=False)
    assert got["parameters"] == want["parameters"]
    assert got["fitted_mape_pct"] == want["fitted_mape_pct"]
    fitted = got["parameters"][0]["fitted"]
    assert f"port_cycles_per_line: {fitted:g}" in got["description"]
    assert f"port_cycles_per_line: {fitted:g}" in out.read_text()
    assert list(tmp_path.iterdir()) == [out]
    with pytest.raises(anesim.UsageError, match="max_evals"):
        anesim.calibrate([TRACE], {"fabric.port_cycles_per_line": (10, 16)}, max_evals=0)


def test_characterize_gives_the_shipped_table_and_writes_only_when_asked(tmp_path):
    got = anesim.characterize(chip="m3")
    shipped = json.loads((SOURCE_DIR / "configs" / "chips" / "m3-air.table.json").read_text())
    assert got["path"].endswith("m3-air.table.json") and got["points"] > 100
    for key in shipped:
        if key not in ("description", "checksum"):
            assert got["table"][key] == shipped[key], key
    with pytest.raises(anesim.UsageError, match="jobs"):
        anesim.characterize(jobs=0)


def test_report_refuses_bad_values_before_any_work(tmp_path):
    with pytest.raises(anesim.UsageError, match="jobs"):
        anesim.report(tmp_path / "v.md", jobs=0)
    assert list(tmp_path.iterdir()) == []


def test_report_writes_the_shipped_document_and_its_plots(tmp_path, monkeypatch):
    # From the source tree, with the defaults the validation-report target uses.
    monkeypatch.chdir(SOURCE_DIR)
    out = tmp_path / "validation.md"
    got = anesim.report(out)
    assert got == {"document": str(out), "img_dir": str(tmp_path / "img")}
    shipped = (SOURCE_DIR / "docs" / "validation.md").read_text()
    assert out.read_text().replace(str(out), "docs/validation.md") == shipped
    assert sorted(p.name for p in (tmp_path / "img").iterdir()) == sorted(
        p.name for p in (SOURCE_DIR / "docs" / "img").glob("*.svg"))
