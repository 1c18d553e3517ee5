"""Nothing in the repository points outside it.

Someone who clones the project has this repository and nothing beside it, so
every tracked text file (docs, code, docstrings, comments) may name only paths
inside it: no ``../`` path that leaves the repository, no mention of the
development machine's shared folder (its rules, tools, design notes), and every
relative Markdown link must reach a file or folder that exists here. The rules
the engine follows are documented in ``docs/rules/``.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Built from parts so this file does not match itself.
_UP = re.escape(".." + "/")
UP_PATH = re.compile(r"(?<![\w./])" + _UP + r"[\w./-]*")
SHARED = re.compile(r"\bshared" + "/" + r"(rules|tools|seeds|hooks|DESIGN|STYLE|LEARNING|REDESIGN)")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
BINARY = {".png", ".gif", ".jpg", ".npz", ".zip", ".pth", ".gz", ".pdf", ".ico"}
SKIP_DIRS = {".git", ".venv", "__pycache__", "node_modules", ".pytest_cache", ".ruff_cache"}


def tracked_files() -> list[Path]:
    """The repository's tracked files (git), or every file outside build folders."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True, timeout=30).stdout  # fmt: skip
        return [ROOT / p for p in out.decode().split("\0") if p]
    except (OSError, subprocess.SubprocessError):
        return [
            p for p in ROOT.rglob("*")
            if p.is_file() and not SKIP_DIRS & set(p.relative_to(ROOT).parts)
        ]  # fmt: skip


def _texts():
    for path in tracked_files():
        if path.suffix.lower() in BINARY or not path.is_file():
            continue
        try:
            yield path, path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue


def _inside(target: Path) -> bool:
    try:
        target.resolve().relative_to(ROOT)
        return True
    except ValueError:
        return False


def outside_links(path: Path, text: str) -> list[str]:
    """What ``path``'s ``text`` names outside the repository (or a missing Markdown target)."""
    bad = []
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{path.relative_to(ROOT)}:{n}"
        for m in UP_PATH.finditer(line):
            # Read from the file's folder (for a file at the root, where commands run, the same).
            if not _inside(path.parent / m.group()):
                bad.append(f"{where}: {m.group()}")
        for m in SHARED.finditer(line):
            bad.append(f"{where}: {m.group()} (the development machine's folder)")
        if path.suffix == ".md":
            for m in MD_LINK.finditer(line):
                target = m.group(1).split("#", 1)[0]
                if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target):  # a URL, an anchor
                    continue
                resolved = path.parent / target
                if not _inside(resolved) or not resolved.exists():
                    bad.append(f"{where}: link to {m.group(1)} (not a file of this repository)")
    return bad


def test_no_tracked_file_points_outside_the_repository():
    bad = [b for path, text in _texts() for b in outside_links(path, text)]
    assert not bad, "links outside the repository:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "text",
    [
        "see " + ".." + "/elsewhere/base_game.md",
        "see " + "shared" + "/tools/rules_coverage.py",
        "python " + ".." + "/tools/x.py",
        "the " + "shared" + "/rules folder",
        "[rules](" + ".." + "/elsewhere.md)",
        "[rules](docs/no_such_page.md)",
    ],
)
def test_the_check_catches_each_kind(text):
    assert outside_links(ROOT / "README.md", text)


def test_the_check_lets_inside_links_pass():
    text = "[rules](docs/rules/README.md) and [site](https://example.org) and [top](#tests)"
    assert outside_links(ROOT / "README.md", text) == []
    assert (
        outside_links(ROOT / "docs" / "rules" / "base.md", "[back](" + ".." + "/dataset.md)") == []
    )
