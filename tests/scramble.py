"""Scrambling what the deciding seat cannot see, for the agents' no-peeking tests.

:func:`scramble` returns a state the seat cannot tell from the game's: the other
seats' hands swapped card for card (sizes kept), their development cards and the
deck dealt anew (base), or their progress cards swapped and the decks reordered
(C&K, where a hand shown by Spy or Master Merchant stays), and a new generator.
"""

from __future__ import annotations

import numpy as np

from catan_env import Game
from catan_env.games.catan.cities_and_knights import layout as CL
from catan_env.games.catan.cities_and_knights.constants import DECK_SIZE, NUM_CARD_KINDS, NUM_TRACKS
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import NUM_CARD_TYPES, NUM_DEV_TYPES


def _swap_hidden_cards(state: np.ndarray, others: list, rng: np.random.Generator) -> None:
    """Exchange cards between the seats ``others``: hand sizes and card totals unchanged."""
    if len(others) < 2:
        return
    for _ in range(20):
        a, b = rng.choice(others, 2, replace=False)
        ha = state[L.HAND + a * NUM_CARD_TYPES : L.HAND + (a + 1) * NUM_CARD_TYPES]
        hb = state[L.HAND + b * NUM_CARD_TYPES : L.HAND + (b + 1) * NUM_CARD_TYPES]
        ra, rb = np.flatnonzero(ha), np.flatnonzero(hb)
        if ra.size == 0 or rb.size == 0:
            continue
        x, y = rng.choice(ra), rng.choice(rb)
        ha[x] -= 1
        hb[x] += 1
        hb[y] -= 1
        ha[y] += 1


def _shuffle_dev_cards(state: np.ndarray, others: list, rng: np.random.Generator) -> None:
    """Deal the unseen development cards (the hands of ``others``, the deck) anew."""
    n = state[L.NUM_PLAYERS]
    holders = [
        q
        for q in others
        if state[L.DEV_NEW + q * NUM_DEV_TYPES : L.DEV_NEW + (q + 1) * NUM_DEV_TYPES].sum() == 0
    ]
    pos = state[L.DECK_POS]
    pool = list(state[L.DECK + pos : L.DECK + L.DEV_DECK_SIZE])
    counts = []
    for q in holders:
        h = state[L.DEV_HAND + q * NUM_DEV_TYPES : L.DEV_HAND + (q + 1) * NUM_DEV_TYPES]
        counts.append(int(h.sum()))
        for t in range(NUM_DEV_TYPES):
            pool += [t] * int(h[t])
        h[:] = 0
    pool = list(rng.permutation(pool))
    for q, c in zip(holders, counts, strict=True):
        for _ in range(c):
            state[L.DEV_HAND + q * NUM_DEV_TYPES + pool.pop()] += 1
    state[L.DECK + pos : L.DECK + L.DEV_DECK_SIZE] = pool
    # The drawn part of the deck records which cards left it: held or played.
    drawn = []
    for q in range(n):
        for t in range(NUM_DEV_TYPES):
            i = q * NUM_DEV_TYPES + t
            drawn += [t] * int(state[L.DEV_HAND + i] + state[L.DEV_USED + i])
    state[L.DECK : L.DECK + pos] = rng.permutation(drawn)


def _shuffle_progress_cards(state: np.ndarray, others: list, rng) -> None:
    """Swap progress cards between the seats ``others`` and reorder every deck."""
    for _ in range(10 if len(others) > 1 else 0):
        a, b = rng.choice(others, 2, replace=False)
        pa = state[
            CL.PROGRESS_HAND + a * NUM_CARD_KINDS : CL.PROGRESS_HAND + (a + 1) * NUM_CARD_KINDS
        ]
        pb = state[CL.PROGRESS_HAND + b * NUM_CARD_KINDS : CL.PROGRESS_HAND + (b + 1) * NUM_CARD_KINDS]  # fmt: skip
        ka, kb = np.flatnonzero(pa), np.flatnonzero(pb)
        if ka.size and kb.size:
            x, y = rng.choice(ka), rng.choice(kb)
            pa[x] -= 1
            pb[x] += 1
            pb[y] -= 1
            pa[y] += 1
    for t in range(NUM_TRACKS):
        head, count = state[CL.PDECK_HEAD + t], state[CL.PDECK_COUNT + t]
        ring = state[CL.PDECK + t * DECK_SIZE : CL.PDECK + (t + 1) * DECK_SIZE]
        idx = (head + np.arange(count)) % DECK_SIZE
        ring[idx] = rng.permutation(ring[idx])


def scramble(game: Game, rng: np.random.Generator) -> np.ndarray:
    """A state the deciding seat cannot tell from ``game.state``."""
    state = game.state.copy()
    seat, n = game.current_player, game.num_players
    state[L.RNG : L.RNG + 2] = rng.integers(-(2**31), 2**31, 2)
    if game.config.variant == "cities_and_knights":
        # Spy and Master Merchant show the target's hand to the card's player.
        shown = state[CL.CARD_TARGET]
        hidden = [q for q in range(n) if q != seat and q != shown]
        _swap_hidden_cards(state, hidden, rng)
        _shuffle_progress_cards(state, hidden, rng)
    else:
        hidden = [q for q in range(n) if q != seat]
        _swap_hidden_cards(state, hidden, rng)
        _shuffle_dev_cards(state, hidden, rng)
    return state
