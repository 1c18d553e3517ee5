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
from ..common import layout as L
from ..common.building import buy_road, place_road
from ..common.cards import take_from_bank
from ..common.constants import (
    NUM_CARD_TYPES,
    NUM_RESOURCES,
)
from ..common.robber import discard_one, move_robber, steal
from ..common.scoring import check_win
from ..common.trade import (
    apply_domestic_trade,
    check_trade_ids,
    open_pair,
    pair_of,
)
from . import action_ids as A
from . import layout as CL
from . import phases as PH
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
from .masks import ck_legal_actions
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
    state[L.PHASE] = PH.ROLL_RESOLVING


@njit(cache=True)
def _trade(state, tb, p, action, n):
    if action >= A.TRADE_OPEN:
        give, want = pair_of(action - A.TRADE_OPEN, NUM_CARD_TYPES)
        open_pair(state, give, want)
    elif action >= A.FORCE_TRADE:
        k, r = divmod(action - A.FORCE_TRADE, NUM_RESOURCES)
        q = (p + k + 1) % n
        if start_force_trade(state, p, q, r):
            state[L.PHASE] = PH.HARBOR_ANSWER
            state[L.CURRENT_PLAYER] = q
    else:
        apply_domestic_trade(state, p, action - A.TRADE_ADD_GIVE, NUM_CARD_TYPES)


@njit(cache=True)
def _knight_to(state, tb, p, phase, w):
    if phase == PH.RELOCATE:
        relocate(state, tb, w)
        return
    v = state[CL.KNIGHT_SELECTED]
    state[CL.KNIGHT_SELECTED] = -1
    if unoccupied(state, w):
        move_knight(state, tb, v, w)
        finish_action(state, w)
        state[L.PHASE] = PH.ACTION
        return
    # Displace the weaker knight on w; its owner relocates it from w (§3.14.6).
    displace(state, tb, w, w)
    move_knight(state, tb, v, w)
    finish_action(state, w)
    after_displacement(state, tb)


@njit(cache=True)
def _select_knight(state, tb, p, phase, v):
    if phase == PH.DEFEND:
        state[CL.KNIGHT_COMMITTED + v] = 1
        return
    if phase == PH.DESERTER_REMOVE:
        deserter_remove(state, tb, v)
        return
    if phase == PH.INTRIGUE:
        intrigue(state, tb, v)
        return
    state[CL.KNIGHT_SELECTED] = v
    if phase == PH.PRE_ROLL:  # Knight-Errant: the only action is chasing the robber
        state[L.RESUME_PHASE] = PH.PRE_ROLL
        state[L.PHASE] = PH.CHASE_HEX
    else:
        state[L.PHASE] = PH.KNIGHT_ACTION


@njit(cache=True)
def _pick(state, tb, p, phase, r):
    if phase == PH.AQUEDUCT:
        take_from_bank(state, p, r, 1)
        state[CL.AQUEDUCT_OWED + p] = 0
        _resume_roll(state)
    elif phase == PH.RESOURCE_MONOPOLY:
        monopoly(state, p, r, 2)
    elif phase == PH.TRADE_MONOPOLY:
        monopoly(state, p, r, 1)
    elif phase == PH.MASTER_PICK:
        master_pick(state, r)
    else:  # FLEET_TYPE
        name_fleet_type(state, r)


@njit(cache=True, inline="always")
def ck_apply_action(state, tb, action):
    """Apply one legal action of the current player."""
    p = state[L.CURRENT_PLAYER]
    phase = state[L.PHASE]
    n = state[L.NUM_PLAYERS]
    if action >= A.TRADE_ADD_GIVE:
        _trade(state, tb, p, action, n)
    elif action == A.ROLL:
        start_roll(state, tb, False)
    elif action == A.END_TURN:
        end_turn(state)
        state[CL.FLEET_TYPES] = 0
        state[CL.HARBOR_TRADES] = 0
        for q in range(n):
            state[CL.HARBOR_USED + q] = 0
        for v in range(NUM_VERTICES):
            state[CL.KNIGHT_FLAGS + v] = 0
    elif action < A.BUILD_ROAD:
        settlement_action(state, tb, p, action - A.BUILD_SETTLEMENT, phase)
    elif action < A.BUILD_CITY:
        e = action - A.BUILD_ROAD
        if phase == PH.SETUP_ROAD:
            ck_setup_road(state, tb, e)
        elif phase == PH.ROAD_BUILDING:
            place_road(state, tb, p, e)
            free_road_placed(state, tb, p)
        elif phase == PH.DIPLOMAT_REPLACE:
            diplomat_replace(state, tb, p, e)
        else:
            buy_road(state, tb, p, e)
    elif action < A.BUILD_WALL:
        v = action - A.BUILD_CITY
        if phase == PH.SETUP_CITY:
            setup_city(state, tb, v)
        else:
            state[L.BUILT_THIS_TURN] = 1
            build_city(state, p, v)
    elif action < A.BUILD_KNIGHT:
        v = action - A.BUILD_WALL
        if phase == PH.ENGINEER:
            engineer_wall(state, p, v)
        else:
            state[L.BUILT_THIS_TURN] = 1
            build_wall(state, p, v)
    elif action < A.ACTIVATE_KNIGHT:
        v = action - A.BUILD_KNIGHT
        if phase == PH.DESERTER_PLACE:
            deserter_place(state, tb, p, v)
        else:
            state[L.BUILT_THIS_TURN] = 1
            build_knight(state, tb, p, v)
    elif action < A.PROMOTE_KNIGHT:
        buy_activation(state, p, action - A.ACTIVATE_KNIGHT)
    elif action < A.SELECT_KNIGHT:
        v = action - A.PROMOTE_KNIGHT
        if phase == PH.SMITH:
            smith_promote(state, p, v)
        else:
            buy_promotion(state, p, v)
    elif action < A.KNIGHT_TO:
        _select_knight(state, tb, p, phase, action - A.SELECT_KNIGHT)
    elif action < A.CHASE_ROBBER:
        _knight_to(state, tb, p, phase, action - A.KNIGHT_TO)
    elif action == A.CHASE_ROBBER:
        state[L.RESUME_PHASE] = PH.ACTION
        state[L.PHASE] = PH.CHASE_HEX
    elif action < A.MEDICINE_CITY:
        # improve (0..2) or improve with Crane (3..5)
        k = action - A.IMPROVE
        t = k % 3
        discount = 1 if k >= 3 else 0
        if discount:
            discard_from_hand(state, p, CRANE)
        state[L.BUILT_THIS_TURN] = 1
        if improve(state, p, t, discount):
            state[CL.CARD_ARG] = t
            state[L.PHASE] = PH.METROPOLIS
    elif action < A.METROPOLIS:
        discard_from_hand(state, p, MEDICINE)
        state[L.BUILT_THIS_TURN] = 1
        upgrade(state, p, action - A.MEDICINE_CITY, COST_MEDICINE_CITY)
    elif action < A.PILLAGE_CITY:
        metropolis_choice(state, p, action - A.METROPOLIS)
    elif action < A.MOVE_ROBBER:
        pillage(state, p, action - A.PILLAGE_CITY)
        state[CL.PILLAGE_OWED + p] = 0
        _resume_roll(state)
    elif action < A.PLACE_MERCHANT:
        h = action - A.MOVE_ROBBER
        if phase == PH.BISHOP:
            bishop_move(state, tb, p, h)
        else:
            if phase == PH.CHASE_HEX:
                finish_action(state, state[CL.KNIGHT_SELECTED])
                state[CL.KNIGHT_SELECTED] = -1
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
        if phase == PH.SPY_VICTIM:
            state[CL.CARD_TARGET] = q
            state[L.PHASE] = PH.SPY_CARD
        elif phase == PH.MASTER_VICTIM:
            master_victim(state, q)
        else:
            deserter_victim(state, q)
    elif action < A.GIVE_CARD:
        r = action - A.DISCARD
        if phase == PH.SABOTEUR:
            saboteur_discard(state, r)
        else:
            _seven_discard(state, p, r)
    elif action < A.PICK_CARD:
        r = action - A.GIVE_CARD
        if phase == PH.WEDDING:
            give_card(state, CL.GIVES_OWED, PH.WEDDING, r)
        else:  # Commercial Harbor answer
            finish_force_trade(state, state[L.ACTIVE_PLAYER], r)
            back_to_action(state)
    elif action < A.PLAY_CARD:
        _pick(state, tb, p, phase, action - A.PICK_CARD)
    elif action < A.PUT_UNDER:
        play(state, tb, p, action - A.PLAY_CARD)
    elif action < A.TAKE_CARD:
        discard_from_hand(state, p, action - A.PUT_UNDER)
        if phase == PH.OVERFLOW:
            _resume_roll(state)
    elif action < A.DIE_VALUE:
        spy_take(state, action - A.TAKE_CARD)
    elif action < A.CHOOSE_DECK:
        d = action - A.DIE_VALUE + 1
        if phase == PH.ALCHEMIST_RED:
            state[L.DICE] = d
            state[L.PHASE] = PH.ALCHEMIST_YELLOW
        else:
            state[L.DICE + 1] = d
            start_roll(state, tb, True)
    elif action < A.STOP:
        draw_to(state, p, action - A.CHOOSE_DECK)
        state[CL.TIE_DRAW_OWED + p] = 0
        if over_limit_off_turn(state, p, PROGRESS_HAND_LIMIT):
            state[L.PHASE] = PH.OVERFLOW
        else:
            _resume_roll(state)
    elif action == A.STOP:
        if phase == PH.ROAD_BUILDING:
            end_card(state)
        elif phase == PH.DEFEND:
            state[CL.DEFEND_DONE + p] = 1
            _resume_roll(state)
        else:  # Smith, Diplomat re-placement, Deserter placement: done
            back_to_action(state)
    else:
        give, get = pair_of(action - A.MARITIME, NUM_CARD_TYPES)
        maritime_trade(state, p, give, get)
    state[L.DECISIONS] += 1
    if state[L.PHASE] == PH.DEFEND:
        _defend_progress(state, p)
    if state[L.PHASE] == PH.ROLL_RESOLVING:
        continue_roll(state, tb)
    if (
        state[L.PHASE] != PH.GAME_OVER
        and state[L.PHASE] > PH.SETUP_ROAD
        and state[L.PHASE] != PH.SETUP_CITY
    ):
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
            state[L.KNIGHT_OWNER + v] == p
            and state[CL.KNIGHT_ACTIVE + v] == 1
            and state[CL.KNIGHT_COMMITTED + v] == 0
        ):
            return
    state[CL.DEFEND_DONE + p] = 1
    _resume_roll(state)


@njit(cache=True)
def ck_step(state, tb, action, scratch):
    """Apply ``action``; with ``skip_forced`` also apply every forced follow-up."""
    # One call site: ck_apply_action is inlined here, and compiling it twice
    # would double the cold compile of the variant.
    while True:
        ck_apply_action(state, tb, action)
        if state[L.OPT_SKIP_FORCED] == 0 or state[L.PHASE] == PH.GAME_OVER:
            break
        if ck_legal_actions(state, tb, scratch) != 1:
            break
        action = scratch[0]
