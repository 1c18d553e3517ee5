"""Resolving a roll in Cities & Knights (C&K §3.4–§3.7, §3.16).

The roll resolves in stages: the event die (barbarians or progress draws),
then production or the 7. Some stages need decisions (a city to lose, a deck
for a Defender tie, a card to put back over the hand limit, an Aqueduct
resource, discards, the robber); the machine stops at such a decision with the
stage saved in ``ROLL_STAGE``, and :func:`continue_roll` resumes it once the
decision is made. No other action can come in between (C&K §3.5.1).
"""

import numpy as np
from numba import njit

from catan_env.core.borrow import stack_buffer

from ..board.standard import NUM_HEXES, NUM_VERTICES
from ..common import constants as C
from ..common import layout as L
from ..common.cards import bank_size, hand_size
from ..common.production import pay_owed
from ..common.rng import below_at, rng_below
from ..common.robber import next_discarder
from ..common.tables import T_HEX_VERTICES
from . import layout as CL
from . import phases as PH
from .cities import metropolis_at, walls_of
from .constants import (
    BARBARIAN_ATTACK_POSITION,
    CITY_YIELD,
    EVENT_FACES,
    EVENT_SHIP,
    NUM_TRACKS,
    PROGRESS_HAND_LIMIT,
    SCIENCE,
    WALL_HAND_BONUS,
)
from .progress import draw_to, held_cards
from .robber import robber_is_free

(
    ST_IDLE,
    ST_EVENT,
    ST_DEFEND,
    ST_ATTACK,
    ST_PILLAGE,
    ST_TIE,
    ST_ATTACK_END,
    ST_GATE,
    ST_PRODUCE,
    ST_AQUEDUCT,
    ST_DISCARD,
    ST_ROBBER,
    ST_DONE,
) = range(13)
STAGE_NAMES = (
    "idle",
    "event",
    "defend",
    "attack",
    "pillage",
    "defender_tie",
    "attack_end",
    "gate_draws",
    "produce",
    "aqueduct",
    "discard",
    "robber",
    "done",
)

# Words of what each seat is owed for a roll, by card type.
_OWED_WORDS = C.MAX_PLAYERS * C.NUM_CARD_TYPES
_SEATS = C.MAX_PLAYERS  # a name of this module: stack_buffer takes only constants


@njit(cache=True)
def start_roll(state, tb, dice_chosen):
    """Roll (the production dice only if Alchemist did not set them), then resolve.

    Easy start (C&K §7): in the first two rounds there is no event die and a
    production 7 is rolled again.
    """
    n = state[L.NUM_PLAYERS]
    easy = state[CL.OPT_EASY_START] != 0 and state[L.TURN] < 2 * n
    forcing = state[L.CHANCE_FORCING] != 0  # at rest, draw inline (see roll_dice)
    if not dice_chosen:
        while True:
            red = rng_below(state, 6) if forcing else below_at(state, L.RNG, 6)
            state[L.DICE] = red + 1
            yellow = rng_below(state, 6) if forcing else below_at(state, L.RNG, 6)
            state[L.DICE + 1] = yellow + 1
            if not easy or state[L.DICE] + state[L.DICE + 1] != 7:
                break
    if easy:
        state[CL.EVENT_FACE] = -1
    else:
        event = rng_below(state, 6) if forcing else below_at(state, L.RNG, 6)
        state[CL.EVENT_FACE] = EVENT_FACES[event]
    state[CL.ROLL_STAGE] = ST_EVENT
    continue_roll(state, tb)


@njit(cache=True)
def _first_owing(state, flags):
    """First seat from the roller, in turn order, whose flag in ``flags`` is set."""
    n = state[L.NUM_PLAYERS]
    a = state[L.ACTIVE_PLAYER]
    for k in range(n):
        q = (a + k) % n
        if state[flags + q] != 0:
            return q
    return -1


@njit(cache=True)
def _decide(state, phase, q):
    state[L.PHASE] = phase
    state[L.CURRENT_PLAYER] = q


@njit(cache=True)
def continue_roll(state, tb):
    """Advance the roll resolution until a decision is needed or it is over."""
    n = state[L.NUM_PLAYERS]
    a = state[L.ACTIVE_PLAYER]
    while True:
        st = state[CL.ROLL_STAGE]
        if st == ST_EVENT:
            face = state[CL.EVENT_FACE]
            if face < 0:
                state[CL.ROLL_STAGE] = ST_PRODUCE
            elif face == EVENT_SHIP:
                state[CL.BARBARIAN_POS] += 1
                if state[CL.BARBARIAN_POS] >= BARBARIAN_ATTACK_POSITION:
                    if state[CL.OPT_MEAN_BARBARIANS] != 0:
                        for q in range(n):
                            state[CL.DEFEND_DONE + q] = 0 if has_active_knight(state, q) else 1
                        state[CL.ROLL_STAGE] = ST_DEFEND
                    else:
                        state[CL.ROLL_STAGE] = ST_ATTACK
                else:
                    state[CL.ROLL_STAGE] = ST_PRODUCE
            else:
                state[CL.ROLL_CURSOR] = 0
                state[CL.ROLL_STAGE] = ST_GATE
        elif st == ST_DEFEND:
            q = _first_pending_defender(state)
            if q >= 0:
                _decide(state, PH.DEFEND, q)
                return
            state[CL.ROLL_STAGE] = ST_ATTACK
        elif st == ST_ATTACK:
            state[CL.ROLL_STAGE] = resolve_attack(state)
        elif st == ST_PILLAGE:
            q = _first_owing(state, CL.PILLAGE_OWED)
            if q >= 0:
                _decide(state, PH.PILLAGE, q)
                return
            state[CL.ROLL_STAGE] = ST_ATTACK_END
        elif st == ST_TIE:
            q = _first_owing(state, CL.TIE_DRAW_OWED)
            if q < 0:
                state[CL.ROLL_STAGE] = ST_ATTACK_END
            elif _any_deck(state):
                _decide(state, PH.TIE_DECK, q)
                return
            else:
                state[CL.TIE_DRAW_OWED + q] = 0  # all decks empty: nothing to draw
        elif st == ST_ATTACK_END:
            end_attack(state)
            state[CL.ROLL_STAGE] = ST_PRODUCE
        elif st == ST_GATE:
            track = state[CL.EVENT_FACE] - 1
            red = state[L.DICE]
            k = state[CL.ROLL_CURSOR]
            if k >= n:
                state[CL.ROLL_STAGE] = ST_PRODUCE
                continue
            state[CL.ROLL_CURSOR] = k + 1
            q = (a + k) % n
            level = state[CL.LEVEL + 3 * q + track]
            if level >= 1 and red <= level + 1:
                card = draw_to(state, q, track)
                if card >= 0 and q != a and held_cards(state, q) > PROGRESS_HAND_LIMIT:
                    _decide(state, PH.OVERFLOW, q)
                    return
        elif st == ST_PRODUCE:
            total = state[L.DICE] + state[L.DICE + 1]
            if total == 7:
                if start_discards(state):
                    state[CL.ROLL_STAGE] = ST_DISCARD
                    _decide(state, PH.DISCARD, next_discarder(state))
                    return
                state[CL.ROLL_STAGE] = ST_ROBBER
            else:
                produce(state, tb, total)
                state[CL.ROLL_STAGE] = ST_AQUEDUCT
        elif st == ST_AQUEDUCT:
            q = _first_owing(state, CL.AQUEDUCT_OWED)
            if q < 0:
                state[CL.ROLL_STAGE] = ST_DONE
            elif bank_size(state, C.NUM_RESOURCES) > 0:
                _decide(state, PH.AQUEDUCT, q)
                return
            else:
                state[CL.AQUEDUCT_OWED + q] = 0  # the bank holds no resource at all
        elif st == ST_DISCARD:
            state[CL.ROLL_STAGE] = ST_ROBBER
        elif st == ST_ROBBER:
            state[CL.ROLL_STAGE] = ST_DONE
            if robber_is_free(state):
                state[L.RESUME_PHASE] = PH.ROLL_RESOLVING
                _decide(state, PH.MOVE_ROBBER, a)
                return
        else:  # ST_DONE
            state[CL.ROLL_STAGE] = ST_IDLE
            _decide(state, PH.ACTION, a)
            return


@njit(cache=True)
def has_active_knight(state, q):
    for v in range(NUM_VERTICES):
        if state[L.KNIGHT_OWNER + v] == q and state[CL.KNIGHT_ACTIVE + v] == 1:
            return True
    return False


@njit(cache=True)
def _first_pending_defender(state):
    n = state[L.NUM_PLAYERS]
    a = state[L.ACTIVE_PLAYER]
    for k in range(n):
        q = (a + k) % n
        if state[CL.DEFEND_DONE + q] == 0:
            return q
    return -1


@njit(cache=True)
def _any_deck(state):
    for t in range(NUM_TRACKS):
        if state[CL.PDECK_COUNT + t] > 0:
            return True
    return False


@njit(cache=True)
def knight_power(state, q):
    """Strength of ``q``'s active knights (only committed ones with mean barbarians)."""
    mean = state[CL.OPT_MEAN_BARBARIANS] != 0
    total = 0
    for v in range(NUM_VERTICES):
        if state[L.KNIGHT_OWNER + v] == q and state[CL.KNIGHT_ACTIVE + v] == 1:
            if not mean or state[CL.KNIGHT_COMMITTED + v] == 1:
                total += state[CL.KNIGHT_STRENGTH + v]
    return total


@njit(cache=True)
def barbarian_strength(state):
    """Cities on the board, metropolises included; tipped cities are not cities (§3.16)."""
    b = 0
    for v in range(NUM_VERTICES):
        if state[L.VERTEX_OWNER + v] >= 0 and state[L.VERTEX_BUILDING + v] == C.CITY:
            b += 1
    return b


@njit(cache=True)
def resolve_attack(state):
    """Compare barbarian strength with the knights; return the next stage (C&K §3.16)."""
    n = state[L.NUM_PLAYERS]
    power = np.zeros(C.MAX_PLAYERS, np.int64)
    defense = 0
    for q in range(n):
        power[q] = knight_power(state, q)
        defense += power[q]
    state[CL.BARBARIAN_ATTACKS] += 1
    if barbarian_strength(state) > defense:
        state[CL.BARBARIAN_WINS] += 1
        # Barbarians win: the weakest players owning a city without a metropolis lose one.
        weakest = -1
        for q in range(n):
            if _has_plain_city(state, q) and (weakest < 0 or power[q] < weakest):
                weakest = power[q]
        if weakest < 0:
            return ST_ATTACK_END
        for q in range(n):
            if _has_plain_city(state, q) and power[q] == weakest:
                state[CL.PILLAGE_OWED + q] = 1
        return ST_PILLAGE
    best = 0
    for q in range(n):
        if power[q] > best:
            best = power[q]
    if best == 0:
        return ST_ATTACK_END  # interpretation: no active knight, nobody rewarded
    tied = 0
    for q in range(n):
        if power[q] == best:
            tied += 1
    if tied == 1:
        for q in range(n):
            if power[q] == best:
                state[CL.DEFENDER_VP + q] += 1
                state[L.PUBLIC_VP + q] += 1
        return ST_ATTACK_END
    for q in range(n):
        if power[q] == best:
            state[CL.TIE_DRAW_OWED + q] = 1
    return ST_TIE


@njit(cache=True)
def _has_plain_city(state, q):
    for v in range(NUM_VERTICES):
        if state[L.VERTEX_OWNER + v] == q and state[L.VERTEX_BUILDING + v] == C.CITY:
            if metropolis_at(state, v) < 0:
                return True
    return False


@njit(cache=True)
def end_attack(state):
    """Knights that defended become inactive; the ship goes back (C&K §3.16 steps 5-6)."""
    mean = state[CL.OPT_MEAN_BARBARIANS] != 0
    for v in range(NUM_VERTICES):
        if state[L.KNIGHT_OWNER + v] >= 0 and (not mean or state[CL.KNIGHT_COMMITTED + v] == 1):
            state[CL.KNIGHT_ACTIVE + v] = 0
        state[CL.KNIGHT_COMMITTED + v] = 0
    state[CL.BARBARIAN_POS] = 0
    state[CL.FIRST_ATTACK_DONE] = 1


@njit(cache=True)
def hand_limit(state, q):
    """Cards ``q`` may hold safely on a 7: the limit plus 2 per city wall (C&K §3.7)."""
    return hand_limit_with_walls(state, walls_of(state, q))


@njit(cache=True, inline="always")
def hand_limit_with_walls(state, walls):
    """:func:`hand_limit` of a seat with ``walls`` city walls."""
    return state[L.OPT_DISCARD_LIMIT] + WALL_HAND_BONUS * walls


@njit(cache=True)
def start_discards(state):
    """Set the discards owed on a 7; True if anybody owes cards."""
    any_owed = False
    for q in range(state[L.NUM_PLAYERS]):
        size = hand_size(state, q)
        owed = size // 2 if size > hand_limit(state, q) else 0
        state[L.DISCARDS_OWED + q] = owed
        if owed > 0:
            any_owed = True
    return any_owed


@njit(cache=True)
def produce(state, tb, total):
    """City production with commodities (C&K §3.6); marks who received nothing
    for the Aqueduct."""
    n = state[L.NUM_PLAYERS]
    # In the frame, not the heap: this runs on every roll.
    owed = stack_buffer(_OWED_WORDS).reshape((C.MAX_PLAYERS, C.NUM_CARD_TYPES))
    owed[:, :] = 0
    robber = state[L.ROBBER_HEX]
    for h in range(NUM_HEXES):
        if state[L.HEX_NUMBER + h] != total or h == robber:
            continue
        terrain = state[L.HEX_TERRAIN + h]
        if terrain >= C.DESERT:
            continue
        for k in range(6):
            v = tb[T_HEX_VERTICES + 6 * h + k]
            q = state[L.VERTEX_OWNER + v]
            if q < 0:
                continue
            kind = state[L.VERTEX_BUILDING + v]
            if kind == C.SETTLEMENT or kind == C.TIPPED_CITY:
                owed[q, terrain] += 1
            else:
                for j in range(2):
                    card = CITY_YIELD[terrain, j, 0]
                    if card >= 0:
                        owed[q, card] += CITY_YIELD[terrain, j, 1]
    received = stack_buffer(_SEATS)
    received[:] = 0
    pay_owed(state, owed, received)
    for q in range(n):
        state[CL.RECEIVED + q] = received[q]
        state[CL.AQUEDUCT_OWED + q] = (
            1 if received[q] == 0 and state[CL.LEVEL + 3 * q + SCIENCE] >= 3 else 0
        )
