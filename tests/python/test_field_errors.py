"""Bad arguments name the argument (task_lines), never a command-line option
(--task-lines): the checks are the library's (src/anesim/api/), spelled by the module."""

import pytest

import anesim


@pytest.mark.parametrize(
    "call,message",
    [
        (
            lambda: anesim.run(task_lines=[0x2000, 0x2000], cores=1),
            "no transfer size: give lines N, or cin D with cout N",
        ),
        (
            lambda: anesim.run(lines=0x4000, split=2, task_lines=[0x2000, 0x2000]),
            "task_lines and split both set the tasks: give one of them",
        ),
        (
            lambda: anesim.run(lines=0x4000, task_lines=[0x2000]),
            "task_lines: the tasks add up to 8192 lines, but each core moves 16384 (lines or cin/cout)",
        ),
        (lambda: anesim.run(lines=0x4000, task_lines=[0x4000, 0]), "task_lines: '0' is too small (at least 1)"),
        (lambda: anesim.run(lines=0x4000, cores=17), "cores: '17' is too large (at most 16)"),
        (lambda: anesim.run(lines=0x4000, cores="0x11"), "cores: '17' is too large (at most 16)"),
        (lambda: anesim.run(lines=0, cores=1), "lines: '0' is too small (at least 1)"),
        (lambda: anesim.run(lines=8, split=9, cores=1), "split: '9' is too large (at most 8)"),
        (lambda: anesim.run(cin=64, cores=1), "cin needs cout"),
        (lambda: anesim.advise(cin=0, cout=64), "cin: '0' is too small (at least 1)"),
        (lambda: anesim.advise(cin=64, cout=64, jobs=0), "jobs: '0' is too small (at least 1)"),
    ],
)
def test_usage_errors_name_the_argument(call, message):
    with pytest.raises(anesim.UsageError) as e:
        call()
    assert str(e.value) == message
    assert "--" not in str(e.value)


def test_lines_with_cin_and_cout_is_refused_as_on_the_command_line():
    # The CLI refuses --lines with --cin/--cout; so does run().
    with pytest.raises(anesim.UsageError) as e:
        anesim.run(lines=0x4000, cin=2048, cout=4096, cores=1)
    assert str(e.value).startswith("lines excludes cin")
    with pytest.raises(anesim.UsageError):
        anesim.run(lines=0x4000, cout=4096, cores=1)


def test_a_model_name_is_refused_by_its_argument():
    with pytest.raises(anesim.UsageError) as e:
        anesim.advise_model("llama-9b")
    assert str(e.value).startswith("model: 'llama-9b' is not a preset")
