"""PettingZoo AEC environment for Catan.

Usage:
    >>> import catan_env
    >>> env = catan_env.env(num_players=4)
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     obs, reward, termination, truncation, info = env.last()
    ...     action = None if termination or truncation else \\
    ...         env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are ``player_0 .. player_{n-1}`` (seat order). Catan does not cycle
seats: the engine names the next decider (discards on a 7 and trade answers
happen out of turn), and ``agent_selection`` follows it.

Spaces (per variant):
    action: ``Discrete(260)`` for the base game, ``Discrete(1016)`` for Cities &
    Knights (see :mod:`catan_env.actions` for names).
    observation: ``Dict(observation=Box(0, 1, (obs_size,), float32),
    action_mask=Box(0, 1, (num_actions,), int8))``; the vector is the seat's own
    view (the ``observe`` module of the variant's package under
    :mod:`catan_env.games.catan`); the mask is all
    zeros for agents not to act.

Rendering: ``render_mode="ansi"`` returns a text board, ``"rgb_array"`` a
``uint8`` picture ``(660, 1000, 3)``, ``"human"`` shows it in a window after
every step (:mod:`catan_env.render`).

Records: ``env.unwrapped.record()`` is the current game's record and
``env.unwrapped.save_record(path)`` writes it (:mod:`catan_env.replay`;
``catan-env replay FILE`` replays it, ``--html`` makes a viewer page).

Rewards: at the end of a won game the winner gets +1 and every other seat -1;
a game truncated by ``max_turns`` gives 0 to all. Illegal actions raise
:class:`~catan_env.explain.IllegalActionError` and change nothing (``env()``
does not wrap the env in PettingZoo's TerminateIllegalWrapper).

Version history:
    v0: initial release (base game, Cities & Knights).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from catan_env.games.catan.common.layout import CURRENT_PLAYER

from .game import Game
from .render import Renderer, available_render_modes
from .replay import save_record


def env(**kwargs: Any) -> AECEnv:
    """The AEC env with PettingZoo's order-enforcing wrapper.

    Keyword arguments are those of :class:`raw_env`.
    """
    return OrderEnforcingWrapper(raw_env(**kwargs))


class OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order enforcing with the same checks, but reading the env's
    attributes directly.

    The inherited ``last``, ``step`` and iterator read attributes through the
    wrapper's ``__getattr__``, which cost a fifth of a whole AEC step here.
    """

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("last() cannot be called before reset()")
        return self.env.last(observe)

    def step(self, action) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)  # PettingZoo's error or warning
            return
        self._has_updated = True
        self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63):
        if not self._has_reset:
            super().agent_iter(max_iter)  # raises PettingZoo's error
        return _OrderEnforcingIterator(self, max_iter)


class _OrderEnforcingIterator:
    """PettingZoo's order-enforcing agent iterator without the attribute detour."""

    def __init__(self, wrapper: OrderEnforcingWrapper, max_iter: int):
        self.wrapper = wrapper
        self.raw = wrapper.env
        self.left = max_iter

    def __iter__(self):
        return self

    def __next__(self) -> str:
        if not self.raw.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        if not self.wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        self.wrapper._has_updated = False
        return self.raw.agent_selection


class raw_env(AECEnv):
    """Catan as a PettingZoo AEC environment.

    Args:
        variant: rule set (``"base"`` or ``"cities_and_knights"``).
        num_players: 2-4.
        render_mode: ``None``, ``"ansi"``, ``"rgb_array"`` or ``"human"``.
        **options: rule options of :class:`~catan_env.config.GameConfig`.
    """

    metadata = {
        "render_modes": available_render_modes(),
        "render_fps": 4,
        "name": "catan_base_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str = "base",
        num_players: int = 4,
        render_mode: str | None = None,
        **options: Any,
    ):
        super().__init__()
        # Built first: a bad mode, or "human" without a display, fails here.
        self._renderer = Renderer(render_mode, f"catan_{variant}")
        self.render_mode = render_mode
        self._variant = variant
        self._options = dict(options)
        # Build one game now so a bad configuration fails at construction.
        self.game = Game(variant=variant, num_players=num_players, seed=0, **options)
        self.metadata = {**self.metadata, "name": f"catan_{variant}_v0"}
        n_actions = self.game.num_actions
        obs_size = self.game.variant.obs_size
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` fixes it completely."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**63 - 1))
        self.game = Game(
            variant=self._variant,
            num_players=len(self.possible_agents),
            seed=game_seed,
            **self._options,
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        game = self.game
        if not game.done and game.state[CURRENT_PLAYER] == seat:
            mask = game._legal().astype(np.int8)
        else:
            mask = np.zeros(game.num_actions, np.int8)
        obs = np.empty(game.variant.obs_size, np.float32)
        game.variant.observe_into(game.state, game.tables, seat, obs)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only valid for finished agents")
        game = self.game
        game.step(action)
        self._cumulative_rewards[agent] = 0.0
        # Rewards are all zero while a game runs, so there is nothing to clear.
        if game.done:
            winner = self.game.winner
            for a in self.agents:
                if winner is None:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                    self.rewards[a] = 1.0 if self._seat_of[a] == winner else -1.0
                self.infos[a] = {"winner": winner, "turns": self.game.turn}
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[game.state[CURRENT_PLAYER]]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The text board (``ansi``), the picture (``rgb_array``), or show it (``human``)."""
        return self._renderer.render(self.game)

    def record(self) -> dict:
        """The current game's record (seed, options, actions; :mod:`catan_env.replay`)."""
        return self.game.record()

    def save_record(self, path) -> None:
        """Write the current game's record as JSON to ``path`` (``.gz``: compressed)."""
        save_record(self.record(), path)

    def close(self) -> None:
        self._renderer.close()
