"""Maritime trade and the domestic-trade protocol (base §6)."""

from numba import njit

from .cards import give_to_bank, move_card, take_from_bank
from .constants import MAX_PLAYERS, NUM_CARD_TYPES
from .layout import (
    ACTIVE_PLAYER,
    ANSWER_ACCEPT,
    ANSWER_DECLINE,
    ANSWER_NONE,
    ANSWER_PENDING,
    BANK,
    BUILT_THIS_TURN,
    CURRENT_PLAYER,
    DOMESTIC_TRADE_PAIRS,
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


@njit(cache=True, inline="always")
def opens_by_pair(state):
    """True when offers open with a give/want pair (``trade_protocol="pairs"``)."""
    return state[OPT_DOMESTIC_TRADE] == DOMESTIC_TRADE_PAIRS


@njit(cache=True, inline="always")
def pair_index(give, get, n):
    """Index of the ordered pair (give, get), give != get, among n types."""
    return give * (n - 1) + (get if get < give else get - 1)


@njit(cache=True, inline="always")
def pair_of(k, num_types):
    """The (give, want) types of pair index ``k`` among ``num_types`` types (give != want)."""
    give, j = divmod(k, num_types - 1)
    return give, j + (j >= give)


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


@njit(cache=True)
def open_pair(state, give, want):
    """Open an offer of one ``give`` card for one ``want`` card (``trade_protocol="pairs"``).

    Engine decision: every complete offer holds a card on each side, so opening
    with one of each loses no offer and spares the decisions of offers that
    could never be proposed (asking with nothing to give).
    """
    _start_offer(state)
    state[TRADE_GIVE + give] = 1
    state[TRADE_WANT + want] = 1


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


# --- the legal actions of the trade protocol, one writer for every variant -------------
# Each variant numbers its actions itself, so the action-id families come in as
# arguments; the rules they list are the base protocol's (base §6.3).


@njit(cache=True)
def offer_actions(state, p, out, n, num_types, give_id, want_id):
    """The cards ``p`` may add to the offer being composed (``num_types`` card types)."""
    for r in range(num_types):
        if can_add_give(state, p, r):
            out[n] = give_id + r
            n += 1
    for r in range(num_types):
        if can_add_want(state, p, r):
            out[n] = want_id + r
            n += 1
    return n


@njit(cache=True)
def pair_actions(state, p, out, n, num_types, pair_id, extra_at):
    """The offers ``p`` may open under ``trade_protocol="pairs"``, one pair per action
    (``pair_id + k``, ``k`` in :func:`pair_of` order): a held card for any other type.
    With ``extra_at`` >= 0 the last type is no card but a per-player count kept at
    ``state[extra_at + p]`` (a currency); -1: every type is a card. Card by card, an
    offer opens with :func:`offer_actions` instead."""
    base = HAND + p * NUM_CARD_TYPES
    for give in range(num_types):
        if extra_at >= 0 and give == num_types - 1:
            held = state[extra_at + p]
        else:
            held = state[base + give]
        if held > 0:
            k = give * (num_types - 1)
            for j in range(num_types - 1):
                out[n] = pair_id + k + j
                n += 1
    return n


@njit(cache=True)
def propose_actions(state, out, n, complete, propose_id, cancel_id):
    """Once the offer is ``complete``: propose it to everyone (0) or one relative seat; cancel."""
    if complete:
        for k in range(state[NUM_PLAYERS]):
            out[n] = propose_id + k
            n += 1
    out[n] = cancel_id
    return n + 1


@njit(cache=True)
def respond_actions(out, may_accept, accept_id, decline_id):
    """An asked opponent accepts (when it can pay) or declines."""
    n = 0
    if may_accept:
        out[0] = accept_id
        n = 1
    out[n] = decline_id
    return n + 1


@njit(cache=True)
def close_actions(state, out, cancel_id, confirm_id):
    """The proposer cancels or confirms one accepting seat, by relative seat 1..3."""
    out[0] = cancel_id
    n = 1
    players = state[NUM_PLAYERS]
    a = state[ACTIVE_PLAYER]
    for k in range(1, players):
        if state[TRADE_ANSWER + (a + k) % players] == ANSWER_ACCEPT:
            out[n] = confirm_id + k - 1
            n += 1
    return n


def check_trade_ids(ids, num_types):
    """Assert that the action-id module ``ids`` numbers the domestic trade as
    :func:`apply_domestic_trade` reads it (called at import by its variants)."""
    assert ids.TRADE_ADD_WANT == ids.TRADE_ADD_GIVE + num_types
    assert ids.TRADE_PROPOSE == ids.TRADE_ADD_WANT + num_types
    assert ids.TRADE_CANCEL == ids.TRADE_PROPOSE + MAX_PLAYERS
    assert ids.TRADE_ACCEPT == ids.TRADE_CANCEL + 1
    assert ids.TRADE_DECLINE == ids.TRADE_CANCEL + 2
    assert ids.TRADE_CONFIRM == ids.TRADE_CANCEL + 3


@njit(cache=True, inline="always")
def apply_domestic_trade(state, p, i, num_types):
    """Apply the domestic-trade action ``i``, counted from the variant's first trade id:
    add a card to give or to want (``num_types`` each), propose to everyone (0) or to
    relative seat 1..3, cancel, accept, decline, confirm relative seat 1..3 (base §6.3)."""
    n = state[NUM_PLAYERS]
    if i < num_types:
        add_give(state, i)
    elif i < 2 * num_types:
        add_want(state, i - num_types)
    else:
        k = i - 2 * num_types
        if k < MAX_PLAYERS:
            propose(state, -1 if k == 0 else (p + k) % n)
        elif k == MAX_PLAYERS:
            clear_offer(state)
        elif k == MAX_PLAYERS + 1:
            answer(state, p, True)
        elif k == MAX_PLAYERS + 2:
            answer(state, p, False)
        else:
            confirm(state, (state[ACTIVE_PLAYER] + k - MAX_PLAYERS - 2) % n)
