"""Development cards: buying and playing (base §7.6, §8)."""

from numba import njit

from ..common import constants as C
from ..common import layout as L
from ..common.building import any_road_ok
from ..common.cards import bank_size, move_card, pay, take_from_bank
from ..common.phases import MONOPOLY as PHASE_MONOPOLY
from ..common.phases import MOVE_ROBBER
from ..common.phases import ROAD_BUILDING as PHASE_ROAD_BUILDING
from ..common.phases import YEAR_OF_PLENTY as PHASE_YEAR_OF_PLENTY
from ..common.rng import force_top_kind
from ..common.scoring import award_largest_army

FREE_ROADS = 2
YEAR_OF_PLENTY_PICKS = 2


@njit(cache=True)
def buy_dev_card(state, p):
    """Pay and draw the top card of the deck into ``p``'s hidden hand (base §7.6)."""
    pay(state, p, C.COST_DEV_CARD)
    if state[L.CHANCE_FORCING] != 0:  # enumerating the outcomes: the caller picks the card
        pos = state[L.DECK_POS]
        force_top_kind(state, L.DECK, pos, C.DEV_DECK_SIZE - pos, C.DEV_DECK_SIZE, C.NUM_DEV_TYPES)
    card = state[L.DECK + state[L.DECK_POS]]
    state[L.DECK_POS] += 1
    state[L.DEV_HAND + p * C.NUM_DEV_TYPES + card] += 1
    state[L.DEV_NEW + p * C.NUM_DEV_TYPES + card] += 1
    state[L.BUILT_THIS_TURN] = 1
    return card


@njit(cache=True, inline="always")
def deck_left(state):
    return C.DEV_DECK_SIZE - state[L.DECK_POS]


@njit(cache=True, inline="always")
def can_play(state, tb, p, card):
    """``p`` may play ``card`` now, given the phase already allows it (base §8.1)."""
    if state[L.DEV_PLAYED] != 0:
        return False
    i = p * C.NUM_DEV_TYPES + card
    if state[L.DEV_HAND + i] - state[L.DEV_NEW + i] <= 0:
        return False
    if card == C.ROAD_BUILDING:
        return state[L.ROADS_LEFT + p] > 0 and any_road_ok(state, tb, p)
    if card == C.YEAR_OF_PLENTY:
        return bank_size(state, C.NUM_RESOURCES) > 0
    return True


@njit(cache=True)
def _spend(state, p, card):
    state[L.DEV_HAND + p * C.NUM_DEV_TYPES + card] -= 1
    state[L.DEV_USED + p * C.NUM_DEV_TYPES + card] += 1
    state[L.DEV_PLAYED] = 1
    state[L.RESUME_PHASE] = state[L.PHASE]


@njit(cache=True)
def play_knight(state, p):
    """Army grows and Largest Army is checked before the robber moves (base §8.2, §9.3)."""
    _spend(state, p, C.KNIGHT)
    award_largest_army(state, p)
    state[L.PHASE] = MOVE_ROBBER
    state[L.CURRENT_PLAYER] = p


@njit(cache=True)
def play_road_building(state, p):
    _spend(state, p, C.ROAD_BUILDING)
    state[L.ROADS_TO_PLACE] = min(FREE_ROADS, state[L.ROADS_LEFT + p])
    state[L.FREE_ROADS_PLACED] = 0
    state[L.PHASE] = PHASE_ROAD_BUILDING


@njit(cache=True)
def free_road_placed(state, tb, p):
    """After a Road Building road: stop when no road or no legal path is left."""
    state[L.FREE_ROADS_PLACED] += 1
    state[L.ROADS_TO_PLACE] -= 1
    if (
        state[L.ROADS_TO_PLACE] <= 0
        or state[L.ROADS_LEFT + p] <= 0
        or not any_road_ok(state, tb, p)
    ):
        end_card(state)


@njit(cache=True)
def play_year_of_plenty(state, p):
    _spend(state, p, C.YEAR_OF_PLENTY)
    state[L.PICKS_LEFT] = YEAR_OF_PLENTY_PICKS
    state[L.PHASE] = PHASE_YEAR_OF_PLENTY


@njit(cache=True)
def pick_year_of_plenty(state, p, r):
    """Take one card of ``r``; the second pick lapses only if the bank is empty (base §8.4)."""
    take_from_bank(state, p, r, 1)
    state[L.PICKS_LEFT] -= 1
    if state[L.PICKS_LEFT] <= 0 or bank_size(state, C.NUM_RESOURCES) == 0:
        state[L.PICKS_LEFT] = 0
        end_card(state)


@njit(cache=True)
def play_monopoly(state, p):
    _spend(state, p, C.MONOPOLY)
    state[L.PHASE] = PHASE_MONOPOLY


@njit(cache=True)
def claim_monopoly(state, p, r):
    """Every other player hands ``p`` all their cards of ``r`` (base §8.5)."""
    n = state[L.NUM_PLAYERS]
    for q in range(n):
        if q != p:
            held = state[L.HAND + q * C.NUM_CARD_TYPES + r]
            if held > 0:
                move_card(state, q, p, r, held)
    end_card(state)


@njit(cache=True)
def end_card(state):
    state[L.PHASE] = state[L.RESUME_PHASE]


@njit(cache=True, inline="always")
def bank_has(state, r):
    return state[L.BANK + r] > 0
