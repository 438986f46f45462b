"""Each weight format at its own rate (docs/chips.md, "Formats at their own
rate"): the engine's drain keys against the published records they must
explain together, and the rankings they give. Through the anesim binary."""

import importlib.util
import json
import subprocess

import pytest

from conftest import BINARY, SOURCE_DIR

_spec = importlib.util.spec_from_file_location(
    "program_fixtures", SOURCE_DIR / "tests" / "programs" / "program_fixtures.py")
program_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(program_fixtures)


def ms(*args):
    out = subprocess.run([BINARY, "decode", *map(str, args), "--split", "none", "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["ms_per_token_before"]


# kasper0406/gemma-coreml-chat @ 51d96247, M4 Pro, cpu-and-ne: the int8 logit
# head, 262144 x 1536, per layout (slices, column splits): published ms.
HEAD = {(9, 1): (5.66 + 5.69) / 2, (10, 1): (5.67 + 5.76) / 2, (8, 2): 5.80}


@pytest.mark.parametrize("layout", sorted(HEAD))
def test_the_m4_pro_int8_head_in_each_layout_within_ten_percent(tmp_path, layout):
    mil = tmp_path / "head.mil"
    program_fixtures.logit_head(str(mil), *layout)
    got = ms("--model", mil, "--chip", "m4-pro")
    assert got == pytest.approx(HEAD[layout], rel=0.10)


def test_without_the_drain_the_int8_head_would_stream_at_the_dma_pace(tmp_path):
    mil = tmp_path / "head.mil"
    program_fixtures.logit_head(str(mil), 9)
    # The M4 Pro as shipped, but on an M4 description without ane.drain.
    m4 = (SOURCE_DIR / "configs" / "chips" / "m4.yaml").read_text()
    (tmp_path / "m4-no-drain.yaml").write_text(m4[:m4.index("  drain:")] +
                                              m4[m4.index("  demand_depth:"):])
    pro = (SOURCE_DIR / "configs" / "chips" / "m4-pro.yaml").read_text()
    assert "\nbase: m4\n" in pro
    (tmp_path / "m4-pro-no-drain.yaml").write_text(
        pro.replace("\nbase: m4\n", "\nbase: m4-no-drain.yaml\n"))
    drained = ms("--model", mil, "--chip", "m4-pro")
    free = ms("--model", mil, "--config", tmp_path / "m4-pro-no-drain.yaml")
    assert drained > 1.5 * free  # the DMA alone streams it well above 100 GB/s


def test_formats_rank_by_time_not_bytes_on_h17():
    fp16, int8, int4, lut4 = (ms("--model", "qwen3-4b", "--dtype", d, "--chip", "m5-pro")
                              for d in ("fp16", "int8", "int4", "lut4"))
    # FluidInference/mobius PR #81 (M5 Pro, a 4B decoder): int8 0.808 and int4
    # 0.684 of fp16's time, 4-bit palettized 1.624 (slower than fp16).
    assert int8 / fp16 == pytest.approx(0.808, abs=0.05)
    assert int4 / fp16 == pytest.approx(0.684, abs=0.05)
    assert lut4 / fp16 == pytest.approx(1.624, abs=0.08)
    assert lut4 > fp16 > int8 > int4


def test_without_a_key_a_format_streams_at_the_dma_pace():
    # The M3 (H15) has no drain key: int8 takes about half of fp16's time.
    fp16, int8 = (ms("--model", "llama-3.2-1b", "--dtype", d, "--chip", "m3")
                  for d in ("fp16", "int8"))
    assert int8 / fp16 == pytest.approx(0.5, abs=0.03)
