"""anesim.run and anesim.variants against the command line, and their errors."""

import json
import re
import subprocess

import pytest

import anesim
from conftest import BINARY, SOURCE_DIR

# The README's commands (docs/python.md, "Same as the CLI").
README_RUNS = [
    (["--variant", "bug", "--lines", "0x4000"], dict(variant="bug", lines=0x4000)),
    (["--variant", "fix", "--lines", "0x4000"], dict(variant="fix", lines="0x4000")),
    (["--cin", "2048", "--cout", "4096"], dict(cin=2048, cout=4096)),
    (["--lines", "0x4000", "--split", "2"], dict(lines=0x4000, split=2)),
    (["--lines", "0x4000", "--cores", "1"], dict(lines=0x4000, cores=1)),
    (
        ["--lines", "0x4000", "--config", str(SOURCE_DIR / "configs" / "chips" / "m3-air.yaml")],
        dict(lines=0x4000, config=str(SOURCE_DIR / "configs" / "chips" / "m3-air.yaml")),
    ),
    (["--lines", "0x4100", "--task-lines", "0x2000,0x2100"], dict(lines=0x4100, task_lines=[0x2000, 0x2100])),
    (
        ["--variant", "relatch_epoch1", "--lines", "0x8000", "--cores", "1", "--split", "2", "--task-gaps", "0,0x2000"],
        dict(variant="relatch_epoch1", lines=0x8000, cores=1, split=2, task_gaps=[0, 0x2000]),
    ),
    (["--lines", "0x800", "--cores", "1", "--base-line", "0x100", "--max-cycles", "10000000"],
     dict(lines=0x800, cores=1, base_line=0x100, max_cycles=10000000)),
]


@pytest.mark.parametrize("args,kwargs", README_RUNS, ids=[" ".join(a) for a, _ in README_RUNS])
def test_run_equals_cli_json_key_by_key(cli, args, kwargs):
    expected = cli(*args)
    got = anesim.run(**kwargs)
    assert list(got.keys()) == list(expected.keys())
    for key in expected:
        assert got[key] == expected[key], key


def test_run_takes_a_config_object_and_its_overrides():
    base = anesim.run(lines=0x4000, cores=1, config=anesim.Config.default())
    assert base["config"] == "<built-in m3-air>"
    slower = anesim.Config.default().with_overrides({"fabric.port_cycles_per_line": 40})
    patched = anesim.run(lines=0x4000, cores=1, variant="fix", config=slower)
    healthy = anesim.run(lines=0x4000, cores=1, variant="fix")
    assert patched["time_us"] > healthy["time_us"]
    assert patched["lines_lost"] == 0


def test_task_gaps_move_the_tasks_a_lap_repairing_ring_sees():
    # The M4's ring repairs its grant where its pointers meet on a lap
    # boundary: a gap before the second task moves that task's start.
    plain = anesim.run(variant="relatch_epoch1", lines=0x8000, cores=1, split=2)
    gapped = anesim.run(variant="relatch_epoch1", lines=0x8000, cores=1, split=2, task_gaps=[0, 0x2000])
    assert gapped["time_us"] != plain["time_us"]
    assert gapped["task_lines"] == plain["task_lines"] and gapped["lines_lost"] == 0
    # No gaps is the plain run, cycle for cycle.
    assert anesim.run(variant="relatch_epoch1", lines=0x8000, cores=1, split=2, task_gaps=[0, 0]) == plain


def test_a_batch_child_keeps_its_points_task_gaps():
    # A point handed to a child (--point-stdin) runs with its gaps, as the
    # same point run in a thread does.
    point = '{"variant":"relatch_epoch1","lines":32768,"cores":1,"split":2,"base_line":0,"task_gaps":[0,8192]}'
    out = subprocess.run([BINARY, "--json", "--point-stdin"], input=point, capture_output=True, text=True, check=True)
    child = json.loads(out.stdout)
    thread = anesim.run(variant="relatch_epoch1", lines=0x8000, cores=1, split=2, task_gaps=[0, 0x2000])
    assert child["time_us"] == thread["time_us"] and child["sim_cycles"] == thread["sim_cycles"]


def test_variants_table():
    table = anesim.variants()
    names = [v["name"] for v in table]
    assert names[:2] == ["bug", "fix"]
    fix = table[1]
    assert fix["never_starves"] and not table[0]["never_starves"]
    assert set(fix["parameters"]) == {"epoch_bits", "space_guard", "relatch_at_wrap", "time_share"}
    # Every variant runs.
    for name in names:
        assert anesim.run(lines=0x800, cores=1, variant=name)["variant"] == name


def cli_error(*args):
    out = subprocess.run([BINARY, *args], capture_output=True, text=True)
    assert out.returncode != 0
    return out.stderr.strip().removeprefix("anesim: error: ")


def as_fields(message):
    """A CLI message with each option spelled as Python's argument (--task-lines: task_lines)."""
    return re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", "_"), message)


@pytest.mark.parametrize(
    "cli_args,kwargs,kind",
    [
        (["--lines", "-1"], dict(lines="-1"), anesim.UsageError),
        (["--lines", "0x4000", "--variant", "nope"], dict(lines=0x4000, variant="nope"), anesim.UsageError),
        (["--lines", "0x4000", "--cores", "17"], dict(lines=0x4000, cores=17), anesim.UsageError),
        (["--lines", "0x4000", "--split", "2", "--task-gaps", "1"], dict(lines=0x4000, split=2, task_gaps=[1]), anesim.UsageError),
        (["--lines", "0x4000", "--task-gaps", "0xffffffff"], dict(lines=0x4000, task_gaps=[0xFFFFFFFF]), anesim.UsageError),
        (["--lines", "0x4000", "--config", "/nonexistent.yaml"], dict(lines=0x4000, config="/nonexistent.yaml"), anesim.ConfigError),
    ],
)
def test_errors_carry_the_cli_message(cli_args, kwargs, kind):
    # The same message, naming the argument where the CLI names the option.
    with pytest.raises(kind) as e:
        anesim.run(**kwargs)
    assert isinstance(e.value, ValueError)
    assert str(e.value) == as_fields(cli_error(*cli_args))


def test_a_bad_config_key_names_file_line_and_field(tmp_path):
    text = anesim.Config.default().text.replace("\nane:", "\nane:\n  no_such_key: 1", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(anesim.ConfigError) as e:
        anesim.run(lines=0x4000, config=str(bad))
    assert str(bad) in str(e.value) and "no_such_key" in str(e.value)
    with pytest.raises(anesim.ConfigError) as e:
        anesim.Config.load(str(bad))
    assert str(e.value) == cli_error("--lines", "0x4000", "--config", str(bad))


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(lines=1.5),
        dict(lines=True),
        dict(lines=[0x4000]),
        dict(lines=0x4000, variant=3),
        dict(lines=0x4000, cores=2.0),
        dict(lines=0x4000, config=5),
        dict(lines=0x4000, task_lines="0x4000"),
        dict(lines=0x4000, task_lines=[0x2000, "0x2000"]),
    ],
)
def test_wrong_argument_types_raise_type_error(kwargs):
    with pytest.raises(TypeError):
        anesim.run(**kwargs)


def test_bad_argument_values_raise_value_error():
    with pytest.raises(ValueError):
        anesim.run()  # no size
    with pytest.raises(ValueError):
        anesim.run(lines=0x4000, split=2, task_lines=[0x2000, 0x2000])
    with pytest.raises(ValueError):
        anesim.run(lines=0x4000, task_lines=[0x2000])  # does not add up
    with pytest.raises(ValueError):
        anesim.run(lines=0x4000, task_lines=[])


def test_the_stubs_name_every_public_function_and_ship_beside_the_module():
    import ast
    import pathlib

    stub_path = pathlib.Path(anesim.__file__).with_name("anesim.pyi")
    stub = ast.parse(stub_path.read_text())
    # The result dicts' TypedDicts exist for type checkers only (the module
    # returns plain dicts): every other class and function is the module's.
    typed_dicts = set()
    for n in stub.body:
        if isinstance(n, ast.ClassDef) and any(
            getattr(b, "id", "") == "TypedDict" or getattr(b, "id", "") in typed_dicts for b in n.bases
        ):
            typed_dicts.add(n.name)
    named = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    public = {n for n in dir(anesim) if not n.startswith("_")}
    assert public == {n for n in named if n not in typed_dicts and not n.startswith("_")}
    assert not typed_dicts & public
    # Generated from the template: every "# fields: NAME" line written in.
    template = (SOURCE_DIR / "src" / "anesim" / "python" / "anesim.pyi.template").read_text()
    assert re.search(r"^# fields: run$", template, re.M)
    assert not re.search(r"^# fields:", stub_path.read_text(), re.M)
    for name in public:
        assert getattr(anesim, name).__doc__, name


def stub_keywords(name):
    import ast
    import pathlib

    stub = ast.parse(pathlib.Path(anesim.__file__).with_name("anesim.pyi").read_text())
    f = next(n for n in stub.body if isinstance(n, ast.FunctionDef) and n.name == name)
    return [(a.arg, ast.unparse(d)) for a, d in zip(f.args.args, f.args.defaults)]


def test_the_stub_of_run_is_its_docstring_signature_and_its_options():
    # Both come from src/anesim/api/run_fields.def: the stub's keywords and defaults
    # are the docstring's, and each names an option of `anesim --help`.
    head = anesim.run.__doc__.splitlines()[0]
    assert head == "run(" + ", ".join(f"{k}={d}" for k, d in stub_keywords("run")) + ")"
    help_text = subprocess.run([BINARY, "--help"], capture_output=True, text=True, check=True).stdout
    for keyword, _ in stub_keywords("run"):
        assert "--" + keyword.replace("_", "-") + " " in help_text, keyword


def test_run_takes_its_arguments_by_position_in_the_tables_order():
    assert anesim.run(0x800, None, None, "fix", 1) == anesim.run(lines=0x800, variant="fix", cores=1)
    with pytest.raises(TypeError, match="multiple values for argument 'lines'"):
        anesim.run(0x800, lines=0x800)
    with pytest.raises(TypeError, match="unexpected keyword argument 'line'"):
        anesim.run(line=0x800)


def test_docs_python_md_lists_every_function():
    # A new function (docs/architecture.md, "A new command") is documented in
    # docs/python.md's table of functions.
    table = (SOURCE_DIR / "docs" / "python.md").read_text().split("## Functions", 1)[1].split("\n## ", 1)[0]
    functions = [n for n in dir(anesim) if not n.startswith("_") and not isinstance(getattr(anesim, n), type)]
    assert len(functions) >= 5
    for name in functions:
        assert f"`anesim.{name}(" in table, name
