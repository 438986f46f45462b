"""anesim.advise(chips=...) and advise_model(chips=...) against
`anesim advise --chip A,B,... --json` (docs/advise.md, "Fleet")."""

import pytest

import anesim

# One projection at exactly 1 MiB per core (1*0x4000+0): on m3, m4 and m5-pro
# it hits the M3 and the M4 only.
MODEL = {
    "name": "fleet-mini",
    "display_name": "Fleet test model",
    "published_parameters": 9437184,
    "layers": 1,
    "hidden": 4096,
    "projections": [
        {"name": "one_mib", "cin": 4096, "cout": 2048},
        {"name": "small", "cin": 1024, "cout": 1024},
    ],
}
CHIPS = ["m3", "m4", "m5-pro"]


def test_shape_fleet_equals_cli(cli):
    expected = cli("advise", "--cin", "4096", "--cout", "2048", "--chip", ",".join(CHIPS), "--exact")
    assert anesim.advise(4096, 2048, chips=CHIPS, exact=True) == expected


def test_model_fleet_hits_some_chips_and_prices_all():
    got = anesim.advise_model(MODEL, chips=CHIPS, exact=True)
    assert [c["name"] for c in got["chips"]] == CHIPS
    one = got["projections"][0]
    assert one["affected_chips"] == ["m3", "m4"]
    assert one["split"] >= 2
    by_chip = {c["chip"]: c for c in one["chips"]}
    for name in ("m3", "m4"):
        assert by_chip[name]["clears"]
        assert by_chip[name]["time_us_after"] < by_chip[name]["time_us_before"]
    assert not by_chip["m5-pro"]["affected"]
    assert by_chip["m5-pro"]["time_us_after"] > by_chip["m5-pro"]["time_us_before"]
    assert got["projections"][1]["split"] == 1


def test_all_chips():
    got = anesim.advise(4096, 2048, chips="all", exact=True)
    assert [c["name"] for c in got["chips"]] == [c["name"] for c in anesim.chips()]


def test_fleet_errors():
    with pytest.raises(anesim.UsageError, match="not a chip"):
        anesim.advise(4096, 2048, chips=["m3", "nope"])
    with pytest.raises(anesim.UsageError, match="twice"):
        anesim.advise_model(MODEL, chips=["m3", "m3"])
    with pytest.raises(anesim.UsageError, match="not both"):
        anesim.advise(4096, 2048, chips=CHIPS, chip="m3")
    with pytest.raises(TypeError):
        anesim.advise(4096, 2048, chips=3)
