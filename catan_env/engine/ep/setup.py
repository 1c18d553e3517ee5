"""Reset: the frame board laid out, face-down areas shuffled, the start (E&P §10).

Land Ho! starts from fixed positions (§10.1, §10.7.4): each colour's settlement,
road, harbor settlement and settler ship, with one card per terrain hex at the
settlement and 2 gold. With 2 players the two unused colours' buildings and
roads stay as neutral obstacles; with 3 the fourth colour is left out.
"""

import numpy as np
from numba import njit

from ...board.standard import NUM_EDGES, NUM_VERTICES
from ...constants import DEV_DECK_SIZE, MAX_PLAYERS, NUM_RESOURCES, RESOURCE_CARDS_PER_TYPE
from ..cards import take_from_bank
from ..layout import (
    BANK,
    CONFIG_SIZE,
    DECK_POS,
    EDGE_OWNER,
    KNIGHT_OWNER,
    LARGEST_ARMY_HOLDER,
    LONGEST_ROAD_HOLDER,
    NUM_PLAYERS,
    PUBLIC_VP,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    START_PLAYER,
    TRADE_TO,
    VERTEX_OWNER,
    WINNER,
)
from ..rng import rng_below, rng_seed
from .constants import (
    AREA_ISLAND,
    AREA_NORTH,
    HARBOR_SETTLEMENT,
    HARBORS_PER_PLAYER,
    NEUTRAL,
    NUM_CARGO,
    ROADS_PER_PLAYER,
    SEA,
    SETTLEMENTS_PER_PLAYER,
    SETTLER,
    SETTLERS_PER_PLAYER,
    SHIPS_PER_PLAYER,
    START_GOLD,
)
from .layout import (
    EP_CONFIG,
    EP_HEX_KIND,
    EP_HEX_NUMBER,
    EP_HEX_REVEALED,
    EP_ROAD_OWNER,
    EP_TOKENS,
    EP_VERTEX_BUILDING,
    EP_VERTEX_OWNER,
    GOLD,
    HARBORS_LEFT,
    MAX_AREA,
    MAX_EDGES,
    MAX_VERTICES,
    SETTLERS_LEFT,
    SHIP_CARGO,
    SHIP_EDGE,
    TOKENS_PER_AREA,
)
from .tables import (
    T_HEX_AREA,
    T_HEX_INIT,
    T_HEX_INIT_NUMBER,
    T_HEX_PRINTED,
    T_ISLAND_SHUFFLED,
    T_NUM_HEXES,
    T_POOL,
    T_POOL_SIZE,
    T_START,
    T_TOKENS,
    T_VERTEX_HEXES,
)
from .turn import begin_turn

_EP_OPTIONS = np.array(EP_CONFIG, np.int64)


@njit(cache=True)
def _shuffle(state, a, n):
    """Fisher-Yates over the first ``n`` entries of ``a`` with the game's RNG."""
    for i in range(n - 1, 0, -1):
        j = rng_below(state, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def lay_out_board(state, tb):
    """Face-up hexes from the data; each area's hexes and token stack shuffled (§10)."""
    nh = tb[T_NUM_HEXES]
    island = np.empty(nh, np.int64)
    kinds = np.empty(nh, np.int64)
    n_island = 0
    for h in range(nh):
        state[EP_HEX_KIND + h] = tb[T_HEX_INIT + h]
        state[EP_HEX_NUMBER + h] = tb[T_HEX_INIT_NUMBER + h]
        state[EP_HEX_REVEALED + h] = 1 if tb[T_HEX_INIT + h] >= 0 else 0
        # Scenarios 3-5 shuffle the island's terrain, not the printed pasture (§10.3).
        shuffled = tb[T_ISLAND_SHUFFLED] == 1 and tb[T_HEX_AREA + h] == AREA_ISLAND
        if shuffled and tb[T_HEX_PRINTED + h] == 0:
            island[n_island] = h
            kinds[n_island] = tb[T_HEX_INIT + h]
            n_island += 1
    _shuffle(state, kinds, n_island)
    for i in range(n_island):
        state[EP_HEX_KIND + island[i]] = kinds[i]
    pool = np.empty(MAX_AREA, np.int64)
    tokens = np.empty(TOKENS_PER_AREA, np.int64)
    for a in range(2):
        size = tb[T_POOL_SIZE + a]
        for i in range(size):
            pool[i] = tb[T_POOL + a * MAX_AREA + i]
        _shuffle(state, pool, size)
        i = 0
        for h in range(nh):
            if tb[T_HEX_AREA + h] == AREA_NORTH + a:
                state[EP_HEX_KIND + h] = pool[i]
                i += 1
        for i in range(TOKENS_PER_AREA):
            tokens[i] = tb[T_TOKENS + a * TOKENS_PER_AREA + i]
        _shuffle(state, tokens, TOKENS_PER_AREA)
        for i in range(TOKENS_PER_AREA):
            state[EP_TOKENS + a * TOKENS_PER_AREA + i] = tokens[i]


@njit(cache=True)
def place_building(state, owner, v, building):
    state[EP_VERTEX_OWNER + v] = owner
    state[EP_VERTEX_BUILDING + v] = building


@njit(cache=True)
def _fixed_start(state, tb):
    """Land Ho!'s fixed positions (§10.1, §10.7.4), colour c at seat c."""
    n = state[NUM_PLAYERS]
    for c in range(MAX_PLAYERS):
        if c >= n and n != 2:
            continue
        owner = c if c < n else NEUTRAL
        sv = tb[T_START + 4 * c]
        road = tb[T_START + 4 * c + 1]
        hv = tb[T_START + 4 * c + 2]
        ship = tb[T_START + 4 * c + 3]
        place_building(state, owner, sv, 1)
        place_building(state, owner, hv, HARBOR_SETTLEMENT)
        state[EP_ROAD_OWNER + road] = owner
        if owner == NEUTRAL:
            continue  # neutral pieces are obstacles only: no ship (§10.1)
        state[SETTLEMENTS_LEFT + c] -= 1
        state[HARBORS_LEFT + c] -= 1
        state[ROADS_LEFT + c] -= 1
        state[PUBLIC_VP + c] = 3
        state[SHIP_EDGE + c * SHIPS_PER_PLAYER] = ship
        state[SHIP_CARGO + c * SHIPS_PER_PLAYER * NUM_CARGO + SETTLER] = 1
        state[SETTLERS_LEFT + c] -= 1
        # One card per terrain hex at the settlement; the harbor gives none.
        for k in range(3):
            h = tb[T_VERTEX_HEXES + 3 * sv + k]
            if h >= 0 and state[EP_HEX_KIND + h] < SEA:
                take_from_bank(state, c, state[EP_HEX_KIND + h], 1)


@njit(cache=True)
def ep_reset(state, tb, seed, config, template):
    """Start an E&P game in ``state`` (E&P §10).

    ``config`` is the base option vector followed by the E&P options
    (the scenario); ``template`` is unused (the board comes from ``tb``).
    """
    state[:] = 0
    state[:CONFIG_SIZE] = config[:CONFIG_SIZE]
    for i in range(_EP_OPTIONS.shape[0]):
        state[_EP_OPTIONS[i]] = config[CONFIG_SIZE + i]
    rng_seed(state, seed)
    # The base board fields are not used by E&P: marked empty.
    for v in range(NUM_VERTICES):
        state[VERTEX_OWNER + v] = -1
        state[KNIGHT_OWNER + v] = -1
    for e in range(NUM_EDGES):
        state[EDGE_OWNER + e] = -1
    state[ROBBER_HEX] = -1
    state[DECK_POS] = DEV_DECK_SIZE  # no development cards (§4.1)
    state[LONGEST_ROAD_HOLDER] = -1
    state[LARGEST_ARMY_HOLDER] = -1
    state[TRADE_TO] = -1
    state[WINNER] = -1
    for r in range(NUM_RESOURCES):
        state[BANK + r] = RESOURCE_CARDS_PER_TYPE
    for v in range(MAX_VERTICES):
        state[EP_VERTEX_OWNER + v] = -1
    for e in range(MAX_EDGES):
        state[EP_ROAD_OWNER + e] = -1
    for i in range(MAX_PLAYERS * SHIPS_PER_PLAYER):
        state[SHIP_EDGE + i] = -1
    n = state[NUM_PLAYERS]
    for p in range(n):
        state[SETTLEMENTS_LEFT + p] = SETTLEMENTS_PER_PLAYER
        state[ROADS_LEFT + p] = ROADS_PER_PLAYER
        state[HARBORS_LEFT + p] = HARBORS_PER_PLAYER
        state[SETTLERS_LEFT + p] = SETTLERS_PER_PLAYER
        state[GOLD + p] = START_GOLD
    lay_out_board(state, tb)
    _fixed_start(state, tb)
    first = rng_below(state, n)
    state[START_PLAYER] = first
    begin_turn(state, first)
