#!/usr/bin/env python3
"""Which sections of the rules the tests pin, per game.

A test pins a section by citing it, as the scenario tests do in their docstrings
(``"C&K §3.16.2: the player who loses a city chooses which one."``), with the
prefix of its game: ``base``, ``C&K``, ``E&P`` or ``CCA``. The sections are those of
the section index at the end of each page of ``docs/rules/``; a section counts as
pinned when it or one of its subsections is cited.

Usage (from the repository root):
    python tools/rules_coverage.py            # a line per game
    python tools/rules_coverage.py --missing  # and the sections no test cites
    python tools/rules_coverage.py --unknown  # citations of sections the docs do not list
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
#: Citation prefix -> the page of docs/rules/ whose index lists its sections.
PAGES = {
    "base": "base.md",
    "C&K": "cities_and_knights.md",
    "E&P": "explorers_and_pirates.md",
    "CCA": "ancients.md",
}
#: A citation: the prefix, then one or more sections ("CCA §3.9.1, §3.15").
CITATION = re.compile(r"(base|C&K|E&P|CCA)\s*((?:§\s*\d+(?:\.\d+)*(?:\s*(?:,|and|/)\s*)?)+)")
SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
INDEX_ROW = re.compile(r"^\| (base|C&K|E&P|CCA) §(\d+(?:\.\d+)*) \|")


def sections(prefix: str) -> list[str]:
    """The section numbers of ``prefix``'s page, in order."""
    text = (DOCS / PAGES[prefix]).read_text(encoding="utf-8")
    return [m.group(2) for line in text.splitlines() if (m := INDEX_ROW.match(line))]


def cited(tests_dir: Path) -> dict[str, set[str]]:
    """Every section each prefix's citations name, over the test files."""
    found: dict[str, set[str]] = {p: set() for p in PAGES}
    for path in sorted(tests_dir.rglob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in CITATION.finditer(text):
            found[m.group(1)].update(SECTION.findall(m.group(2)))
    return found


def coverage(tests_dir: Path = ROOT / "tests") -> dict[str, tuple[list[str], list[str], list[str]]]:
    """Per prefix: (sections, the ones no test cites, citations of unlisted sections)."""
    found = cited(tests_dir)
    out = {}
    for prefix in PAGES:
        secs = sections(prefix)
        listed = set(secs)
        missing = [
            s for s in secs if not any(c == s or c.startswith(s + ".") for c in found[prefix])
        ]
        unknown = sorted(c for c in found[prefix] if c not in listed)
        out[prefix] = (secs, missing, unknown)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("tests", nargs="?", default=str(ROOT / "tests"), help="the tests folder")
    p.add_argument("--missing", action="store_true", help="list the sections no test cites")
    p.add_argument("--unknown", action="store_true", help="list citations of unlisted sections")
    a = p.parse_args(argv)
    for prefix, (secs, missing, unknown) in coverage(Path(a.tests)).items():
        done = len(secs) - len(missing)
        page = f"docs/rules/{PAGES[prefix]}"
        print(f"{prefix:5} {page:37} {done:3}/{len(secs):3} sections cited by tests")
        if a.missing:
            for s in missing:
                print(f"        missing {prefix} §{s}")
        if a.unknown:
            for s in unknown:
                print(f"        unknown {prefix} §{s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
