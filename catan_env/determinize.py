"""Determinization: a full game state consistent with what one seat knows.

Search in a game of hidden information (determinized or information-set MCTS)
plays out *guesses* of the position: every card the seat cannot see is dealt
again at random, consistently with everything the seat can see. What is
resampled (base §12.2, C&K §3.20):

* the opponents' hands: their sizes, the bank and the seat's own hand are
  public or known, so the unseen pool of each card type is fixed, and it is
  dealt again among the opponents, hand sizes kept;
* the variant's own hidden cards (``spec.determinize``): base, the opponents'
  development cards and the deck (:mod:`catan_env.games.catan.base.determinize`);
  C&K, the opponents' progress cards and the three decks
  (:mod:`catan_env.games.catan.cities_and_knights.determinize`);
* the game's random generator, so the future dice are unknown too.

Explorers & Pirates offers no determinization (a ``ValueError`` says so).

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
from catan_env.games.catan.common.determinize import deal_hands
from catan_env.games.catan.common.phases import GAME_OVER

if TYPE_CHECKING:
    from .game import Game
    from .variants import Variant

#: Deals tried before falling back to keeping the opponents' hands (a deal can
#: fail a constraint it does not build in: a VP-card cap, a needed commodity).
ATTEMPTS = 20


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
    """:func:`determinize` on a bare state array; returns a new array.

    Raises:
        ValueError: the variant offers no determinization (``spec.determinize`` is None).
    """
    rules = variant.determinize
    if rules is None:
        from .variants import VARIANT_NAMES, get_variant

        offered = [v for v in VARIANT_NAMES if get_variant(v).determinize is not None]
        raise ValueError(
            f"determinize supports variant={' and '.join(map(repr, offered))}, not "
            f"{variant.name!r}, so search agents (mcts) cannot play {variant.title}"
        )
    n = int(state[L.NUM_PLAYERS])
    opponents = [q for q in range(n) if q != seat]
    over = state[L.PHASE] == GAME_OVER
    reference = None
    if not over and state[L.CURRENT_PLAYER] == seat:
        reference = np.zeros(variant.num_actions, np.bool_)
        variant.legal_mask(state, tables, reference)
    keep_hand, keep_cards = rules.kept(state, seat)
    reserved = rules.reserved(state, seat)
    for attempt in range(ATTEMPTS + 1):
        fallback = attempt == ATTEMPTS
        s = state.copy()
        hands = [] if fallback else [q for q in opponents if q not in keep_hand]
        cards = [] if fallback else [q for q in opponents if q not in keep_cards]
        deal_hands(s, hands, reserved, rng)
        rules.deal_cards(s, cards, rng)
        s[L.RNG : L.RNG + 2] = rng.integers(-(2**31), 2**31, 2, dtype=np.int64)
        if fallback or _consistent(variant, s, tables, opponents, reference):
            return s
    raise AssertionError("unreachable")


def _consistent(variant, s, tables, opponents, reference) -> bool:
    """The constraints the deal does not build in: the variant's, then the same legal actions."""
    if not variant.determinize.consistent(s, opponents):
        return False
    if reference is not None:
        mask = np.zeros(variant.num_actions, np.bool_)
        variant.legal_mask(s, tables, mask)
        if not np.array_equal(mask, reference):
            return False
    return True
