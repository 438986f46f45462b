#!/usr/bin/env bash
# ctest -L package: installs the build tree into a scratch prefix, builds
# examples/platform against it with find_package(anesim) as a platform
# outside the tree would, and runs its transfer on the installed
# m3-air.yaml; then imports the installed Python module from the prefix.
# Any failing step fails the test, naming the step.
#
#   run_package_test.sh BUILD_DIR SOURCE_DIR CXX_COMPILER BUILD_TYPE \
#                       INCLUDEDIR LIBDIR DATADIR [LAUNCHER]
# (the *DIRs: the build's CMAKE_INSTALL_*DIR, relative to the prefix)
set -euo pipefail

if (($# < 7)); then
  echo "usage: $0 BUILD_DIR SOURCE_DIR CXX_COMPILER BUILD_TYPE INCLUDEDIR LIBDIR DATADIR [LAUNCHER]" >&2
  exit 2
fi
build_dir=$1 source_dir=$2 cxx=$3 build_type=$4
includedir=$5 libdir=$6 datadir=$7 launcher=${8:-}
cmake=${CMAKE_COMMAND:-cmake}
# A fixed scratch folder inside the build tree: its paths are the same on
# every run, so the compiler cache hits.
work=$build_dir/package-test
prefix=$work/prefix
rm -rf "$work"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"

t0=$SECONDS
step() {
  local name=$1 log=$work/$2.log
  shift 2
  if ! "$@" >"$log" 2>&1; then
    echo "package test: step '$name' failed: $*" >&2
    cat "$log" >&2
    exit 1
  fi
  echo "package test: $name ok ($((SECONDS - t0)) s)"
}

step "install the build tree" install "$cmake" --install "$build_dir" --prefix "$prefix"

# What the package must and must not ship.
for f in "$includedir"/anesim/sim/top/ane_system.h "$includedir"/anesim/sim/top/run_spec.h \
         "$includedir"/anesim/sim/base/machine_config.h \
         "$includedir"/anesim/machine/machine_config_reader.h "$includedir"/anesim/io/errors.h \
         "$datadir"/anesim/configs/chips/m3-air.yaml "$libdir"/cmake/anesim/anesimConfig.cmake; do
  [[ -f $prefix/$f ]] || { echo "package test: $f is not installed" >&2; exit 1; }
done
# A small public face: at most 12 headers, generated ones included.
headers=$(find "$prefix/$includedir/anesim" -type f | wc -l)
if ((headers > 12)); then
  echo "package test: $headers headers installed under $includedir/anesim, more than 12:" >&2
  find "$prefix/$includedir/anesim" -type f >&2
  exit 1
fi
# Only the public class and what it names: nothing of the CLI, the analyses,
# the benchmark, nor the model's parts (the rings, the fabric, the cycle loop).
for d in analysis cli src sim/ring sim/fabric; do
  if [[ -e $prefix/$includedir/anesim/$d ]]; then
    echo "package test: $includedir/anesim/$d is installed" >&2
    exit 1
  fi
done
# An installed package that names the build or source tree works only here.
if grep -rlF -e "$build_dir" -e "$source_dir" "$prefix/$libdir/cmake/anesim"; then
  echo "package test: the installed CMake files above name the build or source tree" >&2
  exit 1
fi

configure=("$cmake" -S "$source_dir/examples/platform" -B "$work/platform"
           -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx"
           -DCMAKE_BUILD_TYPE="$build_type")
[[ -n $launcher ]] && configure+=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher")
step "configure examples/platform against the package" configure "${configure[@]}"
step "build examples/platform" build "$cmake" --build "$work/platform"
step "run a transfer on the installed m3-air.yaml" run \
  "$work/platform/platform" "$prefix/$datadir/anesim/configs/chips/m3-air.yaml"
cat "$work/run.log"

# The Python module, installed under the prefix's site directory, imports
# from there and runs (an instrumented build needs its sanitizer runtimes
# preloaded, as the pytest files have them).
shopt -s nullglob
modules=("$prefix"/lib/python3*/dist-packages/anesim.cpython-*.so)
[[ ${#modules[@]} -eq 1 && -f $(dirname "${modules[0]}")/anesim.pyi ]] ||
  { echo "package test: the Python module and its stubs are not installed" >&2; exit 1; }
python=python3
[[ -x /usr/bin/python3 ]] && python=/usr/bin/python3
preload=()
# (Not `ldd | grep -q`: under pipefail, grep's early exit can SIGPIPE ldd and
# turn a match into a failed condition.)
if [[ $(ldd "${modules[0]}") == *libasan* ]]; then
  preload=(LD_PRELOAD="$("$cxx" -print-file-name=libasan.so):$("$cxx" -print-file-name=libubsan.so)"
           ASAN_OPTIONS=detect_leaks=0)
fi
step "import the installed Python module and run a transfer" python \
  env PYTHONPATH="$(dirname "${modules[0]}")" "${preload[@]}" "$python" -c \
  'import anesim; r = anesim.run(lines=0x800, cores=1); assert r["lines_lost"] == 0, r; print(anesim.__file__, r["gbps"])'
cat "$work/python.log"

# The installed tool: bin/anesim and its data under share/anesim/.
for f in bin/anesim "$datadir"/anesim/configs/models/llama-3.2-1b.yaml; do
  [[ -f $prefix/$f ]] || { echo "package test: $f is not installed" >&2; exit 1; }
done
step "run the installed anesim" tool "$prefix/bin/anesim" --lines 0x800 --cores 1
step "advise with an installed model preset" tool-advise \
  "$prefix/bin/anesim" advise --cin 2048 --cout 4096

# Moved elsewhere, with the source and build trees out of reach (a private
# mount namespace lays an empty tmpfs over both where unshare is allowed),
# the binary and the module still find their data: it is looked up
# relative to where they are, never through a path compiled in.
# Outside the build tree, which the run below hides; removed on exit.
moved=$(mktemp -d /tmp/anesim-package.XXXXXX)
trap 'rm -rf "$work" "$moved"' EXIT
cp -a "$prefix"/. "$moved"/
module_dir=$(dirname "${modules[0]}")
module_dir=$moved/${module_dir#"$prefix"/}
relocated_script=$moved/relocated.sh
cat >"$relocated_script" <<SCRIPT
set -euo pipefail
cd /
"$moved/bin/anesim" advise --model llama-3.2-1b --json >/dev/null
env PYTHONPATH="$module_dir" ${preload[*]} "$python" -c '
import anesim
names = anesim.presets()
assert "llama-3.2-1b" in names, names
m = anesim.load_model("llama-3.2-1b")
assert m["transfers"], m
print("relocated:", anesim.__file__, len(names), "presets")'
SCRIPT
hide=()
if unshare -m true 2>/dev/null; then
  hide=(unshare -m sh -c "mount -t tmpfs none '$build_dir' && mount -t tmpfs none '$source_dir' && exec bash '$relocated_script'")
  echo "package test: the source and build trees are hidden for the relocated run"
else
  hide=(bash "$relocated_script")
  echo "package test: unshare is not allowed here; the relocated run sees the trees"
fi
step "run the relocated anesim and module with the trees out of reach" relocated "${hide[@]}"
cat "$work/relocated.log"
