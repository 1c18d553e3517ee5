"""The registry: game name -> the package that implements it.

Each entry names a package under :mod:`catan_env.games`; by convention it holds
``rules.py`` (the contract, :mod:`catan_env.core.contract`) and ``spec.py``
(``SPEC``, the game's :class:`~catan_env.core.spec.GameSpec`), and its kernels
are generated into ``catan_env/_generated/<name>_kernels.py``. Packages are
imported only when a game is asked for, so a base-game user never compiles
another game. Adding a game is one line here.
"""

from __future__ import annotations

import importlib
from functools import cache

#: name -> package. The order is the order of ``names()``.
GAMES = {
    "base": "catan_env.games.catan.base",
    "cities_and_knights": "catan_env.games.catan.cities_and_knights",
    "explorers_and_pirates": "catan_env.games.catan.explorers_and_pirates",
    "ancients": "catan_env.games.ancients",
}


def names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(GAMES)


def _package(name: str) -> str:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; games are {', '.join(GAMES)}") from None


def rules_module(name: str) -> str:
    """The dotted path of game ``name``'s rules module."""
    return _package(name) + ".rules"


def kernels_module(name: str) -> str:
    """The dotted path of game ``name``'s generated kernels module."""
    _package(name)
    return f"catan_env._generated.{name}_kernels"


def module(name: str, part: str):
    """Module ``part`` of game ``name``'s package (e.g. ``"options"``), imported alone."""
    return importlib.import_module(f"{_package(name)}.{part}")


def rules(name: str):
    """Game ``name``'s rules module (the contract's jitted entry points)."""
    return importlib.import_module(rules_module(name))


def kernels(name: str):
    """Game ``name``'s generated kernels module (the template's loops over its rules)."""
    return importlib.import_module(kernels_module(name))


@cache
def get(name: str):
    """Game ``name``'s :class:`~catan_env.core.spec.GameSpec`."""
    return importlib.import_module(_package(name) + ".spec").SPEC
