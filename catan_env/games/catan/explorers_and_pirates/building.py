"""The trade and build phase: building, cargo built at harbors, bank trade (E&P §4.5-§4.7).

Each action has a ``can_*`` test (used by the masks) and a ``do_*`` effect
(used by step, which calls it only when the test passed).
"""

from numba import njit

from ..common.cards import can_afford, pay, take_from_bank
from ..common.constants import NUM_CARD_TYPES
from ..common.layout import BANK, HAND, PUBLIC_VP, ROADS_LEFT, SETTLEMENTS_LEFT
from . import constants as EC
from . import layout as EL
from .board import (
    at_own_harbor,
    edge_is_sea_route,
    edge_road_ok,
    edge_touches_unexplored,
    own_harbor,
    own_settlement,
    road_connected,
    settlement_spot_ok,
    ship_harbor,
    ships_on,
    vertex_coastal,
    vertex_has_own_road,
    vertex_touches_unexplored,
)
from .missions import ep_check_win
from .tables import (
    T_MODULES,
    T_NUM_EDGES,
    T_NUM_VERTICES,
)

# --- cargo containers (§4.7) -------------------------------------------------------


@njit(cache=True, inline="always")
def ship_slot(p, k):
    return p * EC.SHIPS_PER_PLAYER + k


@njit(cache=True)
def hold_used(state, p, k):
    base = EL.SHIP_CARGO + ship_slot(p, k) * EC.NUM_CARGO
    used = 0
    for c in range(EC.NUM_CARGO):
        used += state[base + c] * EC.CARGO_SIZE[c]
    return used


@njit(cache=True)
def storage_used(state, v):
    used = 0
    for c in range(EC.NUM_CARGO):
        used += state[EL.EP_STORAGE + v * EC.NUM_CARGO + c] * EC.CARGO_SIZE[c]
    return used


@njit(cache=True)
def return_cargo(state, p, c, n):
    """``n`` pieces of kind ``c`` leave a hold or storage: settlers and crews go back
    to ``p``'s supply, fish and spice sacks to the general supply (§4.7)."""
    if c == EC.SETTLER:
        state[EL.SETTLERS_LEFT + p] += n
    elif c == EC.CREW:
        state[EL.CREWS_LEFT + p] += n
    elif c == EC.FISH:
        state[EL.FISH_SUPPLY] += n
    elif c == EC.SPICE_SACK:
        state[EL.SPICE_SUPPLY] += n


@njit(cache=True)
def clear_hold(state, p, k):
    base = EL.SHIP_CARGO + ship_slot(p, k) * EC.NUM_CARGO
    for c in range(EC.NUM_CARGO):
        if state[base + c] > 0:
            return_cargo(state, p, c, state[base + c])
            state[base + c] = 0


@njit(cache=True)
def ships_in_supply(state, p):
    n = 0
    for k in range(EC.SHIPS_PER_PLAYER):
        if state[EL.SHIP_EDGE + ship_slot(p, k)] < 0:
            n += 1
    return n


# --- roads, settlements, harbor settlements (§4.6.2, §4.6.3) -------------------------


@njit(cache=True, inline="always")
def may_build_road(state, p, free):
    """The part of :func:`can_build_road` that does not depend on the path: the
    legal-action loops test it once instead of once per path."""
    return state[ROADS_LEFT + p] > 0 and (free or can_afford(state, p, EC.COST_ROAD))


@njit(cache=True)
def can_build_road(state, tb, p, e, free):
    if e >= tb[T_NUM_EDGES] or state[EL.EP_ROAD_OWNER + e] >= 0:
        return False
    if not may_build_road(state, p, free):
        return False
    # Connection first: it is cheap and fails on most paths of the board.
    return road_connected(state, tb, p, e) and edge_road_ok(state, tb, e, p)


@njit(cache=True)
def do_build_road(state, tb, p, e):
    pay(state, p, EC.COST_ROAD)
    state[EL.EP_ROAD_OWNER + e] = p
    state[ROADS_LEFT + p] -= 1


@njit(cache=True, inline="always")
def may_build_settlement(state, p):
    """The part of :func:`can_build_settlement` that does not depend on the spot."""
    return state[SETTLEMENTS_LEFT + p] > 0 and can_afford(state, p, EC.COST_SETTLEMENT)


@njit(cache=True)
def can_build_settlement(state, tb, p, v):
    if v >= tb[T_NUM_VERTICES] or not may_build_settlement(state, p):
        return False
    # The own road first: it is cheap and fails on most intersections.
    return vertex_has_own_road(state, tb, p, v) and settlement_spot_ok(state, tb, v, p)


@njit(cache=True)
def add_settlement(state, p, v):
    state[EL.EP_VERTEX_OWNER + v] = p
    state[EL.EP_VERTEX_BUILDING + v] = 1
    state[SETTLEMENTS_LEFT + p] -= 1
    state[PUBLIC_VP + p] += 1
    ep_check_win(state)


@njit(cache=True)
def do_build_settlement(state, tb, p, v):
    pay(state, p, EC.COST_SETTLEMENT)
    add_settlement(state, p, v)


@njit(cache=True, inline="always")
def may_build_harbor(state, p):
    """The part of :func:`can_build_harbor` that does not depend on the spot."""
    return state[EL.HARBORS_LEFT + p] > 0 and can_afford(state, p, EC.COST_HARBOR)


@njit(cache=True)
def can_build_harbor(state, tb, p, v):
    """Upgrade of ``p``'s settlement on a coastal intersection (§4.6.3)."""
    if v >= tb[T_NUM_VERTICES] or not may_build_harbor(state, p):
        return False
    if not own_settlement(state, p, v):
        return False
    return vertex_coastal(state, tb, v) and not vertex_touches_unexplored(state, tb, v)


@njit(cache=True)
def do_build_harbor(state, tb, p, v):
    pay(state, p, EC.COST_HARBOR)
    state[EL.EP_VERTEX_BUILDING + v] = EC.HARBOR_SETTLEMENT
    state[SETTLEMENTS_LEFT + p] += 1
    state[EL.HARBORS_LEFT + p] -= 1
    state[PUBLIC_VP + p] += 1  # 2 VP instead of 1
    ep_check_win(state)


# --- ships (§4.6.4) ------------------------------------------------------------------


@njit(cache=True)
def ship_route_ok(state, tb, p, e):
    """A new ship may go on ``e``: a sea route at ``p``'s harbor settlement with room,
    neither end touching an unexplored hex (§4.6.4)."""
    if e >= tb[T_NUM_EDGES] or not edge_is_sea_route(state, tb, e):
        return False
    if ship_harbor(state, tb, p, e) < 0 or ships_on(state, e) >= 2:
        return False
    return not edge_touches_unexplored(state, tb, e)


@njit(cache=True, inline="always")
def may_build_ship(state, p, free):
    """The part of :func:`can_build_ship` that does not depend on the route."""
    return free or (ships_in_supply(state, p) > 0 and can_afford(state, p, EC.COST_SHIP))


@njit(cache=True)
def can_build_ship(state, tb, p, e, free):
    return may_build_ship(state, p, free) and ship_route_ok(state, tb, p, e)


@njit(cache=True)
def do_build_ship(state, tb, p, e, free):
    """Place a new ship on ``e`` with the base movement points; returns its slot
    (the caller adds Swift Voyage, which lives in a module above this one)."""
    if not free:
        pay(state, p, EC.COST_SHIP)
    for k in range(EC.SHIPS_PER_PLAYER):
        i = ship_slot(p, k)
        if state[EL.SHIP_EDGE + i] < 0:
            state[EL.SHIP_EDGE + i] = e
            state[EL.SHIP_MP + i] = EC.BASE_MP
            state[EL.SHIP_FLAGS + i] = 0
            return i
    return -1


@njit(cache=True)
def any_ship_route(state, tb, p):
    for e in range(tb[T_NUM_EDGES]):
        if at_own_harbor(state, tb, p, e) and ship_route_ok(state, tb, p, e):
            return True
    return False


@njit(cache=True, inline="always")
def may_rebuild_ship(state, p):
    """The part of :func:`can_rebuild_ship` that does not depend on the ship."""
    return ships_in_supply(state, p) == 0 and can_afford(state, p, EC.COST_SHIP)


@njit(cache=True)
def can_rebuild_ship(state, tb, p, k):
    """All ships are out: ``k`` may be taken off to be built again (§4.6.4)."""
    if not may_rebuild_ship(state, p):
        return False
    i = ship_slot(p, k)
    e = state[EL.SHIP_EDGE + i]
    state[EL.SHIP_EDGE + i] = -1  # try the board without it
    ok = any_ship_route(state, tb, p)
    state[EL.SHIP_EDGE + i] = e
    return ok


@njit(cache=True)
def route_freed_by(state, tb, p, k):
    """Ship ``k``'s own path is a route for a new ship once ``k`` is off it.

    With every ship out, :func:`can_rebuild_ship` is ``any_ship_route(...) or
    route_freed_by(...)``: taking one ship off frees only its own path.
    """
    i = ship_slot(p, k)
    e = state[EL.SHIP_EDGE + i]
    if e < 0 or not at_own_harbor(state, tb, p, e):
        return False
    state[EL.SHIP_EDGE + i] = -1
    ok = ship_route_ok(state, tb, p, e)
    state[EL.SHIP_EDGE + i] = e
    return ok


@njit(cache=True)
def do_rebuild_ship(state, tb, p, k):
    """Pay, take ship ``k`` off with everything in its hold lost; place it next."""
    pay(state, p, EC.COST_SHIP)
    i = ship_slot(p, k)
    clear_hold(state, p, k)
    state[EL.SHIP_EDGE + i] = -1
    if state[EL.MOVING_SHIP] == k:
        state[EL.MOVING_SHIP] = -1


# --- settlers and crews built at a harbor (§4.6.5, §5.1) ------------------------------
# Both are bought at one of the player's harbors and go into its storage or into
# the hold of a ship there; they differ in their supply, cost and cargo kind.


@njit(cache=True, inline="always")
def _ship_at_harbor(state, tb, p, k):
    """``p``'s ship ``k`` is on the board at one of ``p``'s harbors."""
    e = state[EL.SHIP_EDGE + ship_slot(p, k)]
    return e >= 0 and ship_harbor(state, tb, p, e) >= 0


@njit(cache=True, inline="always")
def _can_make(state, p, supply, cost):
    """``p`` has a piece left in the ``supply`` field and can pay its ``cost``."""
    return state[supply + p] > 0 and can_afford(state, p, cost)


@njit(cache=True, inline="always")
def may_make_settler(state, p):
    """What every settler placement needs whatever the harbor or ship."""
    return _can_make(state, p, EL.SETTLERS_LEFT, EC.COST_SETTLER)


@njit(cache=True, inline="always")
def may_make_crew(state, tb, p):
    """What every crew placement needs whatever the harbor or ship."""
    return (tb[T_MODULES] & EC.MOD_CREWS) != 0 and _can_make(state, p, EL.CREWS_LEFT, EC.COST_CREW)


@njit(cache=True, inline="always")
def _make(state, p, supply, cost, slot):
    """Pay for a piece from the ``supply`` field and put it in the cargo ``slot``."""
    pay(state, p, cost)
    state[supply + p] -= 1
    state[slot] += 1


@njit(cache=True, inline="always")
def _storage_takes(state, tb, p, v, supply, cost, c):
    """A piece of cargo kind ``c`` may be made into the storage of ``p``'s harbor ``v``."""
    if v >= tb[T_NUM_VERTICES] or not own_harbor(state, p, v):
        return False
    return (
        _can_make(state, p, supply, cost)
        and storage_used(state, v) + EC.CARGO_SIZE[c] <= EC.CAPACITY
    )


@njit(cache=True, inline="always")
def _hold_takes(state, tb, p, k, supply, cost, c):
    """A piece of cargo kind ``c`` may be made into ship ``k``'s hold at ``p``'s harbor."""
    if not _ship_at_harbor(state, tb, p, k):
        return False
    return (
        _can_make(state, p, supply, cost)
        and hold_used(state, p, k) + EC.CARGO_SIZE[c] <= EC.CAPACITY
    )


@njit(cache=True)
def can_settler_to_storage(state, tb, p, v):
    return _storage_takes(state, tb, p, v, EL.SETTLERS_LEFT, EC.COST_SETTLER, EC.SETTLER)


@njit(cache=True)
def do_settler_to_storage(state, tb, p, v):
    _make(
        state, p, EL.SETTLERS_LEFT, EC.COST_SETTLER, EL.EP_STORAGE + v * EC.NUM_CARGO + EC.SETTLER
    )


@njit(cache=True)
def can_settler_to_ship(state, tb, p, k):
    return _hold_takes(state, tb, p, k, EL.SETTLERS_LEFT, EC.COST_SETTLER, EC.SETTLER)


@njit(cache=True)
def do_settler_to_ship(state, tb, p, k):
    slot = EL.SHIP_CARGO + ship_slot(p, k) * EC.NUM_CARGO + EC.SETTLER
    _make(state, p, EL.SETTLERS_LEFT, EC.COST_SETTLER, slot)


@njit(cache=True)
def can_crew_to_storage(state, tb, p, v):
    if (tb[T_MODULES] & EC.MOD_CREWS) == 0:
        return False
    return _storage_takes(state, tb, p, v, EL.CREWS_LEFT, EC.COST_CREW, EC.CREW)


@njit(cache=True)
def do_crew_to_storage(state, tb, p, v):
    _make(state, p, EL.CREWS_LEFT, EC.COST_CREW, EL.EP_STORAGE + v * EC.NUM_CARGO + EC.CREW)


@njit(cache=True)
def can_crew_to_ship(state, tb, p, k):
    if (tb[T_MODULES] & EC.MOD_CREWS) == 0:
        return False
    return _hold_takes(state, tb, p, k, EL.CREWS_LEFT, EC.COST_CREW, EC.CREW)


@njit(cache=True)
def do_crew_to_ship(state, tb, p, k):
    _make(
        state,
        p,
        EL.CREWS_LEFT,
        EC.COST_CREW,
        EL.SHIP_CARGO + ship_slot(p, k) * EC.NUM_CARGO + EC.CREW,
    )


# --- throwing cargo away (§4.7) ----------------------------------------------------------


@njit(cache=True)
def can_drop_from_ship(state, p, k, c):
    i = ship_slot(p, k)
    return state[EL.SHIP_EDGE + i] >= 0 and state[EL.SHIP_CARGO + i * EC.NUM_CARGO + c] > 0


@njit(cache=True)
def do_drop_from_ship(state, p, k, c):
    state[EL.SHIP_CARGO + ship_slot(p, k) * EC.NUM_CARGO + c] -= 1
    return_cargo(state, p, c, 1)


@njit(cache=True)
def can_drop_from_storage(state, tb, p, v, c):
    if v >= tb[T_NUM_VERTICES] or not own_harbor(state, p, v):
        return False
    return state[EL.EP_STORAGE + v * EC.NUM_CARGO + c] > 0


@njit(cache=True)
def do_drop_from_storage(state, p, v, c):
    state[EL.EP_STORAGE + v * EC.NUM_CARGO + c] -= 1
    return_cargo(state, p, c, 1)


# --- trade with the bank (§4.5) ---------------------------------------------------------


@njit(cache=True)
def can_maritime(state, p, give, get):
    return state[HAND + p * NUM_CARD_TYPES + give] >= EC.BANK_RATE and state[BANK + get] > 0


@njit(cache=True)
def do_maritime(state, p, give, get):
    state[HAND + p * NUM_CARD_TYPES + give] -= EC.BANK_RATE
    state[BANK + give] += EC.BANK_RATE
    take_from_bank(state, p, get, 1)


@njit(cache=True)
def can_sell_for_gold(state, p, r):
    return state[HAND + p * NUM_CARD_TYPES + r] >= EC.BANK_RATE


@njit(cache=True)
def do_sell_for_gold(state, p, r):
    state[HAND + p * NUM_CARD_TYPES + r] -= EC.BANK_RATE
    state[BANK + r] += EC.BANK_RATE
    state[EL.GOLD + p] += 1


@njit(cache=True)
def can_buy_with_gold(state, p, r):
    return (
        state[EL.GOLD + p] >= EC.GOLD_PRICE
        and state[EL.GOLD_BUYS] < EC.GOLD_BUYS_PER_TURN
        and state[BANK + r] > 0
    )


@njit(cache=True)
def do_buy_with_gold(state, p, r):
    state[EL.GOLD + p] -= EC.GOLD_PRICE
    state[EL.GOLD_BUYS] += 1
    take_from_bank(state, p, r, 1)
