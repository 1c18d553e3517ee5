"""Ancients' part of ``catan-env play``: the side's command cards.

Imported by :mod:`catan_env.play.session` by the game's family name.
"""

from __future__ import annotations

from catan_env.games.ancients import layout as L
from catan_env.games.ancients.units import CARD_NAMES, NUM_CARD_TYPES


def private(game, seat: int) -> list[dict]:
    """The command cards in side ``seat``'s hand."""
    hand = L.LAYOUT.view(game.state, "hand").reshape(2, NUM_CARD_TYPES)[seat]
    cards = {CARD_NAMES[k]: int(n) for k, n in enumerate(hand) if n > 0}
    return [{"label": "command cards", "cards": cards}]
