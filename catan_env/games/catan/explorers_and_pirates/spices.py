"""Mission Spices for Catan: villages, spice sacks, advantages (E&P §9).

A revealed spice hex gets one sack per player (§9.1). A ship with a crew at one
of its corners may leave 1 crew there for good (one per player per village)
and load 1 sack in exchange (§9.2): the player has befriended the village, may
build there, and has its advantage from now on (§9.4): Swift Voyage (+1
movement point for every ship), Pirate Bonus (chase on its die face too),
Fast Gold (sell 1 card for 1 gold once per trade/build phase). Flags
``swift_voyage_discoverer`` and ``fast_gold="buy"`` play the Greek rulebook's
readings of the first and the last (catan_env.config).
"""

from numba import njit

from ..common.cards import give_to_bank, take_from_bank
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES
from ..common.layout import BANK, HAND, NUM_PLAYERS
from . import layout as EL
from .building import ship_slot
from .constants import (
    CREW,
    FAST_GOLD,
    MOD_SPICES,
    NUM_CARGO,
    PIRATE_BONUS,
    SHIPS_PER_PLAYER,
    SPICE,
    SPICE_SACK,
    SWIFT_VOYAGE,
)
from .lairs import ship_points_at_hex
from .tables import T_MODULES, T_NUM_HEXES

P = MAX_PLAYERS


@njit(cache=True)
def villages_with(state, tb, p, advantage):
    """How many villages of ``advantage`` ``p`` has befriended (0-2)."""
    n = 0
    if (tb[T_MODULES] & MOD_SPICES) == 0:
        return 0
    for h in range(tb[T_NUM_HEXES]):
        if state[EL.SPICE_ADV + h] == advantage and state[EL.SPICE_CREW + h * P + p] == 1:
            n += 1
    return n


@njit(cache=True)
def bonus_faces(state, tb, p):
    """Bit set of the Pirate Bonus faces ``p`` chases on besides 6 (§9.4)."""
    bits = 0
    if (tb[T_MODULES] & MOD_SPICES) == 0:
        return 0
    for h in range(tb[T_NUM_HEXES]):
        if state[EL.SPICE_ADV + h] == PIRATE_BONUS and state[EL.SPICE_CREW + h * P + p] == 1:
            bits |= 1 << state[EL.SPICE_FACE + h]
    return bits


@njit(cache=True)
def place_sacks(state, h):
    """A spice hex is revealed: one sack per player on its village (§9.1)."""
    n = min(state[NUM_PLAYERS], state[EL.SPICE_SUPPLY])
    state[EL.SPICE_SACKS + h] = n
    state[EL.SPICE_SUPPLY] -= n


@njit(cache=True)
def can_befriend(state, tb, p, k, h):
    m = state[EL.MOVING_SHIP]
    if (m >= 0 and m != k) or h >= tb[T_NUM_HEXES]:
        return False
    if state[EL.EP_HEX_KIND + h] != SPICE or state[EL.EP_HEX_REVEALED + h] == 0:
        return False
    if state[EL.SPICE_CREW + h * P + p] == 1 or state[EL.SPICE_SACKS + h] == 0:
        return False
    if state[EL.OPT_SPICE_PER_HEX]:  # flag spice_crew_limit="per_hex" (§9.2, §14)
        for q in range(P):
            if state[EL.SPICE_CREW + h * P + q] == 1:
                return False
    i = ship_slot(p, k)
    return state[EL.SHIP_CARGO + i * NUM_CARGO + CREW] > 0 and ship_points_at_hex(state, tb, i, h)


@njit(cache=True)
def befriend(state, p, k, h):
    """1 crew stays on the village for good; 1 sack boards that ship (§9.2)."""
    i = ship_slot(p, k)
    state[EL.SHIP_CARGO + i * NUM_CARGO + CREW] -= 1
    state[EL.SPICE_CREW + h * P + p] = 1
    state[EL.SPICE_SACKS + h] -= 1
    state[EL.SHIP_CARGO + i * NUM_CARGO + SPICE_SACK] += 1
    if state[EL.SPICE_ADV + h] == SWIFT_VOYAGE:
        # At once for every ship still able to move (§9.4); a ship whose discovery
        # revealed the village has finished moving and gains nothing.
        for j in range(SHIPS_PER_PLAYER):
            s = ship_slot(p, j)
            if state[EL.SHIP_EDGE + s] >= 0 and (state[EL.SHIP_FLAGS + s] & EL.FINISHED) == 0:
                state[EL.SHIP_MP + s] += 1
        if state[EL.OPT_SWIFT_DISCOVERER] and _found_it(state, k, h):
            # flag swift_voyage_discoverer (the Greek rulebook's note, §9.4): the
            # ship that has just discovered the village gets its point and moves on
            i = ship_slot(p, k)
            state[EL.SHIP_FLAGS + i] &= ~EL.FINISHED
            state[EL.SHIP_MP + i] += 1
            state[EL.MOVING_SHIP] = k
            state[EL.FRESH_SHIP] = -1


@njit(cache=True)
def _found_it(state, k, h):
    """Ship ``k``'s last step discovered village ``h`` and no ship has moved since."""
    if state[EL.FRESH_SHIP] != k or state[EL.MOVING_SHIP] >= 0:
        return False
    for j in range(4):
        if state[EL.FRESH_SPICE + j] == h:
            return True
    return False


@njit(cache=True, inline="always")
def may_fast_gold(state, tb, p):
    """The part of :func:`can_fast_gold` that does not depend on the resource."""
    return state[EL.FAST_GOLD_USED] < villages_with(state, tb, p, FAST_GOLD)


@njit(cache=True)
def can_fast_gold(state, tb, p, r):
    if not may_fast_gold(state, tb, p):
        return False
    if state[EL.OPT_FAST_GOLD_BUYS]:
        return state[EL.GOLD + p] >= 1 and state[BANK + r] > 0
    return state[HAND + p * NUM_CARD_TYPES + r] > 0


@njit(cache=True)
def fast_gold(state, p, r):
    """Sell 1 card to the supply for 1 gold (§9.4, §4.5); with flag fast_gold="buy"
    (the Greek wording) buy 1 card of resource ``r`` for 1 gold instead."""
    if state[EL.OPT_FAST_GOLD_BUYS]:
        take_from_bank(state, p, r, 1)
        state[EL.GOLD + p] -= 1
    else:
        give_to_bank(state, p, r, 1)
        state[EL.GOLD + p] += 1
    state[EL.FAST_GOLD_USED] += 1
