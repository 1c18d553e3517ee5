"""The jitted game engine: state layout, rules, masks and step.

Importing this package first points numba's on-disk cache at a directory keyed
by the package source (see :mod:`._cache`), before any jitted function exists.
"""

from ._cache import CACHE_DIR

__all__ = ["CACHE_DIR"]
