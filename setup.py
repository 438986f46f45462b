"""setuptools over the project's CMake build (pyproject.toml, docs/python.md).

build configures and builds the CMake tree (build/pip, or the configured
tree ANESIM_BUILD_DIR names), installs it into a staging prefix, and takes
from there what a wheel holds: the module and its stubs beside it, the
`anesim` command as a script, share/anesim as data. So what is installed is
what `cmake --install` installs, listed once, in CMakeLists.txt.
"""

import glob
import os
import shutil
import subprocess
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build import build
from setuptools.dist import Distribution

# setuptools' own distutils (imported after setuptools, which provides it).
from distutils.command.build_scripts import build_scripts  # noqa: E402
from distutils.command.install_data import install_data  # noqa: E402

ROOT = os.path.dirname(os.path.abspath(__file__))
# setuptools' own folders, inside the CMake build folder's name space (the
# default build/ would mix with the CMake tree), relative as it wants them.
WORK = os.path.join("build", "setuptools")
STAGING = os.path.join(WORK, "staging")
os.makedirs(os.path.join(ROOT, WORK), exist_ok=True)


def run(command, what):
    print("anesim setup: " + what + ": " + " ".join(command), flush=True)
    if subprocess.run(command, cwd=ROOT).returncode != 0:
        raise SystemExit("anesim setup: " + what + " failed (its output is above)")


def cmake_tree():
    """The CMake build tree: ANESIM_BUILD_DIR's (configured already), or build/pip."""
    given = os.environ.get("ANESIM_BUILD_DIR")
    if given:
        tree = os.path.abspath(given)
        if not os.path.isfile(os.path.join(tree, "CMakeCache.txt")):
            raise SystemExit("anesim setup: ANESIM_BUILD_DIR=" + given +
                             " is not a configured CMake build tree (no CMakeCache.txt)")
        return tree
    tree = os.path.join(ROOT, "build", "pip")
    run(["cmake", "-S", ROOT, "-B", tree, "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
         "-DPython3_EXECUTABLE=" + sys.executable], "configure")
    return tree


class BuildWithCMake(build):
    """Builds and stages the CMake tree and places the module, before the scripts."""

    def run(self):
        tree = cmake_tree()
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        run(["cmake", "--build", tree, "--target", "anesim_tool", "-j", jobs], "build")
        staging = os.path.join(ROOT, STAGING)
        shutil.rmtree(staging, ignore_errors=True)
        run(["cmake", "--install", tree, "--prefix", staging], "stage")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        modules = glob.glob(os.path.join(staging, "lib", "python3*", "*-packages", "anesim*.so"))
        if len(modules) != 1 or not modules[0].endswith(suffix):
            raise SystemExit("anesim setup: the build tree's module (" + ", ".join(modules) +
                             ") is not built for this interpreter (" + suffix + "): configure it "
                             "with -DPython3_EXECUTABLE=" + sys.executable)
        os.makedirs(self.build_lib, exist_ok=True)
        folder = os.path.dirname(modules[0])
        for name in (os.path.basename(modules[0]), "anesim.pyi", "py.typed",
                     os.path.join("anesim-stubs", "__init__.pyi")):
            self.mkpath(os.path.dirname(os.path.join(self.build_lib, name)))
            self.copy_file(os.path.join(folder, name), os.path.join(self.build_lib, name))
        super().run()


class StagedScripts(build_scripts):
    """The staged `anesim` binary, copied as it is (it has no #! line to rewrite)."""

    def finalize_options(self):
        super().finalize_options()
        self.scripts = [os.path.join(STAGING, "bin", "anesim")]

    def copy_scripts(self):
        self.mkpath(self.build_dir)
        out = [os.path.join(self.build_dir, os.path.basename(s)) for s in self.scripts]
        for source, target in zip(self.scripts, out):
            self.copy_file(source, target)  # its mode kept: executable
        return out, out


class StagedData(install_data):
    """share/anesim as the staging prefix holds it, relative to the environment's prefix."""

    def finalize_options(self):
        super().finalize_options()
        share = os.path.join(STAGING, "share")
        files = {}
        for path in sorted(glob.glob(os.path.join(share, "anesim", "**", "*"), recursive=True)):
            if os.path.isfile(path):
                folder = os.path.join("share", os.path.relpath(os.path.dirname(path), share))
                files.setdefault(folder, []).append(path)
        self.data_files = list(files.items())


class BinaryDistribution(Distribution):
    """A platform wheel: the module is compiled code."""

    def has_ext_modules(self):
        return True


setup(
    distclass=BinaryDistribution,
    cmdclass={"build": BuildWithCMake, "build_scripts": StagedScripts,
              "install_data": StagedData},
    # Named so that setuptools runs build_scripts and install_data; the
    # commands above say what they hold once the tree is staged.
    scripts=[os.path.join(STAGING, "bin", "anesim")],
    data_files=[("share/anesim", [])],
    options={"build": {"build_base": WORK}, "egg_info": {"egg_base": WORK}},
)
