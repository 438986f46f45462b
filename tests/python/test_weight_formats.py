"""A format per weight from Python: dtype={"lm_head": "lut6", "*": "lut4"}
is the command line's --dtype lm_head=lut6,*=lut4 (docs/python.md)."""

import pytest

import anesim

MIXED = {"lm_head": "lut6", "*": "lut4"}


def test_a_dict_gives_each_weight_its_format(cli):
    got = anesim.advise_model("llama-3.2-1b", chip="m3", dtype=MIXED)
    formats = {p["name"]: p["dtype"] for p in got["projections"]}
    assert formats["lm_head"] == "lut6"
    assert formats["q_proj"] == formats["down_proj"] == "lut4"
    assert got["dtype"] == "lut4"
    assert got == cli("advise", "--model", "llama-3.2-1b", "--chip", "m3",
                      "--dtype", "lm_head=lut6,*=lut4")
    # The first matching entry wins: the dict's order is the rules' order,
    # and an entry left with nothing to give is a mistake, said.
    first = anesim.advise_model("llama-3.2-1b", chip="m3", dtype={"*_proj": "int8", "*": "lut6"})
    formats = {p["name"]: p["dtype"] for p in first["projections"]}
    assert formats["q_proj"] == "int8" and formats["lm_head"] == "lut6"
    with pytest.raises(anesim.UsageError, match="'lm_head' gives no weight its format"):
        anesim.advise_model("llama-3.2-1b", dtype={"*": "int8", "lm_head": "lut6"})


def test_a_fleet_takes_the_same_dict():
    got = anesim.advise_model("llama-3.2-1b", chips=["m3", "m5-pro"], dtype=MIXED)
    assert {p["format"] for p in got["projections"] if p["name"] == "lm_head"} == {"lut6"}


def test_bad_dicts():
    with pytest.raises(anesim.UsageError, match="'lmhead' matches no weight"):
        anesim.advise_model("llama-3.2-1b", dtype={"lmhead": "lut6", "*": "lut4"})
    with pytest.raises(anesim.UsageError, match="not a dtype"):
        anesim.advise_model("llama-3.2-1b", dtype={"*": "lut5"})
    with pytest.raises(anesim.UsageError, match="no weight name"):
        anesim.advise_model("llama-3.2-1b", dtype={})
    with pytest.raises(TypeError):
        anesim.advise_model("llama-3.2-1b", dtype={3: "lut4"})
    with pytest.raises(anesim.UsageError, match="one shape has one format"):
        anesim.advise(4096, 2048, dtype=MIXED)


def test_load_model_gives_an_editable_description():
    loaded = anesim.load_model("llama-3.2-1b")
    description = loaded["description"]
    assert description["name"] == "llama-3.2-1b"
    # Given back unchanged, whole or as its description: the preset's answer.
    preset = anesim.advise_model("llama-3.2-1b", chip="m4")
    for given in (loaded, description):
        got = anesim.advise_model(given, chip="m4")
        assert got["projections"] == preset["projections"]
        assert got["time_us_before"] == preset["time_us_before"]
    # Edited: the LUT4-body, LUT6-head layout by hand, as the dict rule gives it.
    description["dtype"] = "lut4"
    for p in description["projections"]:
        p["dtype"] = "lut4"
    description["lm_head"]["dtype"] = "lut6"
    by_hand = anesim.advise_model(description, chip="m4")
    by_rule = anesim.advise_model("llama-3.2-1b", chip="m4", dtype=MIXED)
    assert by_hand["projections"] == by_rule["projections"]
    assert by_hand["time_us_after"] == by_rule["time_us_after"]
    # Its transfers follow from the description: an edit there is refused.
    loaded = anesim.load_model("llama-3.2-1b")
    loaded["transfers"][0]["cin"] = 1
    with pytest.raises(anesim.UsageError, match="edit model\\['description'\\]"):
        anesim.advise_model(loaded)


def test_a_description_the_format_cannot_state_is_none(source_dir):
    program = source_dir / "tests" / "fixtures" / "programs" / "lut4-body-fp16-head.mlmodelc"
    loaded = anesim.load_model(str(program))
    assert loaded["description"] is None
    with pytest.raises(anesim.UsageError, match="no editable description"):
        anesim.advise_model(loaded)
