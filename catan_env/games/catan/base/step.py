"""Applying an action to a state (base rules, all phases).

``apply_action`` trusts its caller: the action must be legal under
:func:`~catan_env.games.catan.base.masks.legal_mask`. ``step`` adds what every caller
wants after an action: the decision counter, the win check and, with the
``skip_forced`` option, applying decisions that have a single legal option.
"""

from numba import njit

from ..common import layout as L
from ..common.building import buy_road, place_city, place_road
from ..common.cards import pay
from ..common.constants import (
    COST_CITY,
    NUM_RESOURCES,
)
from ..common.phases import GAME_OVER, SETUP_ROAD
from ..common.phases import MONOPOLY as PHASE_MONOPOLY
from ..common.phases import ROAD_BUILDING as PHASE_ROAD_BUILDING
from ..common.phases import YEAR_OF_PLENTY as PHASE_YEAR_OF_PLENTY
from ..common.robber import move_robber, steal
from ..common.scoring import check_win
from ..common.trade import (
    apply_domestic_trade,
    check_trade_ids,
    maritime_trade,
    open_pair,
    pair_of,
)
from . import action_ids as A
from .devcards import (
    buy_dev_card,
    claim_monopoly,
    end_card,
    free_road_placed,
    pick_year_of_plenty,
    play_knight,
    play_monopoly,
    play_road_building,
    play_year_of_plenty,
)
from .masks import legal_actions
from .setup import settlement_action, setup_road
from .turn import discard, end_turn, roll

check_trade_ids(A, NUM_RESOURCES)


@njit(cache=True)
def apply_action(state, tb, action):
    """Apply one legal action of the current player."""
    p = state[L.CURRENT_PLAYER]
    phase = state[L.PHASE]
    n = state[L.NUM_PLAYERS]
    # Trade actions come first: random play spends most decisions on offers.
    if action >= A.TRADE_OPEN:
        give, want = pair_of(action - A.TRADE_OPEN, NUM_RESOURCES)
        open_pair(state, give, want)
    elif action >= A.TRADE_ADD_GIVE:
        apply_domestic_trade(state, p, action - A.TRADE_ADD_GIVE, NUM_RESOURCES)
    elif action == A.ROLL:
        roll(state, tb)
    elif action == A.END_TURN:
        end_turn(state)
    elif action < A.BUILD_ROAD:
        settlement_action(state, tb, p, action - A.BUILD_SETTLEMENT, phase)
    elif action < A.BUILD_CITY:
        e = action - A.BUILD_ROAD
        if phase == SETUP_ROAD:
            setup_road(state, tb, e)
        elif phase == PHASE_ROAD_BUILDING:
            place_road(state, tb, p, e)
            free_road_placed(state, tb, p)
        else:
            buy_road(state, tb, p, e)
    elif action < A.BUY_DEV:
        pay(state, p, COST_CITY)
        state[L.BUILT_THIS_TURN] = 1
        place_city(state, p, action - A.BUILD_CITY)
    elif action == A.BUY_DEV:
        buy_dev_card(state, p)
    elif action == A.PLAY_KNIGHT:
        play_knight(state, p)
    elif action == A.PLAY_ROAD_BUILDING:
        play_road_building(state, p)
    elif action == A.PLAY_YEAR_OF_PLENTY:
        play_year_of_plenty(state, p)
    elif action == A.PLAY_MONOPOLY:
        play_monopoly(state, p)
    elif action < A.STEAL:
        move_robber(state, tb, action - A.MOVE_ROBBER)
    elif action < A.DISCARD:
        steal(state, p, (p + action - A.STEAL + 1) % n)
    elif action < A.PICK_RESOURCE:
        discard(state, p, action - A.DISCARD)
    elif action < A.STOP:
        r = action - A.PICK_RESOURCE
        if phase == PHASE_YEAR_OF_PLENTY:
            pick_year_of_plenty(state, p, r)
        elif phase == PHASE_MONOPOLY:
            claim_monopoly(state, p, r)
    elif action == A.STOP:
        end_card(state)
    else:
        give, get = pair_of(action - A.MARITIME, NUM_RESOURCES)
        maritime_trade(state, p, give, get)
    state[L.DECISIONS] += 1
    # Only builds, purchases and Knights change VP (ids below MOVE_ROBBER);
    # checking after them alone is the same as checking after every event.
    if action < A.MOVE_ROBBER and state[L.PHASE] != GAME_OVER and state[L.PHASE] > SETUP_ROAD:
        check_win(state)


@njit(cache=True)
def step(state, tb, action, scratch):
    """Apply ``action``; with ``skip_forced`` also apply every forced follow-up.

    ``scratch`` is an integer array of ``NUM_ACTIONS`` entries for legal ids.
    """
    apply_action(state, tb, action)
    if state[L.OPT_SKIP_FORCED] != 0:
        while state[L.PHASE] != GAME_OVER and legal_actions(state, tb, scratch) == 1:
            apply_action(state, tb, scratch[0])
