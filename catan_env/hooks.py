"""The registry's games with their Python-layer hooks: what the shared layers call.

:func:`catan_env.core.registry.get` gives a game's
:class:`~catan_env.core.spec.GameSpec` as its package declares it. The shared
layers (AEC env, records, viewer, simulate, tournaments, Ray, the CLI) take the
game's hooks (:data:`~catan_env.core.spec.HOOKS`) from :func:`get` instead, and
never test a game's name.

A hook a game's package leaves undeclared is taken from its family's hooks
module, ``catan_env.<family>_hooks``, when there is one (its ``hooks_for(name)``
gives the game's hooks by field): the Catan rule sets' packages do not declare
theirs yet, so :mod:`catan_env.catan_hooks` holds them.
That module is imported by name, as the registry imports the game packages, so
the shared layers stay free of Catan imports.
"""

from __future__ import annotations

import dataclasses
import importlib
from functools import cache

from catan_env.core import registry
from catan_env.core.spec import HOOKS, GameSpec


@cache
def get(name: str) -> GameSpec:
    """Game ``name``'s spec with every Python-layer hook.

    Raises:
        ValueError: an unknown game, or a game without a hook the layers need.
    """
    spec = registry.get(name)
    missing = [h for h in HOOKS if getattr(spec, h) is None]
    if not missing:
        return spec
    module = f"catan_env.{registry.family(name)}_hooks"
    try:
        fallback = importlib.import_module(module).hooks_for(name)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        fallback = {}
    absent = [h for h in missing if fallback.get(h) is None]
    if absent:
        raise ValueError(f"game {name!r} declares no {', '.join(absent)} hook")
    return dataclasses.replace(spec, **{h: fallback[h] for h in missing})


def of_config(config) -> GameSpec:
    """The spec of the game a ``configure`` result (``config.variant``) is of."""
    return get(config.variant)


__all__ = ["get", "of_config"]
