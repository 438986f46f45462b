"""--model / model= with a .safetensors header or a sharded index: only the
header is read; hostile headers are clear errors."""

import json
import os
import struct

import pytest

import anesim
from safetensors_files import header_bytes, llama_like, write_safetensors


def transfers(path):
    return {t["name"]: t for t in anesim.load_model(str(path))["transfers"]}


def test_matrices_become_transfers_grouped_by_layer_pattern(tmp_path):
    tensors = llama_like(layers=3)
    tensors["model.layers.0.mlp.experts_router.weight"] = ("F32", (8, 256))
    tensors["model.conv.weight"] = ("F16", (4, 4, 3))
    m = anesim.load_model(str(write_safetensors(tmp_path / "model.safetensors", tensors)))
    t = {x["name"]: x for x in m["transfers"]}
    assert t["model.layers.*.self_attn.q_proj.weight"] == {
        "name": "model.layers.*.self_attn.q_proj.weight", "cin": 256, "cout": 256, "count": 3, "dtype": "bf16", "kernel": (1, 1), "groups": 1}
    assert t["model.layers.*.self_attn.k_proj.weight"]["cout"] == 64
    assert t["model.layers.*.mlp.down_proj.weight"] == {
        "name": "model.layers.*.mlp.down_proj.weight", "cin": 512, "cout": 256, "count": 3, "dtype": "bf16", "kernel": (1, 1), "groups": 1}
    assert t["lm_head.weight"] == {"name": "lm_head.weight", "cin": 256, "cout": 1000, "count": 1, "dtype": "fp16", "kernel": (1, 1), "groups": 1}
    assert "model.embed_tokens.weight" not in t
    assert m["layers"] == 3
    left = "\n".join(m["left_out"])
    assert "embed_tokens" in left and "lookup" in left
    assert "experts_router" in left and "F32" in left
    assert "model.conv.weight" in left and "2-D" in left
    assert "1-D tensors" in left


def test_tied_head_and_shards_from_the_config_beside_it(tmp_path):
    path = write_safetensors(tmp_path / "model.safetensors", llama_like(lm_head=False, vocab=1001))
    assert transfers(path)["lm_head (tied)"] == {"name": "lm_head (tied)", "cin": 256, "cout": 1001, "count": 1, "dtype": "bf16", "kernel": (1, 1), "groups": 1}
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "llama"}))
    t = [x for x in anesim.load_model(str(path))["transfers"] if x["name"] == "lm_head (tied)"]
    # ANEMLL's 8 shards for Llama: near-equal, larger first.
    assert [(x["cout"], x["count"]) for x in t] == [(126, 1), (125, 7)]


def test_sharded_index(tmp_path):
    tensors = llama_like(layers=2)
    names = sorted(tensors)
    first, second = names[: len(names) // 2], names[len(names) // 2:]
    write_safetensors(tmp_path / "model-00001-of-00002.safetensors", {n: tensors[n] for n in first})
    write_safetensors(tmp_path / "model-00002-of-00002.safetensors", {n: tensors[n] for n in second})
    weight_map = {n: "model-00001-of-00002.safetensors" for n in first}
    weight_map.update({n: "model-00002-of-00002.safetensors" for n in second})
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"metadata": {"total_size": 1}, "weight_map": weight_map}))
    whole = write_safetensors(tmp_path / "whole.safetensors", tensors)
    assert anesim.load_model(str(index))["transfers"] == anesim.load_model(str(whole))["transfers"]
    weight_map["model.extra.weight"] = "model-00001-of-00002.safetensors"
    index.write_text(json.dumps({"weight_map": weight_map}))
    with pytest.raises(anesim.InputError, match="model.extra.weight: not in model-00001"):
        anesim.load_model(str(index))
    index.write_text(json.dumps({"weight_map": {"a": "../elsewhere.safetensors"}}))
    with pytest.raises(anesim.InputError, match="beside the index"):
        anesim.load_model(str(index))


def test_only_the_header_is_read(tmp_path):
    # 256 MiB of (sparse) tensor data behind a small header.
    big = {"model.layers.0.mlp.up_proj.weight": ("F16", (8192, 16384))}
    path = write_safetensors(tmp_path / "big.safetensors", big)
    assert os.path.getsize(path) > 256 << 20

    def read_bytes():
        with open("/proc/self/io") as f:
            return int(next(line for line in f if line.startswith("rchar:")).split()[1])

    before = read_bytes()
    t = transfers(path)
    assert read_bytes() - before < 1 << 20
    assert t["model.layers.*.mlp.up_proj.weight"]["cin"] == 16384


def test_advice_equals_cli(cli, tmp_path):
    tensors = {"model.layers.0.mlp.up_proj.weight": ("F16", (4096, 2048))}
    path = str(write_safetensors(tmp_path / "model.safetensors", tensors))
    got = anesim.advise_model(path)
    assert got == cli("advise", "--model", path)
    assert got["projections"][0]["advice"] == "split" and got["projections"][0]["split"] == 2


def hostile(tmp_path, **kwargs):
    path = write_safetensors(tmp_path / "bad.safetensors", {"w": ("F16", (4, 4))}, **kwargs)
    with pytest.raises(anesim.InputError) as e:
        anesim.load_model(str(path))
    assert str(e.value).startswith(str(path) + ": ")
    return str(e.value)


def test_hostile_headers_are_clear_errors(tmp_path):
    header, _ = header_bytes({"w": ("F16", (4, 4))})
    assert "not JSON" in hostile(tmp_path, raw_header=b"{not json")
    assert "JSON object" in hostile(tmp_path, raw_header=b"[1, 2, 3]")
    assert "past the data" in hostile(tmp_path, data_bytes=16) or "within the 16 data bytes" in hostile(tmp_path, data_bytes=16)
    overlap = {"a": {"dtype": "F16", "shape": [4], "data_offsets": [0, 8]},
               "b": {"dtype": "F16", "shape": [4], "data_offsets": [4, 12]}}
    assert "overlap" in hostile(tmp_path, raw_header=overlap, data_bytes=12)
    wrong = {"a": {"dtype": "F16", "shape": [4, 4], "data_offsets": [0, 8]}}
    assert "data_offsets span 8" in hostile(tmp_path, raw_header=wrong, data_bytes=8)
    huge = {"a": {"dtype": "F16", "shape": [2**40, 2**40], "data_offsets": [0, 8]}}
    assert "more than 2^64" in hostile(tmp_path, raw_header=huge, data_bytes=8)
    negative = {"a": {"dtype": "F16", "shape": [-4], "data_offsets": [0, 8]}}
    assert "whole number" in hostile(tmp_path, raw_header=negative, data_bytes=8)
    assert "given twice" in hostile(tmp_path, raw_header=b'{"w": {"dtype": "F16", "shape": [1], "data_offsets": [0, 2]}, "w": {"dtype": "F16", "shape": [1], "data_offsets": [2, 4]}}', data_bytes=4)
    assert "unknown key" in hostile(tmp_path, raw_header={"w": dict(header["w"], extra=1)})
    assert "__metadata__" in hostile(tmp_path, raw_header=dict(header, __metadata__=[1]))


def test_a_length_past_the_end_is_refused_unread(tmp_path):
    path = tmp_path / "short.safetensors"
    path.write_bytes(struct.pack("<Q", 10**12) + b"{}")
    with pytest.raises(anesim.InputError, match="runs past the end of the file"):
        anesim.load_model(str(path))
    path.write_bytes(b"\x01\x02")
    with pytest.raises(anesim.InputError, match="too short"):
        anesim.load_model(str(path))
    with pytest.raises(anesim.InputError, match="cannot open"):
        anesim.load_model(str(tmp_path / "missing.safetensors"))


def test_one_byte_tensors_stream_and_parameters_count_every_tensor(tmp_path):
    tensors = llama_like(layers=2)
    for name in list(tensors):
        if name.endswith("q_proj.weight"):
            tensors[name] = ("I8", tensors[name][1])
    m = anesim.load_model(str(write_safetensors(tmp_path / "model.safetensors", tensors)))
    t = {x["name"]: x for x in m["transfers"]}
    assert t["model.layers.*.self_attn.q_proj.weight"]["dtype"] == "int8"
    elements = 0
    for _, shape in tensors.values():
        n = 1
        for d in shape:
            n *= d
        elements += n
    assert m["parameters"] == elements
