"""The E&P invariant check catches each broken invariant it names.

The soak and the property tests report 0 violations only if ``check_state``
can fail: here every invariant is broken on purpose, one at a time, in real
mid-game states of the scenarios that use it, and the check must name it.
The corruptions keep every other invariant intact (a piece moved, not added),
so the code returned is the one meant (E&P §4, §5, §7, §8, §9).
"""

import numpy as np
import pytest

from catan_env import GameConfig
from catan_env.games.catan.common import contract as CC
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.explorers_and_pirates import constants as EC
from catan_env.games.catan.explorers_and_pirates import layout as EL
from catan_env.games.catan.explorers_and_pirates.board import distance_ok, edge_is_sea_route
from catan_env.games.catan.explorers_and_pirates.invariants import INVARIANT_NAMES, check_state
from catan_env.games.catan.explorers_and_pirates.tables import (
    T_EDGE_VERTICES,
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
    T_VERTEX_EDGES,
)
from catan_env.variants import get_variant

EP = "explorers_and_pirates"
HEURISTIC = 2


def _mid_game(scenario, seed=0, decisions=400):
    """A state after ``decisions`` decisions of four heuristic seats, and its tables."""
    v = get_variant(EP)
    c = GameConfig.make(variant=EP, scenario=scenario)
    tb = v.tables(c)
    code = np.zeros(1, np.int32)
    winner = np.zeros(1, np.int32)
    played = np.zeros(1, np.int64)
    states = np.zeros((1, v.state_size), np.int32)
    kinds = np.full(4, HEURISTIC, np.int64)
    seeds = np.array([seed], np.int64)
    v.soak(tb, c.config_vector(), c.board_template(), seeds, kinds, 0, decisions,
           code, winner, played, states)  # fmt: skip
    assert code[0] == CC.SOAK_TOO_LONG, "the game must still be running"
    state = states[0]
    assert check_state(state, tb) == 0
    return state, tb


def _broken(state, tb):
    code = int(check_state(state, tb))
    assert code != 0, "the corruption went unnoticed"
    return INVARIANT_NAMES[code]


def _neighbours(tb, v):
    out = []
    for k in range(3):
        e = tb[T_VERTEX_EDGES + 3 * v + k]
        if e >= 0:
            a, b = tb[T_EDGE_VERTICES + 2 * e], tb[T_EDGE_VERTICES + 2 * e + 1]
            out.append(b if a == v else a)
    return out


def _ship(state, p=0, placed=True):
    for k in range(EC.SHIPS_PER_PLAYER):
        i = p * EC.SHIPS_PER_PLAYER + k
        if (state[EL.SHIP_EDGE + i] >= 0) == placed:
            return i
    raise AssertionError(f"seat {p} has no {'placed' if placed else 'unplaced'} ship here")


def _free_sea_route(state, tb):
    ships = set(state[EL.SHIP_EDGE : EL.SHIP_EDGE + 4 * EC.SHIPS_PER_PLAYER].tolist())
    for e in range(tb[T_NUM_EDGES]):
        if edge_is_sea_route(state, tb, e) and e not in ships:
            return e
    raise AssertionError("no free sea route")


def _settlement(state, tb, p=0):
    for v in range(tb[T_NUM_VERTICES]):
        if state[EL.EP_VERTEX_OWNER + v] == p and state[EL.EP_VERTEX_BUILDING + v] != 0:
            if state[EL.EP_VERTEX_BUILDING + v] != EC.HARBOR_SETTLEMENT:
                return v
    raise AssertionError("no settlement")


@pytest.fixture(scope="module")
def lairs():
    return _mid_game("pirate_lairs")


def test_a_mid_game_state_passes(lairs):
    state, tb = lairs
    assert state[L.PHASE] != 0 and (state[EL.SHIP_EDGE : EL.SHIP_EDGE + 12] >= 0).any()


def test_cards(lairs):
    state, tb = lairs
    s = state.copy()
    s[L.HAND] += 1
    assert _broken(s, tb).startswith("resource cards are not conserved")
    s = state.copy()
    s[L.BANK] -= 30
    s[L.HAND] += 30
    assert _broken(s, tb) == "a count is negative"
    s = state.copy()
    s[EL.GOLD + 1] = -1
    assert _broken(s, tb) == "a count is negative"


def test_pieces_and_vp(lairs):
    state, tb = lairs
    for offset in (L.SETTLEMENTS_LEFT, EL.HARBORS_LEFT, L.ROADS_LEFT, EL.SETTLERS_LEFT):
        s = state.copy()
        s[offset + 2] += 1
        assert _broken(s, tb).startswith("pieces are not conserved"), offset
    s = state.copy()
    s[L.ROADS_LEFT + 3] = -1
    assert _broken(s, tb) == "a count is negative"
    # A settler carried without a ship's settler piece leaving the supply.
    s = state.copy()
    s[EL.SHIP_CARGO + _ship(s, 1, placed=True) * EC.NUM_CARGO + EC.SETTLER] += 1
    assert _broken(s, tb).startswith("pieces are not conserved")
    s = state.copy()
    s[L.PUBLIC_VP + 1] += 1
    assert _broken(s, tb) == "public VP do not match the buildings"
    s = state.copy()
    s[L.PUBLIC_VP + 1] += 1
    s[EL.MISSION_VP + 1] += 1
    assert _broken(s, tb) == "mission VP do not match the tracks"


def test_crews(lairs):
    state, tb = lairs
    s = state.copy()
    s[EL.CREWS_LEFT + 2] += 1
    assert _broken(s, tb).startswith("crews are not conserved")
    s = state.copy()
    s[EL.CREWS_LEFT + 2] -= 1
    s[EL.SHIP_CARGO + _ship(s, 2, placed=True) * EC.NUM_CARGO + EC.CREW] += 1
    assert check_state(s, tb) == 0, "a crew moved from the supply to a hold is conserved"


def test_holds_and_storages(lairs):
    state, tb = lairs
    v = _settlement(state, tb)
    s = state.copy()
    s[EL.EP_STORAGE + v * EC.NUM_CARGO + EC.FISH] = 1  # fish are not counted in this scenario
    assert _broken(s, tb).startswith("cargo in the storage of something")
    s = state.copy()
    s[EL.EP_STORAGE + v * EC.NUM_CARGO + EC.FISH] = 2
    assert _broken(s, tb) == "a hold or a storage is over capacity"
    s = state.copy()
    s[EL.SHIP_CARGO + _ship(s, 0, placed=True) * EC.NUM_CARGO + EC.FISH] = -1
    assert _broken(s, tb) == "a count is negative"
    s = state.copy()
    s[EL.SHIP_CARGO + _ship(s, 0, placed=False) * EC.NUM_CARGO + EC.FISH] = 1
    assert _broken(s, tb).startswith("pieces are not conserved")


def test_ships_on_routes(lairs):
    state, tb = lairs
    e = _free_sea_route(state, tb)
    s = state.copy()
    s[EL.MOVING_SHIP] = -1
    for i in range(3):
        s[EL.SHIP_EDGE + i] = e
        s[EL.SHIP_MP + i] = 0
    assert _broken(s, tb) == "more than 2 ships end on one sea route"
    land = next(x for x in range(tb[T_NUM_EDGES]) if not edge_is_sea_route(state, tb, x))
    s = state.copy()
    s[EL.SHIP_EDGE + _ship(s, 0, placed=True)] = land
    assert _broken(s, tb) == "a ship stands on a path that is not a sea route"


def test_distance_rule(lairs):
    state, tb = lairs
    v = _settlement(state, tb)
    w = next(w for w in _neighbours(tb, v) if state[EL.EP_VERTEX_BUILDING + w] == 0)
    s = state.copy()
    # A second settlement next to the first, with the supply and VP to match.
    s[EL.EP_VERTEX_OWNER + w] = 0
    s[EL.EP_VERTEX_BUILDING + w] = s[EL.EP_VERTEX_BUILDING + v]
    s[L.SETTLEMENTS_LEFT] -= 1
    s[L.PUBLIC_VP] += 1
    assert not distance_ok(s, tb, w)
    assert _broken(s, tb) == "two buildings on adjacent intersections"


def test_tokens_phase_and_gold(lairs):
    state, tb = lairs
    s = state.copy()
    s[EL.EP_TOKEN_POS] += 1
    assert _broken(s, tb).startswith("number tokens drawn")
    s = state.copy()
    s[L.PHASE] = 999
    assert _broken(s, tb) == "the phase or the deciding seat is impossible"
    s = state.copy()
    s[L.CURRENT_PLAYER] = 7
    assert _broken(s, tb) == "the phase or the deciding seat is impossible"
    s = state.copy()
    s[EL.GOLD_BUYS] = 3
    assert _broken(s, tb) == "gold purchases exceed the limit"


def test_pirate_and_lairs(lairs):
    state, tb = lairs
    s = state.copy()
    if s[EL.PIRATE_HEX] >= 0:
        s[EL.PIRATE_OWNER] = -1
    else:
        s[EL.PIRATE_OWNER] = 0
    assert _broken(s, tb) == "the pirate ship stands on an illegal hex"
    kinds = state[EL.EP_HEX_KIND : EL.EP_HEX_KIND + tb[T_NUM_HEXES]]
    plain = int(np.flatnonzero(kinds != EC.GOLD)[0])
    s = state.copy()
    s[EL.LAIR_STATE + plain] = EC.LAIR_ACTIVE
    assert _broken(s, tb) == "a lair is in an impossible state"
    s = state.copy()
    s[EL.LAIR_CREWS + plain * 4] = 1  # a crew on a lair that is not one
    s[EL.CREWS_LEFT] -= 1
    assert _broken(s, tb) == "a lair is in an impossible state"


def test_fish_are_conserved():
    state, tb = _mid_game("fish_for_catan")
    s = state.copy()
    s[EL.FISH_SUPPLY] += 1
    assert _broken(s, tb).startswith("fish are not conserved")


def test_spice_sacks_are_conserved():
    state, tb = _mid_game("spices_for_catan")
    s = state.copy()
    s[EL.SPICE_SUPPLY] += 1
    assert _broken(s, tb).startswith("spice sacks are not conserved")
