"""The jitted heuristic player of Cities & Knights, and the jitted agent dispatch.

Same method as the base heuristic (:mod:`catan_env.games.catan.base.heuristic`): a
one-step lookahead on a value function, with the actions whose outcome is
hidden or random scored from public facts. The value adds to the base
features the commodities of cities, improvement levels (metropolis VP are in
the score), knights by strength and state, the barbarian threat (losing a
city when the barbarians win and one's knights are the weakest; the Defender
VP when they are the strongest), city walls, and where the knights stand
(C&K §3.14): next to the hex of one's best production, on the robber's hex
when it blocks one's production (to chase it next), and on an open spot an
opponent's road reaches (blocking it). Progress cards in hand are worth
nothing in the value; playing one earns a per-kind bonus, so the agent plays
cards when it can and keeps the best ones on overflow.

A knight acts when its best action beats doing nothing: chasing the robber is
scored from the pips it frees less the activity it costs; a move or a
displacement by a two-step lookahead (select, then go), a displacement earning
a bonus by the strength of the knight pushed away.

The lookahead scores each state from a memo of the decision's own state
(:func:`ck_value_memo`): the parts of the value that read only the board
(productions, the frontier, the knights, the walls) are reused while the
blocks of the state they read are unchanged, which gives the same floats as
:func:`ck_value`.
"""

import numpy as np
from numba import njit

from catan_env.core.arrays import copy_into, count_differences
from catan_env.core.borrow import borrow

from ..base.agents import KIND_HEURISTIC, KIND_WEIGHTED
from ..base.heuristic import (
    ACCEPT_MARGIN,
    EPSILON,
    OPPONENT_WEIGHT,
    SECOND_TARGET,
    VP_WORTH,
    WIN,
)
from ..base.heuristic import blocked_pips as _blocked_pips
from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common.agents import keep_best, pick_uniform, proposer_near_win, weight_table, weighted_pick
from ..common.building import distance_rule_ok
from ..common.cards import hand_size
from ..common.constants import (
    CITY,
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
)
from ..common.evaluation import (
    CARD_WORTH,
    NEARER_SCRATCH,
    add_hex_yield,
    cards_worth,
    closeness,
    frontier,
    frontier_after_road,
    hex_pips,
    keep_top_two,
    missing,
    opponents_threat,
    pips,
    production,
    production_worth,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BANK,
    CITIES_LEFT,
    CURRENT_PLAYER,
    DICE,
    EDGE_OWNER,
    HAND,
    HEX_NUMBER,
    HEX_TERRAIN,
    KNIGHT_OWNER,
    NUM_PLAYERS,
    OPT_SKIP_FORCED,
    PHASE,
    PUBLIC_VP,
    ROAD_LENGTH,
    ROADS_LEFT,
    ROBBER_HEX,
    SETTLEMENTS_LEFT,
    TRADE_GIVE,
    TRADE_WANT,
    VERTEX_BUILDING,
    VERTEX_OWNER,
    WINNER,
)
from ..common.phases import ACTION, PRE_ROLL, TRADE_COMPOSE, TRADE_RESPOND
from ..common.tables import T_HEX_VERTICES, T_VERTEX_EDGES, T_VERTEX_HEXES
from . import action_ids as A
from .cities import (
    can_improve_with,
    city_counts,
    improvement_cost,
    walls_of,
)
from .constants import (
    COMMODITY_CARDS_PER_TYPE,
    COST_ACTIVATE,
    COST_KNIGHT,
    COST_WALL,
    MAX_LEVEL,
    NUM_CARD_KINDS,
    NUM_TRACKS,
    TRACK_COMMODITY,
)
from .knights import can_chase, displace_targets, has, move_targets
from .layout import (
    BARBARIAN_POS,
    CK_STATE_SIZE,
    KNIGHT_ACTIVE,
    KNIGHT_SELECTED,
    KNIGHT_STRENGTH,
    KNIGHTS_LEFT,
    LEVEL,
    VERTEX_WALL,
    WALLS_LEFT,
)
from .phases import (
    ALCHEMIST_RED,
    BISHOP,
    DEFEND,
    KNIGHT_ACTION,
    RESOURCE_MONOPOLY,
    TRADE_MONOPOLY,
)
from .robber import robber_is_free
from .roll import hand_limit, hand_limit_with_walls
from .step import ck_step

#: Worth of reaching each improvement level (cumulative), before any
#: metropolis: levels bring progress cards and the level-3 abilities.
LEVEL_WORTH = np.array([0.0, 6.0, 12.0, 20.0, 30.0, 40.0], np.float64)
KNIGHT_WORTH = 2.0
ACTIVE_STRENGTH_WORTH = 5.0
INACTIVE_STRENGTH_WORTH = 2.5
WALL_WORTH = 3.0
#: Where a knight stands (C&K §3.14): per pip of one's best production on a
#: hex it touches (it can chase the robber from there), per pip the robber
#: blocks on a hex it touches, and on an open spot an opponent's road reaches.
GUARD_WORTH = 0.5
ROBBER_THREAT_WORTH = 1.0
BLOCK_WORTH = 3.0
#: A displacement, per strength of the knight pushed away (C&K §3.14.6).
DISPLACE_WORTH = 1.0
#: Chasing the robber: moving it and stealing, beyond the pips it frees.
CHASE_WORTH = 2.0
#: Losing a city to the barbarians, and winning a Defender VP, at the
#: moment of the attack; scaled by how close the ship is.
PILLAGE_RISK = 60.0
DEFENDER_CHANCE = 35.0
TARGET_CITY = 14.0
TARGET_SETTLEMENT = 12.0
TARGET_IMPROVEMENT = 9.0
TARGET_KNIGHT = 6.0
TARGET_ACTIVATE = 5.0
TARGET_WALL = 3.0
TARGET_ROAD = 4.0

#: Worth of playing each progress card kind beyond what the lookahead sees
#: (the effect of most cards comes in later decisions); also what a card is
#: worth when one must be put back. Index: card kind (constants.py order).
PLAY_BONUS = np.array(
    [
        3.0,  # commercial harbor
        4.0,  # master merchant
        60.0,  # merchant: one VP while held
        3.0,  # merchant fleet
        5.0,  # resource monopoly
        3.0,  # trade monopoly
        2.0,  # bishop
        0.0,  # constitution (played at once)
        6.0,  # deserter
        3.0,  # diplomat
        3.0,  # intrigue
        3.0,  # saboteur
        4.0,  # spy
        1.0,  # warlord (its activations are seen by the lookahead)
        4.0,  # wedding
        0.0,  # alchemist: scored by the dice it can choose
        0.0,  # crane (bought as one action)
        4.0,  # engineer
        3.0,  # inventor
        0.0,  # irrigation (seen by the lookahead)
        0.0,  # medicine (bought as one action)
        0.0,  # mining (seen by the lookahead)
        0.0,  # printer (played at once)
        5.0,  # road building
        4.0,  # smith
    ],
    np.float64,
)
ALCHEMIST = 15

#: Scratch space one decision needs (int32 words): the state after an action,
#: the frontier's distances, the state after a knight's selection, the
#: decision's own state and distances (the memo's), and the scratch of the
#: frontier after one road.
_DIST = CK_STATE_SIZE
_SEL = CK_STATE_SIZE + 64
_REF = 2 * CK_STATE_SIZE + 64
_BEFORE = 3 * CK_STATE_SIZE + 64
_NEARER = 3 * CK_STATE_SIZE + 128
CK_WORK_SIZE = _NEARER + NEARER_SCRATCH

# The lookahead's memo (floats; see ck_value_memo): every seat's production,
# the frontier, the knights' two terms and the walls.
_M_PRODS = 0
_M_FRONT = MAX_PLAYERS * NUM_CARD_TYPES
_M_KNIGHTS = _M_FRONT + 3
_M_POSTS = _M_KNIGHTS + 1
_M_WALLS = _M_POSTS + 1
MEMO_SIZE = _M_WALLS + 1

# The memo compares blocks of the state with the decision's: what production
# reads (hexes, harbors, robber, buildings), then paths and knights' owners.
_PROD_START, _PROD_STOP = HEX_TERRAIN, VERTEX_BUILDING + NUM_VERTICES
assert HEX_NUMBER < ROBBER_HEX < VERTEX_OWNER < VERTEX_BUILDING and _PROD_START < HEX_NUMBER
assert EDGE_OWNER == _PROD_STOP and KNIGHT_OWNER == EDGE_OWNER + NUM_EDGES
_PIECES_STOP = KNIGHT_OWNER + NUM_VERTICES
assert KNIGHT_ACTIVE == KNIGHT_STRENGTH + NUM_VERTICES


@njit(cache=True)
def _targets(state, p, spots_now, road_useful):
    """Best and second-best bonus among the purchases ``p`` is closest to."""
    best = 0.0
    second = 0.0
    cities, plain = city_counts(state, p)
    settlements = 0
    walls_possible = False
    for v in range(NUM_VERTICES):
        if state[VERTEX_OWNER + v] == p:
            if state[VERTEX_BUILDING + v] == 1:
                settlements += 1
            elif state[VERTEX_BUILDING + v] == CITY and state[VERTEX_WALL + v] == 0:
                walls_possible = True
    inactive = False
    for v in range(NUM_VERTICES):
        if (
            state[KNIGHT_OWNER + v] == p
            and state[KNIGHT_STRENGTH + v] > 0
            and state[KNIGHT_ACTIVE + v] == 0
        ):
            inactive = True
    for i in range(6 + NUM_TRACKS):
        value = 0.0
        if i == 0 and settlements > 0 and state[CITIES_LEFT + p] > 0:
            value = TARGET_CITY * closeness(missing(state, p, COST_CITY))
        elif i == 1 and spots_now > 0:
            value = TARGET_SETTLEMENT * closeness(missing(state, p, COST_SETTLEMENT))
        elif i == 2 and road_useful and state[ROADS_LEFT + p] > 0:
            value = TARGET_ROAD * closeness(missing(state, p, COST_ROAD))
        elif i == 3 and state[KNIGHTS_LEFT + 3 * p] > 0:
            value = TARGET_KNIGHT * closeness(missing(state, p, COST_KNIGHT))
        elif i == 4 and inactive:
            value = TARGET_ACTIVATE * closeness(missing(state, p, COST_ACTIVATE))
        elif i == 5 and walls_possible and state[WALLS_LEFT + p] > 0:
            value = TARGET_WALL * closeness(missing(state, p, COST_WALL))
        elif i >= 6:
            t = i - 6
            if can_improve_with(state, p, t, 0, cities, plain) or (
                state[LEVEL + 3 * p + t] < MAX_LEVEL and cities > 0
            ):
                cost = improvement_cost(state, p, t, 0)
                have = state[HAND + p * NUM_CARD_TYPES + TRACK_COMMODITY[t]]
                value = TARGET_IMPROVEMENT * closeness(max(cost - have, 0))
        best, second = keep_top_two(best, second, value)
    return best, second


@njit(cache=True)
def _knights_and_threat(state, p):
    """Worth of ``p``'s knights and of the barbarian threat to ``p``."""
    n = state[NUM_PLAYERS]
    power = np.zeros(MAX_PLAYERS, np.int64)
    worth = 0.0
    cities_on_board = 0
    plain = np.zeros(MAX_PLAYERS, np.bool_)
    for v in range(NUM_VERTICES):
        owner = state[VERTEX_OWNER + v]
        if owner >= 0 and state[VERTEX_BUILDING + v] == CITY:
            cities_on_board += 1
            plain[owner] = True  # metropolises are rare; counted as exposed
        s = state[KNIGHT_STRENGTH + v]
        if s == 0:
            continue
        q = state[KNIGHT_OWNER + v]
        if q < 0:
            continue
        if state[KNIGHT_ACTIVE + v] == 1:
            power[q] += s
            if q == p:
                worth += KNIGHT_WORTH + ACTIVE_STRENGTH_WORTH * s
        elif q == p:
            worth += KNIGHT_WORTH + INACTIVE_STRENGTH_WORTH * s
    defense = 0
    for q in range(n):
        defense += power[q]
    urgency = (state[BARBARIAN_POS] + 1) / 8.0
    urgency *= urgency
    if defense < cities_on_board and plain[p]:
        weakest = True
        for q in range(n):
            if q != p and plain[q] and power[q] < power[p]:
                weakest = False
        if weakest:
            worth -= PILLAGE_RISK * urgency
    elif defense >= cities_on_board and power[p] > 0:
        top = True
        for q in range(n):
            if q != p and power[q] >= power[p]:
                top = False
        if top:
            worth += DEFENDER_CHANCE * urgency
    return worth


@njit(cache=True)
def _knight_posts(state, tb, p):
    """Worth of where ``p``'s knights stand (see the module docstring)."""
    robber = state[ROBBER_HEX]
    free = robber_is_free(state)
    worth = 0.0
    for v in range(NUM_VERTICES):
        if state[KNIGHT_OWNER + v] != p:
            continue
        guard = 0
        for k in range(3):
            h = tb[T_VERTEX_HEXES + 3 * v + k]
            if h < 0:
                continue
            own = hex_pips(state, tb, p, h)
            guard = max(guard, own)
            if h == robber and free:
                worth += ROBBER_THREAT_WORTH * own
        worth += GUARD_WORTH * guard
        if state[VERTEX_OWNER + v] < 0 and distance_rule_ok(state, tb, v):
            for k in range(3):
                e = tb[T_VERTEX_EDGES + 3 * v + k]
                if e >= 0 and state[EDGE_OWNER + e] >= 0 and state[EDGE_OWNER + e] != p:
                    worth += BLOCK_WORTH
                    break
    return worth


@njit(cache=True)
def ck_value(state, tb, p, dist, prod, tmp):
    """Worth of a C&K ``state`` for seat ``p`` (see the module docstring)."""
    w = state[WINNER]
    if w >= 0:
        return WIN if w == p else -WIN
    production(state, tb, p, True, prod)
    v = VP_WORTH * state[PUBLIC_VP + p]
    v += production_worth(state, p, prod)
    front, now, later = frontier(state, tb, p, prod, dist)
    v += front
    v += cards_worth(state, p, hand_limit(state, p))
    best, second = _targets(state, p, now, later > 0)
    v += best + SECOND_TARGET * second
    for t in range(NUM_TRACKS):
        v += LEVEL_WORTH[state[LEVEL + 3 * p + t]]
    v += _knights_and_threat(state, p)
    v += _knight_posts(state, tb, p)
    v += WALL_WORTH * walls_of(state, p)
    v += 0.6 * state[ROAD_LENGTH + p]
    for q in range(state[NUM_PLAYERS]):
        tmp[q] = state[PUBLIC_VP + q]
    v -= OPPONENT_WEIGHT * opponents_threat(state, tb, p, True, tmp, prod)
    return v


@njit(cache=True)
def ck_value_memo(state, tb, p, work, fl, tmp, fill, road):
    """:func:`ck_value` of ``state`` for ``p``, reusing the board's parts from a memo.

    The lookahead scores states one or two actions away from the decision's
    own state, and most actions change a hand, a knight or one path. With
    ``fill`` the decision's state is scored in full and kept (``work``, at
    :data:`_REF`) with what its parts came to (``fl``, from
    :data:`_M_PRODS`: every seat's production, the frontier, the knights'
    terms, the walls); later states take each part from the memo while the
    blocks of the state it reads are word for word the decision's, and
    compute it otherwise; after a robber move the productions are the memo's
    with the two hexes' yields given back and taken away (:func:`add_hex_yield`).
    ``road``: the path of the one road the state may
    have more than the decision's (or -1); then the frontier comes from the
    memo's distances (:func:`frontier_after_road`). Each part is the same
    float however it is obtained and the total is summed in
    :func:`ck_value`'s order, so the result is :func:`ck_value`'s, bit for
    bit. ``fl`` holds :data:`MEMO_SIZE` floats after ``MAX_PLAYERS * 8``
    of scratch for the productions.
    """
    w = state[WINNER]
    if w >= 0 and not fill:
        return WIN if w == p else -WIN
    ref = work[_REF : _REF + CK_STATE_SIZE]
    before = work[_BEFORE : _BEFORE + NUM_VERTICES]
    dist = work[_DIST : _DIST + NUM_VERTICES]
    memo = fl[MAX_PLAYERS * NUM_CARD_TYPES :]
    n = state[NUM_PLAYERS]
    robber = state[ROBBER_HEX]
    if fill:
        copy_into(ref, state, CK_STATE_SIZE)
        same_prod = same_board = one_road = False
        roads_changed = knights_changed = 1
    else:
        board_changed = count_differences(state, ref, _PROD_START, _PROD_STOP)
        same_prod = board_changed == 0
        # Hexes and buildings as in the decision's state, the robber moved.
        robber_moved = board_changed == 1 and robber != ref[ROBBER_HEX]
        same_board = same_prod or robber_moved
        roads_changed = count_differences(state, ref, EDGE_OWNER, KNIGHT_OWNER)
        knights_changed = count_differences(state, ref, KNIGHT_OWNER, _PIECES_STOP)
        # Exactly one road more, p's on ``road``.
        one_road = (
            road >= 0
            and roads_changed == 1
            and ref[EDGE_OWNER + road] < 0
            and state[EDGE_OWNER + road] == p
        )
    for q in range(n):
        out = fl[q * NUM_CARD_TYPES : (q + 1) * NUM_CARD_TYPES]
        if same_board:
            for r in range(NUM_CARD_TYPES):
                out[r] = memo[_M_PRODS + q * NUM_CARD_TYPES + r]
            if not same_prod:
                add_hex_yield(state, tb, ref[ROBBER_HEX], q, True, 1, out)
                add_hex_yield(state, tb, robber, q, True, -1, out)
        else:
            production(state, tb, q, True, out)
    prod = fl[p * NUM_CARD_TYPES : (p + 1) * NUM_CARD_TYPES]
    v = VP_WORTH * state[PUBLIC_VP + p]
    v += production_worth(state, p, prod)
    # The frontier reads p's production only for which resources it lacks.
    same_lacks = same_board and knights_changed == 0
    if same_lacks and not same_prod:
        for r in range(NUM_RESOURCES):
            if (prod[r] == 0) != (memo[_M_PRODS + p * NUM_CARD_TYPES + r] == 0):
                same_lacks = False
    roads = state[ROADS_LEFT + p]
    same_supply = same_lacks and state[SETTLEMENTS_LEFT + p] == ref[SETTLEMENTS_LEFT + p]
    if same_supply and roads_changed == 0 and roads == ref[ROADS_LEFT + p]:
        front = memo[_M_FRONT]
        now = int(memo[_M_FRONT + 1])
        later = int(memo[_M_FRONT + 2])
    elif same_supply and one_road and roads + 1 == ref[ROADS_LEFT + p] and roads >= 2:
        nearer = work[_NEARER : _NEARER + NEARER_SCRATCH]
        front, now, later = frontier_after_road(
            state, tb, p, prod, before, road, memo[_M_FRONT],
            int(memo[_M_FRONT + 1]), int(memo[_M_FRONT + 2]), nearer,
        )  # fmt: skip
    else:
        front, now, later = frontier(state, tb, p, prod, dist)
    v += front
    same_walls = same_board and (
        count_differences(state, ref, VERTEX_WALL, VERTEX_WALL + NUM_VERTICES) == 0
    )
    walls = int(memo[_M_WALLS]) if same_walls else walls_of(state, p)
    v += cards_worth(state, p, hand_limit_with_walls(state, walls))
    best, second = _targets(state, p, now, later > 0)
    v += best + SECOND_TARGET * second
    for t in range(NUM_TRACKS):
        v += LEVEL_WORTH[state[LEVEL + 3 * p + t]]
    # The knights' strength against the barbarians reads cities and knights,
    # not the robber or the roads.
    same_knights = (
        same_board
        and knights_changed == 0
        and state[BARBARIAN_POS] == ref[BARBARIAN_POS]
        and count_differences(state, ref, KNIGHT_STRENGTH, KNIGHT_ACTIVE + NUM_VERTICES) == 0
    )
    knights = memo[_M_KNIGHTS] if same_knights else _knights_and_threat(state, p)
    v += knights
    # Where the knights stand reads the robber and the opponents' roads (an own
    # road more changes neither).
    same_posts = (
        same_prod
        and knights_changed == 0
        and (roads_changed == 0 or one_road)
        and robber_is_free(state) == robber_is_free(ref)
    )
    posts = memo[_M_POSTS] if same_posts else _knight_posts(state, tb, p)
    v += posts
    v += WALL_WORTH * walls
    v += 0.6 * state[ROAD_LENGTH + p]
    # opponents_threat, term by term, from the productions above.
    threat = 0.0
    for k in range(1, n):
        q = (p + k) % n
        tmp[q] = state[PUBLIC_VP + q]
        total = 0.0
        for r in range(NUM_CARD_TYPES):
            total += fl[q * NUM_CARD_TYPES + r]
        threat += total * (1.0 + 0.15 * tmp[q])
    if fill:
        for i in range(n * NUM_CARD_TYPES):
            memo[_M_PRODS + i] = fl[i]
        memo[_M_FRONT] = front
        memo[_M_FRONT + 1] = now
        memo[_M_FRONT + 2] = later
        memo[_M_KNIGHTS] = knights
        memo[_M_POSTS] = posts
        memo[_M_WALLS] = walls
        for x in range(NUM_VERTICES):
            before[x] = dist[x]
        if w >= 0:
            return WIN if w == p else -WIN
    v -= OPPONENT_WEIGHT * threat
    return v


@njit(cache=True)
def _yield_at(state, tb, p, total):
    """Worth of what ``p`` would receive on a roll of ``total``."""
    if total == 7:
        return 0.0
    robber = state[ROBBER_HEX]
    worth = 0.0
    for h in range(NUM_HEXES):
        if h == robber or state[HEX_NUMBER + h] != total:
            continue
        t = state[HEX_TERRAIN + h]
        for k in range(6):
            v = tb[T_HEX_VERTICES + 6 * h + k]
            if state[VERTEX_OWNER + v] != p:
                continue
            if state[VERTEX_BUILDING + v] == CITY:
                worth += CARD_WORTH[t] + (1.2 if t == 0 or t == 2 or t == 4 else CARD_WORTH[t])
            else:
                worth += CARD_WORTH[t]
    return worth


@njit(cache=True)
def _monopoly_estimate(state, p, r, per_opponent):
    """Cards a monopoly on ``r`` can take: at most ``per_opponent`` from each
    opponent, and no more than the opponents hold together (public: the cards
    not in the bank and not in one's own hand)."""
    n = state[NUM_PLAYERS]
    total = RESOURCE_CARDS_PER_TYPE if r < NUM_RESOURCES else COMMODITY_CARDS_PER_TYPE
    others = total - state[BANK + r] - state[HAND + p * NUM_CARD_TYPES + r]
    return min(others, per_opponent * (n - 1)) * CARD_WORTH[r]


@njit(cache=True)
def _after(state, tb, a, p, copy, scratch, work, fl, tmp):
    copy_into(copy, state, CK_STATE_SIZE)
    copy[OPT_SKIP_FORCED] = 0  # a forced follow-up could be a roll: never look at dice
    ck_step(copy, tb, a, scratch)
    road = a - A.BUILD_ROAD if A.BUILD_ROAD <= a < A.BUILD_ROAD + NUM_EDGES else -1
    return ck_value_memo(copy, tb, p, work, fl, tmp, False, road)


@njit(cache=True)
def _chase_score(state, tb, p, v, base):
    """Chasing the robber with the knight on ``v``: the pips it frees, moving and
    stealing, less the activity the knight loses (C&K §3.14.7)."""
    lost = (ACTIVE_STRENGTH_WORTH - INACTIVE_STRENGTH_WORTH) * state[KNIGHT_STRENGTH + v]
    return base + CHASE_WORTH + 2.0 * _blocked_pips(state, tb, p) - lost


@njit(cache=True)
def _knight_to_score(state, tb, p, w, copy, scratch, work, fl, tmp):
    """The selected knight goes to ``w``: a move, or a displacement (bonus by the
    strength of the knight pushed away)."""
    bonus = 0.0
    if state[KNIGHT_OWNER + w] >= 0:
        bonus = DISPLACE_WORTH * state[KNIGHT_STRENGTH + w]
    return _after(state, tb, A.KNIGHT_TO + w, p, copy, scratch, work, fl, tmp) + bonus - EPSILON


@njit(cache=True)
def _best_knight_action(state, tb, p, v, base, copy, scratch, work, fl, tmp, sel):
    """Score of selecting the knight on ``v``: its best action (chase, move,
    displace), each looked at after the selection (``sel`` is scratch state)."""
    best = -np.inf
    if can_chase(state, tb, v):
        best = _chase_score(state, tb, p, v, base)
    targets = move_targets(state, tb, v) | displace_targets(state, tb, v)
    if targets == 0:
        return best
    copy_into(sel, state, CK_STATE_SIZE)
    ck_step(sel, tb, A.SELECT_KNIGHT + v, scratch)
    for w in range(NUM_VERTICES):
        if has(targets, w):
            best = max(best, _knight_to_score(sel, tb, p, w, copy, scratch, work, fl, tmp))
    return best


@njit(cache=True)
def ck_heuristic_action(state, tb, legal, count, rng, at, work):
    """The C&K heuristic's choice among ``legal[:count]`` (see the module docstring).

    ``work`` holds at least :data:`CK_WORK_SIZE` int32 words.
    """
    if count == 1:
        return legal[0]
    scratch = np.empty(A.NUM_ACTIONS, np.int32)
    fl = np.empty(MAX_PLAYERS * NUM_CARD_TYPES + MEMO_SIZE, np.float64)
    tmp = np.empty(4, np.float64)
    return _best_action(state, tb, legal, count, rng, at, work, scratch, fl, tmp)


@njit(cache=True)
def _best_action(state, tb, legal, count, rng, at, work, scratch, fl, tmp):
    # Borrowed (catan_env.core.borrow): the lookahead hands these to a call per action.
    state, tb, legal = borrow(state), borrow(tb), borrow(legal)
    rng, work = borrow(rng), borrow(work)
    scratch, fl, tmp = borrow(scratch), borrow(fl), borrow(tmp)
    p = state[CURRENT_PLAYER]
    n = state[NUM_PLAYERS]
    phase = state[PHASE]
    copy = work[:CK_STATE_SIZE]
    sel = work[_SEL : _SEL + CK_STATE_SIZE]
    base = ck_value_memo(state, tb, p, work, fl, tmp, True, -1)
    best = -np.inf
    ties = 0
    choice = legal[0]
    for i in range(count):
        a = legal[i]
        if (
            a == A.ROLL
            or a == A.END_TURN
            or a == A.STOP
            or a == A.TRADE_CANCEL
            or a == A.TRADE_DECLINE
        ):
            s = base
        elif A.STEAL <= a < A.STEAL + 3:
            q = (p + a - A.STEAL + 1) % n
            s = base + hand_size(state, q) + 0.5 * state[PUBLIC_VP + q]
        elif A.SELECT_PLAYER <= a < A.SELECT_PLAYER + 3:
            q = (p + a - A.SELECT_PLAYER + 1) % n
            s = base + state[PUBLIC_VP + q] + 0.3 * hand_size(state, q)
        elif a == A.TRADE_ACCEPT:
            copy_into(copy, state, CK_STATE_SIZE)
            q = state[ACTIVE_PLAYER]
            for r in range(NUM_CARD_TYPES):
                give = state[TRADE_GIVE + r]
                want = state[TRADE_WANT + r]
                copy[HAND + p * NUM_CARD_TYPES + r] += give - want
                copy[HAND + q * NUM_CARD_TYPES + r] += want - give
            gain = ck_value_memo(copy, tb, p, work, fl, tmp, False, -1) - base
            s = base + gain - ACCEPT_MARGIN if not proposer_near_win(state) else -np.inf
        elif (
            A.TRADE_ADD_GIVE <= a < A.FORCE_TRADE or a >= A.TRADE_OPEN
        ) and phase != TRADE_RESPOND:
            s = -np.inf if phase != TRADE_COMPOSE or a != A.TRADE_CANCEL else base
        elif A.DIE_VALUE <= a < A.DIE_VALUE + 6:
            d = a - A.DIE_VALUE + 1
            if phase == ALCHEMIST_RED:
                s = -np.inf
                for y in range(1, 7):
                    s = max(s, base + _yield_at(state, tb, p, d + y))
            else:
                s = base + _yield_at(state, tb, p, state[DICE] + d)
        elif A.PLAY_CARD <= a < A.PLAY_CARD + NUM_CARD_KINDS:
            kind = a - A.PLAY_CARD
            if kind == ALCHEMIST:
                best_total = 0.0
                mean_total = 0.0
                for total in range(2, 13):
                    y = _yield_at(state, tb, p, total)
                    best_total = max(best_total, y)
                    mean_total += y * pips(total) / 36.0
                s = base + best_total - mean_total - 1.0
            else:
                s = _after(state, tb, a, p, copy, scratch, work, fl, tmp) + PLAY_BONUS[kind]
                s -= EPSILON
        elif A.PUT_UNDER <= a < A.PUT_UNDER + NUM_CARD_KINDS:
            s = base - PLAY_BONUS[a - A.PUT_UNDER]
        elif A.TAKE_CARD <= a < A.TAKE_CARD + NUM_CARD_KINDS:
            s = base + PLAY_BONUS[a - A.TAKE_CARD]
        elif A.CHOOSE_DECK <= a < A.CHOOSE_DECK + NUM_TRACKS:
            s = base + state[LEVEL + 3 * p + a - A.CHOOSE_DECK]  # the deck order is hidden
        elif A.PICK_CARD <= a < A.PICK_CARD + NUM_CARD_TYPES and (
            phase == RESOURCE_MONOPOLY or phase == TRADE_MONOPOLY
        ):
            per = 2 if phase == RESOURCE_MONOPOLY else 1
            s = base + _monopoly_estimate(state, p, a - A.PICK_CARD, per)
        elif A.MOVE_ROBBER <= a < A.MOVE_ROBBER + NUM_HEXES and phase == BISHOP:
            # The Bishop steals at random from every neighbour: look only at
            # who stands there, not at what would be taken.
            h = a - A.MOVE_ROBBER
            s = base
            for k in range(6):
                q = state[VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]]
                if q == p:
                    s -= 3.0
                elif q >= 0 and hand_size(state, q) > 0:
                    s += 1.0 + 0.2 * state[PUBLIC_VP + q]
        elif A.SELECT_KNIGHT <= a < A.SELECT_KNIGHT + NUM_VERTICES:
            v = a - A.SELECT_KNIGHT
            if phase == DEFEND:
                s = base + 1.0  # every knight defends
            elif phase == ACTION:
                s = _best_knight_action(state, tb, p, v, base, copy, scratch, work, fl, tmp, sel)
            elif phase == PRE_ROLL:  # Knight-Errant: the only action is a chase
                s = _chase_score(state, tb, p, v, base) if can_chase(state, tb, v) else -np.inf
            else:
                s = _after(state, tb, a, p, copy, scratch, work, fl, tmp) - EPSILON
        elif a == A.CHASE_ROBBER:
            s = _chase_score(state, tb, p, state[KNIGHT_SELECTED], base)
        elif A.KNIGHT_TO <= a < A.KNIGHT_TO + NUM_VERTICES and phase == KNIGHT_ACTION:
            s = _knight_to_score(state, tb, p, a - A.KNIGHT_TO, copy, scratch, work, fl, tmp)
        else:
            s = _after(state, tb, a, p, copy, scratch, work, fl, tmp) - EPSILON
        best, ties, choice = keep_best(s, a, best, ties, choice, rng, at)
    return choice


def _weight(a, responding):
    if A.BUILD_SETTLEMENT <= a < A.SELECT_KNIGHT or A.IMPROVE <= a < A.METROPOLIS:
        return 40
    if A.PLAY_CARD <= a < A.PLAY_CARD + NUM_CARD_KINDS:
        return 10
    if a == A.END_TURN or a == A.ROLL:
        return 4
    if A.MARITIME <= a < A.TRADE_ADD_GIVE:
        return 2
    if (A.TRADE_ADD_GIVE <= a < A.FORCE_TRADE or a >= A.TRADE_OPEN) and not responding:
        return 1
    return 4


_WEIGHTS = weight_table(_weight, A.NUM_ACTIONS)


@njit(cache=True)
def ck_weighted_action(state, legal, count, rng, at):
    """A random legal action, building and improving favoured, offers rare."""
    weights = _WEIGHTS[1 if state[PHASE] == TRADE_RESPOND else 0]
    return weighted_pick(legal, count, weights, rng, at)


@njit(cache=True)
def ck_choose(kind, state, tb, legal, count, rng, at, work):
    """The action of a jitted agent of ``kind`` in a C&K game (see ``base.agents.choose``)."""
    if kind == KIND_HEURISTIC:
        return ck_heuristic_action(state, tb, legal, count, rng, at, work)
    if kind == KIND_WEIGHTED:
        return ck_weighted_action(state, legal, count, rng, at)
    return pick_uniform(legal, count, rng, at)
