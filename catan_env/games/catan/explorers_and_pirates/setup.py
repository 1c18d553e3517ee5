"""Reset: the frame board laid out, face-down areas shuffled, the start (E&P §10).

Land Ho! starts from fixed positions (§10.1, §10.7.4): each colour's settlement,
road, harbor settlement and settler ship, with one card per terrain hex at the
settlement and 2 gold. With 2 players the two unused colours' buildings and
roads stay as neutral obstacles; with 3 the fourth colour is left out.
"""

import numpy as np
from numba import njit

from ..board.standard import NUM_EDGES, NUM_VERTICES
from ..common import layout as L
from ..common.cards import take_from_bank
from ..common.constants import (
    DEV_DECK_SIZE,
    MAX_PLAYERS,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
)
from ..common.phases import SETUP_ROAD, SETUP_SETTLEMENT
from ..common.rng import below_at, rng_below, rng_seed, seed_at, shuffle
from . import constants as EC
from . import layout as EL
from .missions import ep_check_win
from .phases import (
    SETUP_HARBOR,
    SETUP_NEUTRAL_HARBOR,
    SETUP_NEUTRAL_SETTLEMENT,
    SETUP_SHIP,
)
from .tables import (
    T_BONUS_FACE,
    T_FISH_FACES,
    T_FIXED_START,
    T_HEX_AREA,
    T_HEX_INIT,
    T_HEX_INIT_NUMBER,
    T_HEX_PRINTED,
    T_ISLAND_SHUFFLED,
    T_LAIR_TOKENS,
    T_MODULES,
    T_NUM_HEXES,
    T_POOL,
    T_POOL_SIZE,
    T_START,
    T_TOKENS,
    T_VERTEX_HEXES,
)
from .turn import begin_turn

_EP_OPTIONS = np.array(EL.EP_CONFIG, np.int64)


@njit(cache=True)
def lay_out_board(state, tb):
    """Face-up hexes from the data; each area's hexes and token stack shuffled (§10)."""
    nh = tb[T_NUM_HEXES]
    island = np.empty(nh, np.int64)
    kinds = np.empty(nh, np.int64)
    n_island = 0
    for h in range(nh):
        state[EL.EP_HEX_KIND + h] = tb[T_HEX_INIT + h]
        state[EL.EP_HEX_NUMBER + h] = tb[T_HEX_INIT_NUMBER + h]
        state[EL.EP_HEX_REVEALED + h] = 1 if tb[T_HEX_INIT + h] >= 0 else 0
        # Scenarios 3-5 shuffle the island's terrain, not the printed pasture (§10.3).
        shuffled = tb[T_ISLAND_SHUFFLED] == 1 and tb[T_HEX_AREA + h] == EC.AREA_ISLAND
        if shuffled and tb[T_HEX_PRINTED + h] == 0:
            island[n_island] = h
            kinds[n_island] = tb[T_HEX_INIT + h]
            n_island += 1
    shuffle(state, kinds[:n_island])
    for i in range(n_island):
        state[EL.EP_HEX_KIND + island[i]] = kinds[i]
    pool = np.empty(EL.MAX_AREA, np.int64)
    tokens = np.empty(EL.TOKENS_PER_AREA, np.int64)
    for a in range(2):
        size = tb[T_POOL_SIZE + a]
        for i in range(size):
            pool[i] = tb[T_POOL + a * EL.MAX_AREA + i]
        shuffle(state, pool[:size])
        i = 0
        for h in range(nh):
            if tb[T_HEX_AREA + h] == EC.AREA_NORTH + a:
                state[EL.EP_HEX_KIND + h] = pool[i]
                i += 1
        for i in range(EL.TOKENS_PER_AREA):
            tokens[i] = tb[T_TOKENS + a * EL.TOKENS_PER_AREA + i]
        shuffle(state, tokens[: EL.TOKENS_PER_AREA])
        for i in range(EL.TOKENS_PER_AREA):
            state[EL.EP_TOKENS + a * EL.TOKENS_PER_AREA + i] = tokens[i]


@njit(cache=True)
def _fish_faces(state, tb):
    """Each area's shoals get its faces, shuffled; in Fish for Catan the north keeps
    2 of its 3 at random, unseen (§8.2, §10.3)."""
    if (tb[T_MODULES] & EC.MOD_FISH) == 0:
        return
    state[EL.FISH_SUPPLY] = EC.FISH_PER_GAME
    faces = np.empty(EC.FISH_SHOALS_PER_AREA, np.int64)
    for a in range(2):
        for i in range(EC.FISH_SHOALS_PER_AREA):
            faces[i] = tb[T_FISH_FACES + a * EC.FISH_SHOALS_PER_AREA + i]
        shuffle(state, faces[: EC.FISH_SHOALS_PER_AREA])
        i = 0
        for h in range(tb[T_NUM_HEXES]):
            if (
                tb[T_HEX_AREA + h] == EC.AREA_NORTH + a
                and state[EL.EP_HEX_KIND + h] == EC.FISH_SHOAL
            ):
                state[EL.FISH_FACE + h] = faces[i]
                i += 1


@njit(cache=True)
def _villages(state, tb):
    """Each area's three villages get the three advantages, shuffled; the Pirate
    Bonus one shows the area's die face (§1.5, §9.4)."""
    if (tb[T_MODULES] & EC.MOD_SPICES) == 0:
        return
    state[EL.SPICE_SUPPLY] = EC.SPICE_SACKS_TOTAL
    adv = np.empty(3, np.int64)
    for a in range(2):
        for i in range(3):
            adv[i] = i + 1
        shuffle(state, adv[:3])
        i = 0
        for h in range(tb[T_NUM_HEXES]):
            if tb[T_HEX_AREA + h] == EC.AREA_NORTH + a and state[EL.EP_HEX_KIND + h] == EC.SPICE:
                state[EL.SPICE_ADV + h] = adv[i]
                if adv[i] == EC.PIRATE_BONUS:
                    state[EL.SPICE_FACE + h] = tb[T_BONUS_FACE + a]
                i += 1


@njit(cache=True)
def place_building(state, owner, v, building):
    state[EL.EP_VERTEX_OWNER + v] = owner
    state[EL.EP_VERTEX_BUILDING + v] = building


# Salt of the colour draw's own generator: the colours come from the seed without
# taking a draw from the game's generator, so the rest of the game's randomness
# (board, stacks, starting player) is the same as with fixed colours.
_COLOUR_SALT = 0x5EA7C0103


@njit(cache=True)
def draw_colours(seed, fixed, out):
    """Colour index (``EP_COLOURS``) of each of the 4 seat slots, drawn from the game's
    seed (players choose their colours, E&P §10.1); ``fixed``: colour c at seat c.
    With fewer players the last entries are the colours nobody plays."""
    for c in range(MAX_PLAYERS):
        out[c] = c
    if fixed:
        return
    buf = np.zeros(2, np.int32)
    seed_at(buf, 0, np.uint64(seed) ^ np.uint64(_COLOUR_SALT))
    for i in range(MAX_PLAYERS - 1, 0, -1):
        j = below_at(buf, 0, i + 1)
        t = out[i]
        out[i] = out[j]
        out[j] = t


@njit(cache=True)
def _fixed_start(state, tb):
    """Land Ho!'s fixed positions (§10.1, §10.7.4): each seat takes its colour's
    pieces; with 2 players the colours nobody plays stay as neutral obstacles."""
    n = state[L.NUM_PLAYERS]
    for c in range(MAX_PLAYERS):
        seat = -1
        for q in range(n):
            if state[EL.SEAT_COLOUR + q] == c:
                seat = q
        if seat < 0 and n != 2:
            continue
        owner = seat if seat >= 0 else EC.NEUTRAL
        sv = tb[T_START + 4 * c]
        road = tb[T_START + 4 * c + 1]
        hv = tb[T_START + 4 * c + 2]
        ship = tb[T_START + 4 * c + 3]
        place_building(state, owner, sv, 1)
        place_building(state, owner, hv, EC.HARBOR_SETTLEMENT)
        state[EL.EP_ROAD_OWNER + road] = owner
        if owner == EC.NEUTRAL:
            continue  # neutral pieces are obstacles only: no ship (§10.1)
        state[L.SETTLEMENTS_LEFT + seat] -= 1
        state[EL.HARBORS_LEFT + seat] -= 1
        state[L.ROADS_LEFT + seat] -= 1
        state[L.PUBLIC_VP + seat] = 3
        state[EL.SHIP_EDGE + seat * EC.SHIPS_PER_PLAYER] = ship
        state[EL.SHIP_CARGO + seat * EC.SHIPS_PER_PLAYER * EC.NUM_CARGO + EC.SETTLER] = 1
        state[EL.SETTLERS_LEFT + seat] -= 1
        starting_cards(state, tb, seat, sv)


@njit(cache=True)
def starting_cards(state, tb, p, v):
    """One card per terrain hex at the settlement; the harbor gives none (§10.1, §10.6)."""
    for k in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + k]
        if h >= 0 and state[EL.EP_HEX_KIND + h] < EC.SEA:
            take_from_bank(state, p, state[EL.EP_HEX_KIND + h], 1)


@njit(cache=True)
def ep_reset(state, tb, seed, config, template):
    """Start an E&P game in ``state`` (E&P §10).

    ``config`` is the base option vector followed by the E&P options
    (the scenario); ``template`` is unused (the board comes from ``tb``).
    """
    state[:] = 0
    state[: L.CONFIG_SIZE] = config[: L.CONFIG_SIZE]
    for i in range(_EP_OPTIONS.shape[0]):
        state[_EP_OPTIONS[i]] = config[L.CONFIG_SIZE + i]
    rng_seed(state, seed)
    colours = np.empty(MAX_PLAYERS, np.int64)
    draw_colours(seed, state[EL.OPT_FIXED_COLOURS] != 0, colours)
    for q in range(MAX_PLAYERS):
        state[EL.SEAT_COLOUR + q] = colours[q]
    # The base board fields are not used by E&P: marked empty.
    for v in range(NUM_VERTICES):
        state[L.VERTEX_OWNER + v] = -1
        state[L.KNIGHT_OWNER + v] = -1
    for e in range(NUM_EDGES):
        state[L.EDGE_OWNER + e] = -1
    state[L.ROBBER_HEX] = -1
    state[L.DECK_POS] = DEV_DECK_SIZE  # no development cards (§4.1)
    state[L.LONGEST_ROAD_HOLDER] = -1
    state[L.LARGEST_ARMY_HOLDER] = -1
    state[L.TRADE_TO] = -1
    state[L.WINNER] = -1
    for r in range(NUM_RESOURCES):
        state[L.BANK + r] = RESOURCE_CARDS_PER_TYPE
    for v in range(EL.MAX_VERTICES):
        state[EL.EP_VERTEX_OWNER + v] = -1
    for e in range(EL.MAX_EDGES):
        state[EL.EP_ROAD_OWNER + e] = -1
    for i in range(MAX_PLAYERS * EC.SHIPS_PER_PLAYER):
        state[EL.SHIP_EDGE + i] = -1
    n = state[L.NUM_PLAYERS]
    for p in range(n):
        state[L.SETTLEMENTS_LEFT + p] = EC.SETTLEMENTS_PER_PLAYER
        state[L.ROADS_LEFT + p] = EC.ROADS_PER_PLAYER
        state[EL.HARBORS_LEFT + p] = EC.HARBORS_PER_PLAYER
        state[EL.SETTLERS_LEFT + p] = EC.SETTLERS_PER_PLAYER
        state[EL.GOLD + p] = EC.START_GOLD
        state[EL.CREWS_LEFT + p] = EC.CREWS_PER_PLAYER if tb[T_MODULES] & EC.MOD_CREWS else 0
    state[EL.PIRATE_HEX] = -1
    state[EL.PIRATE_OWNER] = -1
    state[EL.MOVING_SHIP] = -1
    state[EL.FRESH_SHIP] = -1
    for i in range(4):
        state[EL.FRESH_SPICE + i] = -1
    for t in range(EC.NUM_TRACKS):
        state[EL.TRACK_HOLDER + t] = -1
    for i in range(EC.LAIRS_PER_GAME):
        state[EL.CAPTURES + i] = -1
    lay_out_board(state, tb)
    _fish_faces(state, tb)
    _villages(state, tb)
    stack = np.empty(EC.LAIRS_PER_GAME, np.int64)
    for i in range(EC.LAIRS_PER_GAME):
        # flag lair_token_numbers (§1.6): the scenario's data or the other set
        stack[i] = EC.LAIR_TOKENS_MIDDLE[i] if state[EL.OPT_LAIR_MIDDLE] else tb[T_LAIR_TOKENS + i]
    shuffle(state, stack[: EC.LAIRS_PER_GAME])
    for i in range(EC.LAIRS_PER_GAME):
        state[EL.LAIR_STACK + i] = stack[i]
    first = rng_below(state, n)
    state[L.START_PLAYER] = first
    if tb[T_FIXED_START] == 1:
        _fixed_start(state, tb)
        begin_turn(state, tb, first)
    else:
        state[L.SETUP_INDEX] = 0
        setup_next(state, tb)


@njit(cache=True, inline="always")
def in_setup(phase):
    """``phase`` is a placement of the free set-up (§10.6)."""
    return phase == SETUP_SETTLEMENT or phase == SETUP_ROAD or SETUP_HARBOR <= phase <= SETUP_SHIP


@njit(cache=True)
def setup_step(state):
    """Who places what at set-up step ``SETUP_INDEX``, as (phase, seat), or (-1, -1)
    once the set-up is over (E&P §10.6)."""
    n = state[L.NUM_PLAYERS]
    start = state[L.START_PLAYER]
    i = state[L.SETUP_INDEX]
    if i < n:  # 1. own harbor settlements, clockwise
        return SETUP_HARBOR, (start + i) % n
    i -= n
    if n == 2:  # neutral harbor settlements, then neutral settlements
        if i < 2:
            return SETUP_NEUTRAL_HARBOR, (start + i) % n
        if i < 4:
            return SETUP_NEUTRAL_SETTLEMENT, (start + i - 2) % n
        i -= 4
    if i < n:  # 2. own settlements, counter-clockwise
        return SETUP_SETTLEMENT, (start + n - 1 - i) % n
    i -= n
    if i < 2 * n:  # 4. road, then settler ship, clockwise from the starting player
        return (SETUP_ROAD if i % 2 == 0 else SETUP_SHIP), (start + i // 2) % n
    return -1, -1


@njit(cache=True)
def setup_next(state, tb):
    phase, seat = setup_step(state)
    if phase < 0:
        begin_turn(state, tb, state[L.START_PLAYER])
        ep_check_win(state)
    else:
        state[L.PHASE] = phase
        state[L.ACTIVE_PLAYER] = seat
        state[L.CURRENT_PLAYER] = seat


@njit(cache=True)
def setup_place(state, tb, v, e):
    """Apply the current set-up placement (intersection ``v`` or path ``e``) and move on."""
    phase = state[L.PHASE]
    p = state[L.CURRENT_PLAYER]
    if phase == SETUP_HARBOR or phase == SETUP_NEUTRAL_HARBOR:
        owner = p if phase == SETUP_HARBOR else EC.NEUTRAL
        place_building(state, owner, v, EC.HARBOR_SETTLEMENT)
        if owner == p:
            state[EL.HARBORS_LEFT + p] -= 1
            state[L.PUBLIC_VP + p] += 2
    elif phase == SETUP_SETTLEMENT or phase == SETUP_NEUTRAL_SETTLEMENT:
        owner = p if phase == SETUP_SETTLEMENT else EC.NEUTRAL
        place_building(state, owner, v, 1)
        if owner == p:
            state[L.SETTLEMENTS_LEFT + p] -= 1
            state[L.PUBLIC_VP + p] += 1
            starting_cards(state, tb, p, v)
    elif phase == SETUP_ROAD:
        state[EL.EP_ROAD_OWNER + e] = p
        state[L.ROADS_LEFT + p] -= 1
    else:  # the settler ship
        for k in range(EC.SHIPS_PER_PLAYER):
            if state[EL.SHIP_EDGE + p * EC.SHIPS_PER_PLAYER + k] < 0:
                state[EL.SHIP_EDGE + p * EC.SHIPS_PER_PLAYER + k] = e
                state[EL.SHIP_CARGO + (p * EC.SHIPS_PER_PLAYER + k) * EC.NUM_CARGO + EC.SETTLER] = 1
                state[EL.SETTLERS_LEFT + p] -= 1
                break
    state[L.SETUP_INDEX] += 1
    setup_next(state, tb)
