"""Readers held to the robustness standard: Python values become models and
overrides as typed values (never YAML text), YAML files hold one document
of bounded depth without NUL bytes, the safetensors readers take 100,000
tensors, and
bad names and paths give the documented exceptions."""

import json
import os

import pytest

import anesim
from safetensors_files import llama_like, write_safetensors

# configs/models/deephermes-3-3b.yaml as a dict.
SMALL_MODEL = {
    "name": "tiny",
    "display_name": "Tiny",
    "published_parameters": 3.21e9,
    "element_bytes": 2,
    "layers": 28,
    "hidden": 3072,
    "projections": [
        {"name": n, "cin": i, "cout": o}
        for n, i, o in [("q_proj", 3072, 3072), ("k_proj", 3072, 1024), ("v_proj", 3072, 1024),
                        ("o_proj", 3072, 3072), ("gate_proj", 3072, 8192), ("up_proj", 3072, 8192),
                        ("down_proj", 8192, 3072)]
    ],
    "embedding": {"vocab": 128256, "dim": 3072, "streamed": False},
    "lm_head": {"cin": 3072, "cout": 128256, "shards": 8, "tied": True, "streamed": True},
    "extra_parameters": 0,
}


def test_a_dict_that_contains_itself_is_an_input_error():
    m = {}
    m["x"] = m
    with pytest.raises(anesim.InputError, match=r"model\.x: contains itself"):
        anesim.advise_model(m)
    lst = []
    lst.append(lst)
    with pytest.raises(anesim.InputError, match="contains itself"):
        anesim.load_model({"name": "a", "projections": lst})


def test_deep_nesting_is_refused_quickly_and_by_name():
    deep = {}
    cur = deep
    for _ in range(30000):
        cur["a"] = {}
        cur = cur["a"]
    with pytest.raises(anesim.InputError, match="nested more than 64 levels deep"):
        anesim.load_model(deep)


def test_a_dict_model_is_read_as_typed_values():
    m = anesim.load_model(SMALL_MODEL)
    assert m["layers"] == 28
    # A str is text, whatever it spells: it never becomes more keys.
    bad = dict(SMALL_MODEL, display_name="x\nlayers: 999")
    assert anesim.load_model(bad)["display_name"] == "x\nlayers: 999"
    assert anesim.load_model(bad)["layers"] == 28
    with pytest.raises(TypeError, match=r"model\.projections\[0\]\.cin: expected"):
        anesim.load_model(dict(SMALL_MODEL, projections=[{"name": "q", "cin": object(), "cout": 1}]))


def test_with_overrides_cannot_inject_keys():
    c = anesim.Config.default()
    with pytest.raises(TypeError, match="ane.demand_depth: expected a number"):
        c.with_overrides({"ane.demand_depth": "2\n  ring_variant: fix"})
    with pytest.raises(TypeError, match="expected a number"):
        c.with_overrides({"ane.demand_depth": "3"})
    with pytest.raises(TypeError, match="expected str"):
        c.with_overrides({"dram.refresh": 3})
    assert c.with_overrides({"ane.demand_depth": 3})["ane.demand_depth"] == 3


def test_with_overrides_stores_a_string_as_a_string(source_dir):
    c = anesim.Config.load(str(source_dir / "configs" / "chips" / "m4.yaml"))
    assert c.with_overrides({"ane.ring_variant": "fix"})["ane.ring_variant"] == "fix"
    for hostile in ["fix\n  demand_depth: 9", "fix # comment", "'fix'", '"fix"', "fi\0x"]:
        with pytest.raises(anesim.ConfigError) as e:
            c.with_overrides({"ane.ring_variant": hostile})
        # The reader saw the whole text as one value: it names it.
        assert "is not a variant" in str(e.value)
        assert "\n" not in str(e.value)



def test_with_overrides_replaces_a_quoted_value(tmp_path, source_dir):
    text = (source_dir / "configs" / "chips" / "m4.yaml").read_text()
    path = tmp_path / "q.yaml"
    path.write_text(text.replace("ring_variant: relatch_epoch1", 'ring_variant: "relatch_epoch1"'))
    c = anesim.Config.load(str(path))
    assert c.with_overrides({"ane.ring_variant": "fix"})["ane.ring_variant"] == "fix"
    assert c.with_overrides({"ane.ring_variant": "fix"}).keys() == c.keys()


@pytest.mark.parametrize(
    "text, message",
    [
        ("name: a\n---\nname: b\n", r"m.yaml:2:1: .*a second YAML document"),
        ("name: a\ndisplay_name: b\0c\n", r"m.yaml:2:16: .*a NUL byte"),
        ("name: " + "[" * 200 + "]" * 200 + "\n", r"m.yaml:1:\d+: .*nested more than 64 levels"),
    ],
)
def test_yaml_files_one_document_no_nul_bounded_depth(tmp_path, text, message):
    path = tmp_path / "m.yaml"
    path.write_bytes(text.encode())
    with pytest.raises(anesim.InputError, match=message):
        anesim.load_model(str(path))
    cfg = tmp_path / "c.yaml"
    cfg.write_bytes(anesim.Config.default().text.encode() + b"\n---\na: 1\n")
    with pytest.raises(anesim.ConfigError, match="a second YAML document"):
        anesim.Config.load(str(cfg))


def test_non_utf8_file_names_give_the_documented_errors(tmp_path):
    name = os.fsdecode(b"/nonexistent/\xff.yaml")
    with pytest.raises(anesim.ConfigError, match=r"\\xff"):
        anesim.Config.load(name)
    with pytest.raises(anesim.InputError, match=r"\\xff"):
        anesim.load_model(name)
    with pytest.raises(anesim.ConfigError):
        anesim.run(lines=64, config=name)


def test_repr_of_a_config():
    assert repr(anesim.Config.default()) == "anesim.Config(source='<built-in m3-air>')"


def many_tensors(path, n):
    header, off = {}, 0
    for i in range(n):
        header[f"model.layers.{i}.mlp.w{i % 7}.weight"] = {
            "dtype": "F16", "shape": [1, 1], "data_offsets": [off, off + 2]}
        off += 2
    return write_safetensors(path, {}, raw_header=header, data_bytes=off), header


# How these two readers scale is measured by scripts/bench_model_readers.py
# (docs/performance.md); here they must give the right model at that size.
def test_safetensors_header_of_100000_tensors_is_read(tmp_path):
    path, _ = many_tensors(tmp_path / "big.safetensors", 100000)
    m = anesim.load_model(str(path))
    assert len(m["transfers"]) == 7


def test_safetensors_index_of_30000_entries_is_read(tmp_path):
    _, header = many_tensors(tmp_path / "shard.safetensors", 30000)
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {k: "shard.safetensors" for k in header}}))
    m = anesim.load_model(str(index))
    assert len(m["transfers"]) == 7


def test_a_repeated_key_in_an_index_is_refused(tmp_path):
    write_safetensors(tmp_path / "s.safetensors", llama_like())
    index = tmp_path / "model.safetensors.index.json"
    index.write_text('{"weight_map": {"lm_head.weight": "s.safetensors", '
                     '"lm_head.weight": "other.safetensors"}}')
    with pytest.raises(anesim.InputError, match="given twice"):
        anesim.load_model(str(index))


def test_a_config_json_beside_a_checkpoint_that_is_not_json_is_an_error(tmp_path):
    path = write_safetensors(tmp_path / "model.safetensors", llama_like())
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(anesim.InputError, match=r"config.json:1:\d+: not JSON: syntax error"):
        anesim.load_model(str(path))
    (tmp_path / "config.json").write_text("[1, 2]")
    with pytest.raises(anesim.InputError, match="expected a JSON object"):
        anesim.load_model(str(path))
    os.remove(tmp_path / "config.json")
    assert anesim.load_model(str(path))["layers"] == 2
