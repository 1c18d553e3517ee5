"""Ancients' part of ``catan-env play``: the side's command cards, the public vector.

Imported by :mod:`catan_env.play.session` by the game's family name.
"""

from __future__ import annotations

import numpy as np

from catan_env.games.ancients import layout as L
from catan_env.games.ancients.units import CARD_NAMES, NUM_CARD_TYPES
from catan_env.games.ancients.viewer import _public_vector


def public_vector(game) -> np.ndarray:
    """The viewer's public facts of ``game`` now (the vector its ``deltas`` change)."""
    return _public_vector(game.state)


def private(game, seat: int) -> list[dict]:
    """The command cards in side ``seat``'s hand."""
    hand = L.LAYOUT.view(game.state, "hand").reshape(2, NUM_CARD_TYPES)[seat]
    cards = {CARD_NAMES[k]: int(n) for k, n in enumerate(hand) if n > 0}
    return [{"label": "command cards", "cards": cards}]
