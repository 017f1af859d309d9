"""Build steps pyproject.toml cannot declare: the optional C core and the templates.

* ``puzzlegen.catscradle._ccore`` is the compiled twin of ``_pycore.py``, and
  ``puzzlegen.pendulum._ccore`` the compiled twin of the search in
  ``puzzlegen/pendulum/solver.py``.  Each is
  optional, as in MarkupSafe and simplejson: when it cannot be compiled (no C
  compiler, no Python headers) the build says so and goes on, and puzzlegen
  uses the pure-Python core, which gives the same answers more slowly.
  Set ``PUZZLEGEN_REQUIRE_CORE=1`` to make a failed compile fail the build.
* The jinja2 templates live at the top of the repository (the project's
  layout); a wheel carries them inside the package as ``puzzlegen/templates``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class OptionalBuildExt(build_ext):
    """Build the C core if possible; never fail the installation over it."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all: DistutilsPlatformError and kin
            self._skip(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # the compiler failed: CompileError, LinkError, OSError
            self._skip(exc)

    @staticmethod
    def _skip(exc: Exception) -> None:
        if os.environ.get("PUZZLEGEN_REQUIRE_CORE"):  # developers: fail on a broken core
            raise exc
        print(
            f"puzzlegen: the compiled solver core could not be built ({exc}); "
            "installing the pure-Python core, which is slower but gives the same answers",
            file=sys.stderr,
        )


class BuildPyWithTemplates(build_py):
    """Copy the top-level templates/ into the built package."""

    def run(self) -> None:
        super().run()
        source = HERE / "templates"
        if source.is_dir():
            target = Path(self.build_lib) / "puzzlegen" / "templates"
            shutil.copytree(source, target, dirs_exist_ok=True)


setup(
    ext_modules=[
        Extension(
            "puzzlegen.catscradle._ccore",
            sources=["puzzlegen/catscradle/_ccore.c"],
            depends=["puzzlegen/_seeded_stream.h"],
            optional=True,
        ),
        Extension(
            "puzzlegen.pendulum._ccore",
            sources=["puzzlegen/pendulum/_ccore.c"],
            depends=["puzzlegen/_seeded_stream.h"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithTemplates},
)
