"""`anesim advise --batch FILE` (docs/advise.md, "Batch"): JSON lines in,
one JSON line out per question, each the answer `anesim advise --json`
gives for it, or its error naming the file, line and key."""

import json
import subprocess

import anesim

from conftest import BINARY


def batch(tmp_path, lines, *extra):
    path = tmp_path / "questions.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    out = subprocess.run([BINARY, "advise", "--batch", str(path), *extra],
                         capture_output=True, text=True)
    return out.returncode, [json.loads(x) for x in out.stdout.splitlines()], str(path)


def untabled(tmp_path):
    """The M4 under another name, with no timing table beside it: simulated."""
    path = tmp_path / "m4-copy.yaml"
    path.write_text("base: m4\n")
    return str(path)


def test_answers_are_the_single_questions_answers(tmp_path, cli):
    rc, got, _ = batch(tmp_path, [
        '{"id": "a", "cin": 4096, "cout": 2048, "chip": "m4"}',
        "",
        '{"id": 7, "cin": 8192, "cout": 8192, "dtype": "lut4", "kernel": [1, 1], "chips": "macs"}',
        '{"model": "llama-3.2-1b", "chip": "m3", "dtype": {"lm_head": "lut6", "*": "lut4"}}',
    ])
    assert rc == 0
    assert [g["line"] for g in got] == [1, 3, 4]
    assert got[0]["id"] == "a" and got[1]["id"] == 7 and "id" not in got[2]
    assert got[0]["answer"] == cli("advise", "--cin", "4096", "--cout", "2048", "--chip", "m4")
    assert got[1]["answer"] == cli("advise", "--cin", "8192", "--cout", "8192", "--dtype", "lut4",
                                   "--chip", "macs")
    assert got[2]["answer"] == anesim.advise_model(
        "llama-3.2-1b", chip="m3", dtype={"lm_head": "lut6", "*": "lut4"})


def test_a_bad_line_is_answered_with_its_error_and_the_rest_go_on(tmp_path):
    rc, got, path = batch(tmp_path, [
        '{"cin": 4096, "cout": 2048, "chip": "m9"}',
        '{"cin": 4096, "cout": 2048, "colour": "red"}',
        "not json",
        '{"cin": 4096, "cout": 2048, "config": "%s", "simulate": "never"}' % untabled(tmp_path),
        '{"cin": 4096, "cout": 2048}',
    ])
    assert rc == 2  # the first failed line's exit code: a bad value
    errors = [g.get("error", "") for g in got]
    assert errors[0].startswith(path + ":1: chip: 'm9' is not a chip")
    assert errors[1].startswith(path + ":2: colour: not a key")
    assert errors[2].startswith(path + ":3: not JSON")
    assert "needs a simulation" in errors[3]
    assert "answer" in got[4]
    rc, _, _ = batch(tmp_path, [
        '{"cin": 4096, "cout": 2048, "config": "%s", "simulate": "never"}' % untabled(tmp_path)])
    assert rc == 7


def test_standard_input_and_refused_options(tmp_path):
    out = subprocess.run([BINARY, "advise", "--batch", "-"], input='{"cin": 4096, "cout": 2048}\n',
                         capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["answer"]["affected"] is True
    rc, got, _ = batch(tmp_path, [], "--model", "llama-3.2-1b")
    assert rc == 2 and got == []
    missing = subprocess.run([BINARY, "advise", "--batch", str(tmp_path / "none.jsonl")],
                             capture_output=True, text=True)
    assert missing.returncode == 5 and "cannot open it" in missing.stderr
