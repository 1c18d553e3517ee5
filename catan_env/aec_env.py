"""PettingZoo AEC environment for every registered game (Catan, Ancients).

Usage:
    >>> import catan_env
    >>> env = catan_env.env(num_players=4)
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     obs, reward, termination, truncation, info = env.last()
    ...     action = None if termination or truncation else \\
    ...         env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

``variant`` names the game (a registry name: ``"base"``, ``"cities_and_knights"``,
``"explorers_and_pirates"``, ``"ancients"``); the other keywords are its options.
What differs per game comes from its hooks (:func:`catan_env.hooks.get`): the
options and the ``Game`` (``configure``, ``new_game``), the agents' names and
each game's seed range (``env``), the pictures (``pictures``).
:func:`catan_env.ancients.env` is this env for Ancients.

Catan's agents are ``player_0 .. player_{n-1}`` (seat order); Ancients' are named
after the scenario's sides. Turns do not simply cycle: the engine names the
next decider (Catan's discards on a 7 and trade answers happen out of turn,
an Ancients defender evades or battles back), and ``agent_selection`` follows it.

Spaces (per game):
    action: ``Discrete(num_actions)``: 280 for the base game, 1072 for Cities &
    Knights (see :mod:`catan_env.actions` for names), 607 for Ancients.
    observation: ``Dict(observation=Box(0, 1, (obs_size,), float32),
    action_mask=Box(0, 1, (num_actions,), int8))``; the vector is the seat's own
    view (the game's ``observe_into``: the ``observe`` module of its package);
    the mask is all zeros for agents not to act.

Rendering: ``render_mode="ansi"`` returns a text board, ``"rgb_array"`` a
``uint8`` picture (Catan ``(660, 1000, 3)``), ``"human"`` shows it in a window
after every step (:mod:`catan_env.render`; without a display it fails at
construction, saying so). ``metadata["render_modes"]`` lists every mode the env
accepts.

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

from . import hooks
from .render import RENDER_MODES, HumanWindow, render_mode_check
from .replay import save_record


class UnknownAgentError(KeyError, ValueError):
    """An agent name the env does not have (a ``KeyError``, as a dict lookup would raise)."""

    def __str__(self) -> str:  # KeyError's own str() would quote the message
        return str(self.args[0])


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


class Renderer:
    """What ``render()`` does for a render mode, with the game's pictures.

    Args:
        render: the game's render hooks (:class:`~catan_env.core.spec.RenderHooks`).
        render_mode: ``None`` or one of ``render.MODES``.
        title: the window title in ``human`` mode.

    Raises:
        ValueError: a mode the game does not have.
        RuntimeError: ``human`` without a display or Tk (at construction, not mid-game).
    """

    def __init__(self, render, render_mode: str | None, title: str = "catan_env"):
        render_mode_check(render_mode, render.MODES)
        self.render_mode = render_mode
        self._render = render
        self._window = HumanWindow(title) if render_mode == "human" else None

    def render(self, game) -> str | np.ndarray | None:
        """The text board (``ansi``), the picture (``rgb_array``), or show it (``human``)."""
        if self.render_mode == "ansi":
            return self._render.text(game)
        if self.render_mode == "rgb_array":
            return np.asarray(self._render.image(game))
        if self._window is not None:
            self._window.show(self._render.image(game))
        return None

    def close(self) -> None:
        if self._window is not None:
            self._window.close()
            self._window = None


class raw_env(AECEnv):
    """A registered game as a PettingZoo AEC environment.

    Args:
        variant: the game, a registry name (``"base"``, ``"cities_and_knights"``,
            ``"explorers_and_pirates"``, ``"ancients"``).
        render_mode: ``None`` or one of the game's render modes (``"ansi"``,
            ``"rgb_array"``, ``"human"``: ``metadata["render_modes"]``).
        **options: the game's options (its ``configure``): Catan's
            ``num_players`` (2-4) and :class:`~catan_env.config.GameConfig`
            options; Ancients' ``scenario`` and rule options.

    Raises:
        ValueError: an unknown game, option or render mode (``ConfigError`` for Catan options).
        RuntimeError: ``render_mode="human"`` where no window can open.

    ``observation_space``, ``action_space`` and ``observe`` of a name that is not
    one of :attr:`possible_agents` raise :class:`UnknownAgentError` naming the agents.
    """

    metadata = {
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "name": "catan_base_v0",
        "is_parallelizable": False,
    }

    def __init__(self, variant: str = "base", *, render_mode: str | None = None, **options: Any):
        super().__init__()
        self._spec = spec = hooks.get(variant)
        self._config = spec.configure(**options)
        # Built first: a bad mode, or "human" without a display, fails here.
        self._renderer = Renderer(spec.pictures, render_mode, spec.env.name(self._config))
        self.render_mode = render_mode
        # Build one game now so a bad configuration fails at construction.
        self.game = spec.new_game(self._config, 0)
        self._tables = spec.tables(self._config)
        self._obs_size, self._observe_into = spec.obs_size, spec.observe_into
        self.metadata = {
            **self.metadata,
            # Every mode the env accepts ("human" fails at construction where no window
            # can open, with an error saying so).
            "render_modes": list(spec.pictures.MODES),
            "name": spec.env.name(self._config),
        }
        n_actions = spec.num_actions
        self.possible_agents = list(spec.env.agent_names(self._config))
        self.agents = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self._obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (one of :attr:`possible_agents`)."""
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (one of :attr:`possible_agents`)."""
        return self.action_spaces[self._known(agent)]

    def _known(self, agent) -> str:
        if agent not in self._seat_of:
            raise UnknownAgentError(
                f"unknown agent {agent!r}; this env's agents are {', '.join(self.possible_agents)}"
            )
        return agent

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game; ``seed`` fixes it completely."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, self._spec.env.SEED_LIMIT))
        self.game = self._spec.new_game(self._config, game_seed)
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
        seat = self._seat_of[self._known(agent)]
        game = self.game
        if game.current_player == seat:
            mask = game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(game.num_actions, np.int8)
        obs = np.empty(self._obs_size, np.float32)
        self._observe_into(game.state, self._tables, seat, obs)
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
            winner = game.winner
            facts = {"winner": winner, "turns": game.turn, **self._spec.env.info(game)}
            for a in self.agents:
                if winner is None:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                    self.rewards[a] = 1.0 if self._seat_of[a] == winner else -1.0
                self.infos[a] = dict(facts)
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The text board (``ansi``), the picture (``rgb_array``), or show it (``human``)."""
        return self._renderer.render(self.game)

    def record(self, agents=None) -> dict:
        """The current game's record (seed, options, actions; :mod:`catan_env.replay`).

        Args:
            agents: the name of each seat's agent, kept for the reader.
        """
        return self.game.record(agents)

    def save_record(self, path) -> None:
        """Write the current game's record as JSON to ``path`` (``.gz``: compressed)."""
        save_record(self.record(), path)

    def close(self) -> None:
        self._renderer.close()
