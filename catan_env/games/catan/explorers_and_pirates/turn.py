"""The production phase, the 7, and the turn's start and end (E&P §4.2-§4.4)."""

from numba import njit

from catan_env.core.borrow import stack_buffer

from ..common import layout as L
from ..common.cards import hand_size
from ..common.constants import MAX_PLAYERS, NUM_RESOURCES
from ..common.phases import ACTION, DISCARD, GAME_OVER, PRE_ROLL
from ..common.production import OWED_WORDS, pay_owed, roll_dice
from ..common.robber import discard_one, next_discarder
from ..common.scoring import count_turn
from . import layout as EL
from .constants import (
    BASE_MP,
    GOLD_FIELD_GOLD,
    LAIR_GOLD_FIELD,
    MOD_PIRATES,
    SEA,
    SHIPS_PER_PLAYER,
    SWIFT_VOYAGE,
)
from .constants import GOLD as GOLD_FIELD
from .lairs import resolve_captures
from .missions import (
    ep_check_win,
    ep_check_win_at_turn_end,
)
from .pirates import begin_pirate
from .spices import villages_with
from .tables import (
    T_HEX_VERTICES,
    T_MODULES,
    T_NUM_HEXES,
)


@njit(cache=True)
def begin_turn(state, tb, p):
    """Seat ``p``'s turn starts: fresh movement points, no purchases yet (§4.8, §4.5)."""
    state[L.ACTIVE_PLAYER] = p
    state[L.CURRENT_PLAYER] = p
    state[L.PHASE] = PRE_ROLL
    mp = BASE_MP + villages_with(state, tb, p, SWIFT_VOYAGE)  # Swift Voyage (§9.4)
    state[EL.GOLD_BUYS] = 0
    state[EL.FAST_GOLD_USED] = 0
    state[EL.FISHED] = 0
    state[L.PROPOSALS] = 0
    state[EL.MOVING_SHIP] = -1
    state[EL.FRESH_SHIP] = -1
    for q in range(MAX_PLAYERS):
        for k in range(SHIPS_PER_PLAYER):
            state[EL.SHIP_MP + q * SHIPS_PER_PLAYER + k] = mp if q == p else 0
            state[EL.SHIP_FLAGS + q * SHIPS_PER_PLAYER + k] = 0


@njit(cache=True)
def produce(state, tb, total):
    """Production for ``total`` (not 7), then gold compensation (§4.3).

    A settlement and a harbor settlement each earn 1 card per adjacent hex;
    the bank-shortage rule applies (base §3 item 3). Every seat that receives
    no card takes 1 gold.
    """
    n = state[L.NUM_PLAYERS]
    # In the frame, not the heap: this runs on every roll.
    owed = stack_buffer(OWED_WORDS).reshape((MAX_PLAYERS, NUM_RESOURCES))
    owed[:, :] = 0
    for h in range(tb[T_NUM_HEXES]):
        if state[EL.EP_HEX_REVEALED + h] == 0 or state[EL.EP_HEX_NUMBER + h] != total:
            continue
        kind = state[EL.EP_HEX_KIND + h]
        gold_field = kind == GOLD_FIELD and state[EL.LAIR_STATE + h] == LAIR_GOLD_FIELD
        if kind >= SEA and not gold_field:
            continue
        for k in range(6):
            owner = state[EL.EP_VERTEX_OWNER + tb[T_HEX_VERTICES + 6 * h + k]]
            if 0 <= owner < n:
                if gold_field:  # 2 gold per building (§7.5); not a resource card
                    state[EL.GOLD + owner] += GOLD_FIELD_GOLD
                else:
                    owed[owner, kind] += 1
    received = stack_buffer(MAX_PLAYERS)
    received[:] = 0
    pay_owed(state, owed, received)
    for p in range(n):
        if received[p] == 0:
            state[EL.GOLD + p] += 1


@njit(cache=True)
def roll(state, tb):
    """Roll 2d6: produce, or make everyone over the limit discard half (§4.4)."""
    total = roll_dice(state)
    state[L.PHASE] = ACTION
    if total != 7:
        produce(state, tb, total)
        return
    n = state[L.NUM_PLAYERS]
    limit = state[L.OPT_DISCARD_LIMIT]
    for q in range(n):
        size = hand_size(state, q)
        state[L.DISCARDS_OWED + q] = size // 2 if size > limit else 0
    q = next_discarder(state)
    if q >= 0:
        state[L.PHASE] = DISCARD
        state[L.CURRENT_PLAYER] = q
    elif tb[T_MODULES] & MOD_PIRATES:
        begin_pirate(state, ACTION)


@njit(cache=True)
def discard(state, tb, p, r):
    """``p`` returns one card of ``r``; when nobody owes more, the roller's pirate
    (scenarios 2-5, §5.2) or the trade and build phase."""
    if discard_one(state, p, r):
        return
    if tb[T_MODULES] & MOD_PIRATES:
        begin_pirate(state, ACTION)
    else:
        state[L.PHASE] = ACTION
        state[L.CURRENT_PLAYER] = state[L.ACTIVE_PLAYER]


@njit(cache=True)
def end_turn(state, tb):
    """The movement phase is over: this turn's captures are resolved and the active
    player may win with them (§7.4, §4.13); then the next seat clockwise starts."""
    if state[EL.NUM_CAPTURES] > 0:
        resolve_captures(state)
        if state[L.PHASE] == GAME_OVER:
            return
    if ep_check_win_at_turn_end(state):
        return
    if count_turn(state):
        return
    begin_turn(state, tb, (state[L.ACTIVE_PLAYER] + 1) % state[L.NUM_PLAYERS])
    ep_check_win(state)
