"""Maritime trade and the domestic-trade protocol (base §6)."""

from numba import njit

from .cards import give_to_bank, move_card, take_from_bank
from .constants import NUM_CARD_TYPES
from .layout import (
    ACTIVE_PLAYER,
    ANSWER_ACCEPT,
    ANSWER_DECLINE,
    ANSWER_NONE,
    ANSWER_PENDING,
    BANK,
    BUILT_THIS_TURN,
    CURRENT_PLAYER,
    HAND,
    HARBOR_RATE,
    NUM_PLAYERS,
    OPT_DOMESTIC_TRADE,
    OPT_STRICT_ORDER,
    OPT_TRADE_MAX_CARDS,
    OPT_TRADE_MAX_PROPOSALS,
    PHASE,
    PROPOSALS,
    TRADE_ANSWER,
    TRADE_GIVE,
    TRADE_TO,
    TRADE_WANT,
)
from .phases import ACTION, TRADE_CLOSE, TRADE_COMPOSE, TRADE_RESPOND


@njit(cache=True, inline="always")
def trading_allowed(state):
    """False once the strict trade-then-build order forbids further trades (base §5.2)."""
    return state[OPT_STRICT_ORDER] == 0 or state[BUILT_THIS_TURN] == 0


@njit(cache=True, inline="always")
def maritime_ok(state, p, give, get):
    if give == get or state[BANK + get] <= 0:
        return False
    return state[HAND + p * NUM_CARD_TYPES + give] >= state[HARBOR_RATE + p * NUM_CARD_TYPES + give]


@njit(cache=True)
def maritime_trade(state, p, give, get):
    """Give ``rate`` cards of ``give`` to the bank for one ``get`` (best rate, base §6.2)."""
    give_to_bank(state, p, give, state[HARBOR_RATE + p * NUM_CARD_TYPES + give])
    take_from_bank(state, p, get, 1)


@njit(cache=True, inline="always")
def offer_size(state, base):
    total = 0
    for r in range(NUM_CARD_TYPES):
        total += state[base + r]
    return total


@njit(cache=True, inline="always")
def can_start_offer(state):
    return (
        state[OPT_DOMESTIC_TRADE] != 0
        and state[PROPOSALS] < state[OPT_TRADE_MAX_PROPOSALS]
        and trading_allowed(state)
    )


@njit(cache=True, inline="always")
def can_add_give(state, p, r):
    """One more card of ``r`` on the active player's side (base §6.3 step 1):
    not asked for, held beyond what is already offered, side under the cap."""
    return (
        state[TRADE_WANT + r] == 0
        and state[TRADE_GIVE + r] < state[HAND + p * NUM_CARD_TYPES + r]
        and offer_size(state, TRADE_GIVE) < state[OPT_TRADE_MAX_CARDS]
    )


@njit(cache=True, inline="always")
def can_add_want(state, p, r):
    """One more card of ``r`` asked for (base §6.3 step 1): not offered, side under the cap."""
    return state[TRADE_GIVE + r] == 0 and offer_size(state, TRADE_WANT) < state[OPT_TRADE_MAX_CARDS]


@njit(cache=True)
def _start_offer(state):
    """Entering composition uses one of the turn's offers (base §6.3 step 2).

    Engine decision: the per-turn limit counts offers started, whether later
    proposed or cancelled. Counting only proposals would let compose-cancel
    loops go on forever, and the limit exists "so that a turn always ends".
    """
    if state[PHASE] != TRADE_COMPOSE:
        state[PROPOSALS] += 1
        state[PHASE] = TRADE_COMPOSE


@njit(cache=True)
def add_give(state, r):
    _start_offer(state)
    state[TRADE_GIVE + r] += 1


@njit(cache=True)
def add_want(state, r):
    _start_offer(state)
    state[TRADE_WANT + r] += 1


@njit(cache=True, inline="always")
def offer_complete(state):
    return offer_size(state, TRADE_GIVE) > 0 and offer_size(state, TRADE_WANT) > 0


@njit(cache=True)
def clear_offer(state):
    for r in range(NUM_CARD_TYPES):
        state[TRADE_GIVE + r] = 0
        state[TRADE_WANT + r] = 0
    for q in range(state[NUM_PLAYERS]):
        state[TRADE_ANSWER + q] = ANSWER_NONE
    state[TRADE_TO] = -1
    state[PHASE] = ACTION
    state[CURRENT_PLAYER] = state[ACTIVE_PLAYER]


@njit(cache=True)
def _next_responder(state):
    n = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    for k in range(1, n):
        q = (a + k) % n
        if state[TRADE_ANSWER + q] == ANSWER_PENDING:
            return q
    return -1


@njit(cache=True)
def propose(state, target):
    """Send the offer to one seat, or to every opponent when ``target`` is -1."""
    state[TRADE_TO] = target
    n = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    for k in range(1, n):
        q = (a + k) % n
        if target < 0 or target == q:
            state[TRADE_ANSWER + q] = ANSWER_PENDING
    state[PHASE] = TRADE_RESPOND
    state[CURRENT_PLAYER] = _next_responder(state)


@njit(cache=True, inline="always")
def can_accept(state, q):
    base = HAND + q * NUM_CARD_TYPES
    for r in range(NUM_CARD_TYPES):
        if state[base + r] < state[TRADE_WANT + r]:
            return False
    return True


@njit(cache=True)
def answer(state, q, accept):
    """Record ``q``'s answer; ask the next addressee or hand the offer back."""
    state[TRADE_ANSWER + q] = ANSWER_ACCEPT if accept else ANSWER_DECLINE
    nxt = _next_responder(state)
    if nxt >= 0:
        state[CURRENT_PLAYER] = nxt
        return
    for k in range(state[NUM_PLAYERS]):
        if state[TRADE_ANSWER + k] == ANSWER_ACCEPT:
            state[PHASE] = TRADE_CLOSE
            state[CURRENT_PLAYER] = state[ACTIVE_PLAYER]
            return
    clear_offer(state)  # nobody accepted: the offer lapses


@njit(cache=True)
def confirm(state, q):
    """Exchange the offered cards with acceptor ``q`` (base §6.3 step 4)."""
    a = state[ACTIVE_PLAYER]
    for r in range(NUM_CARD_TYPES):
        if state[TRADE_GIVE + r] > 0:
            move_card(state, a, q, r, state[TRADE_GIVE + r])
        if state[TRADE_WANT + r] > 0:
            move_card(state, q, a, r, state[TRADE_WANT + r])
    clear_offer(state)
