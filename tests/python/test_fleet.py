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


def test_model_fleet_gives_each_chips_whole_token():
    got = anesim.advise_model("llama-3.2-1b", chips=CHIPS)
    by_chip = {c["name"]: c for c in got["chips"]}
    for name in CHIPS:
        own = anesim.advise_model("llama-3.2-1b", chip=name)
        c = by_chip[name]
        # Unsplit, the fleet's token is the chip's own.
        assert c["token_time_us_before"] == pytest.approx(own["time_us_before"], rel=1e-9)
        assert c["tokens_per_s_after"] == pytest.approx(1e6 / c["token_time_us_after"], abs=1e-4)
        assert c["fleet_splits_slow_token"] == (c["token_time_us_after"] > c["token_time_us_before"])
    # The fleet splits the MLP in three, as the M3's own advice does: the same token.
    m3_own = anesim.advise_model("llama-3.2-1b", chip="m3")
    assert by_chip["m3"]["token_time_us_after"] == pytest.approx(m3_own["time_us_after"], rel=1e-9)
    assert by_chip["m3"]["token_change_pct"] < -40
    # The M5 Pro is not affected: the fleet's splits only cost it, and it is said.
    assert by_chip["m5-pro"]["fleet_splits_slow_token"]
