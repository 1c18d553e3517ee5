"""Win-rate statistics and skill ratings for tournaments.

Confidence intervals are Wilson score intervals (good at small counts and at
win rates near 0 or 1, unlike the normal approximation). Ratings use
openskill's Plackett-Luce model on the final ranking of every game, so a
four-player game teaches more than who won: second place beats third.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default ``z``).

    Args:
        wins: successes, ``0 <= wins <= n``.
        n: trials; with none the interval is the whole ``(0.0, 1.0)``.
        z: the normal quantile of the confidence level.

    Returns:
        ``(low, high)``, both within ``[0, 1]``.
    """
    if n < 0 or not 0 <= wins <= max(n, 0):
        raise ValueError(f"need 0 <= wins <= n, got wins={wins}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # The formula is exact at the edges; clamping only removes rounding dust.
    return max(0.0, centre - half), min(1.0, centre + half)


def beats_seat_share(wins: int, n: int, num_players: int, z: float = 1.96) -> bool:
    """Whether the win rate is above the ``1 / num_players`` share of a seat, with confidence."""
    return wilson_interval(wins, n, z)[0] > 1.0 / num_players


def game_ranks(winner: int, vps: np.ndarray) -> list[int]:
    """The finishing rank of each seat: 1 = best, ties share a rank and skip the next (1, 2, 2, 4).

    The winner is first; the others follow by victory points. A truncated game
    (``winner == -1``) ranks every seat by victory points.

    Args:
        winner: the winning seat, or -1.
        vps: each seat's final victory points (one entry per player).
    """
    ranks = []
    for p, vp in enumerate(vps):
        if p == winner:
            ranks.append(1)
            continue
        ahead = sum(1 for q, other in enumerate(vps) if q != winner and other > vp)
        ranks.append(1 + (winner >= 0) + ahead)
    return ranks


@dataclass
class Rating:
    """An openskill rating: skill ``mu``, uncertainty ``sigma``, ``ordinal = mu - 3 sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3.0 * self.sigma


def plackett_luce_ratings(
    names: Sequence[str], seatings: np.ndarray, ranks: np.ndarray
) -> dict[str, Rating]:
    """Rate agents from their games with openskill's Plackett-Luce model.

    Games are processed in index order, so the same games give the same
    ratings. An agent that holds several seats of one game (three copies of
    ``random``) is one player: each seat is rated as its own team from the
    agent's rating before the game, and the agent takes the sum of the seats'
    ``mu`` changes and the product of their ``sigma`` shrinkages, as if the
    seats' results had been observed one after another. Places it takes from
    itself cancel out in the sum.

    Args:
        names: the agents, indexed by the entries of ``seatings``.
        seatings: ``(games, players)`` agent index of each seat.
        ranks: ``(games, players)`` finishing rank of each seat (:func:`game_ranks`).

    Returns:
        The rating of every agent in ``names``, starting from openskill's defaults.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [Rating(model.mu, model.sigma) for _ in names]
    for seats, game_ranks_ in zip(seatings, ranks, strict=True):
        teams = [[model.rating(mu=ratings[a].mu, sigma=ratings[a].sigma)] for a in seats]
        rated = model.rate(teams, ranks=[int(r) for r in game_ranks_])
        dmu = dict.fromkeys(set(seats.tolist()), 0.0)
        shrink = dict.fromkeys(dmu, 1.0)
        for a, before, (after,) in zip(seats.tolist(), teams, rated, strict=True):
            dmu[a] += after.mu - before[0].mu
            shrink[a] *= after.sigma / before[0].sigma
        for a in dmu:
            ratings[a] = Rating(ratings[a].mu + dmu[a], ratings[a].sigma * shrink[a])
    return dict(zip(names, ratings, strict=True))
