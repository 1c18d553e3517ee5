"""Determinization: a full game state consistent with what one seat knows.

Search in a game of hidden information (determinized or information-set MCTS)
plays out *guesses* of the position: every card the seat cannot see is dealt
again at random, consistently with everything the seat can see. What is
resampled (base §12.2, C&K §3.20):

* the opponents' hands: their sizes, the bank and the seat's own hand are
  public or known, so the unseen pool of each card type is fixed, and it is
  dealt again among the opponents, hand sizes kept;
* base: the opponents' development cards and the deck. The pool is every card
  not played and not in the seat's hand; each opponent keeps its number of
  cards and of cards bought this turn, the deck its size, in a new order;
* C&K: the opponents' progress cards and the three decks. Each deck keeps its
  size and holds only its own cards (Printer and Constitution, never held, stay
  in their deck while unrevealed); the order of each deck is new;
* the game's random generator, so the future dice are unknown too.

Cards that an ongoing decision shows must be held stay held: an opponent's
offer (what it gives, what an acceptor gives back), the resource offered with
Commercial Harbor and a commodity to answer it. A seat looking at a hand
(Spy, Master Merchant) sees it exactly, so that hand is kept. The base game's
hidden VP cards never give an opponent the VP to win (it would have won).
Everything else in the state is public and kept. The result has the seat's
observation, and its legal actions when it decides, unchanged.

The deal is uniform over the consistent placements of the unseen cards: it
ignores what a perfect-memory player could infer from the history (trades,
its own steals). It depends only on what the seat knows and on ``rng``: two
states that differ only in what the seat cannot see give the same
determinization for the same generator state (unless a deal keeps the true
hands after failing its constraints ``ATTEMPTS`` times). Search that reads the
game only through :func:`determinize_state` therefore never peeks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    DEV_COUNTS,
    DEV_DECK_SIZE,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    VICTORY_POINT,
)
from catan_env.games.catan.common.phases import GAME_OVER, TRADE_CLOSE, TRADE_COMPOSE, TRADE_RESPOND

if TYPE_CHECKING:
    from .game import Game
    from .variants import Variant

#: Deals tried before falling back to keeping the opponents' hands (a deal can
#: fail a constraint it does not build in: a VP-card cap, a needed commodity).
ATTEMPTS = 20

_TRADE_PHASES = (TRADE_COMPOSE, TRADE_RESPOND, TRADE_CLOSE)


def determinize(game: Game, seat: int, rng: np.random.Generator | int | None = None) -> Game:
    """A copy of ``game`` with everything ``seat`` cannot see dealt again at random.

    Args:
        game: the position (not changed).
        seat: the seat whose knowledge is kept.
        rng: a numpy Generator, or a seed for one.

    Returns:
        A new :class:`~catan_env.Game` without a record (it is a guess, not a
        replayable game); ``observe(seat)`` is the same as in ``game``.
    """
    from .game import Game

    seat = game._seat(seat)
    rng = np.random.default_rng(rng)
    state = determinize_state(game.variant, game.state, game.tables, seat, rng)
    return Game._from_state(state, game.config)


def determinize_state(
    variant: Variant,
    state: np.ndarray,
    tables: np.ndarray,
    seat: int,
    rng: np.random.Generator,
) -> np.ndarray:
    """:func:`determinize` on a bare state array; returns a new array."""
    if variant.name == "explorers_and_pirates":
        # Search agents are offered for the base game and C&K only: an E&P sample would
        # also have to redraw face-down hexes, token and lair stacks, shoals and villages.
        raise ValueError(
            "determinize supports variant='base' and 'cities_and_knights', not "
            "'explorers_and_pirates', so search agents (mcts) cannot play E&P"
        )
    ck = variant.name == "cities_and_knights"
    n = int(state[L.NUM_PLAYERS])
    opponents = [q for q in range(n) if q != seat]
    over = state[L.PHASE] == GAME_OVER
    reference = None
    if not over and state[L.CURRENT_PLAYER] == seat:
        reference = np.zeros(variant.num_actions, np.bool_)
        variant.legal_mask(state, tables, reference)
    keep_hand, keep_cards = _kept(state, seat, ck)
    reserved = _reserved(state, seat, ck)
    for attempt in range(ATTEMPTS + 1):
        fallback = attempt == ATTEMPTS
        s = state.copy()
        hands = [] if fallback else [q for q in opponents if q not in keep_hand]
        cards = [] if fallback else [q for q in opponents if q not in keep_cards]
        _deal_hands(s, hands, reserved, rng)
        if ck:
            _deal_progress(s, cards, rng)
        else:
            _deal_dev(s, cards, rng)
        s[L.RNG : L.RNG + 2] = rng.integers(-(2**31), 2**31, 2, dtype=np.int64)
        if fallback or _consistent(variant, s, tables, opponents, reference, ck):
            return s
    raise AssertionError("unreachable")


def _kept(state: np.ndarray, seat: int, ck: bool) -> tuple[set[int], set[int]]:
    """Opponents whose resource hand / cards the seat sees in the current decision."""
    if not ck or state[L.CURRENT_PLAYER] != seat:
        return set(), set()
    from catan_env.games.catan.cities_and_knights.layout import CARD_TARGET
    from catan_env.games.catan.cities_and_knights.phases import MASTER_PICK, SPY_CARD

    phase = state[L.PHASE]
    target = int(state[CARD_TARGET])
    if phase == MASTER_PICK:
        return {target}, set()
    if phase == SPY_CARD:
        return set(), {target}
    return set(), set()


def _reserved(state: np.ndarray, seat: int, ck: bool) -> np.ndarray:
    """Cards each opponent must hold for the decision in progress (seat by type)."""
    res = np.zeros((MAX_PLAYERS, NUM_CARD_TYPES), np.int64)
    n = int(state[L.NUM_PLAYERS])
    a = int(state[L.ACTIVE_PLAYER])
    if state[L.PHASE] in _TRADE_PHASES:
        give = state[L.TRADE_GIVE : L.TRADE_GIVE + NUM_CARD_TYPES]
        want = state[L.TRADE_WANT : L.TRADE_WANT + NUM_CARD_TYPES]
        if a != seat:
            res[a] += give
        for q in range(n):
            if q != seat and state[L.TRADE_ANSWER + q] == L.ANSWER_ACCEPT:
                res[q] += want
    if ck:
        from catan_env.games.catan.cities_and_knights.layout import HARBOR_OFFER, HARBOR_TARGET

        if state[HARBOR_TARGET] >= 0 and a != seat:
            res[a, int(state[HARBOR_OFFER])] += 1
    return res


def _deal_hands(s: np.ndarray, seats: list[int], reserved: np.ndarray, rng) -> None:
    """Deal the cards in ``seats``' hands again among them, sizes and reservations kept."""
    if not seats:
        return
    hands = s[L.HAND : L.HAND + MAX_PLAYERS * NUM_CARD_TYPES].reshape(MAX_PLAYERS, NUM_CARD_TYPES)
    pool = hands[seats].sum(axis=0) - reserved[seats].sum(axis=0)
    cards = np.repeat(np.arange(NUM_CARD_TYPES), pool)
    rng.shuffle(cards)
    i = 0
    for q in seats:
        take = int(hands[q].sum() - reserved[q].sum())
        hands[q] = reserved[q] + np.bincount(cards[i : i + take], minlength=NUM_CARD_TYPES)
        i += take


def _deal_dev(s: np.ndarray, seats: list[int], rng) -> None:
    """Base: deal the opponents' development cards and the deck again."""
    size = MAX_PLAYERS * NUM_DEV_TYPES
    hand = s[L.DEV_HAND : L.DEV_HAND + size].reshape(MAX_PLAYERS, NUM_DEV_TYPES)
    new = s[L.DEV_NEW : L.DEV_NEW + size].reshape(MAX_PLAYERS, NUM_DEV_TYPES)
    pos = int(s[L.DECK_POS])
    deck = s[L.DECK + pos : L.DECK + DEV_DECK_SIZE]
    # Sorted before the shuffle, so that the deal depends on the pool only.
    held = np.repeat(np.tile(np.arange(NUM_DEV_TYPES), len(seats)), hand[seats].ravel())
    cards = np.sort(np.concatenate([deck, held]))
    rng.shuffle(cards)
    i = 0
    for q in seats:
        count = int(hand[q].sum())
        bought = int(new[q].sum())
        got = cards[i : i + count]
        hand[q] = np.bincount(got, minlength=NUM_DEV_TYPES)
        # Which of them were bought this turn: any ``bought`` of them (shuffled already).
        new[q] = np.bincount(got[:bought], minlength=NUM_DEV_TYPES)
        i += count
    deck[:] = cards[i:]
    # The drawn part of the deck lists every card drawn so far (the invariants
    # check it against hands and played cards; nothing else reads it): list
    # the cards drawn in the new deal, by kind.
    drawn = np.asarray(DEV_COUNTS) - np.bincount(deck, minlength=NUM_DEV_TYPES)
    s[L.DECK : L.DECK + pos] = np.repeat(np.arange(NUM_DEV_TYPES), drawn)


def _deal_progress(s: np.ndarray, seats: list[int], rng) -> None:
    """C&K: deal the opponents' progress cards and the three decks again."""
    from catan_env.games.catan.cities_and_knights.constants import (
        CARD_DECK,
        DECK_SIZE,
        NUM_CARD_KINDS,
        NUM_TRACKS,
        VP_CARD_KINDS,
    )
    from catan_env.games.catan.cities_and_knights.layout import (
        PDECK,
        PDECK_COUNT,
        PDECK_HEAD,
        PROGRESS_HAND,
    )

    size = MAX_PLAYERS * NUM_CARD_KINDS
    hands = s[PROGRESS_HAND : PROGRESS_HAND + size].reshape(MAX_PLAYERS, NUM_CARD_KINDS)
    held = hands[seats].sum(axis=0) if seats else np.zeros(NUM_CARD_KINDS, np.int64)
    to_hands = []
    for d in range(NUM_TRACKS):
        count = int(s[PDECK_COUNT + d])
        slots = PDECK + d * DECK_SIZE + (int(s[PDECK_HEAD + d]) + np.arange(count)) % DECK_SIZE
        in_deck = s[slots]
        kinds = np.flatnonzero(CARD_DECK == d)
        pool = np.sort(np.concatenate([in_deck, np.repeat(kinds, held[kinds])]))
        vp = np.isin(pool, VP_CARD_KINDS)  # never held: they stay in the deck
        others = pool[~vp]
        rng.shuffle(others)
        free = count - int(vp.sum())
        deck = np.concatenate([pool[vp], others[:free]])
        rng.shuffle(deck)
        s[slots] = deck
        to_hands.append(others[free:])
    cards = np.concatenate(to_hands) if to_hands else np.zeros(0, np.int64)
    rng.shuffle(cards)
    i = 0
    for q in seats:
        count = int(hands[q].sum())
        hands[q] = np.bincount(cards[i : i + count], minlength=NUM_CARD_KINDS)
        i += count


def _consistent(variant, s, tables, opponents, reference, ck) -> bool:
    """The constraints the deal does not build in."""
    if ck:
        from catan_env.games.catan.cities_and_knights.layout import HARBOR_TARGET

        q = int(s[HARBOR_TARGET])
        commodities = L.HAND + q * NUM_CARD_TYPES + np.arange(NUM_RESOURCES, NUM_CARD_TYPES)
        if q >= 0 and s[commodities].sum() == 0:
            return False  # the addressee of Commercial Harbor holds a commodity
    else:
        target = int(s[L.OPT_VP_TO_WIN])
        for q in opponents:
            vp = s[L.PUBLIC_VP + q] + s[L.DEV_HAND + q * NUM_DEV_TYPES + VICTORY_POINT]
            if vp >= target:
                return False
    if reference is not None:
        mask = np.zeros(variant.num_actions, np.bool_)
        variant.legal_mask(s, tables, mask)
        if not np.array_equal(mask, reference):
            return False
    return True
