"""PettingZoo AEC environment for Command & Colors: Ancients.

Usage:
    >>> import catan_env.games.ancients
    >>> env = catan_env.games.ancients.env(scenario="akragas")
    >>> env.reset(seed=42)
    >>> for agent in env.agent_iter():
    ...     obs, reward, termination, truncation, info = env.last()
    ...     action = None if termination or truncation else \\
    ...         env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are named after the scenario's two sides (Akragas: ``"syracusan"``, the
bottom army, and ``"carthaginian"``, the top army). Turns do not simply
alternate: the engine names the next decider (a defender evading, ignoring
flags, retreating, battling back, a leader evading) and ``agent_selection``
follows it.

Spaces: action ``Discrete(NUM_ACTIONS)`` (:mod:`catan_env.games.ancients.actions`);
observation ``Dict(observation=Box(0, 1, (OBS_SIZE,), float32),
action_mask=Box(0, 1, (NUM_ACTIONS,), int8))`` (:mod:`catan_env.games.ancients.observe`:
the board is public, the opponent's hand is a count, the deck order hidden);
the mask is all zeros for the agent not to act.

Rewards: +1 to the winner and -1 to the loser; 0 to both for a game truncated
by ``max_turns``. Illegal actions raise
:class:`~catan_env.explain.IllegalActionError` and change nothing.

Rendering: ``render_mode="ansi"`` returns the text board, ``"rgb_array"`` the
picture (:mod:`catan_env.games.ancients.render_image`). ``env.unwrapped.record()``
is the current game's record (:mod:`catan_env.games.ancients.record`).

Version history:
    v0: initial release (Akragas; every unit type and all 60 cards).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from catan_env.aec_env import OrderEnforcingWrapper

from .game import Game
from .observe import OBS_SIZE, observe
from .phases import NUM_ACTIONS
from .render import render_text


def env(**kwargs: Any) -> AECEnv:
    """The AEC env with the order-enforcing wrapper; arguments as :class:`raw_env`."""
    return OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):
    """Ancients as a PettingZoo AEC environment.

    Args:
        scenario: a shipped scenario id (``"akragas"``) or a JSON file path.
        render_mode: ``None``, ``"ansi"`` (text board) or ``"rgb_array"`` (the
            picture as an ``(H, W, 3)`` uint8 array, :mod:`catan_env.games.ancients.render_image`).
        **options: rule options (:data:`catan_env.games.ancients.setup.DEFAULT_OPTIONS`).
    """

    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "ancients_v0",
        "is_parallelizable": False,
    }

    def __init__(self, scenario: str = "akragas", render_mode: str | None = None, **options):
        super().__init__()
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(
                f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}"
            )
        self.render_mode = render_mode
        self._scenario = scenario
        self._options = dict(options)
        self.game = Game(scenario, seed=0, **options)
        self.metadata = {**self.metadata, "name": f"ancients_{self.game.scenario.id}_v0"}
        self.possible_agents = list(self.game.side_names)
        self.agents = []
        self._side_of = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(0, 2**62))
        self.game = Game(self.game.scenario, seed=game_seed, **self._options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_side]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        side = self._side_of[agent]
        game = self.game
        if not game.done and game.current_side == side:
            mask = game.action_mask().astype(np.int8)
        else:
            mask = np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": observe(game.state, side), "action_mask": mask}

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
        if game.done:
            winner = game.winner
            for a in self.agents:
                if winner is None:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                    self.rewards[a] = 1.0 if self._side_of[a] == winner else -1.0
                self.infos[a] = {"winner": winner, "turns": game.turn, "banners": game.banners}
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[game.current_side]

    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "ansi":
            return render_text(self.game)
        if self.render_mode == "rgb_array":
            return self.game.render("rgb_array")
        return None

    def record(self, agents=None) -> dict:
        """The current game's record (:meth:`Game.record`), replayable with ``catan-env replay``."""
        return self.game.record(agents)

    def close(self) -> None:
        pass
