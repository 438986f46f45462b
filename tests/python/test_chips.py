"""anesim.chips() and chip=: the same list as `anesim chips --json`, the same
descriptions as --chip."""

import json
import pathlib
import subprocess

import pytest

import anesim
from conftest import BINARY, SOURCE_DIR


def test_chips_lists_every_chip_with_its_verdict():
    chips = anesim.chips()
    cli = json.loads(subprocess.run([BINARY, "chips", "--json"], capture_output=True,
                                    text=True, check=True).stdout)
    assert chips == cli
    # The names come from the registry through anesim's reader; every
    # description under configs/chips/ belongs to one of them.
    names = [c["name"] for c in chips]
    assert len(set(names)) == len(names)
    described = {p.name for p in (SOURCE_DIR / "configs" / "chips").glob("*.yaml")}
    assert described - {"registry.yaml"} == {pathlib.Path(c["config"]).name for c in chips}
    for c in chips:
        assert c["affected"] in (True, False, None)
        assert c["confidence"] and c["evidence"]
        assert c["peak_gbps"] > 0
    by_name = {c["name"]: c for c in chips}
    assert by_name["m3"]["affected"] is True
    assert by_name["m5-pro"]["affected"] is False
    assert by_name["m3-max"]["affected"] is None


def test_chip_argument_is_the_chips_description():
    m4 = anesim.run(lines=0x4000, chip="m4")
    assert m4["config"].endswith("configs/chips/m4.yaml")
    loaded = anesim.run(lines=0x4000, config=str(SOURCE_DIR / "configs" / "chips" / "m4.yaml"))
    assert m4["time_us"] == loaded["time_us"]
    pro = anesim.run(lines=0x4000, chip="m5-pro")
    assert pro["variant"] == "fix" and pro["lines_lost"] == 0


def test_chip_errors_name_the_argument():
    with pytest.raises(anesim.UsageError, match=r"chip: 'm7' is not a chip \(known: m1"):
        anesim.run(lines=0x100, chip="m7")
    with pytest.raises(anesim.UsageError, match="config or chip"):
        anesim.run(lines=0x100, chip="m4", config=str(SOURCE_DIR / "configs" / "chips" / "m4.yaml"))


def test_overlay_config_holds_the_merged_description():
    cfg = anesim.Config.load(str(SOURCE_DIR / "configs" / "chips" / "m4-max.yaml"))
    base = anesim.Config.load(str(SOURCE_DIR / "configs" / "chips" / "m4.yaml"))
    assert cfg["dram.channels"] == 32
    assert cfg["ane.ring_variant"] == base["ane.ring_variant"]
    assert "dram.timings.rcd" in cfg.keys()


def test_chips_of_a_device_and_phone_generations():
    (chip,) = anesim.chips(device="iPhone 15 Pro")
    assert chip["name"] == "a17-pro" and chip["generation"] == "H16"
    assert chip["verdict_from"] == "generation" and chip["affected"] is True
    assert chip["family"] == ["iPhone", "iPad"]
    with pytest.raises(anesim.UsageError, match="device: 'Galaxy S24' is not a device"):
        anesim.chips(device="Galaxy S24")
    run = anesim.run(lines=0x4000, chip="a16")
    assert run["variant"] == "bug" and run["lines_lost"] == 0


def test_fleet_advice_takes_a_group_of_chips():
    advice = anesim.advise(cin=2048, cout=4096, chips="iphones")
    iphones = [c["name"] for c in anesim.chips() if "iPhone" in c["family"]]
    assert iphones and [c["name"] for c in advice["chips"]] == iphones


def test_generations_are_the_registrys_with_their_chips():
    generations = anesim.generations()
    cli = json.loads(subprocess.run([BINARY, "chips", "--generations", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert generations == cli
    chips = anesim.chips()
    # Every chip sits in exactly its generation's list, in the registry's order.
    assert [c for g in generations for c in g["chips"]] == sorted(
        (c["name"] for c in chips),
        key=lambda n: ([g["name"] for g in generations].index(
            next(c["generation"] for c in chips if c["name"] == n)),
            [c["name"] for c in chips].index(n)))
    by_name = {g["name"]: g for g in generations}
    # A chip without evidence of its own runs its generation's ring and verdict.
    for c in chips:
        g = by_name[c["generation"]]
        if c["verdict_from"] == "generation":
            assert (c["ring"], c["affected"], c["verdict"]) == (g["ring"], g["affected"],
                                                                g["verdict"])
    assert by_name["H15"]["affected"] is True and by_name["H15"]["ring"] == "bug"
    assert "a17-pro" in by_name["H16"]["chips"]
