"""Applying an action in Cities & Knights.

``ck_apply_action`` trusts its caller: the action must be legal under
:func:`~catan_env.games.catan.cities_and_knights.masks.ck_legal_actions`. Family meanings depend on
the phase (e.g. ``build_wall`` is paid in the action phase and free under
Engineer). After the action, a suspended roll resolution resumes and the win
check runs.
"""

from numba import njit

from ..base.devcards import end_card, free_road_placed
from ..base.setup import settlement_action
from ..base.turn import end_turn
from ..board.standard import NUM_VERTICES
from ..common.building import buy_road, place_road
from ..common.cards import take_from_bank
from ..common.constants import (
    NUM_CARD_TYPES,
    NUM_RESOURCES,
)
from ..common.layout import (
    ACTIVE_PLAYER,
    BUILT_THIS_TURN,
    CURRENT_PLAYER,
    DECISIONS,
    DICE,
    KNIGHT_OWNER,
    NUM_PLAYERS,
    OPT_SKIP_FORCED,
    PHASE,
    RESUME_PHASE,
)
from ..common.phases import (
    ACTION,
    GAME_OVER,
    PRE_ROLL,
    SETUP_ROAD,
)
from ..common.phases import ROAD_BUILDING as PHASE_ROAD_BUILDING
from ..common.robber import discard_one, move_robber, steal
from ..common.scoring import check_win
from ..common.trade import (
    apply_domestic_trade,
    check_trade_ids,
)
from . import action_ids as A
from .cities import (
    build_city,
    build_wall,
    improve,
    pillage,
    upgrade,
)
from .constants import (
    COST_MEDICINE_CITY,
    CRANE,
    MEDICINE,
    PROGRESS_HAND_LIMIT,
)
from .effects import (
    after_displacement,
    back_to_action,
    bishop_move,
    deserter_place,
    deserter_remove,
    deserter_victim,
    diplomat_remove,
    diplomat_replace,
    displace,
    engineer_wall,
    give_card,
    intrigue,
    inventor_pick,
    master_pick,
    master_victim,
    metropolis_choice,
    monopoly,
    name_fleet_type,
    place_merchant,
    play,
    relocate,
    saboteur_discard,
    smith_promote,
    spy_take,
)
from .knights import (
    build_knight,
    buy_activation,
    buy_promotion,
    finish_action,
    move_knight,
    unoccupied,
)
from .layout import (
    AQUEDUCT_OWED,
    CARD_ARG,
    CARD_TARGET,
    DEFEND_DONE,
    FLEET_TYPES,
    GIVES_OWED,
    HARBOR_TRADES,
    HARBOR_USED,
    KNIGHT_ACTIVE,
    KNIGHT_COMMITTED,
    KNIGHT_FLAGS,
    KNIGHT_SELECTED,
    PILLAGE_OWED,
    TIE_DRAW_OWED,
)
from .masks import ck_legal_actions
from .phases import (
    ALCHEMIST_RED,
    ALCHEMIST_YELLOW,
    AQUEDUCT,
    BISHOP,
    CHASE_HEX,
    DEFEND,
    DESERTER_PLACE,
    DESERTER_REMOVE,
    DIPLOMAT_REPLACE,
    ENGINEER,
    HARBOR_ANSWER,
    INTRIGUE,
    KNIGHT_ACTION,
    MASTER_PICK,
    MASTER_VICTIM,
    METROPOLIS,
    OVERFLOW,
    RELOCATE,
    ROLL_RESOLVING,
    SABOTEUR,
    SETUP_CITY,
    SMITH,
    SPY_CARD,
    SPY_VICTIM,
    WEDDING,
)
from .phases import (
    RESOURCE_MONOPOLY as PHASE_RESOURCE_MONOPOLY,
)
from .phases import TRADE_MONOPOLY as PHASE_TRADE_MONOPOLY
from .progress import (
    discard_from_hand,
    draw_to,
    over_limit_off_turn,
)
from .roll import continue_roll, start_roll
from .setup import ck_setup_road, setup_city
from .trade import (
    finish_force_trade,
    maritime_trade,
    start_force_trade,
)

check_trade_ids(A, NUM_CARD_TYPES)


@njit(cache=True)
def _resume_roll(state):
    state[PHASE] = ROLL_RESOLVING


@njit(cache=True)
def _trade(state, tb, p, action, n):
    if action >= A.FORCE_TRADE:
        k, r = divmod(action - A.FORCE_TRADE, NUM_RESOURCES)
        q = (p + k + 1) % n
        if start_force_trade(state, p, q, r):
            state[PHASE] = HARBOR_ANSWER
            state[CURRENT_PLAYER] = q
    else:
        apply_domestic_trade(state, p, action - A.TRADE_ADD_GIVE, NUM_CARD_TYPES)


@njit(cache=True)
def _knight_to(state, tb, p, phase, w):
    if phase == RELOCATE:
        relocate(state, tb, w)
        return
    v = state[KNIGHT_SELECTED]
    state[KNIGHT_SELECTED] = -1
    if unoccupied(state, w):
        move_knight(state, tb, v, w)
        finish_action(state, w)
        state[PHASE] = ACTION
        return
    # Displace the weaker knight on w; its owner relocates it from w (§3.14.6).
    displace(state, tb, w, w)
    move_knight(state, tb, v, w)
    finish_action(state, w)
    after_displacement(state, tb)


@njit(cache=True)
def _select_knight(state, tb, p, phase, v):
    if phase == DEFEND:
        state[KNIGHT_COMMITTED + v] = 1
        return
    if phase == DESERTER_REMOVE:
        deserter_remove(state, tb, v)
        return
    if phase == INTRIGUE:
        intrigue(state, tb, v)
        return
    state[KNIGHT_SELECTED] = v
    if phase == PRE_ROLL:  # Knight-Errant: the only action is chasing the robber
        state[RESUME_PHASE] = PRE_ROLL
        state[PHASE] = CHASE_HEX
    else:
        state[PHASE] = KNIGHT_ACTION


@njit(cache=True)
def _pick(state, tb, p, phase, r):
    if phase == AQUEDUCT:
        take_from_bank(state, p, r, 1)
        state[AQUEDUCT_OWED + p] = 0
        _resume_roll(state)
    elif phase == PHASE_RESOURCE_MONOPOLY:
        monopoly(state, p, r, 2)
    elif phase == PHASE_TRADE_MONOPOLY:
        monopoly(state, p, r, 1)
    elif phase == MASTER_PICK:
        master_pick(state, r)
    else:  # FLEET_TYPE
        name_fleet_type(state, r)


@njit(cache=True, inline="always")
def ck_apply_action(state, tb, action):
    """Apply one legal action of the current player."""
    p = state[CURRENT_PLAYER]
    phase = state[PHASE]
    n = state[NUM_PLAYERS]
    if action >= A.TRADE_ADD_GIVE:
        _trade(state, tb, p, action, n)
    elif action == A.ROLL:
        start_roll(state, tb, False)
    elif action == A.END_TURN:
        end_turn(state)
        state[FLEET_TYPES] = 0
        state[HARBOR_TRADES] = 0
        for q in range(n):
            state[HARBOR_USED + q] = 0
        for v in range(NUM_VERTICES):
            state[KNIGHT_FLAGS + v] = 0
    elif action < A.BUILD_ROAD:
        settlement_action(state, tb, p, action - A.BUILD_SETTLEMENT, phase)
    elif action < A.BUILD_CITY:
        e = action - A.BUILD_ROAD
        if phase == SETUP_ROAD:
            ck_setup_road(state, tb, e)
        elif phase == PHASE_ROAD_BUILDING:
            place_road(state, tb, p, e)
            free_road_placed(state, tb, p)
        elif phase == DIPLOMAT_REPLACE:
            diplomat_replace(state, tb, p, e)
        else:
            buy_road(state, tb, p, e)
    elif action < A.BUILD_WALL:
        v = action - A.BUILD_CITY
        if phase == SETUP_CITY:
            setup_city(state, tb, v)
        else:
            state[BUILT_THIS_TURN] = 1
            build_city(state, p, v)
    elif action < A.BUILD_KNIGHT:
        v = action - A.BUILD_WALL
        if phase == ENGINEER:
            engineer_wall(state, p, v)
        else:
            state[BUILT_THIS_TURN] = 1
            build_wall(state, p, v)
    elif action < A.ACTIVATE_KNIGHT:
        v = action - A.BUILD_KNIGHT
        if phase == DESERTER_PLACE:
            deserter_place(state, tb, p, v)
        else:
            state[BUILT_THIS_TURN] = 1
            build_knight(state, tb, p, v)
    elif action < A.PROMOTE_KNIGHT:
        buy_activation(state, p, action - A.ACTIVATE_KNIGHT)
    elif action < A.SELECT_KNIGHT:
        v = action - A.PROMOTE_KNIGHT
        if phase == SMITH:
            smith_promote(state, p, v)
        else:
            buy_promotion(state, p, v)
    elif action < A.KNIGHT_TO:
        _select_knight(state, tb, p, phase, action - A.SELECT_KNIGHT)
    elif action < A.CHASE_ROBBER:
        _knight_to(state, tb, p, phase, action - A.KNIGHT_TO)
    elif action == A.CHASE_ROBBER:
        state[RESUME_PHASE] = ACTION
        state[PHASE] = CHASE_HEX
    elif action < A.MEDICINE_CITY:
        # improve (0..2) or improve with Crane (3..5)
        k = action - A.IMPROVE
        t = k % 3
        discount = 1 if k >= 3 else 0
        if discount:
            discard_from_hand(state, p, CRANE)
        state[BUILT_THIS_TURN] = 1
        if improve(state, p, t, discount):
            state[CARD_ARG] = t
            state[PHASE] = METROPOLIS
    elif action < A.METROPOLIS:
        discard_from_hand(state, p, MEDICINE)
        state[BUILT_THIS_TURN] = 1
        upgrade(state, p, action - A.MEDICINE_CITY, COST_MEDICINE_CITY)
    elif action < A.PILLAGE_CITY:
        metropolis_choice(state, p, action - A.METROPOLIS)
    elif action < A.MOVE_ROBBER:
        pillage(state, p, action - A.PILLAGE_CITY)
        state[PILLAGE_OWED + p] = 0
        _resume_roll(state)
    elif action < A.PLACE_MERCHANT:
        h = action - A.MOVE_ROBBER
        if phase == BISHOP:
            bishop_move(state, tb, p, h)
        else:
            if phase == CHASE_HEX:
                finish_action(state, state[KNIGHT_SELECTED])
                state[KNIGHT_SELECTED] = -1
            move_robber(state, tb, h)
    elif action < A.INVENTOR_HEX:
        place_merchant(state, p, action - A.PLACE_MERCHANT)
    elif action < A.REMOVE_ROAD:
        inventor_pick(state, action - A.INVENTOR_HEX)
    elif action < A.STEAL:
        diplomat_remove(state, tb, p, action - A.REMOVE_ROAD)
    elif action < A.SELECT_PLAYER:
        steal(state, p, (p + action - A.STEAL + 1) % n)
    elif action < A.DISCARD:
        q = (p + action - A.SELECT_PLAYER + 1) % n
        if phase == SPY_VICTIM:
            state[CARD_TARGET] = q
            state[PHASE] = SPY_CARD
        elif phase == MASTER_VICTIM:
            master_victim(state, q)
        else:
            deserter_victim(state, q)
    elif action < A.GIVE_CARD:
        r = action - A.DISCARD
        if phase == SABOTEUR:
            saboteur_discard(state, r)
        else:
            _seven_discard(state, p, r)
    elif action < A.PICK_CARD:
        r = action - A.GIVE_CARD
        if phase == WEDDING:
            give_card(state, GIVES_OWED, WEDDING, r)
        else:  # Commercial Harbor answer
            finish_force_trade(state, state[ACTIVE_PLAYER], r)
            back_to_action(state)
    elif action < A.PLAY_CARD:
        _pick(state, tb, p, phase, action - A.PICK_CARD)
    elif action < A.PUT_UNDER:
        play(state, tb, p, action - A.PLAY_CARD)
    elif action < A.TAKE_CARD:
        discard_from_hand(state, p, action - A.PUT_UNDER)
        if phase == OVERFLOW:
            _resume_roll(state)
    elif action < A.DIE_VALUE:
        spy_take(state, action - A.TAKE_CARD)
    elif action < A.CHOOSE_DECK:
        d = action - A.DIE_VALUE + 1
        if phase == ALCHEMIST_RED:
            state[DICE] = d
            state[PHASE] = ALCHEMIST_YELLOW
        else:
            state[DICE + 1] = d
            start_roll(state, tb, True)
    elif action < A.STOP:
        draw_to(state, p, action - A.CHOOSE_DECK)
        state[TIE_DRAW_OWED + p] = 0
        if over_limit_off_turn(state, p, PROGRESS_HAND_LIMIT):
            state[PHASE] = OVERFLOW
        else:
            _resume_roll(state)
    elif action == A.STOP:
        if phase == PHASE_ROAD_BUILDING:
            end_card(state)
        elif phase == DEFEND:
            state[DEFEND_DONE + p] = 1
            _resume_roll(state)
        else:  # Smith, Diplomat re-placement, Deserter placement: done
            back_to_action(state)
    else:
        i = action - A.MARITIME
        give = i // (NUM_CARD_TYPES - 1)
        get = i % (NUM_CARD_TYPES - 1)
        if get >= give:
            get += 1
        maritime_trade(state, p, give, get)
    state[DECISIONS] += 1
    if state[PHASE] == DEFEND:
        _defend_progress(state, p)
    if state[PHASE] == ROLL_RESOLVING:
        continue_roll(state, tb)
    if state[PHASE] != GAME_OVER and state[PHASE] > SETUP_ROAD and state[PHASE] != SETUP_CITY:
        check_win(state)


@njit(cache=True)
def _seven_discard(state, p, r):
    """One card back to the bank; when nobody owes more, the roll goes on (§3.7)."""
    if not discard_one(state, p, r):
        _resume_roll(state)


@njit(cache=True)
def _defend_progress(state, p):
    """Mean barbarians: a seat with no more knights to commit is done declaring."""
    for v in range(NUM_VERTICES):
        if (
            state[KNIGHT_OWNER + v] == p
            and state[KNIGHT_ACTIVE + v] == 1
            and state[KNIGHT_COMMITTED + v] == 0
        ):
            return
    state[DEFEND_DONE + p] = 1
    _resume_roll(state)


@njit(cache=True)
def ck_step(state, tb, action, scratch):
    """Apply ``action``; with ``skip_forced`` also apply every forced follow-up."""
    # One call site: ck_apply_action is inlined here, and compiling it twice
    # would double the cold compile of the variant.
    while True:
        ck_apply_action(state, tb, action)
        if state[OPT_SKIP_FORCED] == 0 or state[PHASE] == GAME_OVER:
            break
        if ck_legal_actions(state, tb, scratch) != 1:
            break
        action = scratch[0]
