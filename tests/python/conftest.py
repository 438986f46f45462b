"""Fixtures of the Python tests: the anesim binary to compare against, the
source tree, and small files written by the tests themselves."""

import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("ANESIM_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
BINARY = os.environ.get("ANESIM_BINARY", str(SOURCE_DIR / "build" / "anesim"))


@pytest.fixture
def cli():
    """anesim ARGS --json as a dict (the command must succeed)."""

    def run(*args):
        out = subprocess.run([BINARY, *args, "--json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return run


@pytest.fixture
def source_dir():
    return SOURCE_DIR
