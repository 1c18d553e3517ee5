"""Batched simulator: N games held as one 2-D state array, stepped in parallel.

Example:
    >>> from catan_env.vector import VectorCatan
    >>> venv = VectorCatan(num_envs=256, num_players=4, seed=0)
    >>> masks = venv.action_masks()                  # (256, 280) bool
    >>> actions = venv.random_actions()              # or your policy's choice
    >>> out = venv.step(actions)
    >>> out.rewards.shape, out.terminated.shape      # (256, 4), (256,)

Each row is exactly the single-game state, so a row evolves as a
:class:`~catan_env.Game` with the same seed and actions would. Games that end
restart at once (same-step auto-reset): ``step`` reports the end in
``terminated``/``truncated``, the rewards of that game, and its final state in
``final_states``; the row already holds the next game. Game ``i``'s ``k``-th
episode is seeded by :func:`episode_seed` (base seed, ``i``, ``k``), so results
do not depend on the number of threads.

There is no Python work per game per step: masks, stepping, resets and random
actions are numba kernels parallel over games (``numba.prange``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from catan_env.core.batch import batch_masks, batch_random_actions, first_illegal
from catan_env.core.rng import episode_seed as _episode_seed
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import MAX_PLAYERS
from catan_env.games.catan.common.rng import seed_at

from .config import GameConfig
from .explain import IllegalActionError
from .variants import get_variant


@dataclass
class VectorStep:
    """What :meth:`VectorCatan.step` returns (arrays owned by the simulator;
    copy them to keep them past the next step).

    Attributes:
        rewards: ``(N, 4)`` float32, +1 winner / -1 other seats of games that
            ended with a winner this step, else 0.
        terminated: ``(N,)`` bool, a game ended with a winner.
        truncated: ``(N,)`` bool, a game hit the turn limit.
        current_players: ``(N,)`` the seat to act next in each row.
        final_states: ``(N, S)``; row ``i`` is the final state of the game that
            ended in row ``i`` this step (meaningful where ``terminated | truncated``).
    """

    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    current_players: np.ndarray
    final_states: np.ndarray


def episode_seed(base_seed: int, env: int, episode: int) -> int:
    """The game seed of episode ``episode`` of row ``env`` (use with ``Game(seed=...)``)."""
    return int(_episode_seed(np.uint64(base_seed), np.int64(env), np.int64(episode)))


class VectorCatan:
    """N games of Catan stepped together.

    Args:
        num_envs: number of games (rows).
        num_players: seats per game (2-4).
        variant: rule set (``"base"`` or ``"cities_and_knights"``).
        seed: base seed of every row's episodes.
        num_threads: numba threads for the kernels (default: numba's default).
        **options: rule options of :class:`~catan_env.config.GameConfig`.
    """

    def __init__(
        self,
        num_envs: int,
        num_players: int = 4,
        variant: str = "base",
        seed: int = 0,
        num_threads: int | None = None,
        **options: Any,
    ):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        self.config = GameConfig.make(variant=variant, num_players=num_players, **options)
        self.num_envs = num_envs
        self.num_threads = num_threads
        self.variant = get_variant(self.config.variant)
        size, n_actions = self.variant.state_size, self.variant.num_actions
        self.tables = self.variant.tables(self.config)
        self._cfg = self.config.config_vector()
        self._tmpl = self.config.board_template()
        n = num_envs
        self.states = np.zeros((n, size), L.STATE_DTYPE)
        self.episodes = np.zeros(n, np.int64)
        self._scratch = np.zeros((n, n_actions), np.int32)
        self._lists = np.zeros((n, n_actions), np.int32)
        self._counts = np.zeros(n, np.int32)
        self._lists_valid = False
        self._masks = np.zeros((n, n_actions), np.bool_)
        self._masks_valid = False
        self._rewards = np.zeros((n, MAX_PLAYERS), np.float32)
        self._terminated = np.zeros(n, np.bool_)
        self._truncated = np.zeros(n, np.bool_)
        self._players = np.zeros(n, np.int32)
        self._final = np.zeros((n, size), L.STATE_DTYPE)
        self._agent_rngs = np.zeros((n, 2), np.int32)
        self.reset(seed)

    def _threads(self):
        if self.num_threads is not None:
            numba.set_num_threads(self.num_threads)

    def reset(self, seed: int | None = None) -> None:
        """Start a fresh game in every row (episode counters back to 0)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
                raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
            self.seed = int(seed)
        self._threads()
        self.episodes[:] = 0
        self.variant.batch_reset(
            self.states, self.tables, self._cfg, self._tmpl, np.uint64(self.seed), self.episodes
        )
        for i in range(self.num_envs):
            seed_at(self._agent_rngs[i], 0, (self.seed * 7919 + i) & 0x7FFFFFFFFFFFFFFF)
        self._invalidate()

    def _invalidate(self):
        self._lists_valid = False
        self._masks_valid = False

    def _legal(self):
        if not self._lists_valid:
            self._threads()
            self.variant.batch_legal(self.states, self.tables, self._lists, self._counts)
            self._lists_valid = True

    def current_players(self) -> np.ndarray:
        """``(N,)`` the seat that must decide in each row."""
        self.variant.batch_current_players(self.states, self._players)
        return self._players

    def action_masks(self) -> np.ndarray:
        """``(N, 280)`` bool legal-action masks of each row's current decision."""
        if not self._masks_valid:
            self._legal()
            batch_masks(self._lists, self._counts, self._masks)
            self._masks_valid = True
        return self._masks

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per row (the simulator's own generators)."""
        self._legal()
        out = np.empty(self.num_envs, np.int64)
        batch_random_actions(self._lists, self._counts, self._agent_rngs, out)
        return out

    def observe(self, players: np.ndarray | None = None) -> np.ndarray:
        """``(N, obs_size)`` observations, by default of each row's current player."""
        if players is None:
            players = self.current_players()
        else:
            # Checked here: the jitted observation trusts its seat and would read
            # outside the state for a seat that does not exist.
            p = np.asarray(players)
            n = self.config.num_players
            if p.shape != (self.num_envs,) or p.dtype.kind not in "iu":
                raise ValueError(
                    f"players must be {self.num_envs} integer seats, got shape {p.shape} "
                    f"of dtype {p.dtype}"
                )
            if ((p < 0) | (p >= n)).any():
                i = int(np.flatnonzero((p < 0) | (p >= n))[0])
                raise ValueError(f"row {i}: seat {int(p[i])} does not exist (seats 0..{n - 1})")
            players = p
        out = np.empty((self.num_envs, self.variant.obs_size), np.float32)
        for i in range(self.num_envs):
            self.variant.observe_into(self.states[i], self.tables, int(players[i]), out[i])
        return out

    def step(self, actions: np.ndarray) -> VectorStep:
        """Apply one action per row (each row's current player acts).

        Raises:
            IllegalActionError: some action is illegal in its row (the message
                names the row and why); no row is changed.
            ValueError: ``actions`` has the wrong shape or values out of range.
        """
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.num_envs} integer ids, got shape {a.shape} "
                f"of dtype {a.dtype}"
            )
        n_actions = self.variant.num_actions
        if ((a < 0) | (a >= n_actions)).any():
            i = int(np.flatnonzero((a < 0) | (a >= n_actions))[0])
            raise ValueError(f"row {i}: action id {int(a[i])} is out of range 0..{n_actions - 1}")
        a = a.astype(np.int64, copy=False)
        self._legal()
        i = first_illegal(self._lists, self._counts, a)
        if i >= 0:
            mask = np.zeros(n_actions, np.bool_)
            mask[self._lists[i, : self._counts[i]]] = True
            raise IllegalActionError(
                f"row {i}: " + self.variant.explain(self.states[i], int(a[i]), mask)
            )
        self._threads()
        self.variant.batch_step(
            self.states,
            self.tables,
            a,
            self._cfg,
            self._tmpl,
            np.uint64(self.seed),
            self.episodes,
            self._scratch,
            self._rewards,
            self._terminated,
            self._truncated,
            self._final,
        )
        self._invalidate()
        return VectorStep(
            self._rewards, self._terminated, self._truncated, self.current_players(), self._final
        )

    def action_name(self, action: int) -> str:
        return self.variant.actions.names[action]


# The learner's batched env lives in its own module (every game, through the registry).
from .learner_env import LearnerVecEnv, episode_seeds  # noqa: E402,F401
