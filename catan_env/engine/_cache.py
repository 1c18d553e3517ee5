"""Where numba keeps its compiled engine, keyed by the engine's source.

numba invalidates a cached function only when its own file changes, not when a
constant it imports does (a state-layout offset, a cost vector). A stale cache
would then run machine code for the old layout. We therefore give numba one
cache directory per hash of the package's sources: any source change selects a
fresh directory and a full recompile, and an unchanged package reuses its cache.

``NUMBA_CACHE_DIR``, if set, is honoured as the parent directory.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numba

_PACKAGE = Path(__file__).resolve().parent.parent


def source_hash() -> str:
    """Hash of every Python source of the package, the numba and numpy versions."""
    import numpy

    h = hashlib.sha1()
    h.update(numba.__version__.encode())
    h.update(numpy.__version__.encode())
    for path in sorted(_PACKAGE.rglob("*.py")):
        h.update(str(path.relative_to(_PACKAGE)).encode())
        h.update(path.read_bytes())
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
