"""The registry: game name -> the package that implements it.

Each entry names a package under :mod:`catan_env.games`; by convention it holds
``rules.py`` (the contract, :mod:`catan_env.core.contract`) and ``spec.py``
(``SPEC``, the game's :class:`~catan_env.core.spec.GameSpec`), and its kernels
are generated into ``catan_env/_generated/<name>_kernels.py``. Packages are
imported only when a game is asked for, so a base-game user never compiles
another game. Adding a game is one line here.

A game's *family* is the folder under ``catan_env/games`` its package is in:
``catan`` for the three Catan rule sets, ``ancients`` for Ancients. The command
line's ``--game`` and a record's ``"game"`` name a family or a game, and
``--variant`` / ``"variant"`` pick one of a family's games (:func:`resolve`).
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


def family(name: str) -> str:
    """The family of game ``name``: the folder under ``catan_env/games`` holding it."""
    return _package(name).split(".")[2]


def families() -> tuple[str, ...]:
    """Every family, in registry order."""
    return tuple(dict.fromkeys(family(n) for n in GAMES))


def members(fam: str) -> tuple[str, ...]:
    """The games of family ``fam``, in registry order (empty for an unknown family)."""
    return tuple(n for n in GAMES if family(n) == fam)


def resolve(game: str, variant: str | None = None) -> str:
    """The game named by a family or game name and an optional variant.

    ``resolve("catan", "cities_and_knights")`` and ``resolve("cities_and_knights")``
    are ``"cities_and_knights"``; a family without a variant gives its first game.

    Raises:
        ValueError: an unknown family or game, or a variant not of the family.
    """
    if game in GAMES:
        if variant is not None and variant != game:
            raise ValueError(f"unknown {game} variant {variant!r}; {game} has no variants")
        return game
    games = members(game)
    if not games:
        known = ", ".join(dict.fromkeys((*families(), *GAMES)))
        raise ValueError(f"unknown game {game!r}; games are {known}")
    if variant is None:
        return games[0]
    if variant not in games:
        raise ValueError(f"unknown {game} variant {variant!r}; variants are {', '.join(games)}")
    return variant


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
