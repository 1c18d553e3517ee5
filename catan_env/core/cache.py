"""Where numba keeps its compiled engine, keyed by the engine's source.

numba invalidates a cached function only when its own file changes, not when a
constant it imports does (a state-layout offset, a cost vector). A stale cache
would then run machine code for the old layout. We therefore give numba one
cache directory per hash of the sources jitted code can depend on: everything
under ``games/`` and ``_generated/``, the kernel template and the core modules
jitted code imports (``rng``, ``layout``, ``actions``, ``borrow``), and every other module
that defines jitted functions. Any change there selects a fresh directory and a
full recompile; edits to the pure-Python layers (``game.py``, the envs, the
CLI) keep the cache. Jitted code must therefore take
its constants only from those modules.

``NUMBA_CACHE_DIR``, if set, is honoured as the parent directory.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numba

_PACKAGE = Path(__file__).resolve().parent.parent


# Every game's rules and the generated kernels; in core, the modules jitted code imports
# (and the contract, which the template's marked import names).
_JITTED_TREES = ("games", "_generated")
_CORE_JITTED = (
    "core/__init__.py",
    "core/contract.py",
    "core/rng.py",
    "core/layout.py",
    "core/actions.py",
    "core/batch.py",
    "core/borrow.py",
)


def _feeds_jitted_code(relative: Path, text: bytes) -> bool:
    return (
        relative.parts[0] in _JITTED_TREES
        or relative.as_posix() in _CORE_JITTED
        or relative.as_posix().startswith("core/kernels/")
        or any(
            marker in text
            for marker in (b"njit", b"@jit", b"numba.jit", b"vectorize", b"@intrinsic")
        )
    )


def source_hash() -> str:
    """Hash of the sources jitted code depends on, the numba and numpy versions."""
    import numpy

    h = hashlib.sha1()
    h.update(numba.__version__.encode())
    h.update(numpy.__version__.encode())
    for path in sorted(_PACKAGE.rglob("*.py")):
        relative = path.relative_to(_PACKAGE)
        text = path.read_bytes()
        if _feeds_jitted_code(relative, text):
            h.update(relative.as_posix().encode())
            h.update(text)
    return h.hexdigest()[:16]


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write_probe"
        probe.write_text("")
        probe.unlink()
        return True
    except OSError:
        return False


def configure_cache() -> Path:
    """Point numba's cache at the directory for this exact source; return it."""
    parent = os.environ.get("NUMBA_CACHE_DIR")
    if parent:
        base = Path(parent)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
        base = Path(xdg) / "catan_env" / "numba"
    target = base / source_hash()
    if not _writable(target):
        target = Path(tempfile.gettempdir()) / "catan_env_numba" / source_hash()
        target.mkdir(parents=True, exist_ok=True)
    numba.config.CACHE_DIR = str(target)
    return target


CACHE_DIR = configure_cache()
