"""Write one kernels module per registered game from the template.

    python -m catan_env.core.kernels.generate          # rewrite catan_env/_generated/
    python -m catan_env.core.kernels.generate --check  # exit 1 if a file is stale

Each file is :mod:`.template` with its one line marked ``# <rules>`` importing
the game's ``rules`` module instead of the contract's declarations. Nothing is
imported to do this, so the generator runs even while a game does not compile.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from catan_env.core.registry import GAMES, kernels_module, rules_module

TEMPLATE = Path(__file__).with_name("template.py")
OUT_DIR = Path(__file__).resolve().parents[2] / "_generated"
MARK = "  # <rules>"
_HEADER = (
    "# Generated from catan_env/core/kernels/template.py for the game {name!r} by\n"
    "# `python -m catan_env.core.kernels.generate`; do not edit: edit the template.\n"
)


def render(name: str) -> str:
    """The source of the kernels module of game ``name``."""
    lines = TEMPLATE.read_text().split("\n")
    marked = [i for i, line in enumerate(lines) if line.endswith(MARK)]
    if len(marked) != 1:
        raise RuntimeError(f"{TEMPLATE} must mark exactly one import with '{MARK.strip()}'")
    lines[marked[0]] = f"import {rules_module(name)} as R"
    return _HEADER.format(name=name) + "\n".join(lines)


def path_of(name: str) -> Path:
    return OUT_DIR / (kernels_module(name).rsplit(".", 1)[1] + ".py")


def stale(out_dir: Path = OUT_DIR) -> list[str]:
    """The games whose generated file in ``out_dir`` differs from the template's."""
    out = []
    for name in GAMES:
        path = out_dir / path_of(name).name
        if not path.exists() or path.read_text() != render(name):
            out.append(name)
    return out


def write(out_dir: Path = OUT_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    init = out_dir / "__init__.py"
    if not init.exists():
        init.write_text('"""Kernels generated per game from core/kernels/template.py."""\n')
    written = []
    for name in GAMES:
        path = out_dir / path_of(name).name
        path.write_text(render(name))
        written.append(path)
    return written


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Generate the per-game kernel modules.")
    p.add_argument("--check", action="store_true", help="only report stale files (exit 1)")
    a = p.parse_args(argv)
    if a.check:
        bad = stale()
        for name in bad:
            print(f"stale: {path_of(name)} (run python -m catan_env.core.kernels.generate)")
        return 1 if bad else 0
    for path in write():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
