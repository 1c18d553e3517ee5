"""The Explorers & Pirates mask, id by id, against the rule predicates it is built from.

The legal-action loops skip spots with cheap necessary conditions (an empty path,
an own harbor, a crewed ship, a ship's own neighbouring hexes) before they ask
the predicate; over random states of every scenario the mask must still equal
asking each predicate at every spot (E&P §4.6, §4.7, §4.8, §4.11, §7, §8, §9).
"""

import numpy as np
import pytest
from numba import njit

from agents import HeuristicAgent
from catan_env import Game
from catan_env.games.catan.common.layout import CURRENT_PLAYER, PHASE
from catan_env.games.catan.explorers_and_pirates import action_ids as A
from catan_env.games.catan.explorers_and_pirates import building as Bu
from catan_env.games.catan.explorers_and_pirates import fish, lairs, ships, spices
from catan_env.games.catan.explorers_and_pirates import layout as EL
from catan_env.games.catan.explorers_and_pirates import phases as PH
from catan_env.games.catan.explorers_and_pirates.constants import (
    NUM_CARGO,
    SCENARIOS,
    SHIPS_PER_PLAYER,
)
from catan_env.games.catan.explorers_and_pirates.tables import (
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
)

S, C, H = SHIPS_PER_PLAYER, NUM_CARGO, EL.MAX_HEXES


@njit
def _reference(s, tb, p, phase, ref):
    """``ref[a]``: 1 or 0 by the predicates alone for the families the loops
    prefilter, -1 for the ids not checked here (compiled by the test, not cached)."""
    nv, ne, nh = tb[T_NUM_VERTICES], tb[T_NUM_EDGES], tb[T_NUM_HEXES]
    ref[:] = -1
    for k in range(S):
        for c in range(C):
            ref[A.DROP_SHIP + k * C + c] = Bu.can_drop_from_ship(s, p, k, c)
    for v in range(nv):
        for c in range(C):
            ref[A.DROP_STORAGE + v * C + c] = Bu.can_drop_from_storage(s, tb, p, v, c)
    if phase == PH.ACTION:
        for v in range(nv):
            ref[A.BUILD_SETTLEMENT + v] = Bu.can_build_settlement(s, tb, p, v)
            ref[A.BUILD_HARBOR + v] = Bu.can_build_harbor(s, tb, p, v)
            ref[A.SETTLER_TO_STORAGE + v] = Bu.can_settler_to_storage(s, tb, p, v)
            ref[A.CREW_TO_STORAGE + v] = Bu.can_crew_to_storage(s, tb, p, v)
        for e in range(ne):
            ref[A.BUILD_ROAD + e] = Bu.can_build_road(s, tb, p, e, False)
            ref[A.BUILD_SHIP + e] = Bu.can_build_ship(s, tb, p, e, False)
        for k in range(S):
            ref[A.SCRAP_SHIP + k] = Bu.can_rebuild_ship(s, tb, p, k)
    if phase == PH.MOVEMENT:
        for e in range(ne):
            ref[A.SAIL + e] = ships.can_sail(s, tb, p, e)
        for k in range(S):
            for c in range(C):
                ref[A.LOAD + k * C + c] = ships.can_load(s, tb, p, k, c)
                ref[A.UNLOAD + k * C + c] = ships.can_unload(s, tb, p, k, c)
                ref[A.DELIVER + k * C + c] = fish.can_deliver(s, tb, p, k, c)
            ref[A.SWAP + k] = ships.can_swap(s, tb, p, k)
            for end in range(2):
                ref[A.FOUND + 2 * k + end] = ships.can_found(s, tb, p, k, end)
            for h in range(nh):
                ref[A.CREW_TO_LAIR + k * H + h] = lairs.can_crew_to_lair(s, tb, p, k, h)
                ref[A.PICK_UP_CREW + k * H + h] = lairs.can_pick_up(s, tb, p, k, h)
                ref[A.CATCH_FISH + k * H + h] = fish.can_catch(s, tb, p, k, h)
                ref[A.BEFRIEND + k * H + h] = spices.can_befriend(s, tb, p, k, h)


# Families each scenario's games must show legal at least once (the module's own).
_MUST_MEET = {
    "land_ho": ("build_road", "sail", "found_settlement", "load", "unload"),
    "pirate_lairs": ("crew_to_lair", "pick_up_crew", "swap_cargo", "rebuild_ship"),
    "fish_for_catan": ("catch_fish", "deliver", "crew_to_lair", "pick_up_crew"),
    "spices_for_catan": ("befriend_village", "deliver", "catch_fish"),
    "explorers_and_pirates": ("crew_to_lair", "pick_up_crew", "befriend_village", "deliver"),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_mask_equals_the_predicates_spot_by_spot(scenario):
    """Heuristic seats (which pursue the missions) and random seats (which try
    everything) mixed; every trade/build and movement decision checked."""
    rng = np.random.default_rng(4)
    ref = np.zeros(A.NUM_ACTIONS, np.int8)
    family = np.zeros(A.NUM_ACTIONS, np.int32)
    for j, (_, off, count) in enumerate(A.FAMILIES):
        family[off : off + count] = j
    met = set()
    checked = 0
    for seed in range(8):
        g = Game(variant="explorers_and_pirates", scenario=scenario, seed=seed)
        bot = HeuristicAgent(seed=seed)
        while not g.done:
            s, phase = g.state, int(g.state[PHASE])
            if phase in (PH.ACTION, PH.MOVEMENT):
                checked += 1
                mask = g.action_mask()
                _reference(s, g.tables, s[CURRENT_PLAYER], phase, ref)
                ids = np.flatnonzero(ref >= 0)
                wrong = ids[mask[ids].astype(np.int8) != ref[ids]]
                assert not len(wrong), (seed, g.turn, [A.FAMILIES[family[a]][0] for a in wrong[:5]])
                met |= {A.FAMILIES[j][0] for j in np.unique(family[ref == 1])}
            if g.current_player % 2:
                g.step(int(rng.choice(g.legal_actions())))
            else:
                g.step(bot.act(g))
    assert checked > 2000
    assert set(_MUST_MEET[scenario]) <= met, set(_MUST_MEET[scenario]) - met
