"""Every public function of the module called with random arguments of
every type (hypothesis): nothing aborts the interpreter, and every failure
is one of the exceptions docs/python.md documents."""

import os

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import anesim  # noqa: E402

# docs/python.md, "Errors": the module's own classes, TypeError for a wrong
# type, KeyError for a missing Config key, OSError for an output.
DOCUMENTED = (anesim.UsageError, anesim.ConfigError, anesim.InputError, anesim.SimulationError,
              TypeError, KeyError, OSError)

scalars = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40)
           | st.binary(max_size=20).map(lambda b: os.fsdecode(b)) | st.just(object()))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=10) | st.integers(), inner, max_size=4),
                      max_leaves=12)
# Arguments that keep a call cheap when it is valid: small runs only.
small_counts = st.none() | st.integers(min_value=-3, max_value=64) | st.sampled_from(["0x10", "", "-1", "4k"])

# Derandomized and without an example database: the same cases every run,
# and nothing written into the source tree.
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def call(f, *args, **kwargs):
    try:
        f(*args, **kwargs)
    except DOCUMENTED:
        pass


@SETTINGS
@given(model=values | st.sampled_from(["llama-3.2-1b", "", "/", "nope"]))
def test_load_model_any_value(model):
    call(anesim.load_model, model)


@SETTINGS
@given(lines=small_counts, cores=small_counts, split=small_counts,
       variant=st.none() | st.text(max_size=10) | st.integers(), task_lines=values,
       config=st.none() | st.text(max_size=10) | st.integers())
def test_run_any_arguments(lines, cores, split, variant, task_lines, config):
    if lines is None:
        lines = 8
    call(anesim.run, lines=lines, cores=cores, split=split, variant=variant,
         task_lines=task_lines, config=config)


@SETTINGS
@given(cin=values, cout=values, jobs=values, config=values)
def test_advise_any_arguments(cin, cout, jobs, config):
    # Only types and cheap refusals: a valid shape would simulate.
    if isinstance(cin, int) and isinstance(cout, int) and not isinstance(cin, bool):
        cin = -1
    call(anesim.advise, cin, cout, jobs=jobs, config=config)


@SETTINGS
@given(model=values, jobs=values, config=values)
def test_advise_model_any_refused_arguments(model, jobs, config):
    if isinstance(model, str):
        model = {"name": model}  # never a valid model: no simulation runs
    call(anesim.advise_model, model, jobs=jobs, config=config)


@SETTINGS
@given(key=values, overrides=st.dictionaries(values.filter(lambda v: v.__hash__ is not None),
                                             values, max_size=3),
       path=values)
def test_config_methods_any_arguments(key, overrides, path):
    c = anesim.Config.default()
    call(lambda: c[key])
    call(lambda: key in c)
    call(c.get, key)
    call(c.with_overrides, overrides)
    call(anesim.Config.load, path)
    assert repr(c).startswith("anesim.Config(")


def test_module_functions_without_arguments():
    assert anesim.presets() and anesim.variants()
    for f in (anesim.run, anesim.advise, anesim.advise_model, anesim.load_model):
        call(f)
