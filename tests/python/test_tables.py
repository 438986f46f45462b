"""Timing tables and Python hygiene: integers with __index__, os.PathLike
paths, documented defaults, SimulationError, affected(), exact=True."""

import os
import pathlib

import pytest

import anesim
from conftest import SOURCE_DIR

M4 = SOURCE_DIR / "configs" / "chips" / "m4.yaml"


def test_index_integers_and_path_like_paths():
    np = pytest.importorskip("numpy")
    by_int = anesim.advise(2048, 4096, config=str(M4))
    assert anesim.advise(np.int64(2048), np.uint32(4096), config=M4) == by_int
    assert anesim.run(lines=np.int64(2048), cores=np.int8(1))["lines_per_core"] == 2048
    assert anesim.run(task_lines=[np.int32(100), 200], lines=300, cores=1)["tasks"] == 2
    assert anesim.Config.load(M4).source == str(M4)
    with pytest.raises(TypeError):
        anesim.advise(True, 4096)
    with pytest.raises(TypeError):
        anesim.advise(2048.0, 4096)


def test_documented_defaults_read_as_values():
    cfg = anesim.Config.default()
    assert cfg["ane.ring_variant"] == "bug"
    assert "ane.ring_variant" in cfg
    assert cfg.get("ane.demand_depth") == cfg["ane.demand_depth"]
    with pytest.raises(KeyError):
        cfg["ane.no_such_key"]


def test_affected_answers_from_the_table():
    assert anesim.affected(4096, 4096) is True  # 2 MiB per core: x = 0
    assert anesim.affected(2048, 4096) is True
    assert anesim.affected(4000, 4096) is False  # x = -384
    assert anesim.affected(1024, 1024) is False  # below the first lap
    for cin, cout in [(4096, 4096), (4064, 4096), (896, 9496)]:
        assert anesim.affected(cin, cout) == anesim.advise(cin, cout, exact=True)["affected"]


def test_table_answers_match_exact_simulation_at_sampled_points():
    # 1 MiB + 248 lines sits on the table's grid: the table's time is the simulation's.
    table = anesim.advise(896, 9496)
    exact = anesim.advise(896, 9496, exact=True)
    assert table["affected"] == exact["affected"]
    assert table["time_us_before"] == exact["time_us_before"]


def test_a_stale_table_is_refused_with_how_to_regenerate(tmp_path):
    yaml = tmp_path / "m4.yaml"
    yaml.write_text(M4.read_text().replace("queue_depth: 32", "queue_depth: 31"))
    (tmp_path / "m4.table.json").write_text((SOURCE_DIR / "configs" / "chips" / "m4.table.json").read_text())
    with pytest.raises(anesim.ConfigError, match="anesim characterize --config"):
        anesim.advise(4096, 4096, config=yaml)
    assert anesim.advise(4096, 4096, config=yaml, exact=True)["affected"]


def test_every_simulation_failure_is_a_simulation_error():
    # A max_cycles above the transfer's lower bound but below the notch's
    # stop-and-go: the run starts and is stopped there.
    base = anesim.Config.default()
    minimum = (base["ane.launch_overhead_cycles"] + base["ane.task_dispatch_cycles"]
               + int(0x4000 * base["fabric.port_cycles_per_line"]))
    cfg = base.with_overrides({"simulation.max_cycles": int(minimum * 1.3)})
    with pytest.raises(anesim.SimulationError, match="max_cycles"):
        anesim.run(lines=0x4000, cores=1, config=cfg)


def test_py_typed_beside_the_module():
    folder = pathlib.Path(anesim.__file__).parent
    assert (folder / "py.typed").exists() and (folder / "anesim.pyi").exists()
