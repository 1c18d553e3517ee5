"""Mission Fish for Catan: the fishing roll, catching, delivering (E&P §8).

Each revealed shoal shows a die face (``FISH_FACE``). Once per turn in the
movement phase, with no ship mid-move and a fish in the supply, the active
player may roll 1 die: a fish appears on the revealed shoal with that face,
unless one lies there already or a pirate stands there. An empty ship at a
shoal's corner catches its fish; a ship with an end on a Council anchor
delivers: the fish goes back to the supply and the marker advances (§8.4).
"""

from numba import njit

from ..common.rng import rng_below
from . import layout as EL
from .building import hold_used, ship_slot
from .constants import (
    FISH,
    FISH_SHOAL,
    FISH_TRACK,
    MOD_FISH,
    NUM_CARGO,
    SPICE_SACK,
    SPICE_TRACK,
)
from .lairs import ship_points_at_hex
from .missions import advance
from .tables import (
    T_ANCHORS,
    T_EDGE_VERTICES,
    T_MODULES,
    T_NUM_HEXES,
)


@njit(cache=True)
def can_fish(state, tb):
    return (
        (tb[T_MODULES] & MOD_FISH) != 0
        and state[EL.FISHED] == 0
        and state[EL.MOVING_SHIP] < 0
        and state[EL.FISH_SUPPLY] > 0
    )


@njit(cache=True)
def fishing_roll(state, tb):
    """Roll 1 die; a fish appears on the revealed shoal showing it (§8.3)."""
    state[EL.FISHED] = 1
    die = rng_below(state, 6) + 1
    state[EL.FISH_DIE] = die
    for h in range(tb[T_NUM_HEXES]):
        if (
            state[EL.EP_HEX_KIND + h] == FISH_SHOAL
            and state[EL.EP_HEX_REVEALED + h] == 1
            and state[EL.FISH_FACE + h] == die
            and state[EL.FISH_ON + h] == 0
            and state[EL.PIRATE_HEX] != h
        ):
            state[EL.FISH_ON + h] = 1
            state[EL.FISH_SUPPLY] -= 1


@njit(cache=True)
def can_catch(state, tb, p, k, h):
    """An empty ship at a corner of a shoal holding a fish (§8.4)."""
    m = state[EL.MOVING_SHIP]
    if (m >= 0 and m != k) or h >= tb[T_NUM_HEXES] or state[EL.FISH_ON + h] == 0:
        return False
    return hold_used(state, p, k) == 0 and ship_points_at_hex(state, tb, ship_slot(p, k), h)


@njit(cache=True)
def catch(state, p, k, h):
    state[EL.FISH_ON + h] = 0
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + FISH] += 1


@njit(cache=True)
def at_anchor(state, tb, i):
    """Ship slot ``i`` has an end on a Council anchor (§8.1)."""
    e = state[EL.SHIP_EDGE + i]
    return e >= 0 and edge_at_anchor(tb, e)


@njit(cache=True)
def edge_at_anchor(tb, e):
    """Path ``e`` has an end on a Council anchor (§8.1)."""
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        if v >= 0 and (v == tb[T_ANCHORS] or v == tb[T_ANCHORS + 1]):
            return True
    return False


@njit(cache=True)
def can_deliver(state, tb, p, k, c):
    """A ship with an end on a Council anchor hands in a fish or a spice sack."""
    if c != FISH and c != SPICE_SACK:
        return False
    m = state[EL.MOVING_SHIP]
    if m >= 0 and m != k:
        return False
    i = ship_slot(p, k)
    return state[EL.SHIP_CARGO + i * NUM_CARGO + c] > 0 and at_anchor(state, tb, i)


@njit(cache=True)
def deliver(state, p, k, c):
    """The fish returns to the supply, a spice sack leaves the game; +1 on the track."""
    state[EL.SHIP_CARGO + ship_slot(p, k) * NUM_CARGO + c] -= 1
    if c == FISH:
        state[EL.FISH_SUPPLY] += 1
        advance(state, p, FISH_TRACK)
    else:
        state[EL.SPICE_GONE] += 1
        advance(state, p, SPICE_TRACK)


@njit(cache=True)
def pirate_takes_fish(state, h):
    """A pirate placed on a shoal sends its fish back to the supply (§8.5)."""
    if state[EL.FISH_ON + h] == 1:
        state[EL.FISH_ON + h] = 0
        state[EL.FISH_SUPPLY] += 1
