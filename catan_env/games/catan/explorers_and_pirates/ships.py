"""The movement phase: moving ships, exploration, cargo, founding (E&P §4.8-§4.11).

One ship moves at a time: ``select_ship`` starts it, ``sail`` steps it to an
adjacent sea route for 1 movement point, ``stop_ship`` ends its movement
(a discovery ends it too). Cargo actions and founding need no movement points
and may happen while the ship moves or after. Founding needs no other ship
mid-move; loading, unloading and swapping any ship's cargo is open while another
ship is mid-move, since the rules only ask that one ship finish moving before
the next moves (§4.8, Example 5's relay through a harbor), unless flag
``post_movement_ship_actions="no_ship_mid_move"`` says otherwise.
"""

import numpy as np
from numba import njit

from ..common.cards import take_from_bank
from ..common.constants import NUM_CARD_TYPES
from ..common.layout import BANK, HAND, SETTLEMENTS_LEFT
from . import layout as EL
from .board import (
    edge_is_sea_route,
    edge_touches_unexplored,
    settlement_spot_ok,
    ship_harbor,
    ships_on,
    unexplored,
)
from .building import (
    add_settlement,
    clear_hold,
    hold_used,
    ship_slot,
    storage_used,
)
from .constants import (
    AREA_NORTH,
    BOOST_MP,
    CAPACITY,
    CARGO_SIZE,
    DISCOVERY_GOLD,
    NUM_CARGO,
    SEA,
    SETTLER,
    SPICE,
)
from .constants import GOLD as GOLD_FIELD
from .lairs import place_lair_token
from .pirates import tribute_due
from .spices import place_sacks
from .tables import (
    T_EDGE_EDGES,
    T_EDGE_VERTICES,
    T_HEX_AREA,
    T_NUM_EDGES,
    T_VERTEX_HEXES,
)

WOOL = 2


@njit(cache=True, inline="always")
def free_to_act(state, k):
    """Ship ``k`` may take a ship action: no other ship is mid-move (§4.8)."""
    m = state[EL.MOVING_SHIP]
    return m < 0 or m == k


@njit(cache=True, inline="always")
def free_to_transfer(state, k):
    """Ship ``k`` may load, unload or swap cargo: at any time by default; with flag
    ``post_movement_ship_actions="no_ship_mid_move"`` only while no other ship is
    mid-move (§4.8, §14)."""
    return state[EL.OPT_SHIP_ACTIONS_ALONE] == 0 or free_to_act(state, k)


# --- moving (§4.8) ------------------------------------------------------------------


@njit(cache=True)
def can_select(state, p, k):
    i = ship_slot(p, k)
    return (
        state[EL.MOVING_SHIP] < 0
        and state[EL.SHIP_EDGE + i] >= 0
        and (state[EL.SHIP_FLAGS + i] & EL.FINISHED) == 0
    )


@njit(cache=True)
def do_select(state, p, k):
    state[EL.MOVING_SHIP] = k
    state[EL.FRESH_SHIP] = -1  # another ship moves: the last discovery is no longer fresh


@njit(cache=True)
def can_sail(state, tb, p, e):
    """The moving ship may step to ``e`` (§4.8): an adjacent sea route, 1 MP; if it
    must stop there (last MP, or a discovery), ``e`` holds at most 1 other ship."""
    k = state[EL.MOVING_SHIP]
    if k < 0 or e >= tb[T_NUM_EDGES]:
        return False
    i = ship_slot(p, k)
    mp = state[EL.SHIP_MP + i]
    if mp < 1:
        return False
    cur = state[EL.SHIP_EDGE + i]
    adjacent = False
    for j in range(4):
        if tb[T_EDGE_EDGES + 4 * cur + j] == e:
            adjacent = True
    if not adjacent or not edge_is_sea_route(state, tb, e):
        return False
    if tribute_due(state, tb, p, cur, e) and (state[EL.SHIP_FLAGS + i] & EL.TRIBUTE_PAID) == 0:
        if state[EL.GOLD + p] < 1:
            return False  # tribute cannot be paid (§5.3)
    if mp == 1 or edge_touches_unexplored(state, tb, e):
        return ships_on(state, e) < 2
    if ships_on(state, e) >= 2:
        # Passing through a full route is allowed, ending there is not (§4.8), so
        # the step must leave a way out: a ship with no legal move and no legal
        # stop would be stuck (found by the soak) [interpretation].
        paid = (state[EL.SHIP_FLAGS + i] & EL.TRIBUTE_PAID) != 0
        gold = state[EL.GOLD + p]
        if tribute_due(state, tb, p, cur, e) and not paid:
            gold -= 1
            paid = True
        return _way_out(state, tb, p, cur, e, mp - 1, paid, gold)
    return True


@njit(cache=True)
def _way_out(state, tb, p, start, e, mp, paid, gold):
    """From full route ``e`` with ``mp`` movement points left, the moving ship (still
    on ``start``) can reach a route where it may end its move. A depth-first search
    over full routes; each step spends a point, so it ends (no recursion: numba's
    cache cannot link a self-recursive function)."""
    stack_e = np.empty(40, np.int64)
    stack_mp = np.empty(40, np.int64)
    stack_e[0] = e
    stack_mp[0] = mp
    top = 0
    while top >= 0:
        r = stack_e[top]
        m = stack_mp[top]
        top -= 1
        if m < 1:
            continue
        for j in range(4):
            f = tb[T_EDGE_EDGES + 4 * r + j]
            if f < 0 or not edge_is_sea_route(state, tb, f):
                continue
            if tribute_due(state, tb, p, r, f) and not paid and gold < 1:
                continue
            others = ships_on(state, f) - (1 if f == start else 0)
            if others < 2:
                return True
            if m >= 2 and top < 38 and not edge_touches_unexplored(state, tb, f):
                top += 1
                stack_e[top] = f
                stack_mp[top] = m - 1
    return False


@njit(cache=True)
def reveal(state, tb, p, h):
    """Turn hex ``h`` face up for ``p`` and pay the discovery reward (§4.9)."""
    state[EL.EP_HEX_REVEALED + h] = 1
    state[EL.DISCOVERED] += 1
    kind = state[EL.EP_HEX_KIND + h]
    if kind < SEA:
        a = tb[T_HEX_AREA + h] - AREA_NORTH
        pos = state[EL.EP_TOKEN_POS + a]
        state[EL.EP_HEX_NUMBER + h] = state[EL.EP_TOKENS + a * EL.TOKENS_PER_AREA + pos]
        state[EL.EP_TOKEN_POS + a] = pos + 1
        if state[BANK + kind] > 0:
            take_from_bank(state, p, kind, 1)
    else:
        state[EL.GOLD + p] += DISCOVERY_GOLD
        if kind == GOLD_FIELD:
            place_lair_token(state, h)
        elif kind == SPICE:
            place_sacks(state, h)


@njit(cache=True)
def do_sail(state, tb, p, e):
    k = state[EL.MOVING_SHIP]
    i = ship_slot(p, k)
    cur = state[EL.SHIP_EDGE + i]
    if tribute_due(state, tb, p, cur, e) and (state[EL.SHIP_FLAGS + i] & EL.TRIBUTE_PAID) == 0:
        state[EL.GOLD + p] -= 1  # 1 gold per ship per movement (§5.3)
        state[EL.SHIP_FLAGS + i] |= EL.TRIBUTE_PAID
    state[EL.SHIP_EDGE + i] = e
    state[EL.SHIP_MP + i] -= 1
    state[EL.SHIP_FLAGS + i] |= EL.MOVED
    found = False
    spices = 0
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        for j in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + j]
            if unexplored(state, h):
                reveal(state, tb, p, h)
                found = True
                if state[EL.EP_HEX_KIND + h] == SPICE and spices < 4:
                    state[EL.FRESH_SPICE + spices] = h
                    spices += 1
    if found:  # a discovery ends the ship's movement (§4.9)
        state[EL.SHIP_MP + i] = 0
        state[EL.SHIP_FLAGS + i] |= EL.FINISHED
        state[EL.MOVING_SHIP] = -1
        # Remembered for flag swift_voyage_discoverer (§9.4): this ship found these
        # villages; no ship has moved since.
        state[EL.FRESH_SHIP] = k
        for j in range(spices, 4):
            state[EL.FRESH_SPICE + j] = -1


@njit(cache=True)
def can_boost(state, p):
    k = state[EL.MOVING_SHIP]
    if k < 0:
        return False
    i = ship_slot(p, k)
    return (state[EL.SHIP_FLAGS + i] & EL.BOOSTED) == 0 and state[
        HAND + p * NUM_CARD_TYPES + WOOL
    ] > 0


@njit(cache=True)
def do_boost(state, p):
    i = ship_slot(p, state[EL.MOVING_SHIP])
    state[HAND + p * NUM_CARD_TYPES + WOOL] -= 1
    state[BANK + WOOL] += 1
    state[EL.SHIP_MP + i] += BOOST_MP
    state[EL.SHIP_FLAGS + i] |= EL.BOOSTED


@njit(cache=True)
def can_stop(state, p):
    """The moving ship may end here: its route holds at most 1 other ship (§4.8)."""
    k = state[EL.MOVING_SHIP]
    if k < 0:
        return True
    return ships_on(state, state[EL.SHIP_EDGE + ship_slot(p, k)]) <= 2


@njit(cache=True)
def do_stop(state, p):
    k = state[EL.MOVING_SHIP]
    if k < 0:
        return
    i = ship_slot(p, k)
    state[EL.SHIP_MP + i] = 0
    state[EL.SHIP_FLAGS + i] |= EL.FINISHED
    state[EL.MOVING_SHIP] = -1


# --- cargo transfer at one's own harbor settlement (§4.10, §4.11) ------------------------


@njit(cache=True)
def docked_harbor(state, tb, p, k):
    """``p``'s harbor settlement ship ``k`` points at, or -1 (§2.4)."""
    e = state[EL.SHIP_EDGE + ship_slot(p, k)]
    if e < 0:
        return -1
    return ship_harbor(state, tb, p, e)


@njit(cache=True)
def can_load(state, tb, p, k, c):
    if not free_to_transfer(state, k):
        return False
    v = docked_harbor(state, tb, p, k)
    if v < 0 or state[EL.EP_STORAGE + v * NUM_CARGO + c] == 0:
        return False
    return hold_used(state, p, k) + CARGO_SIZE[c] <= CAPACITY


@njit(cache=True)
def do_load(state, tb, p, k, c):
    v = docked_harbor(state, tb, p, k)
    state[EL.EP_STORAGE + v * NUM_CARGO + c] -= 1
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] += 1


@njit(cache=True)
def can_unload(state, tb, p, k, c):
    if not free_to_transfer(state, k):
        return False
    v = docked_harbor(state, tb, p, k)
    if v < 0 or state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] == 0:
        return False
    return storage_used(state, v) + CARGO_SIZE[c] <= CAPACITY


@njit(cache=True)
def do_unload(state, tb, p, k, c):
    v = docked_harbor(state, tb, p, k)
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] -= 1
    state[EL.EP_STORAGE + v * NUM_CARGO + c] += 1


@njit(cache=True)
def can_swap(state, tb, p, k):
    """Exchange a loaded hold with a loaded storage whose contents differ."""
    if not free_to_transfer(state, k):
        return False
    v = docked_harbor(state, tb, p, k)
    if v < 0 or hold_used(state, p, k) == 0 or storage_used(state, v) == 0:
        return False
    base = EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO
    for c in range(NUM_CARGO):
        if state[base + c] != state[EL.EP_STORAGE + v * NUM_CARGO + c]:
            return True
    return False


@njit(cache=True)
def do_swap(state, tb, p, k):
    v = docked_harbor(state, tb, p, k)
    base = EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO
    for c in range(NUM_CARGO):
        t = state[base + c]
        state[base + c] = state[EL.EP_STORAGE + v * NUM_CARGO + c]
        state[EL.EP_STORAGE + v * NUM_CARGO + c] = t


# --- founding a settlement with a settler ship (§4.10) -----------------------------------


@njit(cache=True)
def can_found(state, tb, p, k, end):
    if not free_to_act(state, k):
        return False
    i = ship_slot(p, k)
    e = state[EL.SHIP_EDGE + i]
    if e < 0 or state[EL.SHIP_CARGO + i * NUM_CARGO + SETTLER] == 0:
        return False
    if state[SETTLEMENTS_LEFT + p] <= 0:
        return False
    return settlement_spot_ok(state, tb, tb[T_EDGE_VERTICES + 2 * e + end], p)


@njit(cache=True)
def do_found(state, tb, p, k, end):
    """Ship and settler go back to the supply; a free settlement stands at the end."""
    i = ship_slot(p, k)
    v = tb[T_EDGE_VERTICES + 2 * state[EL.SHIP_EDGE + i] + end]
    clear_hold(state, p, k)
    state[EL.SHIP_EDGE + i] = -1
    state[EL.SHIP_MP + i] = 0
    state[EL.SHIP_FLAGS + i] = 0
    if state[EL.MOVING_SHIP] == k:
        state[EL.MOVING_SHIP] = -1
    add_settlement(state, p, v)
