"""Reset and set-up of Cities & Knights (C&K §3.1).

The base reset lays the board; then the commodities, the three progress decks
and the C&K supplies are added. Set-up round 2 places a city (not a
settlement) whose hexes give the starting resources.
"""

import numpy as np
from numba import njit

from ..base.setup import reset_state, setup_road, starting_resources
from ..common import layout as L
from ..common.building import occupy
from ..common.constants import (
    CITY,
    DEV_DECK_SIZE,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
)
from ..common.phases import SETUP_ROAD, SETUP_SETTLEMENT
from ..common.rng import shuffle
from . import layout as CL
from .constants import (
    CARD_COUNTS,
    CARD_DECK,
    COMMODITY_CARDS_PER_TYPE,
    DECK_SIZE,
    KNIGHTS_PER_STRENGTH,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    WALLS_PER_PLAYER,
)
from .phases import SETUP_CITY

_CK_OPTIONS = np.array(CL.CK_CONFIG, np.int64)


@njit(cache=True)
def ck_reset(state, tb, seed, config, template):
    """Start a Cities & Knights game in ``state`` (C&K §3.1).

    ``config`` is the base option vector followed by the C&K options.
    """
    reset_state(state, tb, seed, config[: L.CONFIG_SIZE], template)
    for i in range(_CK_OPTIONS.shape[0]):
        state[_CK_OPTIONS[i]] = config[L.CONFIG_SIZE + i]
    # No development cards in C&K (C&K §1.2).
    for i in range(DEV_DECK_SIZE):
        state[L.DECK + i] = 0
    state[L.DECK_POS] = DEV_DECK_SIZE
    for c in range(NUM_RESOURCES, NUM_CARD_TYPES):
        state[L.BANK + c] = COMMODITY_CARDS_PER_TYPE
    deck = np.empty(DECK_SIZE, np.int32)
    for t in range(NUM_TRACKS):
        i = 0
        for kind in range(NUM_CARD_KINDS):
            if CARD_DECK[kind] == t:
                for _ in range(CARD_COUNTS[kind]):
                    deck[i] = kind
                    i += 1
        shuffle(state, deck)
        for i in range(DECK_SIZE):
            state[CL.PDECK + t * DECK_SIZE + i] = deck[i]
        state[CL.PDECK_HEAD + t] = 0
        state[CL.PDECK_COUNT + t] = DECK_SIZE
    for t in range(NUM_TRACKS):
        state[CL.METRO_HOLDER + t] = -1
        state[CL.METRO_VERTEX + t] = -1
    for p in range(state[L.NUM_PLAYERS]):
        state[CL.WALLS_LEFT + p] = WALLS_PER_PLAYER
        for s in range(3):
            state[CL.KNIGHTS_LEFT + 3 * p + s] = KNIGHTS_PER_STRENGTH
    state[CL.MERCHANT_HEX] = -1
    state[CL.MERCHANT_OWNER] = -1
    state[CL.EVENT_FACE] = -1
    state[CL.KNIGHT_SELECTED] = -1
    state[CL.DISPLACED_OWNER] = -1
    state[CL.CARD_TARGET] = -1
    state[CL.HARBOR_TARGET] = -1
    state[CL.HARBOR_OFFER] = -1


@njit(cache=True)
def setup_city(state, tb, v):
    """Round 2: a city straight on ``v``; one resource per land hex around it (C&K §3.1)."""
    p = state[L.CURRENT_PLAYER]
    occupy(state, tb, p, v, CITY, L.CITIES_LEFT, 2)
    starting_resources(state, tb, p, v)
    state[L.SETUP_VERTEX] = v
    state[L.PHASE] = SETUP_ROAD


@njit(cache=True)
def ck_setup_road(state, tb, e):
    """The set-up road; the second round then places cities."""
    setup_road(state, tb, e)
    if state[L.PHASE] == SETUP_SETTLEMENT and state[L.SETUP_INDEX] >= state[L.NUM_PLAYERS]:
        state[L.PHASE] = SETUP_CITY
