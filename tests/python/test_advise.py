"""anesim.advise and anesim.advise_model against `anesim advise --json`."""

import pytest

import anesim
from conftest import SOURCE_DIR


@pytest.mark.parametrize("cin,cout", [(2048, 4096), (4096, 4096), (2016, 4096)])
def test_shape_advice_equals_cli(cli, cin, cout):
    expected = cli("advise", "--cin", str(cin), "--cout", str(cout))
    assert anesim.advise(cin, cout) == expected


def test_model_advice_equals_cli_for_a_preset(cli):
    expected = cli("advise", "--model", "llama-3.2-1b")
    got = anesim.advise_model("llama-3.2-1b", jobs=2)
    assert got == expected
    assert any(row["advice"] == "split" for row in got["projections"])


def test_model_as_a_dict_equals_the_file():
    preset = anesim.load_model("qwen3-0.6b")
    path = SOURCE_DIR / "configs" / "models" / "qwen3-0.6b.yaml"
    assert anesim.load_model(str(path))["transfers"] == preset["transfers"]
    layer = {
        "name": "tiny",
        "display_name": "Tiny",
        "published_parameters": 2.0e7,
        "layers": 1,
        "hidden": 2048,
        "projections": [{"name": "up", "cin": 2048, "cout": 4096}],
        "embedding": {"vocab": 1000, "dim": 2048},
        "lm_head": {"cin": 2048, "cout": 1000, "tied": True, "streamed": False},
    }
    got = anesim.advise_model(layer)
    assert [t["name"] for t in got["projections"]] == ["up"]
    shape = anesim.advise(2048, 4096)
    for key, value in got["projections"][0].items():
        if key not in ("name", "count"):
            assert shape[key] == value, key


def test_model_errors():
    with pytest.raises(anesim.UsageError, match="not a preset"):
        anesim.advise_model("no-such-model")
    # A dict has no lines: the message names the field by its path.
    with pytest.raises(anesim.InputError, match=r"<dict>: layers: expected a whole number, got .many."):
        anesim.advise_model({"name": "x", "display_name": "x", "published_parameters": 1e6, "layers": "many"})
    with pytest.raises(TypeError):
        anesim.advise_model(42)
    with pytest.raises(TypeError):
        anesim.advise_model({"name": object()})
    with pytest.raises(ValueError):
        anesim.advise(0, 4096)
    with pytest.raises(TypeError):
        anesim.advise("2048", None)
    with pytest.raises(ValueError):
        anesim.advise(2048, 4096, jobs=0)


def test_model_steps_come_from_the_table_unless_exact():
    from_table = anesim.advise_model("aneforge-decoder")
    assert from_table["step_times_from"] == "timing table"
    exact = anesim.advise_model("aneforge-decoder", exact=True, jobs=2)
    assert exact["step_times_from"] == "simulation"
    for key in ("time_us_before", "time_us_after"):
        assert from_table[key] == pytest.approx(exact[key], rel=0.005), key


def test_an_overlay_chip_is_answered_from_its_table():
    # m1's description is an overlay (base: m3): its own table answers, as
    # on the command line, whether named by chip or by file.
    by_chip = anesim.advise_model("aneforge-decoder", chip="m1")
    assert by_chip["step_times_from"] == "timing table"
    by_file = anesim.advise_model("aneforge-decoder", config=str(SOURCE_DIR / "configs/chips/m1.yaml"))
    assert by_file["step_times_from"] == "timing table"
    assert by_file["time_us_before"] == by_chip["time_us_before"]
