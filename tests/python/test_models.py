"""Models from the files people have: a transformers config.json, written
here from the numbers each preset cites, gives the preset's transfers."""

import json
import re

import pytest

import anesim
from conftest import SOURCE_DIR

# The presets taken from a Hugging Face config.json (their header cites it);
# llama-step-synthetic is a published synthetic graph with no config.json.
PRESETS = sorted(p.stem for p in (SOURCE_DIR / "configs" / "models").glob("*.yaml")
                 if "config.json" in p.read_text().split("\nname:")[0])
KEYS = ["hidden_size", "intermediate_size", "num_hidden_layers", "num_attention_heads",
        "num_key_value_heads", "head_dim", "vocab_size", "tie_word_embeddings"]


def cited_numbers(preset):
    """The config.json values a preset's header comment cites."""
    header = (SOURCE_DIR / "configs" / "models" / f"{preset}.yaml").read_text().split("\nname:")[0]
    values = {}
    for key in KEYS:
        m = re.search(rf"\b{key} (\w+)", header)
        assert m, f"{preset} cites no {key}"
        values[key] = {"true": True, "false": False}.get(m.group(1)) if m.group(1) in ("true", "false") else int(m.group(1))
    return values


def model_type(preset):
    if preset.startswith(("llama", "deepseek", "deephermes")):
        return "llama"
    if preset.startswith("qwen2.5"):
        return "qwen2"
    if preset.startswith("qwen3"):
        return "qwen3"
    assert preset.startswith("gemma-3")
    return "gemma3"


def write_config(folder, preset):
    values = cited_numbers(preset)
    kind = model_type(preset)
    if kind == "gemma3":
        doc = {"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3",
               "text_config": dict(values, model_type="gemma3_text"),
               "vision_config": {"hidden_size": 1152}}
    else:
        doc = dict(values, model_type=kind, rope_theta=500000.0, rms_norm_eps=1e-05,
                   rope_scaling=None, torch_dtype="bfloat16")
    folder.mkdir()
    path = folder / "config.json"
    path.write_text(json.dumps(doc, indent=2))
    return path


@pytest.mark.parametrize("preset", PRESETS)
def test_config_json_gives_the_preset_transfers(tmp_path, preset):
    path = write_config(tmp_path / preset, preset)
    got = anesim.load_model(str(path))
    want = anesim.load_model(preset)
    assert got["layers"] == want["layers"]
    assert got["parameters"] == want["parameters"]
    # Gemma 3 too: its head streams the text rows below image_token_index
    # (Gemma3Config's default 262144), as the preset does.
    assert got["transfers"] == want["transfers"]


FIXTURES = SOURCE_DIR / "tests" / "fixtures" / "hf"


def fixture_presets():
    """(folder, preset) of tests/fixtures/hf/README.md's table."""
    rows = re.findall(r"^\| (\S+) \| \S+ \| (\S+) \|$", (FIXTURES / "README.md").read_text(), re.M)
    return [(folder, preset) for folder, preset in rows if preset != "-" and folder != "folder"]


@pytest.mark.parametrize("folder,preset", fixture_presets())
def test_published_config_json_gives_the_preset_transfers(folder, preset):
    got = anesim.load_model(str(FIXTURES / folder / "config.json"))
    want = anesim.load_model(preset)
    assert got["transfers"] == want["transfers"]
    assert got["parameters"] == want["parameters"]


def test_every_preset_but_the_synthetic_step_has_a_fixture():
    assert sorted(p for _, p in fixture_presets()) == [p for p in PRESETS]


def test_mistral_7b_is_read_and_flagged():
    m = anesim.load_model(str(FIXTURES / "Mistral-7B-v0.1" / "config.json"))
    shapes = {t["name"]: (t["cin"], t["cout"]) for t in m["transfers"]}
    assert shapes["q_proj"] == (4096, 4096) and shapes["gate_proj"] == (4096, 14336)
    # q/o at 2 MiB per core, the MLP at 7 MiB: each in the notch on the built-in M3 Air.
    for name, mib in [("q_proj", 2), ("o_proj", 2), ("gate_proj", 7), ("down_proj", 7)]:
        a = anesim.advise(*shapes[name])
        assert a["bytes_per_core"] == mib * 1024 * 1024
        assert a["affected"], name


def test_config_json_advice_equals_cli(cli, tmp_path):
    path = write_config(tmp_path / "Llama-3.2-1B", "llama-3.2-1b")
    assert anesim.advise_model(str(path)) == cli("advise", "--model", str(path))
    assert anesim.advise_model(str(path))["model"] == "llama-3.2-1b"


def config_error(tmp_path, doc_text):
    path = tmp_path / "config.json"
    path.write_text(doc_text)
    with pytest.raises(anesim.InputError) as e:
        anesim.load_model(str(path))
    assert str(e.value).startswith(str(path))
    return str(e.value)


def test_config_json_errors_name_the_key(tmp_path):
    values = cited_numbers("qwen3-8b")
    missing = dict(values, model_type="qwen3")
    del missing["head_dim"]
    (tmp_path / "q").mkdir()
    (tmp_path / "q" / "config.json").write_text(json.dumps(missing))
    # Left out: Qwen3Config's default head_dim, 128, as transformers reads it.
    assert anesim.load_model(str(tmp_path / "q" / "config.json"))["transfers"] == \
        anesim.load_model("qwen3-8b")["transfers"]
    assert "head_dim" in config_error(tmp_path, json.dumps(dict(missing, head_dim="wide"), indent=2))
    msg = config_error(tmp_path, json.dumps(dict(values, model_type="mamba"), indent=2))
    assert "model_type" in msg and "mamba" in msg and "llama" in msg and "mistral" in msg
    msg = config_error(tmp_path, json.dumps(dict(values, model_type="llama", hidden_size="big"), indent=2))
    assert re.search(r":\d+:\d+: hidden_size", msg)
    msg = config_error(tmp_path, '{"model_type": "llama",\n  "hidden_size": }')
    assert re.match(rf"{re.escape(str(tmp_path))}/config.json:2:\d+: not JSON", msg)
    gemma = {"model_type": "gemma3", "text_config": {"hidden_size": 2560, "num_hidden_layers": "many"}}
    assert "text_config.num_hidden_layers" in config_error(tmp_path, json.dumps(gemma))
    assert "JSON object" in config_error(tmp_path, "[1, 2]")
