"""anesim.chips() and chip=: the same list as `anesim chips --json`, the same
descriptions as --chip."""

import json
import subprocess

import pytest

import anesim
from conftest import BINARY, SOURCE_DIR

NAMES = ["m1", "m1-pro", "m1-max", "m2", "m2-pro", "m2-max", "m3", "m3-pro", "m3-max",
         "m4", "m4-pro", "m4-max", "m5", "m5-pro", "m5-max"]


def test_chips_lists_every_chip_with_its_verdict():
    chips = anesim.chips()
    cli = json.loads(subprocess.run([BINARY, "chips", "--json"], capture_output=True,
                                    text=True, check=True).stdout)
    assert chips == cli
    assert [c["name"] for c in chips] == NAMES
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
    assert m4["config"].endswith("configs/m4.yaml")
    loaded = anesim.run(lines=0x4000, config=str(SOURCE_DIR / "configs" / "m4.yaml"))
    assert m4["time_us"] == loaded["time_us"]
    pro = anesim.run(lines=0x4000, chip="m5-pro")
    assert pro["variant"] == "fix" and pro["lines_lost"] == 0


def test_chip_errors_name_the_argument():
    with pytest.raises(anesim.UsageError, match=r"chip: 'm7' is not a chip \(known: m1"):
        anesim.run(lines=0x100, chip="m7")
    with pytest.raises(anesim.UsageError, match="config or chip"):
        anesim.run(lines=0x100, chip="m4", config=str(SOURCE_DIR / "configs" / "m4.yaml"))


def test_overlay_config_holds_the_merged_description():
    cfg = anesim.Config.load(str(SOURCE_DIR / "configs" / "chips" / "m4-max.yaml"))
    base = anesim.Config.load(str(SOURCE_DIR / "configs" / "m4.yaml"))
    assert cfg["dram.channels"] == 32
    assert cfg["ane.ring_variant"] == base["ane.ring_variant"]
    assert "dram.timings.rcd" in cfg.keys()
