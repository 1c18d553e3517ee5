"""The Catan rule sets by name: the specs of the variants' packages.

The Catan ``Game`` and ``VectorCatan`` look a variant up here (the shared layers
use :func:`catan_env.hooks.get`). A variant is a game of the registry
(:mod:`catan_env.core.registry`); :class:`Variant` is its
:class:`~catan_env.core.spec.GameSpec`.
"""

from __future__ import annotations

from catan_env.core import registry
from catan_env.core.spec import GameSpec as Variant

__all__ = ["VARIANT_NAMES", "Variant", "get_variant"]

VARIANT_NAMES = ("base", "cities_and_knights", "explorers_and_pirates")


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (one of :data:`VARIANT_NAMES`)."""
    if name not in VARIANT_NAMES:
        raise ValueError(f"unknown variant {name!r}; variants are {', '.join(VARIANT_NAMES)}")
    return registry.get(name)
