"""Every Python snippet of the README runs as pasted.

Each ```python block is executed in a fresh namespace, in an empty folder (the
snippets that write files write them there), in the order of the README. A block
that trains for minutes may opt out with the marker comment
``# readme-test: skip (trains for minutes)`` as its first line (the LearnerVecEnv
example, a million MaskablePPO steps: its env is tested in tests/test_learner_env.py);
the test fails if more than two do.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)
SKIP = "# readme-test: skip (trains for minutes)"


def blocks() -> list[tuple[int, str]]:
    """``(line, code)`` of each Python block of the README."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def test_the_readme_has_snippets_and_skips_few():
    found = blocks()
    assert len(found) >= 8
    assert sum(code.startswith(SKIP) for _, code in found) <= 2


@pytest.mark.parametrize("line, code", blocks(), ids=[f"README.md:{n}" for n, _ in blocks()])
def test_snippet_runs(line, code, tmp_path, monkeypatch):
    if code.startswith(SKIP):
        pytest.skip(f"README.md:{line} trains for minutes")
    monkeypatch.chdir(tmp_path)
    try:
        exec(compile(code, f"README.md:{line}", "exec"), {"__name__": "__readme__"})
    finally:
        # A snippet that starts a local Ray leaves it running in this process; the
        # Ray tests that follow start their own (ray.init twice is an error).
        ray = sys.modules.get("ray")
        if ray is not None and ray.is_initialized():
            ray.shutdown()
