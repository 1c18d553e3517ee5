"""Explicit chance nodes: every outcome of an action with its probability.

``Game.chance_outcomes(action)`` answers what OpenSpiel's chance nodes answer
for search: the distinct positions an action can lead to, each with its exact
probability (the dice, the C&K event die, a steal, a development or progress
card drawn from a deck whose order nobody knows). An action without randomness
has one outcome with probability 1.

How: a copy of the state is stepped with its draws *forced* (see
:mod:`catan_env.games.catan.common.rng`): each draw returns a value chosen here and records
its range, so a depth-first search over the values visits every outcome, with
probability the product of ``1 / range`` along its path. Two values whose
steps reach the next draw in equal states (stealing either of two bricks, two
dice that leave the same first die) are followed once with their weights
summed, and leaves with equal final states are merged, so the outcomes are
distinct positions. A deck draw is forced by card kind, weighted by how many
cards of that kind are left (the deck's order is hidden and uniformly random
to every player).

What is the same outcome, what each outcome is called and which draws may
repeat without bound are the variant's (``spec.chance``): in the base game
the two dice are interchangeable and only their total has any effect, so a
roll has 11 outcomes, one per total, each shown with the first pair of faces
that gives it. The easy-start option of C&K rerolls a production 7 (C&K §7):
a rejection loop, whose paths with more rerolls than the state can force are
dropped; the others are renormalised, which is exact because every reroll
starts afresh.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from catan_env.games.catan.common import layout as L

from .explain import IllegalActionError

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of an action.

    Attributes:
        probability: its probability (the outcomes of an action sum to 1).
        game: the position after the action with this outcome (a new Game).
        label: what chance decided, e.g. ``"roll 8"`` or ``"steal ore from seat 2"``.
        fraction: ``probability`` as an exact fraction.
    """

    probability: float
    game: Game
    label: str
    fraction: Fraction


def chance_outcomes(game: Game, action: int | str) -> list[ChanceOutcome]:
    """The distinct outcomes of ``action`` in ``game``, most likely first.

    Raises:
        IllegalActionError: ``action`` is not legal now.
        TypeError, ValueError: not an action id or name.

    ``game`` is not changed.
    """
    if game.variant.chance is None:
        raise ValueError(f"chance_outcomes does not support variant={game.variant.name!r}")
    table = game.variant.actions
    a = table.action_id(action)
    mask = game.action_mask()
    if not mask[a]:
        raise IllegalActionError(game.variant.explain(game.state, a, mask))
    enum = _Enumeration(game, a)
    leaves = enum.run()
    total = sum(f for f, _ in leaves.values())
    outcomes = []
    for fraction, state in leaves.values():
        fraction = fraction / total
        child = game.copy()
        child.state = state
        child.actions.append(a)
        label = _label(game, state, table.names[a], len(leaves) > 1)
        outcomes.append(ChanceOutcome(float(fraction), child, label, fraction))
    outcomes.sort(key=lambda o: -o.fraction)
    return outcomes


class _Enumeration:
    """The depth-first search over forced draws of one action."""

    def __init__(self, game: Game, action: int, merge_prefixes: bool = True):
        self.game = game
        self.merge_prefixes = merge_prefixes  # False: visit every path (tests)
        self.action = action
        self.scratch = np.zeros(game.num_actions, np.int32)
        self.leaves: dict[bytes, list] = {}
        self.dropped = Fraction(0)
        self.chance = game.variant.chance

    def step(self, prefix: tuple[int, ...]):
        """Step a copy with the draws in ``prefix`` forced; return it, its draws and key."""
        s = self.game.state.copy()
        s[L.CHANCE_FORCING] = 1
        s[L.CHANCE_FORCED] = len(prefix)
        s[L.CHANCE_VALUES : L.CHANCE_VALUES + len(prefix)] = prefix
        self.game.variant.step(s, self.game.tables, self.action, self.scratch)
        draws = int(s[L.CHANCE_DRAWS])
        ranges = s[L.CHANCE_RANGES : L.CHANCE_RANGES + L.MAX_FORCED_DRAWS].tolist()
        key = (int(s[L.CHANCE_KEY]), int(s[L.CHANCE_KEY + 1]))
        s[L.CHANCE_START : L.CHANCE_STOP] = 0
        return s, draws, ranges, key

    def run(self) -> dict[bytes, list]:
        s, draws, ranges, _ = self.step(())
        if draws == 0:
            return {b"": [Fraction(1), s]}
        self.expand((), Fraction(1), ranges[0])
        if self.dropped:
            self._check_rejection()
        return self.leaves

    def expand(self, prefix: tuple[int, ...], weight: Fraction, n: int) -> None:
        """Try every value of draw ``len(prefix)`` (range ``n``); recurse per distinct state."""
        d = len(prefix) + 1
        groups: dict[tuple, list] = {}
        for v in range(n):
            p = (*prefix, v)
            s, draws, ranges, key = self.step(p)
            if draws > d:
                if d >= L.MAX_FORCED_DRAWS:
                    g = ("drop",)
                else:
                    g = ("mid", ranges[d], key if self.merge_prefixes else p)
            else:
                g = ("leaf", self.merge_key(s))
            entry = groups.get(g)
            if entry is None:
                groups[g] = [1, p, s]
            else:
                entry[0] += 1
        for g, (count, p, s) in groups.items():
            w = weight * Fraction(count, n)
            if g[0] == "drop":
                self.dropped += w
            elif g[0] == "mid":
                self.expand(p, w, g[1])
            else:
                leaf = self.leaves.get(g[1])
                if leaf is None:
                    self.leaves[g[1]] = [w, s]
                else:
                    leaf[0] += w

    def merge_key(self, s: np.ndarray) -> bytes:
        return self.chance.merge_key(s)

    def _check_rejection(self) -> None:
        if not self.chance.redraws_without_bound(self.game.state):  # a broken assumption
            raise RuntimeError(
                f"action {self.game.action_names[self.action]!r} drew more than "
                f"{L.MAX_FORCED_DRAWS} times; chance_outcomes cannot enumerate it"
            )


def _label(game: Game, after: np.ndarray, action_name: str, random: bool) -> str:
    """What chance decided, read from the differences the action made."""
    if not random:
        return action_name
    before = game.state
    rolled = action_name == "roll" or not np.array_equal(
        before[L.DICE : L.DICE + 2], after[L.DICE : L.DICE + 2]
    )
    parts = game.variant.chance.describe(before, after, rolled)
    return ", ".join(parts) if parts else action_name
