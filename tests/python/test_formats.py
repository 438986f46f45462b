"""Weight formats and layer kinds through Python: dtype=, kernel= and
groups= give what `anesim advise --dtype --kernel --groups` prints, and the
payload follows ceil(N/16) * (D/groups) * kh * kw * bits (docs/advise.md)."""

import pytest

import anesim

MIB = 1024 * 1024


@pytest.mark.parametrize("args,kwargs", [
    (["--dtype", "int8"], {"dtype": "int8"}),
    (["--dtype", "lut4"], {"dtype": "lut4"}),
    (["--kernel", "3x3", "--groups", "4"], {"kernel": (3, 3), "groups": 4}),
])
def test_formats_equal_cli(cli, args, kwargs):
    assert anesim.advise(1024, 1024, **kwargs) == cli("advise", "--cin", "1024", "--cout", "1024", *args)


def test_int8_hits_the_notch_at_1_mib():
    # Llama 3.1 8B's q/o projection: 2 MiB per core in fp16, 1 MiB in int8.
    assert anesim.advise(4096, 4096)["bytes_per_core"] == 2 * MIB
    int8 = anesim.advise(4096, 4096, dtype="int8")
    assert int8["bytes_per_core"] == MIB and int8["dtype"] == "int8"
    assert int8["element_bytes"] == 1
    assert int8["affected"]


def test_a_palettized_shape_streams_its_palette():
    a = anesim.advise(4096, 4096, dtype="lut4")
    assert a["bytes_per_core"] == MIB // 2 and a["element_bytes"] == 0.5
    assert a["palette"]["cin"] == 16 and a["palette"]["cout"] == 512
    assert a["palette"]["dtype"] == "fp16"
    assert "palette" not in anesim.advise(4096, 4096, dtype="fp16")


def test_a_conv_is_asked_in_channels_and_split_in_channels():
    a = anesim.advise(2048, 512, kernel=(3, 3))
    assert a["bytes_per_core"] == 32 * 2048 * 9 * 2
    assert a["kernel"] == [3, 3] and a["groups"] == 1
    assert sum(a["chunk_cin"]) == 2048  # input channels, not D*9
    assert anesim.advise(2048, 512, kernel="3x3") == a


def test_a_grouped_split_keeps_chunks_multiples_of_the_groups():
    a = anesim.advise(4096, 4096, groups=2)  # 1 MiB per core, in the notch
    assert a["bytes_per_core"] == MIB
    if a["advice"] == "split":
        assert all(c % 2 == 0 for c in a["chunk_cin"])


def test_bad_formats_name_the_argument():
    with pytest.raises(anesim.UsageError, match="dtype: 'lut5' is not a dtype"):
        anesim.advise(64, 64, dtype="lut5")
    with pytest.raises(anesim.UsageError, match="groups: 3 does not divide cin 64"):
        anesim.advise(64, 64, groups=3)
    with pytest.raises(anesim.UsageError, match="kernel"):
        anesim.advise(64, 64, kernel="3by3")
    with pytest.raises(TypeError, match="kernel"):
        anesim.advise(64, 64, kernel=3)
    with pytest.raises(anesim.UsageError, match="kernel"):
        anesim.advise(64, 64, kernel=(0, 3))


def test_a_model_with_a_lut4_body_and_a_lut6_head():
    model = {
        "name": "lut", "display_name": "LUT", "published_parameters": 1.1e6, "layers": 2,
        "hidden": 256, "dtype": "lut4",
        "projections": [{"name": "q_proj", "cin": 256, "cout": 256},
                        {"name": "up_proj", "cin": 256, "cout": 1024}],
        "embedding": {"vocab": 1000, "dim": 256},
        "lm_head": {"cin": 256, "cout": 1000, "shards": 1, "tied": True, "dtype": "lut6"},
    }
    m = anesim.load_model(model)
    assert m["dtype"] == "lut4"
    dtypes = {t["name"]: t["dtype"] for t in m["transfers"]}
    assert dtypes == {"q_proj": "lut4", "q_proj.palette": "fp16", "up_proj": "lut4",
                      "up_proj.palette": "fp16", "lm_head": "lut6", "lm_head.palette": "fp16"}
    advice = anesim.advise_model(model, jobs=2, dtype="int8")
    assert {row["dtype"] for row in advice["projections"]} == {"int8"}


def test_the_command_line_names_the_option():
    import subprocess
    from conftest import BINARY

    def error(*args):
        done = subprocess.run([BINARY, "advise", *args], capture_output=True, text=True)
        assert done.returncode == 2 and done.stdout == ""
        return done.stderr

    assert "--groups: 3 does not divide --cin 64 and --cout 64" in error("--cin", "64", "--cout", "64", "--groups", "3")
    assert "--dtype: 'fp4' is not a dtype" in error("--cin", "64", "--cout", "64", "--dtype", "fp4")
    assert "--kernel: '3' is not a kernel" in error("--cin", "64", "--cout", "64", "--kernel", "3")
    # One shape's options: with a model they are refused before anything is read.
    assert "--kernel requires --cin" in error("--model", "llama-3.2-1b", "--kernel", "3x3")


def test_advise_docstring_names_every_format_the_command_line_takes():
    import re
    import subprocess
    from conftest import BINARY

    # Both read the one format table (src/anesim/model/dtypes.def).
    help_text = subprocess.run([BINARY, "advise", "--help"], capture_output=True, text=True,
                               check=True).stdout
    formats = re.search(r"weight format: ([a-z0-9_, ]+) \(default", help_text).group(1).split(", ")
    assert "fp16" in formats and "lut8" in formats
    assert ", ".join(formats) in " ".join(anesim.advise.__doc__.split())
