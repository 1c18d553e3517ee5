"""Explorers & Pirates jitted agents, by kind: random, weighted random, heuristic.

``random`` is uniform over the legal actions, ``weighted`` favours building,
founding and missions, ``heuristic`` is :mod:`.heuristic`; :func:`ep_choose` is
the contract's entry point.
"""

from numba import njit

from ..common.agents import weight_table, weighted_pick
from ..common.rng import below_at
from . import action_ids as A
from .heuristic import EP_HEURISTIC_WORK_SIZE, ep_heuristic_action

KIND_RANDOM, KIND_WEIGHTED, KIND_HEURISTIC = 0, 1, 2
EP_WORK_SIZE = EP_HEURISTIC_WORK_SIZE


def _weight(a, responding):
    """Weighted agent: found, build and advance missions first, then ships, crews and
    roads; rarely throw cargo away or offer trades."""
    if A.CREW_TO_LAIR <= a < A.PICK_UP_CREW or A.DELIVER <= a < A.FAST_GOLD_SALE:
        return 60
    if A.CATCH_FISH <= a < A.DELIVER:
        return 30
    if A.FOUND <= a < A.TRADE_ADD_GIVE:
        return 40
    if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD or A.BUILD_HARBOR <= a < A.BUILD_SHIP:
        return 40
    if A.SETTLER_TO_STORAGE <= a < A.DROP_SHIP or A.CREW_TO_STORAGE <= a < A.PLACE_PIRATE:
        return 15
    if A.BUILD_ROAD <= a < A.BUILD_HARBOR or A.BUILD_SHIP <= a < A.SETTLER_TO_STORAGE:
        return 4
    if A.DROP_SHIP <= a < A.MARITIME or A.TRADE_ADD_GIVE <= a < A.TRADE_CANCEL:
        return 0
    if A.SAIL <= a < A.BOOST:
        return 6
    if A.LOAD <= a < A.FOUND or A.FISHING_ROLL == a or A.STEAL <= a < A.NO_STEAL:
        return 10
    if A.CHASE <= a < A.CREW_TO_LAIR:
        return 5
    return 1


# Answering an offer weighs nothing differently here: both rows are the same.
_WEIGHTS = weight_table(_weight, A.NUM_ACTIONS)[0]


@njit(cache=True)
def ep_weighted_action(state, legal, count, rng, at):
    return weighted_pick(legal, count, _WEIGHTS, rng, at)


@njit(cache=True)
def ep_choose(kind, state, tb, legal, count, rng, at, work):
    """The action of a jitted agent of ``kind`` (0 random, 1 weighted, 2 heuristic)."""
    if kind == KIND_HEURISTIC:
        return ep_heuristic_action(state, tb, legal, count, rng, at, work)
    if kind == KIND_WEIGHTED:
        return ep_weighted_action(state, legal, count, rng, at)
    return legal[below_at(rng, at, count)]
