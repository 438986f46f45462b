#!/usr/bin/env bash
# ctest -L package: `pip install .` into a fresh virtual environment, as
# docs/python.md says, over this build tree (ANESIM_BUILD_DIR: no second
# build), with Debian's setuptools and wheel and no index. Then, from a
# folder outside both trees: the `anesim` command runs its main job, the
# module imports from the environment and finds its data there, and mypy
# reads its stubs. Any failing step fails the test, naming the step.
#
#   run_pip_test.sh BUILD_DIR SOURCE_DIR PYTHON
set -euo pipefail

if (($# != 3)); then
  echo "usage: $0 BUILD_DIR SOURCE_DIR PYTHON" >&2
  exit 2
fi
build_dir=$(cd "$1" && pwd) source_dir=$(cd "$2" && pwd) python=$3
work=$build_dir/pip-test
venv=$work/venv
rm -rf "$work"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/elsewhere"
# What the environment finds must come from it, never from these trees.
unset ANESIM_DATA_DIR PYTHONPATH

t0=$SECONDS
step() {
  local name=$1 log=$work/$2.log
  shift 2
  if ! "$@" >"$log" 2>&1; then
    echo "pip test: step '$name' failed: $*" >&2
    cat "$log" >&2
    exit 1
  fi
  echo "pip test: $name ok ($((SECONDS - t0)) s)"
}

# --system-site-packages: Debian's setuptools and wheel build the wheel.
step "make a virtual environment" venv "$python" -m venv --system-site-packages "$venv"
step "pip install the source tree" pip \
  env ANESIM_BUILD_DIR="$build_dir" "$venv/bin/pip" install --no-build-isolation --no-index \
  --no-cache-dir "$source_dir"

cd "$work/elsewhere"
step "run the README's main job with the installed command" job \
  "$venv/bin/anesim" --variant bug --lines 0x4000
grep -q "all 262144 lines delivered once, in order" "$work/job.log" ||
  { echo "pip test: the main job did not deliver every line" >&2; cat "$work/job.log" >&2; exit 1; }

cat >"$work/check.py" <<'EOF'
import os
import sys

import anesim

venv = os.path.realpath(sys.argv[1])
module = os.path.realpath(anesim.__file__)
assert module.startswith(venv + os.sep), f"anesim imported from {module}, not from {venv}"
advice = anesim.advise(4096, 2048, chip="m4")
config = os.path.realpath(advice["config"])
assert config.startswith(os.path.join(venv, "share", "anesim") + os.sep), config
assert advice["answered_from"] == "timing table", advice["answered_from"]
assert advice["affected"] is True
assert len(anesim.chips()) >= 15 and "llama-3.2-1b" in anesim.presets()
print("module", module, "data", os.path.dirname(config))
EOF
step "import the module from the environment, with its data" import \
  "$venv/bin/python" "$work/check.py" "$venv"
cat "$work/import.log"

cat >"$work/typed.py" <<'EOF'
import anesim

advice = anesim.advise(4096, 2048, chip="m4")
source: str = advice["answered_from"]
lines: int = advice["lines_per_core"]
EOF
step "type-check a caller against the installed stubs" mypy \
  "$venv/bin/python" -m mypy --no-incremental "$work/typed.py"
echo "pip test: passed in $((SECONDS - t0)) s"
