"""Compiled Core ML programs (docs/program-format.md): the reader against the
fixtures in tests/fixtures/programs/ (hand-written in each dialect) and
against preset models written as programs by tests/programs/program_fixtures.py,
through `anesim program`, `anesim decode`/`advise` and anesim.load_program()."""

import importlib.util
import json
import os
import shutil
import struct
import subprocess

import pytest

import anesim
from conftest import BINARY, SOURCE_DIR

FIXTURES = SOURCE_DIR / "tests" / "fixtures" / "programs"
_spec = importlib.util.spec_from_file_location(
    "program_fixtures", SOURCE_DIR / "tests" / "programs" / "program_fixtures.py")
program_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(program_fixtures)


def run(*args, ok=True):
    out = subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True)
    if ok:
        assert out.returncode == 0, out.stderr
    return out


def program_json(path, *args):
    return json.loads(run("program", path, "--json", *args).stdout)


def with_weights(tmp_path, name):
    """A copy of a fixture with its weight files written (sparse)."""
    dst = tmp_path / name
    shutil.copytree(FIXTURES / name, dst)
    for mil in dst.rglob("model.mil"):
        program_fixtures.write_weights(str(mil))
    return dst


def weight_ops(p, function=None):
    return [w for f in p["functions"] if function in (None, f["name"]) for w in f["weight_ops"]]


# --- Presets written as programs give the preset's decode step.

@pytest.mark.parametrize("preset,dialect", [("llama-3.2-1b", "1.3"), ("qwen2.5-0.5b", "1.0"),
                                            ("qwen3-0.6b", "1.3")])
def test_a_preset_written_as_a_program_decodes_as_the_preset(tmp_path, preset, dialect):
    folder = tmp_path / f"{preset}.mlmodelc"
    program_fixtures.preset_program(str(SOURCE_DIR / "configs" / "models" / f"{preset}.yaml"),
                                    str(folder), dialect)
    want = json.loads(run("decode", "--model", preset, "--split", "none", "--json").stdout)
    got = json.loads(run("decode", "--model", folder, "--split", "none", "--json").stdout)
    for key in ("tasks", "convs", "ops", "other_ops", "programs", "lines_per_core"):
        assert got["before"][key] == want["before"][key], key
    assert got["weight_bytes_per_token"] == want["weight_bytes_per_token"]
    assert got["before"]["ms_per_token"] == pytest.approx(want["before"]["ms_per_token"], rel=1e-3)
    # Task by task: the same lines, ops before and gaps (the program's own constants).
    p = program_json(folder)
    assert p["sizes_checked"]
    plan = [(t["lines"], t["ops_before"], t["gap_lines"]) for t in p["tasks"]]
    csv_want = tmp_path / "want.csv"
    run("decode", "--model", preset, "--split", "none", "--csv", csv_want)
    rows = [line.split(",") for line in csv_want.read_text().splitlines()[1:]]
    preset_plan = [(int(r[8]), int(r[9])) for r in rows if r[0] == "before"]
    assert [(lines, ops) for lines, ops, _ in plan] == preset_plan


def test_a_preset_program_with_the_advised_split_matches_the_preset_on_the_m4(tmp_path):
    folder = tmp_path / "llama.mlmodelc"
    program_fixtures.preset_program(str(SOURCE_DIR / "configs" / "models" / "llama-3.2-1b.yaml"),
                                    str(folder), "1.3")
    want = json.loads(run("advise", "--model", "llama-3.2-1b", "--chip", "m4", "--json").stdout)
    got = json.loads(run("advise", "--model", folder, "--chip", "m4", "--json").stdout)
    for key in ("time_us_before", "time_us_after"):
        assert got[key] == pytest.approx(want[key], rel=1e-3), key


# --- The fixtures: each dialect, format and layout.

def test_lut4_body_and_fp16_head(tmp_path):
    p = program_json(with_weights(tmp_path, "lut4-body-fp16-head.mlmodelc"))
    assert p["sizes_checked"] and p["version"] == "1.3" and p["opsets"] == ["ios18"]
    ops = weight_ops(p)
    assert [(w["name"], w["dtype"]) for w in ops] == [
        ("up_out", "lut4"), ("down_out", "lut4"), ("logits", "fp16")]
    up = ops[0]
    # 4096 x 4096 at 4 bits: ceil(4096/16) * 4096 / 2 bytes per core; one palette per 16 rows.
    assert up["bytes_per_core"] == 256 * 4096 // 2 and up["lines_per_core"] == 8192
    assert up["palettes"] == ["up_lut"] and (up["palette_cin"], up["palette_cout"]) == (16, 256)
    assert up["gap_lines"] == 4096 // 16 * 2 // 64  # the norm's weights before it
    head = ops[2]
    assert (head["laps"], head["lines_off_multiple"]) == (4, 0) and head["notched"] is True
    # The palettes stream as their own tasks before their weights.
    assert [t["name"] for t in p["tasks"]] == [
        "up_out.palette", "up_out", "down_out.palette", "down_out", "logits"]


def test_int8_and_int4_with_per_block_scales(tmp_path):
    p = program_json(with_weights(tmp_path, "int8-int4-blocks.mlmodelc"))
    ops = weight_ops(p)
    assert [(w["kind"], w["dtype"]) for w in ops] == [
        ("conv", "int8"), ("conv", "int4"), ("linear", "int8")]
    assert ops[1]["side"] == ["up_scale", "up_offset"]
    assert ops[1]["bytes_per_core"] == 1 << 20  # 16384 x 2048 int4: 1 MiB per core
    assert ops[1]["notched"] is True
    # Scales and offsets lie between the weights: they are the next task's gap.
    scale_lines = 16384 * 64 // 16 * 2 // 64
    offset_lines = 16384 * 64 // 16 // 2 // 64
    assert ops[2]["gap_lines"] == scale_lines + offset_lines
    assert ops[2]["cin"] == 16384 and ops[2]["cout"] == 2048


def test_ios16_attribute_form_with_a_tied_embedding(tmp_path):
    p = program_json(with_weights(tmp_path, "ios16-attribute-form.mlmodelc"))
    assert p["version"] == "1.0" and p["opsets"] == ["ios16"]
    ops = {w["name"]: w for w in weight_ops(p)}
    assert ops["q"]["dtype"] == "lut4" and ops["q"]["decompression"] == "constexpr_lut_to_dense"
    assert ops["k"]["dtype"] == "int8" and ops["k"]["decompression"] == "constexpr_affine_dequantize"
    assert not ops["h"]["streamed"] and ops["h"]["kind"] == "gather"
    assert ops["logits"]["kind"] == "matmul" and ops["logits"]["operand"] == "y"
    assert (ops["logits"]["cin"], ops["logits"]["cout"]) == (1024, 32000)  # transpose_y
    embed = [c for c in p["constants"] if c["name"] == "embed"]
    assert len(embed) == 1 and embed[0]["consumers"] == ["h", "logits"]
    assert [t["name"] for t in p["tasks"]] == ["q.palette", "q", "k", "logits"]


def test_two_functions_share_a_blob_and_the_step_runs_infer(tmp_path):
    p = program_json(with_weights(tmp_path, "two-functions.mlmodelc"))
    assert [f["name"] for f in p["functions"]] == ["prefill", "infer"]
    shared = [c for c in p["constants"] if c["name"] == "proj_weight"]
    assert len(shared) == 1 and shared[0]["consumers"] == ["y", "y"]
    assert len(p["tasks"]) == 1


def test_a_split_fused_back_by_a_concat_is_a_finding(tmp_path):
    p = program_json(with_weights(tmp_path, "fused-split.mlmodelc"))
    (w,) = weight_ops(p)
    assert w["fused_from"] == ["o_proj_chunk_0", "o_proj_chunk_1"]
    assert w["lines_per_core"] == 0x4000 and w["notched"] is True
    (finding,) = p["findings"]
    assert finding["kind"] == "fused-split" and finding["op"] == "y"
    text = run("program", with_weights(tmp_path / "t", "fused-split.mlmodelc")).stdout
    assert "fused-split: y" in text and "the split is undone" in text


def test_a_deployment_folder_runs_each_program_in_turn(tmp_path):
    folder = with_weights(tmp_path, "deployment")
    p = program_json(folder)
    assert [os.path.basename(os.path.dirname(x)) for x in p["programs"]] == [
        "toy_embeddings.mlmodelc", "toy_FFN_chunk_01of02.mlmodelc",
        "toy_FFN_chunk_02of02.mlmodelc", "toy_lm_head.mlmodelc"]
    assert [t["starts_program"] for t in p["tasks"]] == [True, False, True, False, True]
    d = json.loads(run("decode", "--model", folder, "--split", "none", "--json").stdout)
    assert d["before"]["programs"] == 4
    # A manifest sets another order.
    (folder / "anesim-programs.txt").write_text(
        "# run order\ntoy_lm_head.mlmodelc\ntoy_FFN_chunk_02of02.mlmodelc\n")
    p = program_json(folder)
    assert [t["name"] for t in p["tasks"]] == ["logits", "a", "b"]


def test_a_program_without_weight_files_is_read_from_its_types():
    p = program_json(FIXTURES / "lut4-body-fp16-head.mlmodelc")
    assert not p["sizes_checked"] and "derived" in p["notes"][0]
    assert len(weight_ops(p)) == 3


def test_a_program_with_no_weight_op_is_an_answer(tmp_path):
    mil = tmp_path / "add.mil"
    mil.write_text('program(1.0)\n[buildInfo = dict<tensor<string, []>, tensor<string, []>>'
                   '({{"coremltools-version", "7.0"}})]\n{\n    func main<ios16>(tensor<fp32, [1]> a, '
                   'tensor<fp32, [1]> b) {\n            tensor<fp32, [1]> c = add(x = a, y = b)'
                   '[name = tensor<string, []>("c")];\n    } -> (c);\n}\n')
    out = run("program", mil)
    assert "no op streams weights" in out.stdout
    bad = run("decode", "--model", mil, ok=False)
    assert bad.returncode == 5 and "no op that streams weights" in bad.stderr


def test_an_unknown_op_is_counted_not_refused(tmp_path):
    mil = tmp_path / "m.mil"
    mil.write_text('program(1.3)\n{\n  func main<ios26>(tensor<fp16, [1, 8]> x) {\n'
                   '    tensor<fp16, [1, 8]> y = future_op(x = x, alpha = fp16(0x1p-1))'
                   '[name = string("y")];\n  } -> (y);\n}\n')
    p = program_json(mil)
    assert p["functions"][0]["other_ops"] == {"future_op": 1} and p["opsets"] == ["ios26"]


# --- Errors: FILE:LINE:COL or the blob's offset, with the field; exit 5.

def error_of(path):
    out = run("program", path, ok=False)
    assert out.returncode == 5, out.stderr
    assert out.stdout == ""
    return out.stderr


def test_malformed_mil_names_file_line_and_column(tmp_path):
    mil = tmp_path / "bad.mil"
    mil.write_text("program(1.3)\n{\n  func main<ios18>(tensor<fp16, [1]> x) {\n"
                   "    tensor<fp16, [1]> y = add(x = x y = x)[name = string(\"y\")];\n  } -> (y);\n}\n")
    assert f"{mil}:4:37: expected ',' between arguments" in error_of(mil)


def test_a_blobfile_past_the_end_of_its_file(tmp_path):
    folder = with_weights(tmp_path, "fused-split.mlmodelc")
    weights = folder / "weights" / "weight.bin"
    os.truncate(weights, 200)
    err = error_of(folder)
    assert "weight.bin: blob at offset" in err and "data:" in err


def test_a_descriptor_whose_size_disagrees_with_the_shape(tmp_path):
    folder = with_weights(tmp_path, "fused-split.mlmodelc")
    with open(folder / "weights" / "weight.bin", "r+b") as f:
        f.seek(64 + 8)
        f.write(struct.pack("<Q", 12345))
    err = error_of(folder)
    assert "blob at offset 64: size: 12345 bytes, but 4194304 x fp16 takes 8388608" in err
    assert "model.mil:" in err  # the declaration that names the blob


def test_an_unknown_data_type_code(tmp_path):
    folder = with_weights(tmp_path, "fused-split.mlmodelc")
    with open(folder / "weights" / "weight.bin", "r+b") as f:
        f.seek(64 + 4)
        f.write(struct.pack("<I", 99))
    assert "blob at offset 64: data type: unknown code 99" in error_of(folder)


def test_a_bad_sentinel(tmp_path):
    folder = with_weights(tmp_path, "fused-split.mlmodelc")
    with open(folder / "weights" / "weight.bin", "r+b") as f:
        f.seek(64)
        f.write(b"\0\0\0\0")
    assert "blob at offset 64: sentinel: 0x00000000" in error_of(folder)


def test_a_missing_weight_file_beside_a_present_one(tmp_path):
    folder = tmp_path / "two-files.mlmodelc"
    folder.mkdir()
    (folder / "model.mil").write_text(
        'program(1.3)\n{\n  func main<ios18>(tensor<fp16, [1, 64]> x) {\n'
        '    tensor<fp16, [64, 64]> a = const()[name = string("a"), val = tensor<fp16, [64, 64]>'
        '(BLOBFILE(path = string("@model_path/weights/a.bin"), offset = uint64(64)))];\n'
        '    tensor<fp16, [64, 64]> b = const()[name = string("b"), val = tensor<fp16, [64, 64]>'
        '(BLOBFILE(path = string("@model_path/weights/b.bin"), offset = uint64(64)))];\n'
        '    tensor<fp16, [1, 64]> y = linear(weight = a, x = x)[name = string("y")];\n'
        '    tensor<fp16, [1, 64]> z = linear(weight = b, x = y)[name = string("z")];\n'
        '  } -> (z);\n}\n')
    program_fixtures.write_weights(str(folder / "model.mil"))
    os.remove(folder / "weights" / "b.bin")
    assert "b.bin: weight file: no such file" in error_of(folder)


def test_a_blobfile_that_leaves_its_folder_is_refused(tmp_path):
    mil = tmp_path / "m.mil"
    mil.write_text('program(1.3)\n{\n  func main<ios18>(tensor<fp16, [1, 64]> x) {\n'
                   '    tensor<fp16, [64, 64]> a = const()[name = string("a"), val = tensor<fp16, '
                   '[64, 64]>(BLOBFILE(path = string("@model_path/../../etc/passwd"), '
                   'offset = uint64(64)))];\n  } -> (x);\n}\n')
    assert "leaves the program's folder" in error_of(mil)


def test_an_mlpackage_says_to_compile_it(tmp_path):
    pkg = tmp_path / "Model.mlpackage"
    (pkg / "Data" / "com.apple.CoreML").mkdir(parents=True)
    err = error_of(pkg)
    assert "protobuf" in err and "compile it to a .mlmodelc" in err


def test_unordered_programs_ask_for_a_manifest(tmp_path):
    folder = with_weights(tmp_path, "deployment")
    shutil.copytree(folder / "toy_lm_head.mlmodelc", folder / "other_head.mlmodelc")
    assert "anesim-programs.txt" in error_of(folder)


# --- Size: a 2 GB weight file is read by its descriptors only.

def test_a_two_gigabyte_weight_file_is_read_by_descriptor(tmp_path):
    folder = tmp_path / "big.mlmodelc"
    program_fixtures.preset_program(str(SOURCE_DIR / "configs" / "models" / "llama-3.2-1b.yaml"),
                                    str(folder), "1.3")
    size = (folder / "weights" / "weight.bin").stat().st_size
    assert size > 2_000_000_000
    p = program_json(folder)
    assert p["sizes_checked"] and p["weight_file_bytes_read"] < 1 << 20


# --- Python.

def test_load_program_returns_the_same_dict_as_the_command(tmp_path):
    folder = with_weights(tmp_path, "int8-int4-blocks.mlmodelc")
    got = anesim.load_program(folder)
    assert got == program_json(folder)
    assert anesim.load_program(str(folder), chip="m4")["ring"] == "relatch_epoch1"


def test_every_model_call_takes_a_program(tmp_path):
    folder = with_weights(tmp_path, "lut4-body-fp16-head.mlmodelc")
    m = anesim.load_model(folder)
    assert [t["name"] for t in m["transfers"]] == [
        "up_out", "up_out.palette", "logits"]
    assert m["transfers"][0]["count"] == 2  # up and down share shape and format
    advice = anesim.advise_model(folder, chip="m4")
    assert advice["time_us_before"] > 0


def test_load_program_errors_are_value_errors(tmp_path):
    with pytest.raises(ValueError, match="no such folder"):
        anesim.load_program(tmp_path / "none.mlmodelc")
    with pytest.raises(TypeError, match="path"):
        anesim.load_program(3)


def test_numbered_programs_run_in_the_order_of_their_chunk_numbers(tmp_path):
    folder = tmp_path / "llama-3.1-8b"
    chunk = FIXTURES / "deployment" / "toy_FFN_chunk_01of02.mlmodelc"
    for i in (1, 2, 10, 11, 12, 9):  # a model's own digits and two-digit chunks
        shutil.copytree(chunk, folder / f"llama-3.1-8b_FFN_PF_lut4_chunk_{i:02d}of12.mlmodelc")
    shutil.copytree(FIXTURES / "deployment" / "toy_lm_head.mlmodelc",
                    folder / "llama-3.1-8b_lm_head_lut6.mlmodelc")
    shutil.copytree(FIXTURES / "deployment" / "toy_embeddings.mlmodelc",
                    folder / "llama-3.1-8b_embeddings.mlmodelc")
    names = [os.path.basename(os.path.dirname(x)) for x in program_json(folder)["programs"]]
    assert names == ["llama-3.1-8b_embeddings.mlmodelc"] + [
        f"llama-3.1-8b_FFN_PF_lut4_chunk_{i:02d}of12.mlmodelc" for i in (1, 2, 9, 10, 11, 12)] + [
        "llama-3.1-8b_lm_head_lut6.mlmodelc"]
