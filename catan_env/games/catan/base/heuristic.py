"""The jitted heuristic player of the base game: one-step lookahead on a value function.

For each legal action the agent applies it to a copy of the state and scores
the result with :func:`value` (VP, production by pip counts and diversity,
reachable settlement spots, cards in hand and what they nearly buy,
development cards, army, road length, opponents' production weighted towards
the leaders). It plays the best action and breaks ties at random.

Actions whose outcome would reveal what the seat cannot know are never
looked ahead: the roll, buying a development card (the deck order is
hidden), choosing a steal victim. They are scored from public facts instead,
so the agent never peeks. Domestic offers are never started; offers from
others are accepted when they raise the value of the hand.
"""

import numpy as np
from numba import njit

from catan_env.core.borrow import borrow

from ..common.agents import keep_best, proposer_near_win, weight_table, weighted_pick
from ..common.cards import hand_size, pay
from ..common.constants import (
    COST_DEV_CARD,
    DEV_DECK_SIZE,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
    VICTORY_POINT,
)
from ..common.evaluation import (
    CARD_WORTH,
    base_targets,
    cards_worth,
    frontier,
    hex_pips,
    opponents_threat,
    production,
    production_worth,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BANK,
    CURRENT_PLAYER,
    DECK_POS,
    DEV_HAND,
    HAND,
    NUM_PLAYERS,
    OPT_DISCARD_LIMIT,
    OPT_SKIP_FORCED,
    PHASE,
    PUBLIC_VP,
    ROAD_LENGTH,
    ROADS_LEFT,
    ROBBER_HEX,
    STATE_SIZE,
    TRADE_GIVE,
    TRADE_WANT,
    WINNER,
)
from ..common.phases import TRADE_COMPOSE, TRADE_RESPOND
from ..common.scoring import army, total_vp
from . import action_ids as A
from .step import apply_action

WIN = 1.0e6
VP_WORTH = 100.0
DEV_CARD_WORTH = 6.0
#: A development card bought: its worth in hand plus the chance of a VP card.
DEV_BUY_WORTH = DEV_CARD_WORTH + 0.2 * VP_WORTH
ARMY_WORTH = 5.0
ROAD_LENGTH_WORTH = 0.6
OPPONENT_WEIGHT = 0.25
SECOND_TARGET = 0.3
#: Required gain for anything but ending the turn or rolling, so the agent
#: never cycles through actions of equal value.
EPSILON = 1.0e-6
#: Extra worth of playing a card whose effect comes in a later decision.
KNIGHT_BONUS = 3.0
ROAD_BUILDING_BONUS = 8.0
YEAR_OF_PLENTY_BONUS = 9.0
ACCEPT_MARGIN = 1.0

#: Scratch space one decision of the heuristic needs (int32 words).
WORK_SIZE = STATE_SIZE + 64


@njit(cache=True)
def value(state, tb, p, dist, prod, tmp):
    """Worth of ``state`` for seat ``p`` (see the module docstring)."""
    w = state[WINNER]
    if w >= 0:
        return WIN if w == p else -WIN
    production(state, tb, p, False, prod)
    v = VP_WORTH * total_vp(state, p)
    v += production_worth(state, p, prod)
    front, now, later = frontier(state, tb, p, prod, dist)
    v += front
    v += cards_worth(state, p, state[OPT_DISCARD_LIMIT])
    best, second = base_targets(state, p, now, later > 0, DEV_DECK_SIZE - state[DECK_POS])
    v += best + SECOND_TARGET * second
    for d in range(NUM_DEV_TYPES):
        if d != VICTORY_POINT:
            v += DEV_CARD_WORTH * state[DEV_HAND + p * NUM_DEV_TYPES + d]
    v += ARMY_WORTH * army(state, p)
    v += ROAD_LENGTH_WORTH * state[ROAD_LENGTH + p]
    n = state[NUM_PLAYERS]
    for q in range(n):
        tmp[q] = state[PUBLIC_VP + q]
    v -= OPPONENT_WEIGHT * opponents_threat(state, tb, p, False, tmp, prod)
    return v


@njit(cache=True)
def blocked_pips(state, tb, p):
    """Pips of ``p``'s buildings on the robber's hex (what a Knight would free)."""
    return hex_pips(state, tb, p, state[ROBBER_HEX])


@njit(cache=True)
def monopoly_yield(state, p):
    """Best worth a Monopoly can take: the opponents' cards of each type are
    public knowledge (19 minus the bank minus one's own hand)."""
    best = 0.0
    for r in range(NUM_RESOURCES):
        others = RESOURCE_CARDS_PER_TYPE - state[BANK + r] - state[HAND + p * NUM_CARD_TYPES + r]
        if CARD_WORTH[r] * others > best:
            best = CARD_WORTH[r] * others
    return best


@njit(cache=True)
def _after(state, tb, a, p, copy, dist, prod, tmp):
    copy[:STATE_SIZE] = state[:STATE_SIZE]
    copy[OPT_SKIP_FORCED] = 0  # a forced follow-up could be a roll: never look at dice
    apply_action(copy, tb, a)
    return value(copy, tb, p, dist, prod, tmp)


@njit(cache=True)
def _accept_gain(state, tb, p, base, copy, dist, prod, tmp):
    """Gain in value if ``p`` accepts the offer on the table."""
    copy[:STATE_SIZE] = state[:STATE_SIZE]
    a = state[ACTIVE_PLAYER]
    for r in range(NUM_CARD_TYPES):
        give = state[TRADE_GIVE + r]
        want = state[TRADE_WANT + r]
        copy[HAND + p * NUM_CARD_TYPES + r] += give - want
        copy[HAND + a * NUM_CARD_TYPES + r] += want - give
    return value(copy, tb, p, dist, prod, tmp) - base


@njit(cache=True)
def heuristic_action(state, tb, legal, count, rng, at, work):
    """The heuristic's choice among ``legal[:count]`` for the current decision.

    ``rng[at:at+2]`` is the agent's generator (ties); ``work`` holds at least
    :data:`WORK_SIZE` int32 words of scratch space.
    """
    if count == 1:
        return legal[0]
    prod = np.empty(NUM_CARD_TYPES, np.float64)
    tmp = np.empty(4, np.float64)
    return _best_action(state, tb, legal, count, rng, at, work, prod, tmp)


@njit(cache=True)
def _best_action(state, tb, legal, count, rng, at, work, prod, tmp):
    # Borrowed (catan_env.core.borrow): the lookahead hands these to a call per action.
    state, tb, legal = borrow(state), borrow(tb), borrow(legal)
    rng, work = borrow(rng), borrow(work)
    prod, tmp = borrow(prod), borrow(tmp)
    p = state[CURRENT_PLAYER]
    n = state[NUM_PLAYERS]
    phase = state[PHASE]
    copy = work[:STATE_SIZE]
    dist = work[STATE_SIZE : STATE_SIZE + 54]
    base = value(state, tb, p, dist, prod, tmp)
    best = -np.inf
    ties = 0
    choice = legal[0]
    for i in range(count):
        a = legal[i]
        if a == A.ROLL or a == A.END_TURN or a == A.TRADE_CANCEL or a == A.TRADE_DECLINE:
            s = base
        elif a == A.BUY_DEV:
            copy[:STATE_SIZE] = state[:STATE_SIZE]
            pay(copy, p, COST_DEV_CARD)
            s = value(copy, tb, p, dist, prod, tmp) + DEV_BUY_WORTH - EPSILON
        elif A.STEAL <= a < A.STEAL + 3:
            q = (p + a - A.STEAL + 1) % n
            s = base + hand_size(state, q) + 0.5 * state[PUBLIC_VP + q]
        elif a == A.TRADE_ACCEPT:
            gain = _accept_gain(state, tb, p, base, copy, dist, prod, tmp)
            s = base + gain - ACCEPT_MARGIN if not proposer_near_win(state) else -np.inf
        elif a >= A.TRADE_ADD_GIVE and phase != TRADE_RESPOND:
            # Never start or continue an offer of our own; cancel one if in it.
            s = -np.inf if phase != TRADE_COMPOSE or a != A.TRADE_CANCEL else base
        else:
            s = _after(state, tb, a, p, copy, dist, prod, tmp) - EPSILON
            if a == A.PLAY_KNIGHT:
                s += KNIGHT_BONUS + 1.5 * blocked_pips(state, tb, p)
            elif a == A.PLAY_ROAD_BUILDING:
                s += ROAD_BUILDING_BONUS if state[ROADS_LEFT + p] > 0 else 0.0
            elif a == A.PLAY_YEAR_OF_PLENTY:
                s += YEAR_OF_PLENTY_BONUS
            elif a == A.PLAY_MONOPOLY:
                s += monopoly_yield(state, p)
        best, ties, choice = keep_best(s, a, best, ties, choice, rng, at)
    return choice


#: Relative chances of the weighted-random agent, by family.
WEIGHT_BUILD = 40
WEIGHT_DEV = 10
WEIGHT_NEUTRAL = 4
WEIGHT_MARITIME = 2
WEIGHT_OFFER = 1
WEIGHT_OTHER = 4


def _weight(a, responding):
    if A.BUILD_SETTLEMENT <= a < A.BUY_DEV + 1:
        return WEIGHT_BUILD
    if A.PLAY_KNIGHT <= a < A.PLAY_MONOPOLY + 1:
        return WEIGHT_DEV
    if a == A.END_TURN or a == A.ROLL:
        return WEIGHT_NEUTRAL
    if A.MARITIME <= a < A.TRADE_ADD_GIVE:
        return WEIGHT_MARITIME
    if a >= A.TRADE_ADD_GIVE and not responding:
        return WEIGHT_OFFER
    return WEIGHT_OTHER


_WEIGHTS = weight_table(_weight, A.NUM_ACTIONS)


@njit(cache=True)
def weighted_action(state, legal, count, rng, at):
    """A random legal action, building and development cards favoured over
    ending the turn, and offers rarely composed."""
    weights = _WEIGHTS[1 if state[PHASE] == TRADE_RESPOND else 0]
    return weighted_pick(legal, count, weights, rng, at)
