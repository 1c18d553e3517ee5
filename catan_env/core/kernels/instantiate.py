"""Compile the kernel template into one game's kernels module.

numba caches a jitted function by the file its code object names, its
qualified name and its first line. The template's source is therefore compiled
once per game under the game's own module file
(``catan_env/_generated/<game>_kernels.py``, a few lines naming the game's
rules), so each game's kernels get cache entries of their own, and call that
game's rules as fixed globals, which numba needs to cache them at all. Nothing
is written to disk: a read-only install works. The numba cache directory is
keyed on the template's and the rules' source (:mod:`catan_env.core.cache`),
so an edit to either recompiles.
"""

from __future__ import annotations

import linecache
from pathlib import Path

TEMPLATE = Path(__file__).with_name("template.py")
#: The one template line that names the rules module.
MARK = "  # <rules>"


def render(rules_module: str) -> str:
    """The template's source with its marked import pointed at ``rules_module``.

    The line count is unchanged, so a line number in a kernel's traceback is
    the template's line.
    """
    lines = TEMPLATE.read_text().split("\n")
    marked = [i for i, line in enumerate(lines) if line.endswith(MARK)]
    if len(marked) != 1:
        raise RuntimeError(f"{TEMPLATE} must mark exactly one import with '{MARK.strip()}'")
    lines[marked[0]] = f"import {rules_module} as R"
    return "\n".join(lines)


def instantiate(namespace: dict, rules_module: str) -> None:
    """Define the template's kernels in ``namespace`` (a module's ``globals()``)
    over ``rules_module``."""
    filename = namespace["__file__"]
    source = render(rules_module)
    # Tracebacks and inspect.getsource read the kernels' lines through linecache.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
