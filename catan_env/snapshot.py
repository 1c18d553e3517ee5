"""Readable JSON snapshots of a Catan state, and their validation.

``state_to_dict`` writes every independent fact of a state with names
(hex labels, ``v12``, ``e5``, resource names): an envelope (``format``,
``version``, ``variant``, ``options``) and the variant's own description,
written by its snapshot module (``spec.snapshot.to_dict``). ``state_from_dict``
checks the envelope, builds the options and has the variant's module read the
rest back (``spec.snapshot.from_dict``): it recomputes what follows from it
(pieces in supply, road lengths, harbor rates, public VP) and rejects anything
malformed or impossible with a :class:`SnapshotError` that says what is wrong.
A test can therefore set up any position by editing a snapshot.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from catan_env.games.catan.common.options import PROTOCOL_BEFORE_OPTION
from catan_env.games.catan.common.snapshot import FORMAT, VERSION, Reader, SnapshotError

from .config import ConfigError, GameConfig
from .variants import get_variant

__all__ = ["FORMAT", "VERSION", "SnapshotError", "state_from_dict", "state_to_dict"]


def state_to_dict(state: np.ndarray, variant: str = "base") -> dict[str, Any]:
    """A complete, JSON-able description of ``state``."""
    config = GameConfig.from_state_vector(state, variant)
    options = config.to_dict()
    options.pop("fixed_board")
    options.pop("variant")
    envelope = {"format": FORMAT, "version": VERSION, "variant": variant, "options": options}
    return get_variant(variant).snapshot.to_dict(state, envelope)


def state_from_dict(data: dict) -> tuple[np.ndarray, GameConfig]:
    """Rebuild a state from a snapshot; raise :class:`SnapshotError` if it is not valid."""
    if not isinstance(data, dict):
        raise SnapshotError(f"a snapshot must be a dict, got {type(data).__name__}")
    d = Reader(data)
    if d.get("format") != FORMAT:
        raise SnapshotError(f"not a catan_env state snapshot (format {data.get('format')!r})")
    if d.get("version") != VERSION:
        raise SnapshotError(
            f"snapshot version {data.get('version')!r} is not supported "
            f"(this engine reads {VERSION})"
        )
    variant = d.get("variant", str)
    options = dict(d.get("options", dict))
    options.setdefault("trade_protocol", PROTOCOL_BEFORE_OPTION)
    try:
        config = GameConfig.make(variant=variant, **options)
    except (ConfigError, TypeError) as exc:
        raise SnapshotError(f"snapshot options: {exc}") from None
    return get_variant(config.variant).snapshot.from_dict(d, config), config
