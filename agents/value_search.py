"""Search with a learned value: a depth-limited expectimax over sampled determinizations.

:class:`ValueSearchAgent` decides by looking at what each of its legal actions
leads to and scoring the positions reached with a value network
(:class:`~agents.value_net.ValueNet`: each seat's chance of winning, from the
deciding seat's observation), inside numba (the game's kernels'
``search_values``):

* **Hidden information and chance** come from *determinizations*
  (:func:`catan_env.determinize.determinize_state`): everything the seat
  cannot see is dealt again at random, consistently with what it sees, and the
  game's generator with it, so the dice of a roll, the card of a purchase and
  the card of a steal are drawn again in each. An action's value is the mean
  over the determinizations, an expectation over chance sampled with the
  engine's own probabilities (``tests/agents/test_value_search.py`` checks the
  sampled dice against :func:`catan_env.chance.chance_outcomes`). The search
  reads the game only through them, so it never peeks.
* **Depth**: ``depth=1`` scores the position right after the action; ``depth=2``
  (default) also takes the seat's best next action where the seat decides again
  at once (a build after a trade, a road after a purchase), so an action is
  judged with what it allows. When the turn passes to another seat the value
  net judges the position as it stands: the opponents are not searched.
* **Budget**: determinizations are added two at a time until ``time_budget``
  seconds of CPU time are spent (at least ``min_determinizations``, at most
  ``max_determinizations``); a decision with one legal action is not searched.

:meth:`ValueSearchAgent.search` returns every legal action's value, which
expert iteration (:mod:`train.expert_iteration`) turns into policy targets.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np

from .base import register
from .mcts import search_seconds
from .value_net import HEAD_SEATS, ValueNet, load_value

#: Where the shipped value networks live (beside the policies).
CHECKPOINTS = Path(__file__).resolve().parent / "checkpoints"
#: The shipped value network of each game.
SHIPPED_VALUE = {"base": "value_base.npz"}


def shipped_value(game: str) -> ValueNet:
    """The shipped value network of ``game``.

    Raises:
        ValueError: none ships for that game (the message names those that do).
    """
    if game not in SHIPPED_VALUE:
        have = ", ".join(sorted(SHIPPED_VALUE))
        raise ValueError(f"no value network ships for {game!r}; shipped: {have}")
    return load_value(CHECKPOINTS / SHIPPED_VALUE[game])


class _Kit:
    """One value net's table and the kernel buffers of one game."""

    def __init__(self, net: ValueNet, spec):
        from catan_env.core import policy as P

        rules = spec.rules
        self.net, self.spec = net, spec
        self.params, self.meta = net.table()
        self.act = np.zeros(P.scratch_size(self.meta), np.float32)
        self.obs = np.zeros(rules.OBS_SIZE, np.float32)
        self.legal = np.zeros(rules.LEGAL_SIZE, np.int32)
        self.scratch = np.zeros(max(1, rules.SCRATCH_SIZE), np.int32)
        self.seats = np.arange(HEAD_SEATS, dtype=np.int32)
        self.s1 = np.zeros(spec.state_size, np.int32)
        self.s2 = np.zeros(spec.state_size, np.int32)

    def values(self, roots, tables, seat, actions, depth, out) -> int:
        return int(self.spec.kernels.search_values(
            roots, tables, seat, actions, depth, self.params, self.meta, 0, out,
            self.scratch, self.legal, self.obs, self.act, self.seats, self.s1, self.s2,
        ))  # fmt: skip


def _check_fits(net: ValueNet, game) -> None:
    name = game.variant.name
    if net.variant != name:
        raise ValueError(f"this value net was trained for {net.variant}, not {name}")
    if net.obs_size != game.variant.obs_size:
        raise ValueError(
            f"this value net reads observations of {net.obs_size} numbers; {name}'s have "
            f"{game.variant.obs_size}"
        )


class ValueSearchAgent:
    """Depth-limited expectimax over sampled determinizations, with a learned value.

    Args:
        seed: seeds the determinizations (a seeded agent with ``time_budget=None``
            repeats its games exactly).
        time_budget: seconds of CPU time per decision (default 0.2); ``None``: no
            clock, ``determinizations`` decide.
        value: a value checkpoint (path) or :class:`~agents.value_net.ValueNet`
            instead of the game's shipped one.
        depth: 1 or 2 (see the module docstring).
        determinizations: the most determinizations per decision (and the number
            used when ``time_budget`` is None).
        min_determinizations: the fewest, whatever the clock says.
        temperature: 0 plays the best action; above 0 samples
            ``softmax(value / temperature)`` (exploration in self-play).

    Raises (at the first ``act``):
        ValueError: no value net ships for the game, it does not fit the game, or the
            game offers no determinization.
    """

    name = "value-search"
    kernel_kind = None

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 0.2,
        value: str | os.PathLike | ValueNet | None = None,
        depth: int = 2,
        determinizations: int = 32,
        min_determinizations: int = 2,
        temperature: float = 0.0,
    ):
        if depth not in (1, 2):
            raise ValueError(f"depth must be 1 or 2, got {depth!r}")
        if time_budget is not None and not time_budget > 0:
            raise ValueError(f"time_budget must be positive seconds or None, got {time_budget!r}")
        if not 1 <= min_determinizations <= determinizations:
            raise ValueError("need 1 <= min_determinizations <= determinizations")
        if not temperature >= 0:
            raise ValueError(f"temperature must be >= 0, got {temperature!r}")
        self.time_budget = time_budget
        self.depth = depth
        self.determinizations = determinizations
        self.min_determinizations = min_determinizations
        self.temperature = temperature
        self.rng = np.random.default_rng(seed)
        self._fixed = value if isinstance(value, ValueNet) or value is None else load_value(value)
        self._kits: dict[str, _Kit] = {}
        #: Figures of the last searched decision: determinizations, positions scored, seconds.
        self.last: dict = {}

    def value_for(self, game) -> ValueNet:
        """The value net this agent plays in ``game``'s game."""
        return self._kit(game).net

    def _kit(self, game) -> _Kit:
        name = game.variant.name
        kit = self._kits.get(name)
        if kit is None:
            net = self._fixed if self._fixed is not None else shipped_value(name)
            _check_fits(net, game)
            kit = self._kits[name] = _Kit(net, game.variant)
        return kit

    def search(self, game) -> tuple[np.ndarray, np.ndarray]:
        """Every legal action of the deciding seat and its searched value (the mean over
        the determinizations of the seat's chance of winning)."""
        from catan_env.determinize import determinize_state

        kit = self._kit(game)
        legal = np.asarray(game.legal_actions(), np.int32)
        seat = int(game.current_player)
        sums = np.zeros(len(legal), np.float64)
        start = time.process_time()
        done = scored = 0
        while done < self.determinizations:
            k = min(2, self.determinizations - done)
            roots = np.stack([
                determinize_state(game.variant, game.state, game.tables, seat, self.rng)
                for _ in range(k)
            ])  # fmt: skip
            scored += kit.values(roots, game.tables, seat, legal, self.depth, sums)
            done += k
            if (
                self.time_budget is not None
                and done >= self.min_determinizations
                and time.process_time() - start >= self.time_budget * done / (done + k)
            ):
                break  # another pair would likely overrun the budget
        self.last = {"determinizations": done, "scored": scored,
                     "seconds": time.process_time() - start}  # fmt: skip
        return legal, sums / done

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        legal = game.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        actions, values = self.search(game)
        if self.temperature > 0:
            z = (values - values.max()) / self.temperature
            p = np.exp(z)
            return int(actions[self.rng.choice(len(actions), p=p / p.sum())])
        return int(actions[int(np.argmax(values))])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(time_budget={self.time_budget}, depth={self.depth})"


def value_search_from_spec(seconds: str | None = None, seed: int | None = None):
    """The agent of ``make_agent("value-search")`` or ``"value-search:SECONDS"``."""
    budget = search_seconds("value-search", seconds) if seconds is not None else 0.2
    return ValueSearchAgent(seed=seed, time_budget=budget)


register("value-search", value_search_from_spec)
