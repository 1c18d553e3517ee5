"""The E&P heuristic agent: every legal action scored from public facts, best taken.

Where the base and C&K heuristics look one step ahead, an E&P step can turn a
hidden hex face up, so a lookahead would peek. This agent scores each legal
action directly instead, from what its seat may see: face-up hexes and their
number tokens, the pieces on the board, its own hand, gold and holds.

* Trade and build: harbor settlements, then settlements (by the pips of the
  spot), then the pieces that win the scenario - a settler when none is on its
  way and there is somewhere to found, crews while a discovered lair or
  village wants one, ships up to two (three with missions); roads only when
  they reach a settlement spot within two steps. Maritime trades and gold buys
  only turn a surplus into what the next build lacks. Domestic trade (E&P
  §4.5, base §6.3) uses the Catan heuristics' common rules
  (:mod:`catan_env.games.catan.common.agents`): once a turn, when the next
  build lacks at most two cards, it offers every opponent one card it holds
  beyond that build for one the build lacks (before a maritime trade), and
  confirms the first seat that accepts; it accepts an offer that gives it a
  card its next build lacks for cards beyond that build, never one from a seat
  within 2 VP of winning.
* Movement: each ship sails along a shortest sea path (a breadth-first search
  over sea routes) to the goal its hold gives it - a founding spot for a
  settler, an active lair or an unfriended village for crews, a Council anchor
  for fish and spice, a fish on a shoal or a settler or crew waiting in its own
  storage for an empty ship, else the nearest unexplored hex - and does the
  goal's action there (found, place the crew, befriend, catch, deliver, load).
* Robber-like choices hit the leader: the pirate goes where the opponent with
  most VP has ships, the theft takes from the richest victim, a discard drops
  the card least needed.

Ties are broken by the agent's own random stream, so the choice never depends
on anything hidden (tested by scrambling face-down hexes, tokens, opponents'
hands and the RNG).
"""

import numpy as np
from numba import njit

from catan_env.core.borrow import borrow

from ..common.agents import next_offer_step, offer_helps, one_for_one, proposer_near_win
from ..common.constants import MAX_PLAYERS, NUM_CARD_TYPES, NUM_RESOURCES
from ..common.layout import (
    ACTIVE_PLAYER,
    CURRENT_PLAYER,
    HAND,
    NUM_PLAYERS,
    PHASE,
    PROPOSALS,
    PUBLIC_VP,
    SETTLEMENTS_LEFT,
)
from ..common.phases import TRADE_CLOSE, TRADE_COMPOSE, TRADE_RESPOND
from ..common.rng import below_at
from . import action_ids as A
from .board import (
    edge_is_sea_route,
    edge_touches_unexplored,
    settlement_spot_ok,
    vertex_coastal,
)
from .constants import (
    CAPTURE_CREWS,
    COST_CREW,
    COST_HARBOR,
    COST_SETTLEMENT,
    COST_SHIP,
    CREW,
    FISH,
    HARBOR_SETTLEMENT,
    LAIR_ACTIVE,
    LAIR_GOLD_FIELD,
    MOD_CREWS,
    NUM_CARGO,
    SEA,
    SETTLER,
    SETTLERS_PER_PLAYER,
    SHIPS_PER_PLAYER,
    SPICE,
    SPICE_SACK,
)
from .fish import edge_at_anchor
from .layout import (
    CREWS_LEFT,
    EP_HEX_KIND,
    EP_HEX_NUMBER,
    EP_HEX_REVEALED,
    EP_ROAD_OWNER,
    EP_STORAGE,
    EP_VERTEX_BUILDING,
    EP_VERTEX_OWNER,
    FISH_ON,
    GOLD,
    HARBORS_LEFT,
    LAIR_CREWS,
    LAIR_STATE,
    MAX_EDGES,
    MOVING_SHIP,
    OPT_FAST_GOLD_BUYS,
    SETTLERS_LEFT,
    SHIP_CARGO,
    SHIP_EDGE,
    SHIP_MP,
    SPICE_CREW,
    SPICE_SACKS,
)
from .pirates import edge_on_hex
from .tables import (
    T_EDGE_EDGES,
    T_EDGE_VERTICES,
    T_MODULES,
    T_NUM_EDGES,
    T_NUM_HEXES,
    T_NUM_VERTICES,
    T_VERTEX_EDGES,
    T_VERTEX_HEXES,
)
from .trade import PAIR_TYPES

#: Scratch words: a distance and a queue entry per path.
EP_HEURISTIC_WORK_SIZE = 2 * MAX_EDGES
_FAR = 1 << 20

# Goals of a moving ship.
GOAL_NONE, GOAL_FOUND, GOAL_CREW, GOAL_COUNCIL, GOAL_FISH, GOAL_HOME, GOAL_EXPLORE = range(7)
GOAL_PICKUP = 7


@njit(cache=True, inline="always")
def _pips(number):
    return 0 if number == 0 else 6 - abs(7 - number)


@njit(cache=True)
def vertex_pips(state, tb, v):
    """Dots of the face-up producing hexes at ``v`` (base §4.2's probabilities)."""
    total = 0
    for j in range(3):
        h = tb[T_VERTEX_HEXES + 3 * v + j]
        if h >= 0 and state[EP_HEX_REVEALED + h] == 1 and state[EP_HEX_KIND + h] < SEA:
            total += _pips(state[EP_HEX_NUMBER + h])
    return total


@njit(cache=True)
def _other_end(tb, e, v):
    w = tb[T_EDGE_VERTICES + 2 * e]
    return tb[T_EDGE_VERTICES + 2 * e + 1] if w == v else w


@njit(cache=True)
def _crew_wanted_at(state, tb, p, h):
    """Hex ``h`` takes a crew of ``p``: an active lair short of crews, or a face-up
    village still holding a sack where ``p`` has no crew (E&P §7.3, §9.2)."""
    if state[LAIR_STATE + h] == LAIR_ACTIVE:
        on = 0
        for q in range(MAX_PLAYERS):
            on += state[LAIR_CREWS + h * MAX_PLAYERS + q]
        return on < CAPTURE_CREWS
    return (
        state[EP_HEX_REVEALED + h] == 1
        and state[EP_HEX_KIND + h] == SPICE
        and state[SPICE_SACKS + h] > 0
        and state[SPICE_CREW + h * MAX_PLAYERS + p] == 0
    )


@njit(cache=True)
def _crew_goals(state, tb, p):
    n = 0
    for h in range(tb[T_NUM_HEXES]):
        if _crew_wanted_at(state, tb, p, h):
            n += 1
    return n


@njit(cache=True)
def _is_goal(state, tb, p, e, goal):
    if goal == GOAL_EXPLORE:
        return edge_touches_unexplored(state, tb, e)
    if goal == GOAL_COUNCIL:
        return edge_at_anchor(tb, e)
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        if goal == GOAL_FOUND:
            if settlement_spot_ok(state, tb, v, p) and vertex_pips(state, tb, v) > 0:
                return True
        elif goal == GOAL_HOME:
            if state[EP_VERTEX_OWNER + v] == p and state[EP_VERTEX_BUILDING + v] == (
                HARBOR_SETTLEMENT
            ):
                if (
                    state[EP_STORAGE + v * NUM_CARGO + SETTLER] > 0
                    or state[EP_STORAGE + v * NUM_CARGO + CREW] > 0
                ):
                    return True
        else:
            for j in range(3):
                h = tb[T_VERTEX_HEXES + 3 * v + j]
                if h < 0:
                    continue
                if goal == GOAL_CREW and _crew_wanted_at(state, tb, p, h):
                    return True
                if goal == GOAL_FISH and state[FISH_ON + h] > 0:
                    return True
                if goal == GOAL_PICKUP and _own_crews_on_field(state, p, h):
                    return True
    return False


@njit(cache=True)
def sea_distances(state, tb, p, goal, work):
    """Steps along sea routes from every path to the nearest goal path of ``goal``,
    into ``work[:num_edges]`` (``_FAR`` where none is reachable)."""
    ne = tb[T_NUM_EDGES]
    queue = work[MAX_EDGES:]
    tail = 0
    for e in range(ne):
        work[e] = _FAR
        if edge_is_sea_route(state, tb, e) and _is_goal(state, tb, p, e, goal):
            work[e] = 0
            queue[tail] = e
            tail += 1
    head = 0
    while head < tail:
        e = queue[head]
        head += 1
        for j in range(4):
            f = tb[T_EDGE_EDGES + 4 * e + j]
            if f >= 0 and work[f] == _FAR and edge_is_sea_route(state, tb, f):
                work[f] = work[e] + 1
                queue[tail] = f
                tail += 1


@njit(cache=True)
def ship_goal(state, tb, p, k):
    """What ship ``k`` of ``p`` should head for, from its hold and the board."""
    i = p * SHIPS_PER_PLAYER + k
    c = SHIP_CARGO + i * NUM_CARGO
    if state[c + SETTLER] > 0:
        return GOAL_FOUND
    if state[c + FISH] > 0 or state[c + SPICE_SACK] > 0:
        return GOAL_COUNCIL
    if state[c + CREW] > 0:
        return GOAL_CREW if _crew_goals(state, tb, p) > 0 else GOAL_EXPLORE
    return _empty_ship_goal(state, tb, p)


@njit(cache=True)
def _waiting_cargo(state, tb, p):
    """Settlers or wanted crews wait in ``p``'s storages (an empty ship should fetch them)."""
    crews_wanted = _crew_goals(state, tb, p) > 0
    for v in range(tb[T_NUM_VERTICES]):
        if state[EP_VERTEX_OWNER + v] == p and state[EP_VERTEX_BUILDING + v] == HARBOR_SETTLEMENT:
            if state[EP_STORAGE + v * NUM_CARGO + SETTLER] > 0:
                return True
            if crews_wanted and state[EP_STORAGE + v * NUM_CARGO + CREW] > 0:
                return True
    return False


@njit(cache=True, inline="always")
def _own_crews_on_field(state, p, h):
    return state[LAIR_STATE + h] == LAIR_GOLD_FIELD and state[LAIR_CREWS + h * MAX_PLAYERS + p] > 0


@njit(cache=True)
def _crews_to_fetch(state, tb, p):
    """The supply has no crew but lairs or villages want one, and some of ``p``'s
    crews stand on gold fields (E&P §7.6: they may be picked up again)."""
    if state[CREWS_LEFT + p] > 0 or _crew_goals(state, tb, p) == 0:
        return False
    for h in range(tb[T_NUM_HEXES]):
        if _own_crews_on_field(state, p, h):
            return True
    return False


@njit(cache=True)
def _empty_ship_goal(state, tb, p):
    if _waiting_cargo(state, tb, p):
        return GOAL_HOME
    if _crews_to_fetch(state, tb, p):
        return GOAL_PICKUP
    for h in range(tb[T_NUM_HEXES]):
        if state[FISH_ON + h] > 0:
            return GOAL_FISH
    return GOAL_EXPLORE


@njit(cache=True)
def _need(state, tb, p, need):
    """``need[r]``: cards of ``r`` the next build still lacks (the cheapest to finish
    of the builds that are wanted now)."""
    hand = HAND + p * NUM_CARD_TYPES
    best = _FAR
    for r in range(NUM_RESOURCES):
        need[r] = 0
    for b in range(4):
        wanted = False
        if b == 0:  # harbor settlement on a coastal settlement
            wanted = state[HARBORS_LEFT + p] > 0 and _has_coastal_settlement(state, tb, p)
        elif b == 1:  # settlement or settler
            wanted = state[SETTLEMENTS_LEFT + p] > 0
        elif b == 2:  # ship
            wanted = _ships_on_board(state, p) < 2
        else:
            wanted = (tb[T_MODULES] & MOD_CREWS) != 0 and _crew_goals(state, tb, p) > 0
        if not wanted:
            continue
        missing = 0
        for r in range(NUM_RESOURCES):
            c = _cost(b, r)
            if state[hand + r] < c:
                missing += c - state[hand + r]
        if missing < best:
            best = missing
            for r in range(NUM_RESOURCES):
                need[r] = _cost(b, r)
    return best


@njit(cache=True, inline="always")
def _cost(b, r):
    if b == 0:
        return COST_HARBOR[r]
    if b == 1:
        return COST_SETTLEMENT[r]
    if b == 2:
        return COST_SHIP[r]
    return COST_CREW[r]


@njit(cache=True)
def _has_coastal_settlement(state, tb, p):
    for v in range(tb[T_NUM_VERTICES]):
        if (
            state[EP_VERTEX_OWNER + v] == p
            and state[EP_VERTEX_BUILDING + v] == 1
            and vertex_coastal(state, tb, v)
        ):
            return True
    return False


@njit(cache=True)
def _ships_on_board(state, p):
    n = 0
    for k in range(SHIPS_PER_PLAYER):
        if state[SHIP_EDGE + p * SHIPS_PER_PLAYER + k] >= 0:
            n += 1
    return n


@njit(cache=True)
def _crews_carried(state, tb, p):
    """Crews of ``p`` in holds and storages (built, not yet placed)."""
    n = 0
    for k in range(SHIPS_PER_PLAYER):
        n += state[SHIP_CARGO + (p * SHIPS_PER_PLAYER + k) * NUM_CARGO + CREW]
    for v in range(tb[T_NUM_VERTICES]):
        if state[EP_VERTEX_OWNER + v] == p:
            n += state[EP_STORAGE + v * NUM_CARGO + CREW]
    return n


@njit(cache=True)
def _settlers_out(state, tb, p):
    """Settlers built and not yet used: in holds or storages."""
    return SETTLERS_PER_PLAYER - state[SETTLERS_LEFT + p]


@njit(cache=True)
def _road_value(state, tb, p, e):
    """A settlement spot at the far end of road ``e`` (or one step beyond it)."""
    if state[SETTLEMENTS_LEFT + p] <= 0:
        return 0
    best = 0
    for s in range(2):
        v = tb[T_EDGE_VERTICES + 2 * e + s]
        if settlement_spot_ok(state, tb, v, p):
            best = max(best, 30 + vertex_pips(state, tb, v))
        for j in range(3):
            f = tb[T_VERTEX_EDGES + 3 * v + j]
            if f < 0 or f == e or state[EP_ROAD_OWNER + f] >= 0:
                continue
            u = _other_end(tb, f, v)
            if settlement_spot_ok(state, tb, u, p):
                best = max(best, 15 + vertex_pips(state, tb, u) // 2)
    return best


@njit(cache=True)
def _pirate_value(state, tb, p, h):
    """Opponents' ships on the sides of ``h``, the leader's counted thrice; own ships cost."""
    n = state[NUM_PLAYERS]
    leader = -1
    top = -1
    for q in range(n):
        if q != p and state[PUBLIC_VP + q] > top:
            top = state[PUBLIC_VP + q]
            leader = q
    score = 10
    for q in range(n):
        for k in range(SHIPS_PER_PLAYER):
            e = state[SHIP_EDGE + q * SHIPS_PER_PLAYER + k]
            if e >= 0 and edge_on_hex(tb, e, h):
                if q == p:
                    score -= 4
                elif q == leader:
                    score += 3
                else:
                    score += 1
    return max(score, 1)


@njit(cache=True)
def _score(state, tb, p, a, need, goal_dist, moving_goal):
    hand = HAND + p * NUM_CARD_TYPES
    if a == A.ROLL or a == A.FISHING_ROLL:
        return 50
    if a == A.TO_MOVEMENT:
        return 2
    if a == A.END_TURN:
        return 1
    if A.BUILD_HARBOR <= a < A.BUILD_SHIP:
        return 90 + vertex_pips(state, tb, a - A.BUILD_HARBOR)
    if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD:
        v = a - A.BUILD_SETTLEMENT
        return 85 + vertex_pips(state, tb, v) + (2 if vertex_coastal(state, tb, v) else 0)
    if A.BUILD_ROAD <= a < A.BUILD_HARBOR:
        return _road_value(state, tb, p, a - A.BUILD_ROAD)
    if A.BUILD_SHIP <= a < A.SCRAP_SHIP:
        ships = _ships_on_board(state, p)
        if ships == 0:
            return 70
        if ships == 1:
            return 55
        return 20 if (tb[T_MODULES] & MOD_CREWS) != 0 else 0
    if A.SETTLER_TO_STORAGE <= a < A.DROP_SHIP:
        if _settlers_out(state, tb, p) > 0 or state[SETTLEMENTS_LEFT + p] <= 1:
            return 0
        return 77 if a >= A.SETTLER_TO_SHIP else 75
    if A.CREW_TO_STORAGE <= a < A.PLACE_PIRATE:
        goals = _crew_goals(state, tb, p)
        if goals == 0 or _crews_carried(state, tb, p) >= 2 * goals:
            return 0
        return 72 if a >= A.CREW_TO_SHIP else 70
    if A.MARITIME <= a < A.SELL_FOR_GOLD:
        j = a - A.MARITIME
        give = j // (NUM_RESOURCES - 1)
        get = j % (NUM_RESOURCES - 1)
        if get >= give:
            get += 1
        if state[hand + get] < need[get] and state[hand + give] - 3 >= need[give]:
            return 40
        return 0
    if A.BUY_WITH_GOLD <= a < A.DISCARD:
        r = a - A.BUY_WITH_GOLD
        return 42 if state[hand + r] < need[r] else 0
    if A.SELL_FOR_GOLD <= a < A.BUY_WITH_GOLD:
        r = a - A.SELL_FOR_GOLD
        return 20 if state[hand + r] - 3 >= need[r] and state[GOLD + p] < 2 else 0
    if A.FAST_GOLD_SALE <= a < A.NUM_ACTIONS:
        r = a - A.FAST_GOLD_SALE
        if state[OPT_FAST_GOLD_BUYS]:  # flag fast_gold="buy": a purchase, as with gold
            return 42 if state[hand + r] < need[r] else 0
        return 25 if state[hand + r] > need[r] else 0
    if A.DISCARD <= a < A.SELECT_SHIP:
        r = a - A.DISCARD
        return 10 + state[hand + r] - 2 * need[r]
    if A.SELECT_SHIP <= a < A.SAIL:
        k = a - A.SELECT_SHIP
        c = SHIP_CARGO + (p * SHIPS_PER_PLAYER + k) * NUM_CARGO
        loaded = state[c] + state[c + 1] + state[c + 2] + state[c + 3]
        return 35 if loaded > 0 else 30
    if A.SAIL <= a < A.BOOST:
        e = a - A.SAIL
        cur = state[SHIP_EDGE + p * SHIPS_PER_PLAYER + state[MOVING_SHIP]]
        if goal_dist[e] < goal_dist[cur]:
            return 50 + 10 * (goal_dist[cur] - goal_dist[e])
        return 0
    if a == A.BOOST:
        i = p * SHIPS_PER_PLAYER + state[MOVING_SHIP]
        cur = state[SHIP_EDGE + i]
        far = goal_dist[cur] > state[SHIP_MP + i] and goal_dist[cur] < _FAR
        return 45 if far and state[hand + 2] > need[2] else 0
    if a == A.STOP_SHIP:
        return 5
    if A.LOAD <= a < A.UNLOAD:
        c = (a - A.LOAD) % NUM_CARGO
        if c == SETTLER:
            return 80
        if c == CREW:
            return 70 if _crew_goals(state, tb, p) > 0 else 0
        return 60
    if A.FOUND <= a < A.TRADE_ADD_GIVE:
        k = (a - A.FOUND) // 2
        end = (a - A.FOUND) % 2
        e = state[SHIP_EDGE + p * SHIPS_PER_PLAYER + k]
        return 95 + vertex_pips(state, tb, tb[T_EDGE_VERTICES + 2 * e + end])
    if A.CREW_TO_LAIR <= a < A.PICK_UP_CREW or A.BEFRIEND <= a < A.FAST_GOLD_SALE:
        return 90
    if A.CATCH_FISH <= a < A.DELIVER:
        return 85
    if A.DELIVER <= a < A.BEFRIEND:
        return 95
    if A.CHASE <= a < A.CREW_TO_LAIR:
        return 40
    if A.PICK_UP_CREW <= a < A.FISHING_ROLL:
        return 65 if _crews_to_fetch(state, tb, p) else 0
    if A.PLACE_PIRATE <= a < A.STEAL:
        return _pirate_value(state, tb, p, a - A.PLACE_PIRATE)
    if A.STEAL <= a < A.NO_STEAL:
        q = (p + 1 + a - A.STEAL) % state[NUM_PLAYERS]
        return 10 + state[PUBLIC_VP + q]
    if a == A.NO_STEAL:
        return 1
    # Throwing cargo away, unloading, picking crews up, rebuilding a ship: never
    # chosen while anything else is legal (domestic trade: _trade_score).
    return 0


#: A domestic offer is made when the next build lacks at most this many cards.
OFFER_WHEN_MISSING = 2
#: Scores of the trade steps: starting an offer comes before a maritime trade
#: (40), composing and confirming before anything but building.
SCORE_START_OFFER = 45
SCORE_OFFER_STEP = 60
SCORE_ACCEPT = 30


@njit(cache=True)
def _trade_score(state, p, a, need, missing):
    """Score of a domestic-trade action (see the module docstring), -1 for others."""
    if not (A.TRADE_ADD_GIVE <= a < A.CREW_TO_STORAGE or a >= A.TRADE_OPEN):
        return -1
    phase = state[PHASE]
    if phase == TRADE_RESPOND:
        if a == A.TRADE_ACCEPT:
            helps = offer_helps(state, p, need, NUM_RESOURCES)
            return SCORE_ACCEPT if helps and not proposer_near_win(state) else 0
        return 5
    if phase == TRADE_CLOSE:
        return SCORE_OFFER_STEP if A.TRADE_CONFIRM <= a else 5
    if a == A.TRADE_CANCEL:
        return 5
    give, want = one_for_one(state, p, need, NUM_RESOURCES)
    if give < 0:
        return 0
    step = next_offer_step(
        state,
        give,
        want,
        A.TRADE_ADD_GIVE,
        A.TRADE_ADD_WANT,
        A.TRADE_PROPOSE,
        A.TRADE_OPEN,
        PAIR_TYPES,
    )
    if a != step:
        return 0
    if phase == TRADE_COMPOSE:
        return SCORE_OFFER_STEP
    # Start an offer once a turn (a declined offer would be declined again).
    return SCORE_START_OFFER if state[PROPOSALS] == 0 and missing <= OFFER_WHEN_MISSING else 0


@njit(cache=True)
def ep_heuristic_action(state, tb, legal, count, rng, at, work):
    """The heuristic's choice among ``legal[:count]`` (see the module docstring)."""
    return _best_action(state, tb, legal, count, rng, at, work, np.zeros(NUM_RESOURCES, np.int64))


@njit(cache=True)
def _best_action(state, tb, legal, count, rng, at, work, need):
    # Borrowed (catan_env.core.borrow): the scores take these in a call per action.
    state, tb, legal = borrow(state), borrow(tb), borrow(legal)
    rng, work = borrow(rng), borrow(work)
    need = borrow(need)
    p = state[CURRENT_PLAYER]  # the seat deciding, in every phase
    missing = _need(state, tb, p, need)
    goal = GOAL_NONE
    k = state[MOVING_SHIP]
    if k >= 0 and p == state[ACTIVE_PLAYER]:
        goal = ship_goal(state, tb, p, k)
        sea_distances(state, tb, p, goal, work)
    best = -1
    ties = 0
    choice = legal[0]
    for j in range(count):
        a = legal[j]
        s = _trade_score(state, p, a, need, missing)
        if s < 0:
            s = _score(state, tb, p, a, need, work, goal)
        if s > best:
            best = s
            ties = 1
            choice = a
        elif s == best:
            ties += 1
            if below_at(rng, at, ties) == 0:
                choice = a
    return choice
