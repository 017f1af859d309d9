"""Where the jinja2 templates live and the environment that loads them.

In a source checkout the templates are the repository's top-level
``templates/``; an installed wheel carries them as ``puzzlegen/templates``.
Text templates (``.txt.j2``) are not escaped; HTML templates (``.html.j2``)
escape every inserted value.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2


def template_dir() -> Path:
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates", package.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"puzzlegen's templates are missing (looked beside {package})")


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir()),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), default=False),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    return env


def render(name: str, **values: object) -> str:
    return environment().get_template(name).render(**values)
