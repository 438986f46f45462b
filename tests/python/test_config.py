"""anesim.Config: read-only keys, patched copies, errors with file:line."""

import os

import pytest

import anesim
from conftest import SOURCE_DIR


def test_default_and_loaded_config_read_the_same_keys():
    builtin = anesim.Config.default()
    loaded = anesim.Config.load(str(SOURCE_DIR / "configs" / "chips" / "m3-air.yaml"))
    assert builtin.source == "<built-in m3-air>"
    assert builtin.keys() == loaded.keys()
    assert "dram.clock_mhz" in builtin.keys()
    for key in builtin.keys():
        assert builtin[key] == loaded[key]
    assert isinstance(builtin["ane.cores"], int) and builtin["ane.cores"] == 16
    assert isinstance(builtin["fabric.port_cycles_per_line"], float)
    assert "dram.no_such" not in builtin
    assert builtin.get("dram.no_such", 7) == 7
    with pytest.raises(KeyError):
        builtin["dram.no_such"]


def test_with_overrides_is_a_patched_copy():
    base = anesim.Config.default()
    patched = base.with_overrides({"ane.cores": 4, "fabric.port_cycles_per_line": 15.5})
    assert patched["ane.cores"] == 4 and patched["fabric.port_cycles_per_line"] == 15.5
    assert base["ane.cores"] == 16  # the original is untouched
    assert "ane.cores=4" in patched.source
    assert anesim.run(lines=0x800, config=patched)["cores"] == 4
    with pytest.raises(anesim.ConfigError, match="no_such"):
        base.with_overrides({"ane.no_such": 1})
    with pytest.raises(anesim.ConfigError, match=r":\d+:\d+: ane.cores"):
        base.with_overrides({"ane.cores": 99})
    with pytest.raises(TypeError):
        base.with_overrides({"ane.cores": [1]})


def test_bad_files():
    with pytest.raises(anesim.ConfigError, match="cannot open config file"):
        anesim.Config.load("/nonexistent/config.yaml")
    with pytest.raises(ValueError):
        anesim.Config.load("")


def test_an_overlay_whose_path_holds_a_newline_loads(tmp_path):
    folder = tmp_path / "a\nprojection: injected"
    folder.mkdir()
    (folder / "ov.yaml").write_text("base: m4\n")
    cfg = anesim.Config.load(folder / "ov.yaml")
    m4 = anesim.Config.load(os.path.join(SOURCE_DIR, "configs", "chips", "m4.yaml"))
    assert cfg["dram.clock_mhz"] == m4["dram.clock_mhz"]
    assert "projection" not in cfg.keys()


def test_a_pathlike_giving_bytes_is_a_path(tmp_path):
    (tmp_path / "ov.yaml").write_text("base: m4\n")

    class BytesPath:
        def __fspath__(self):
            return os.fsencode(str(tmp_path / "ov.yaml"))

    assert anesim.Config.load(BytesPath())["dram.clock_mhz"] > 0


def test_chips_list_names_a_bad_item():
    with pytest.raises(TypeError, match=r"chips\[1\]: expected a chip name"):
        anesim.advise(cin=2048, cout=4096, chips=["m3", None])
