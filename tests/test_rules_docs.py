"""The rules pages of ``docs/rules/`` stay true to the tests.

Every test a page names (``tests/path.py::test_name``, or ``::test_name`` for
another test of the file named just before it) exists; every section a test cites
is in its game's section index; every game of the registry has a page.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from catan_env.core import registry

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
NAMED = re.compile(r"`(tests/[\w/]+\.py)?::(\w+)`")


def _coverage_tool():
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", ROOT / "tools" / "rules_coverage.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def named_tests(text: str) -> list[tuple[str, str]]:
    """``(file, test)`` for every test a page names, in order."""
    out, current = [], None
    for m in NAMED.finditer(text):
        current = m.group(1) or current
        assert current is not None, f"::{m.group(2)} follows no file"
        out.append((current, m.group(2)))
    return out


def test_every_named_test_exists():
    missing = []
    for page in sorted(DOCS.glob("*.md")):
        for file, name in named_tests(page.read_text(encoding="utf-8")):
            path = ROOT / file
            if not path.is_file() or not re.search(rf"^def {name}\(", path.read_text(), re.M):
                missing.append(f"{page.name}: {file}::{name}")
    assert not missing, "tests named in docs/rules/ that do not exist:\n" + "\n".join(missing)


def test_every_cited_section_is_in_the_index():
    tool = _coverage_tool()
    unknown = [
        f"{prefix} §{s}"
        for prefix, (_, _, bad) in tool.coverage(ROOT / "tests").items()
        for s in bad
    ]
    assert not unknown, f"tests cite sections the docs do not list: {unknown}"


def test_every_game_has_a_page_and_an_index():
    tool = _coverage_tool()
    pages = set(tool.PAGES.values())
    for name in registry.names():
        assert f"{name}.md" in pages and (DOCS / f"{name}.md").is_file(), name
    for prefix in tool.PAGES:
        assert len(tool.sections(prefix)) > 50, prefix


def test_the_reader_catches_a_missing_test():
    text = "`tests/test_rules_docs.py::test_every_named_test_exists`, `::no_such_test`"
    assert named_tests(text) == [
        ("tests/test_rules_docs.py", "test_every_named_test_exists"),
        ("tests/test_rules_docs.py", "no_such_test"),
    ]
