"""Development cards: buying and playing (base §7.6, §8)."""

from numba import njit

from ..common.building import any_road_ok
from ..common.cards import bank_size, move_card, pay, take_from_bank
from ..common.constants import (
    COST_DEV_CARD,
    DEV_DECK_SIZE,
    KNIGHT,
    MONOPOLY,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
)
from ..common.layout import (
    BANK,
    BUILT_THIS_TURN,
    CHANCE_FORCING,
    CURRENT_PLAYER,
    DECK,
    DECK_POS,
    DEV_HAND,
    DEV_NEW,
    DEV_PLAYED,
    DEV_USED,
    FREE_ROADS_PLACED,
    HAND,
    NUM_PLAYERS,
    PHASE,
    PICKS_LEFT,
    RESUME_PHASE,
    ROADS_LEFT,
    ROADS_TO_PLACE,
)
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
    pay(state, p, COST_DEV_CARD)
    if state[CHANCE_FORCING] != 0:  # enumerating the outcomes: the caller picks the card
        pos = state[DECK_POS]
        force_top_kind(state, DECK, pos, DEV_DECK_SIZE - pos, DEV_DECK_SIZE, NUM_DEV_TYPES)
    card = state[DECK + state[DECK_POS]]
    state[DECK_POS] += 1
    state[DEV_HAND + p * NUM_DEV_TYPES + card] += 1
    state[DEV_NEW + p * NUM_DEV_TYPES + card] += 1
    state[BUILT_THIS_TURN] = 1
    return card


@njit(cache=True, inline="always")
def deck_left(state):
    return DEV_DECK_SIZE - state[DECK_POS]


@njit(cache=True, inline="always")
def can_play(state, tb, p, card):
    """``p`` may play ``card`` now, given the phase already allows it (base §8.1)."""
    if state[DEV_PLAYED] != 0:
        return False
    i = p * NUM_DEV_TYPES + card
    if state[DEV_HAND + i] - state[DEV_NEW + i] <= 0:
        return False
    if card == ROAD_BUILDING:
        return state[ROADS_LEFT + p] > 0 and any_road_ok(state, tb, p)
    if card == YEAR_OF_PLENTY:
        return bank_size(state, NUM_RESOURCES) > 0
    return True


@njit(cache=True)
def _spend(state, p, card):
    state[DEV_HAND + p * NUM_DEV_TYPES + card] -= 1
    state[DEV_USED + p * NUM_DEV_TYPES + card] += 1
    state[DEV_PLAYED] = 1
    state[RESUME_PHASE] = state[PHASE]


@njit(cache=True)
def play_knight(state, p):
    """Army grows and Largest Army is checked before the robber moves (base §8.2, §9.3)."""
    _spend(state, p, KNIGHT)
    award_largest_army(state, p)
    state[PHASE] = MOVE_ROBBER
    state[CURRENT_PLAYER] = p


@njit(cache=True)
def play_road_building(state, p):
    _spend(state, p, ROAD_BUILDING)
    state[ROADS_TO_PLACE] = min(FREE_ROADS, state[ROADS_LEFT + p])
    state[FREE_ROADS_PLACED] = 0
    state[PHASE] = PHASE_ROAD_BUILDING


@njit(cache=True)
def free_road_placed(state, tb, p):
    """After a Road Building road: stop when no road or no legal path is left."""
    state[FREE_ROADS_PLACED] += 1
    state[ROADS_TO_PLACE] -= 1
    if state[ROADS_TO_PLACE] <= 0 or state[ROADS_LEFT + p] <= 0 or not any_road_ok(state, tb, p):
        end_card(state)


@njit(cache=True)
def play_year_of_plenty(state, p):
    _spend(state, p, YEAR_OF_PLENTY)
    state[PICKS_LEFT] = YEAR_OF_PLENTY_PICKS
    state[PHASE] = PHASE_YEAR_OF_PLENTY


@njit(cache=True)
def pick_year_of_plenty(state, p, r):
    """Take one card of ``r``; the second pick lapses only if the bank is empty (base §8.4)."""
    take_from_bank(state, p, r, 1)
    state[PICKS_LEFT] -= 1
    if state[PICKS_LEFT] <= 0 or bank_size(state, NUM_RESOURCES) == 0:
        state[PICKS_LEFT] = 0
        end_card(state)


@njit(cache=True)
def play_monopoly(state, p):
    _spend(state, p, MONOPOLY)
    state[PHASE] = PHASE_MONOPOLY


@njit(cache=True)
def claim_monopoly(state, p, r):
    """Every other player hands ``p`` all their cards of ``r`` (base §8.5)."""
    n = state[NUM_PLAYERS]
    for q in range(n):
        if q != p:
            held = state[HAND + q * NUM_CARD_TYPES + r]
            if held > 0:
                move_card(state, q, p, r, held)
    end_card(state)


@njit(cache=True)
def end_card(state):
    state[PHASE] = state[RESUME_PHASE]


@njit(cache=True, inline="always")
def bank_has(state, r):
    return state[BANK + r] > 0
