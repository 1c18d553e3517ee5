"""Trade between players in E&P: the base protocol with gold on both sides (E&P §4.5, §3).

The active player composes an offer card by card (resources and now gold
coins), or opens it with a pair under ``trade_protocol="pairs"`` (gold is the
sixth type of a pair), proposes it to one or every opponent, each addressee accepts or
declines out of turn, and the active player confirms with one acceptor or
cancels (base §6.3). Gold is traded "just like resource cards" (E&P §4.5):
it counts toward the per-side limit, and neither side may be empty (no gifts).
"""

from numba import njit

from ..common import layout as L
from ..common.constants import NUM_CARD_TYPES, NUM_RESOURCES
from ..common.phases import ACTION
from ..common.trade import (
    add_give,
    add_want,
    answer,
    can_start_offer,
    clear_offer,
    confirm,
    offer_size,
    pair_of,
)
from .layout import (
    GOLD,
    TRADE_GOLD_GIVE,
    TRADE_GOLD_WANT,
)


@njit(cache=True, inline="always")
def side_size(state, cards, gold):
    return offer_size(state, cards) + state[gold]


@njit(cache=True)
def ep_can_add_give(state, p, r):
    return (
        state[L.TRADE_WANT + r] == 0
        and state[L.TRADE_GIVE + r] < state[L.HAND + p * NUM_CARD_TYPES + r]
        and side_size(state, L.TRADE_GIVE, TRADE_GOLD_GIVE) < state[L.OPT_TRADE_MAX_CARDS]
    )


@njit(cache=True)
def ep_can_add_want(state, p, r):
    return (
        state[L.TRADE_GIVE + r] == 0
        and side_size(state, L.TRADE_WANT, TRADE_GOLD_WANT) < state[L.OPT_TRADE_MAX_CARDS]
    )


@njit(cache=True)
def can_give_gold(state, p):
    return (
        state[TRADE_GOLD_WANT] == 0
        and state[TRADE_GOLD_GIVE] < state[GOLD + p]
        and side_size(state, L.TRADE_GIVE, TRADE_GOLD_GIVE) < state[L.OPT_TRADE_MAX_CARDS]
    )


@njit(cache=True)
def can_want_gold(state, p):
    return (
        state[TRADE_GOLD_GIVE] == 0
        and side_size(state, L.TRADE_WANT, TRADE_GOLD_WANT) < state[L.OPT_TRADE_MAX_CARDS]
    )


@njit(cache=True)
def give_gold(state):
    add_give(state, 0)  # enters composition like any first addition ...
    state[L.TRADE_GIVE] -= 1  # ... then the card slot is put back
    state[TRADE_GOLD_GIVE] += 1


@njit(cache=True)
def want_gold(state):
    add_want(state, 0)
    state[L.TRADE_WANT] -= 1
    state[TRADE_GOLD_WANT] += 1


@njit(cache=True)
def ep_offer_complete(state):
    return (
        side_size(state, L.TRADE_GIVE, TRADE_GOLD_GIVE) > 0
        and side_size(state, L.TRADE_WANT, TRADE_GOLD_WANT) > 0
    )


@njit(cache=True)
def ep_can_accept(state, q):
    base = L.HAND + q * NUM_CARD_TYPES
    for r in range(NUM_CARD_TYPES):
        if state[base + r] < state[L.TRADE_WANT + r]:
            return False
    return state[GOLD + q] >= state[TRADE_GOLD_WANT]


@njit(cache=True)
def _clear_gold(state):
    state[TRADE_GOLD_GIVE] = 0
    state[TRADE_GOLD_WANT] = 0


@njit(cache=True)
def ep_cancel(state):
    _clear_gold(state)
    clear_offer(state)


@njit(cache=True)
def ep_answer(state, q, accept):
    answer(state, q, accept)
    if state[L.PHASE] == ACTION:  # nobody accepted: the offer lapsed
        _clear_gold(state)


@njit(cache=True)
def ep_confirm(state, q):
    """Exchange the offer with acceptor ``q``: cards (base protocol) and gold."""
    a = state[L.ACTIVE_PLAYER]
    state[GOLD + a] += state[TRADE_GOLD_WANT] - state[TRADE_GOLD_GIVE]
    state[GOLD + q] += state[TRADE_GOLD_GIVE] - state[TRADE_GOLD_WANT]
    _clear_gold(state)
    confirm(state, q)


@njit(cache=True, inline="always")
def ep_can_start_offer(state):
    return can_start_offer(state)


#: Pairs open over the five resources and gold (index NUM_RESOURCES).
PAIR_TYPES = NUM_RESOURCES + 1


@njit(cache=True)
def ep_open_pair(state, k):
    """Open the offer of pair ``k``: one good given for one other asked for."""
    give, want = pair_of(k, PAIR_TYPES)
    if give == NUM_RESOURCES:
        give_gold(state)
    else:
        add_give(state, give)
    if want == NUM_RESOURCES:
        want_gold(state)
    else:
        add_want(state, want)
