"""Pieces of the jitted agents that every Catan variant shares.

The weighted-random agent of each variant is a table of weights, one per action
id (a variant may weigh an action differently while it answers an offer), and
one sampler, :func:`weighted_pick`. The heuristics share the running argmax
(:func:`keep_best`) and their domestic-trade rules (base §6.3): never trade with
a seat about to win, and, for a heuristic that reasons by the cards its next
build needs, which one-for-one offer to make and which offers to accept.
"""

import numpy as np
from numba import njit

from .constants import NUM_CARD_TYPES
from .layout import ACTIVE_PLAYER, HAND, OPT_VP_TO_WIN, PHASE, PUBLIC_VP, TRADE_GIVE, TRADE_WANT
from .phases import TRADE_COMPOSE
from .rng import below_at
from .trade import opens_by_pair, pair_index

# The jitted agents' kinds, the same in every Catan rule set (each rule set's
# ``choose`` dispatches on them).
KIND_RANDOM = 0
KIND_WEIGHTED = 1
KIND_HEURISTIC = 2
KIND_NAMES = ("random", "weighted", "heuristic")


@njit(cache=True)
def pick_uniform(legal, count, buf, at):
    """A uniformly random entry of ``legal[:count]`` (the legal action ids)."""
    return legal[below_at(buf, at, count)]


def weight_table(weight, num_actions: int) -> np.ndarray:
    """``table[responding, a]`` = ``weight(a, responding)``: the weighted agent's weights,
    row 1 while the agent answers an offer (built once at import)."""
    return np.array(
        [[weight(a, responding) for a in range(num_actions)] for responding in (False, True)],
        np.int64,
    )


@njit(cache=True)
def weighted_pick(legal, count, weights, rng, at):
    """An entry of ``legal[:count]`` drawn with chance proportional to ``weights[a]``
    (uniform when every weight is zero)."""
    total = 0
    for i in range(count):
        total += weights[legal[i]]
    if total == 0:
        return legal[below_at(rng, at, count)]
    pick = below_at(rng, at, total)
    for i in range(count):
        pick -= weights[legal[i]]
        if pick < 0:
            return legal[i]
    return legal[count - 1]


@njit(cache=True, inline="always")
def keep_best(s, a, best, ties, choice, rng, at):
    """One step of a running argmax of the scores ``s`` of actions ``a``: a score within
    1e-9 of the best ties, and each of ``ties`` tied actions is kept with chance
    1/ties (reservoir sampling). Returns the new ``(best, ties, choice)``."""
    if s > best + 1e-9:
        return s, 1, a
    if s > best - 1e-9:
        ties += 1
        if below_at(rng, at, ties) == 0:
            choice = a
    return best, ties, choice


@njit(cache=True, inline="always")
def proposer_near_win(state):
    """The seat offering the trade on the table is within 2 VP of winning: never
    help it (the heuristics decline such offers)."""
    return state[PUBLIC_VP + state[ACTIVE_PLAYER]] >= state[OPT_VP_TO_WIN] - 2


@njit(cache=True)
def one_for_one(state, p, need, num_types):
    """A one-for-one offer that brings ``p`` closer to the build ``need`` describes
    (``need[r]``: cards of type ``r`` it costs): ``(give, want)``, the type held most
    beyond the need and the type most short of it, or ``(-1, -1)`` if there is none."""
    hand = HAND + p * NUM_CARD_TYPES
    give = -1
    want = -1
    spare = 0
    short = 0
    for r in range(num_types):
        extra = state[hand + r] - need[r]
        if extra > spare:
            spare = extra
            give = r
        lack = need[r] - state[hand + r]
        if lack > short:
            short = lack
            want = r
    if give < 0 or want < 0:
        return -1, -1
    return give, want


@njit(cache=True)
def offer_helps(state, p, need, num_types):
    """The offer on the table gives ``p`` a card its build ``need`` still lacks and
    asks only for cards ``p`` holds beyond that need."""
    hand = HAND + p * NUM_CARD_TYPES
    gain = False
    for r in range(num_types):
        if state[TRADE_GIVE + r] > 0 and state[hand + r] < need[r]:
            gain = True
        if state[TRADE_WANT + r] > 0 and state[hand + r] - state[TRADE_WANT + r] < need[r]:
            return False
    return gain


@njit(cache=True)
def next_offer_step(state, give, want, give_id, want_id, propose_id, pair_id, pair_types):
    """The action that continues composing the one-for-one offer ``(give, want)``:
    open it with the pair (``pair_id``, among ``pair_types`` types) under
    ``trade_protocol="pairs"``, or add the card given, then the card wanted; then
    propose it to every opponent (``propose_id`` is the "to all" id)."""
    if state[PHASE] != TRADE_COMPOSE and opens_by_pair(state):
        return pair_id + pair_index(give, want, pair_types)
    if state[TRADE_GIVE + give] == 0:
        return give_id + give
    if state[TRADE_WANT + want] == 0:
        return want_id + want
    return propose_id
