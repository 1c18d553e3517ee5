"""Machinery that knows no game: state layouts, action blocks, RNG, the numba cache.

Importing this package first points numba's on-disk cache at a directory keyed
by the package source (see :mod:`.cache`), before any jitted function exists.
The games live in :mod:`catan_env.games`; nothing here imports them.
"""

from .cache import CACHE_DIR

__all__ = ["CACHE_DIR"]
