"""The jitted heuristic player of the base game: one-step lookahead on a value function.

For each legal action the agent applies it to a copy of the state and scores
the result with :func:`value` (VP, production by pip counts and diversity,
reachable settlement spots, cards in hand and what they nearly buy,
development cards, army, road length, opponents' production weighted towards
the leaders). It plays the best action and breaks ties at random.
The lookahead takes the parts of the value that only the pieces decide from
a memo of the decision's own state (:func:`value_memo`), which gives the same
floats as :func:`value`; after a road or a settlement the frontier's
distances come from the memo's too.

Actions whose outcome would reveal what the seat cannot know are never
looked ahead: the roll, buying a development card (the deck order is
hidden), choosing a steal victim. They are scored from public facts instead,
so the agent never peeks. Domestic offers are never started; offers from
others are accepted when they raise the value of the hand.
"""

import numpy as np
from numba import njit

from catan_env.core.arrays import copy_into
from catan_env.core.borrow import borrow

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common.agents import keep_best, proposer_near_win, weight_table, weighted_pick
from ..common.cards import hand_size, pay
from ..common.constants import (
    CITY,
    COST_DEV_CARD,
    DEV_DECK_SIZE,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
    VICTORY_POINT,
)
from ..common.evaluation import (
    CARD_WORTH,
    NEARER_SCRATCH,
    add_hex_yield,
    add_settlement_yield,
    base_targets,
    cards_worth,
    frontier,
    frontier_after_road,
    frontier_after_settlement,
    hex_pips,
    opponents_threat,
    pips,
    production,
    production_worth,
    productions,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BANK,
    CITIES_LEFT,
    CURRENT_PLAYER,
    DECK_POS,
    DEV_HAND,
    HAND,
    HEX_NUMBER,
    HEX_TERRAIN,
    NUM_PLAYERS,
    OPT_DISCARD_LIMIT,
    OPT_SKIP_FORCED,
    PHASE,
    PUBLIC_VP,
    ROAD_LENGTH,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    STATE_SIZE,
    TRADE_GIVE,
    TRADE_WANT,
    VERTEX_BUILDING,
    VERTEX_OWNER,
    WINNER,
)
from ..common.phases import MOVE_ROBBER, TRADE_COMPOSE, TRADE_RESPOND
from ..common.scoring import army, total_vp
from ..common.tables import T_VERTEX_HEXES
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

_DIST = STATE_SIZE
_KEYS = STATE_SIZE + 64
_BEFORE = STATE_SIZE + 96
_NEARER = STATE_SIZE + 160

# The lookahead's memo (see value_memo): float slots, then the key words.
_M_PRODS = 0  # every seat's production by card type
_M_PROD_WORTH = MAX_PLAYERS * NUM_CARD_TYPES
_M_FRONT = _M_PROD_WORTH + 1  # the frontier's (worth, spots now, spots later)
_M_THREAT = _M_FRONT + 3
# Filled only for a robber decision: what each hex yields each seat, in pips
# (a city's twice), to move the robber in every candidate without a scan.
_M_HEX_YIELD = _M_THREAT + 1
_M_TOTALS = _M_HEX_YIELD + MAX_PLAYERS * NUM_HEXES  # and each seat's total production
MEMO_SIZE = _M_TOTALS + MAX_PLAYERS
_K_ROBBER = 0
_K_SETTLEMENTS = 1  # per seat
_K_CITIES = _K_SETTLEMENTS + MAX_PLAYERS  # per seat
_K_VP = _K_CITIES + MAX_PLAYERS  # per seat
_K_ROADS = _K_VP + MAX_PLAYERS
_K_HEX_YIELD = _K_ROADS + 1  # 1 while the memo's hex yields are filled
# Two words: the memo's intersections within two roads as a set, for the
# frontier after one settlement; a third says whether they are filled yet.
_K_SPOTS = _K_HEX_YIELD + 1
NUM_KEYS = _K_SPOTS + 3
# The float scratch (every seat's production, the VP of each seat, the memo)
# lives in the int32 work too, viewed as float64 from an even word, so a
# decision allocates nothing.
_FLOATS = _NEARER + NEARER_SCRATCH + (_NEARER + NEARER_SCRATCH) % 2
_NUM_FLOATS = MAX_PLAYERS * NUM_CARD_TYPES + MAX_PLAYERS + MEMO_SIZE
#: Scratch space one decision of the heuristic needs (int32 words): a state
#: copy, the frontier's distances, the memo's keys, the memo's distances, the
#: scratch of the frontier after one road or one settlement, and the floats.
WORK_SIZE = _FLOATS + 2 * _NUM_FLOATS
assert _DIST + NUM_VERTICES <= _KEYS and _KEYS + NUM_KEYS <= _BEFORE
assert _BEFORE + NUM_VERTICES <= _NEARER and _FLOATS % 2 == 0


@njit(cache=True, inline="always")
def _add_seat_terms(state, p, v, front, now, later):
    """``v`` plus the frontier's worth and the terms of ``p``'s hand, cards, army
    and roads, added one by one (value and value_memo round alike)."""
    v += front
    v += cards_worth(state, p, state[OPT_DISCARD_LIMIT])
    best, second = base_targets(state, p, now, later > 0, DEV_DECK_SIZE - state[DECK_POS])
    v += best + SECOND_TARGET * second
    for d in range(NUM_DEV_TYPES):
        if d != VICTORY_POINT:
            v += DEV_CARD_WORTH * state[DEV_HAND + p * NUM_DEV_TYPES + d]
    v += ARMY_WORTH * army(state, p)
    v += ROAD_LENGTH_WORTH * state[ROAD_LENGTH + p]
    return v


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
    v = _add_seat_terms(state, p, v, front, now, later)
    n = state[NUM_PLAYERS]
    for q in range(n):
        tmp[q] = state[PUBLIC_VP + q]
    v -= OPPONENT_WEIGHT * opponents_threat(state, tb, p, False, tmp, prod)
    return v


@njit(cache=True, inline="always")
def _same_buildings(state, keys, q):
    """Seat ``q``'s buildings are as when the memo was filled: buildings are
    never removed in the base game, so equal counts in supply mean equal
    buildings."""
    return (
        keys[_K_SETTLEMENTS + q] == state[SETTLEMENTS_LEFT + q]
        and keys[_K_CITIES + q] == state[CITIES_LEFT + q]
    )


@njit(cache=True)
def value_memo(state, tb, p, dist, prods, tmp, keys, memo, fill, action, before, nearer):
    """:func:`value` of ``state`` for ``p``, reusing the board's parts from a memo.

    The lookahead scores many states that differ from the decision's state in a
    hand, one piece or the robber's hex. Each seat's production, the frontier
    and the opponents' threat depend only on the pieces, so they come from
    ``memo`` (floats, :data:`MEMO_SIZE`) while the keys they depend on
    (``keys``, int words, :data:`NUM_KEYS`) are unchanged; after a robber move a
    seat's production is the memo's plus the old hex's yield minus the new one's
    (from the memo's table of hex yields in a robber decision), and after one
    settlement more the memo's plus the settlement's. ``fill`` computes
    everything and stores it (the decision's own state). Productions are sums of
    whole pips, exact in floats in any order, and the total is formed in the
    same order as :func:`value`, so the result is the same float. ``prods`` is
    scratch space for every seat's production (``MAX_PLAYERS * NUM_CARD_TYPES``
    floats).

    ``action``: the action that led from the memo's state to ``state`` (-1:
    none, or not known). After a road or a settlement the frontier comes from
    the memo's distances (``before``, 54 ints, filled with the memo) by
    :func:`frontier_after_road` or :func:`frontier_after_settlement`
    (``nearer``: their scratch) instead of sweeps of the board: most of the
    lookahead's candidates in the action phase are roads, and every one in
    the set-up's settlement placement is a settlement.
    """
    w = state[WINNER]
    if w >= 0 and not fill:
        return WIN if w == p else -WIN
    n = state[NUM_PLAYERS]
    robber = state[ROBBER_HEX]
    old_robber = keys[_K_ROBBER]
    # The threat is the memo's while the robber, the opponents' buildings and
    # their public VP are; then only p's own production is needed. Where only
    # the robber moved (a robber decision), each opponent's total comes from
    # the memo's and its hex yields, without their productions.
    opponents_same = not fill
    same_vp = True
    for q in range(n):
        if q != p and opponents_same:
            opponents_same = _same_buildings(state, keys, q)
            same_vp = same_vp and keys[_K_VP + q] == state[PUBLIC_VP + q]
    same_threat = opponents_same and same_vp and robber == old_robber
    robber_moved = opponents_same and robber != old_robber and keys[_K_HEX_YIELD] == 1
    roads = state[ROADS_LEFT + p]
    # One settlement more (nothing else): the distances from the memo's, and
    # p's production the memo's plus the new settlement's.
    town = action - A.BUILD_SETTLEMENT
    one_town = (
        not fill
        and 0 <= town < NUM_VERTICES
        and state[VERTEX_OWNER + town] == p
        and keys[_K_SETTLEMENTS + p] == state[SETTLEMENTS_LEFT + p] + 1
        and keys[_K_CITIES + p] == state[CITIES_LEFT + p]
        and keys[_K_ROADS] == roads
    )
    if fill:
        productions(state, tb, n, prods)
    for q in range(n):
        if fill or (q != p and (same_threat or robber_moved)):
            continue
        out = prods[q * NUM_CARD_TYPES : (q + 1) * NUM_CARD_TYPES]
        grown = q == p and one_town and robber == old_robber
        if not (grown or _same_buildings(state, keys, q)):
            production(state, tb, q, False, out)
            continue
        for r in range(NUM_CARD_TYPES):
            out[r] = memo[_M_PRODS + q * NUM_CARD_TYPES + r]
        if grown:
            add_settlement_yield(state, tb, town, out)
        elif robber != old_robber and keys[_K_HEX_YIELD]:
            # Whole pips, so one sum per hex gives add_hex_yield's floats.
            back = memo[_M_HEX_YIELD + q * NUM_HEXES + old_robber]
            taken = memo[_M_HEX_YIELD + q * NUM_HEXES + robber]
            if back != 0.0:
                out[state[HEX_TERRAIN + old_robber]] += back
            if taken != 0.0:
                out[state[HEX_TERRAIN + robber]] -= taken
        elif robber != old_robber:
            add_hex_yield(state, tb, old_robber, q, False, 1, out)
            add_hex_yield(state, tb, robber, q, False, -1, out)
    prod = prods[p * NUM_CARD_TYPES : (p + 1) * NUM_CARD_TYPES]
    own = not fill and robber == old_robber and _same_buildings(state, keys, p)
    worth = memo[_M_PROD_WORTH] if own else production_worth(state, p, prod)
    v = VP_WORTH * total_vp(state, p)
    v += worth
    # The frontier reads the production only for which resources are missing.
    own_pieces = not fill and _same_buildings(state, keys, p)
    reuse = own_pieces and keys[_K_ROADS] == roads
    # One road more: its frontier from the memo's, while the roads left (3 or
    # more before it) still reach every spot two roads away.
    road = action - A.BUILD_ROAD if A.BUILD_ROAD <= action < A.BUILD_ROAD + NUM_EDGES else -1
    one_road = own_pieces and road >= 0 and keys[_K_ROADS] == roads + 1 and roads >= 2
    if (reuse or one_road) and robber != old_robber:
        for r in range(NUM_RESOURCES):
            if (prod[r] == 0) != (memo[_M_PRODS + p * NUM_CARD_TYPES + r] == 0):
                reuse = one_road = False
    if reuse:
        front = memo[_M_FRONT]
        now = int(memo[_M_FRONT + 1])
        later = int(memo[_M_FRONT + 2])
    elif one_road:
        front, now, later = frontier_after_road(
            state, tb, p, prod, before, road, memo[_M_FRONT],
            int(memo[_M_FRONT + 1]), int(memo[_M_FRONT + 2]), nearer,
        )  # fmt: skip
    elif one_town:
        if not keys[_K_SPOTS + 2]:
            _fill_spots(before, keys)
        mask = np.uint64(0xFFFFFFFF)
        spots = np.uint64(keys[_K_SPOTS]) & mask
        spots |= (np.uint64(keys[_K_SPOTS + 1]) & mask) << np.uint64(32)
        front, now, later = frontier_after_settlement(
            state, tb, p, prod, before, spots, town, dist, nearer
        )
    else:
        front, now, later = frontier(state, tb, p, prod, dist)
    if fill:
        for x in range(NUM_VERTICES):
            before[x] = dist[x]
        keys[_K_SPOTS + 2] = 0  # the set of spots is made at its first use
        for i in range(n * NUM_CARD_TYPES):
            memo[_M_PRODS + i] = prods[i]
        memo[_M_PROD_WORTH] = worth
        memo[_M_FRONT] = front
        memo[_M_FRONT + 1] = now
        memo[_M_FRONT + 2] = later
        keys[_K_ROBBER] = robber
        keys[_K_ROADS] = state[ROADS_LEFT + p]
        keys[_K_HEX_YIELD] = state[PHASE] == MOVE_ROBBER
        if keys[_K_HEX_YIELD]:
            _fill_hex_yields(state, tb, memo)
            for q in range(n):
                total = 0.0
                for r in range(NUM_CARD_TYPES):
                    total += prods[q * NUM_CARD_TYPES + r]
                memo[_M_TOTALS + q] = total
        for q in range(n):
            keys[_K_SETTLEMENTS + q] = state[SETTLEMENTS_LEFT + q]
            keys[_K_CITIES + q] = state[CITIES_LEFT + q]
            keys[_K_VP + q] = state[PUBLIC_VP + q]
    v = _add_seat_terms(state, p, v, front, now, later)
    if same_threat:
        threat = memo[_M_THREAT]
    elif robber_moved:
        # Whole pips: the memo's total plus one hex's yield minus another's is
        # the sum of the adjusted production, the same float.
        threat = 0.0
        for k in range(1, n):
            q = (p + k) % n
            tmp[q] = state[PUBLIC_VP + q]
            total = memo[_M_TOTALS + q] + memo[_M_HEX_YIELD + q * NUM_HEXES + old_robber]
            total -= memo[_M_HEX_YIELD + q * NUM_HEXES + robber]
            threat += total * (1.0 + 0.15 * tmp[q])
    else:
        # opponents_threat, term by term, from the productions above.
        threat = 0.0
        for k in range(1, n):
            q = (p + k) % n
            tmp[q] = state[PUBLIC_VP + q]
            total = 0.0
            for r in range(NUM_CARD_TYPES):
                total += prods[q * NUM_CARD_TYPES + r]
            threat += total * (1.0 + 0.15 * tmp[q])
    if fill:
        memo[_M_THREAT] = threat
        if w >= 0:  # filled all the same, so the keys never describe another state
            return WIN if w == p else -WIN
    v -= OPPONENT_WEIGHT * threat
    return v


@njit(cache=True)
def _fill_spots(before, keys):
    """The memo's intersections within two roads, as a set in two key words."""
    lo = hi = 0
    for x in range(NUM_VERTICES):
        if before[x] <= 2:
            if x < 32:
                lo |= 1 << x
            else:
                hi |= 1 << (x - 32)
    keys[_K_SPOTS] = lo
    keys[_K_SPOTS + 1] = hi
    keys[_K_SPOTS + 2] = 1


@njit(cache=True)
def _fill_hex_yields(state, tb, memo):
    """The memo's hex yields: each seat's pips from each hex, a city's twice."""
    for i in range(MAX_PLAYERS * NUM_HEXES):
        memo[_M_HEX_YIELD + i] = 0.0
    for v in range(NUM_VERTICES):
        q = state[VERTEX_OWNER + v]
        if q < 0:
            continue
        weight = 2 if state[VERTEX_BUILDING + v] == CITY else 1
        for k in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + k]
            if h >= 0:
                memo[_M_HEX_YIELD + q * NUM_HEXES + h] += weight * pips(state[HEX_NUMBER + h])


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
def _after(state, tb, a, p, copy, dist, prod, tmp, keys, memo, before, nearer):
    copy_into(copy, state, STATE_SIZE)
    copy[OPT_SKIP_FORCED] = 0  # a forced follow-up could be a roll: never look at dice
    apply_action(copy, tb, a)
    return value_memo(copy, tb, p, dist, prod, tmp, keys, memo, False, a, before, nearer)


@njit(cache=True)
def _accept_gain(state, tb, p, base, copy, dist, prod, tmp, keys, memo, before, nearer):
    """Gain in value if ``p`` accepts the offer on the table."""
    copy_into(copy, state, STATE_SIZE)
    a = state[ACTIVE_PLAYER]
    for r in range(NUM_CARD_TYPES):
        give = state[TRADE_GIVE + r]
        want = state[TRADE_WANT + r]
        copy[HAND + p * NUM_CARD_TYPES + r] += give - want
        copy[HAND + a * NUM_CARD_TYPES + r] += want - give
    return value_memo(copy, tb, p, dist, prod, tmp, keys, memo, False, -1, before, nearer) - base


@njit(cache=True)
def heuristic_action(state, tb, legal, count, rng, at, work):
    """The heuristic's choice among ``legal[:count]`` for the current decision.

    ``rng[at:at+2]`` is the agent's generator (ties); ``work`` holds at least
    :data:`WORK_SIZE` int32 words of scratch space.
    """
    if count == 1:
        return legal[0]
    floats = work[_FLOATS:WORK_SIZE].view(np.float64)
    prod = floats[: MAX_PLAYERS * NUM_CARD_TYPES]
    tmp = floats[MAX_PLAYERS * NUM_CARD_TYPES : MAX_PLAYERS * (NUM_CARD_TYPES + 1)]
    memo = floats[MAX_PLAYERS * (NUM_CARD_TYPES + 1) :]
    return _best_action(state, tb, legal, count, rng, at, work, prod, tmp, memo)


@njit(cache=True)
def _best_action(state, tb, legal, count, rng, at, work, prod, tmp, memo):
    # Borrowed (catan_env.core.borrow): the lookahead hands these to a call per action.
    state, tb, legal = borrow(state), borrow(tb), borrow(legal)
    rng, work = borrow(rng), borrow(work)
    prod, tmp, memo = borrow(prod), borrow(tmp), borrow(memo)
    p = state[CURRENT_PLAYER]
    n = state[NUM_PLAYERS]
    phase = state[PHASE]
    copy = work[:STATE_SIZE]
    dist = work[_DIST : _DIST + NUM_VERTICES]
    keys = work[_KEYS : _KEYS + NUM_KEYS]
    before = work[_BEFORE : _BEFORE + NUM_VERTICES]
    nearer = work[_NEARER : _NEARER + NEARER_SCRATCH]
    base = value_memo(state, tb, p, dist, prod, tmp, keys, memo, True, -1, before, nearer)
    if phase == MOVE_ROBBER:
        # Moving the robber changes its hex, the phase and the decision count;
        # the value reads only the hex, so one copy serves every candidate.
        copy_into(copy, state, STATE_SIZE)
    best = -np.inf
    ties = 0
    choice = legal[0]
    for i in range(count):
        a = legal[i]
        if a == A.ROLL or a == A.END_TURN or a == A.TRADE_CANCEL or a == A.TRADE_DECLINE:
            s = base
        elif a == A.BUY_DEV:
            copy_into(copy, state, STATE_SIZE)
            pay(copy, p, COST_DEV_CARD)
            s = value_memo(copy, tb, p, dist, prod, tmp, keys, memo, False, -1, before, nearer)
            s = s + DEV_BUY_WORTH - EPSILON  # the same rounding as one expression
        elif A.STEAL <= a < A.STEAL + 3:
            q = (p + a - A.STEAL + 1) % n
            s = base + hand_size(state, q) + 0.5 * state[PUBLIC_VP + q]
        elif a == A.TRADE_ACCEPT:
            gain = _accept_gain(
                state, tb, p, base, copy, dist, prod, tmp, keys, memo, before, nearer
            )
            s = base + gain - ACCEPT_MARGIN if not proposer_near_win(state) else -np.inf
        elif phase == MOVE_ROBBER:
            copy[ROBBER_HEX] = a - A.MOVE_ROBBER
            s = value_memo(copy, tb, p, dist, prod, tmp, keys, memo, False, a, before, nearer)
            s = s - EPSILON  # as _after's, one rounding
        elif a >= A.TRADE_ADD_GIVE and phase != TRADE_RESPOND:
            # Never start or continue an offer of our own; cancel one if in it.
            s = -np.inf if phase != TRADE_COMPOSE or a != A.TRADE_CANCEL else base
        else:
            s = _after(state, tb, a, p, copy, dist, prod, tmp, keys, memo, before, nearer) - EPSILON
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
