"""The Catan rule sets' part of ``catan-env play``: what one seat holds.

:mod:`catan_env.play.session` imports this module by the game's family name
(as :mod:`catan_env.hooks` imports ``catan_env.catan_hooks``), so the shared
play layer names no game.
"""

from __future__ import annotations

from catan_env.games.catan.common.constants import CARD_NAMES, DEV_NAMES


def private(game, seat: int) -> list[dict]:
    """What ``seat`` holds and only it sees: its cards by kind, in groups."""
    layout = game.variant.layout
    hand = layout.view(game.state, "hand")[seat]
    groups = [{"label": "cards", "cards": _named(CARD_NAMES, hand, keep=5)}]
    if game.variant.name == "explorers_and_pirates":
        return groups  # no development cards in E&P (its gold is public)
    if "progress_hand" in layout.fields:
        from catan_env.games.catan.cities_and_knights.constants import CARD_KIND_NAMES

        progress = layout.view(game.state, "progress_hand")[seat]
        groups.append({"label": "progress cards", "cards": _named(CARD_KIND_NAMES, progress)})
    else:
        dev = layout.view(game.state, "dev_hand")[seat]
        groups.append({"label": "development cards", "cards": _named(DEV_NAMES, dev)})
    return groups


def _named(names, counts, keep: int = 0) -> dict[str, int]:
    # The first ``keep`` kinds are always listed (a hand of no ore still says "ore 0").
    return {names[k]: int(n) for k, n in enumerate(counts) if n > 0 or k < keep}
