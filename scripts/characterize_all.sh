#!/usr/bin/env bash
# Regenerates the timing table of every chip `anesim chips` lists
# (configs/chips/registry.yaml), each beside its description, and prints
# each chip's wall time. A table is tied to the model code's version, so
# every change to what can change a simulated time needs this
# (docs/advise.md, "Timing tables"). Each chip's wall and CPU seconds
# follow its line.
#   scripts/characterize_all.sh [ANESIM] [JOBS]   (defaults: build/anesim, 2)
set -euo pipefail
anesim=${1:-build/anesim}
jobs=${2:-2}
names=$("$anesim" chips --json | python3 -c 'import json, sys; print(*(c["name"] for c in json.load(sys.stdin)))')
TIMEFORMAT="characterize_all: %R s wall, %U s user + %S s system"
for chip in $names; do
  echo "characterize_all: $chip"
  time "$anesim" characterize --chip "$chip" -j "$jobs"
done
