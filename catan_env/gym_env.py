"""Single-agent Gymnasium environment: one learning seat, the others played by agents.

Usage:
    >>> import gymnasium
    >>> import catan_env  # registers the ids below
    >>> env = gymnasium.make("catan_env/CitiesAndKnights-v0", opponents="random")
    >>> obs, info = env.reset(seed=0)
    >>> while True:
    ...     action = env.action_space.sample()  # a legal action (see Spaces)
    ...     obs, reward, terminated, truncated, info = env.step(action)
    ...     if terminated or truncated:
    ...         break

Registered ids: ``catan_env/Base-v0`` (base game),
``catan_env/CitiesAndKnights-v0`` and ``catan_env/ExplorersAndPirates-v0``
(``scenario="pirate_lairs"`` etc., default Land Ho!); keyword arguments of :class:`CatanEnv`
(and the rule options of :class:`~catan_env.config.GameConfig`) pass through
``gymnasium.make``. ``gymnasium.make_vec`` and stable-baselines3's
``DummyVecEnv`` / ``SubprocVecEnv`` work as usual.

The learner: one seat, fixed (``seat=k``) or drawn at each reset
(``seat=None``, the default). Every ``step`` applies the learner's action, then
lets the opponents decide until the learner must decide again or the game
ends, so an episode is one whole game seen from the learner's seat. Catan's
out-of-turn decisions (discards on a 7, answers to trade offers, C&K's
barbarian and progress-card choices) are steps like any other.

Opponents: ``opponents`` is one agent spec for every other seat, a list with
one spec per other seat (``opponents[k]`` sits ``k + 1`` seats after the
learner), or a callable ``sampler(rng) -> list of specs`` called at every
reset with the env's generator (opponent pools for self-play). A spec is an
:class:`~agents.base.Agent` or a name for :func:`agents.make_agent`
(``"random"``, ``"ppo:path/to/model.zip"``, your own ``"mymodule:MyAgent"``
or ``"path/to/file.py:MyAgent"``, ...). When every opponent has a
jitted policy (``agent.kernel_kind is not None``) they play inside numba
(:meth:`~catan_env.Game.play_jitted_until`), at no Python cost per decision;
otherwise each opponent decision calls ``agent.act(game)``. Agents built from
names are rebuilt, seeded from the env's generator, at every seeded reset, so
``reset(seed=s)`` reproduces the whole episode given the learner's actions;
agent objects passed in keep their own state.

Spaces:
    observation: ``Box(0, 1, (obs_size,), float32)``, the learner seat's view
    (the ``observe`` module of the variant's package): 1,276 values in the
    base game, 2,591 in Cities & Knights.
    action: ``Discrete(280)`` (base) or ``Discrete(1072)`` (C&K); names in
    :mod:`catan_env.actions`. The space is a :class:`LegalActionSpace`, whose
    ``sample()`` without a mask draws a legal action of the current decision.

Action masks: ``env.action_masks()`` (bool, the method sb3-contrib's
MaskablePPO calls) and ``info["action_mask"]`` (int8, the form
``Discrete.sample(mask=...)`` takes) after every reset and step.

Illegal actions: an action that is a valid id of the space but not legal now
ends the episode as a loss by default (``illegal_action="lose"``: reward -1,
``terminated``, ``info["illegal_action"] = True`` and ``info["illegal_reason"]``
saying why; the game is left as it was and the next call must be ``reset``).
That is the convention of pgx and of PettingZoo's ``TerminateIllegalWrapper``,
and it is what Gymnasium's ``check_env`` needs: its step-determinism check
plays an action sampled *before* a seeded reset, which the new game's first
decision usually does not allow. With ``illegal_action="raise"`` (for
debugging an agent that should only ever play legal actions) it raises
:class:`~catan_env.explain.IllegalActionError` saying why, and the game is
unchanged. Anything that is not an action id of the space (a float, a string,
an id out of range) raises ``TypeError`` or ``ValueError`` in either mode.
Masking agents (MaskablePPO, ``action_space.sample()``) never meet either.

Rewards: +1 when the learner wins, -1 when another seat wins, 0 when the turn
limit (``max_turns``) truncates the game. Optional shaping adds, at every
step, ``weight * (x_after - x_before)`` for a quantity ``x`` of the learner's
own position, so over an episode each term sums to ``weight * (final - start)``
(a potential-based shaping that does not change which policy is best when
undiscounted):

- ``vp_reward``: the learner's victory points (hidden VP cards included);
- ``improvement_reward`` (C&K): city-improvement levels, summed over the three
  tracks (the road to metropolises);
- ``knight_reward`` (C&K): the strength of the learner's active knights, which
  is what defends Catan against the barbarians.

Version history:
    v0: initial release (base game, Cities & Knights).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .core.checks import action_index
from .explain import IllegalActionError
from .game import Game
from .render import Renderer, available_render_modes
from .variants import VARIANT_NAMES, Variant, get_variant

ILLEGAL_ACTION_MODES = ("lose", "raise")


class LegalActionSpace(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` draws a legal action of its env.

    ``sample(mask=...)`` and ``sample(probability=...)`` behave as in
    :class:`gymnasium.spaces.Discrete`; without either, the env's current
    legal-action mask is used, so random play (and Gymnasium's env checker)
    only submits legal actions. A copy of the space (pickled to another
    process, deep-copied) keeps the mask it had when copied.

    Args:
        n: number of actions.
        legal: the env's int8 legal-action mask, updated in place by the env.
        seed: seeds the space's generator.
    """

    def __init__(self, n: int, legal: np.ndarray, seed: int | None = None):
        super().__init__(n, seed=seed)
        self.legal = legal

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None):
        if mask is None and probability is None:
            mask = self.legal
        return super().sample(mask=mask, probability=probability)


class CatanEnv(gymnasium.Env):
    """Catan for one learning seat against agents (see the module docstring).

    Args:
        variant: ``"base"``, ``"cities_and_knights"`` or ``"explorers_and_pirates"``.
        num_players: seats in the game, the learner's included.
        opponents: an agent spec for every other seat, a list of one spec per
            other seat, or a callable ``sampler(rng)`` returning such a list at
            each reset. A spec is an :class:`~agents.base.Agent` or a name for
            :func:`agents.make_agent`.
        seat: the learner's seat, or ``None`` to draw it at every reset.
        vp_reward: shaping weight per victory point the learner gains (or loses).
        improvement_reward: C&K only: weight per city-improvement level gained.
        knight_reward: C&K only: weight per point of active knight strength gained.
        illegal_action: ``"lose"`` (the default: end the episode with reward -1)
            or ``"raise"`` (raise :class:`IllegalActionError`, state unchanged).
        render_mode: ``None``, ``"ansi"`` (text), ``"rgb_array"`` (``uint8`` picture
            ``(660, 1000, 3)``) or ``"human"`` (a window, shown on ``render()``).
            ``metadata["render_modes"]`` lists ``"human"`` only where a window can
            open: Gymnasium's ``check_env`` makes an env for every declared mode. (The
            AEC env lists all three everywhere; PettingZoo's ``render_test`` asks for
            ``"human"`` whatever is declared.)
        **options: rule options of :class:`~catan_env.config.GameConfig`.

    Raises:
        ConfigError: an unknown rule option or a bad value.
        ValueError: a bad seat, reward weight, opponent list or mode.
    """

    metadata = {"render_modes": available_render_modes(), "render_fps": 4}

    def __init__(
        self,
        variant: str = "base",
        num_players: int = 4,
        opponents: Any = "random",
        seat: int | None = None,
        vp_reward: float = 0.0,
        improvement_reward: float = 0.0,
        knight_reward: float = 0.0,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ):
        super().__init__()
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(
                f"illegal_action must be one of {ILLEGAL_ACTION_MODES}, got {illegal_action!r}"
            )
        self._renderer = Renderer(render_mode, f"catan_{variant}")  # checks the mode
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self._variant = variant
        self._options = dict(options)
        # A game now, so a bad configuration fails at construction.
        self.game: Game = Game(variant=variant, num_players=num_players, seed=0, **options)
        self.num_players = num_players
        if seat is not None and (
            isinstance(seat, bool)
            or not isinstance(seat, int | np.integer)
            or not 0 <= seat < num_players
        ):
            raise ValueError(f"seat must be None or a seat 0..{num_players - 1}, got {seat!r}")
        self._fixed_seat = None if seat is None else int(seat)
        self._weights, self._terms = _reward_weights(
            self.game.variant,
            vp_reward=vp_reward,
            improvement_reward=improvement_reward,
            knight_reward=knight_reward,
        )
        self._opponent_spec = opponents
        if callable(opponents) and not _is_agent(opponents):
            self._sampler: Callable | None = opponents
            self._fixed_specs: list | None = None
        else:
            self._sampler = None
            self._fixed_specs = self._spec_list(opponents)

        n_actions = self.game.num_actions
        self._legal = np.zeros(n_actions, np.int8)
        self.observation_space = spaces.Box(0.0, 1.0, (self.game.variant.obs_size,), np.float32)
        self.action_space = LegalActionSpace(n_actions, self._legal)

        self.seat: int = 0
        self.agents: list = []  # per seat; the learner's entry is None
        self._built_agents: list | None = None
        self._kinds: np.ndarray | None = None
        self._agent_rng = np.zeros(2, np.int32)
        self._potential = 0.0
        self._started = False

    # --- configuration helpers ---------------------------------------------------

    def _spec_list(self, specs: Any) -> list:
        """One spec per opponent, validated (names are checked against the registry)."""
        n = self.num_players - 1
        if isinstance(specs, str) or _is_agent(specs):
            specs = [specs] * n
        elif isinstance(specs, Sequence):
            specs = list(specs)
            if len(specs) != n:
                raise ValueError(
                    f"opponents needs one spec per other seat ({n}), got {len(specs)}: {specs!r}"
                )
        else:
            raise TypeError(
                "opponents must be an agent, an agent name, a list of them, or a "
                f"sampler(rng) returning such a list; got {specs!r}"
            )
        for s in specs:
            if isinstance(s, str):
                from agents import registered_agents

                from .agent_spec import is_custom_spec, load_custom_agent

                name = s.partition(":")[0]
                if name in registered_agents():
                    continue
                if is_custom_spec(s):  # imported now, so a bad one fails here
                    load_custom_agent(s, seed=0)
                    continue
                raise ValueError(
                    f"unknown agent {s!r}; available agents: {', '.join(registered_agents())}, "
                    "or your own as module:Class or path/to/file.py:Class"
                )
            elif not _is_agent(s):
                raise TypeError(f"an opponent must be an Agent (with act(game)) or a name: {s!r}")
        return specs

    def _build(self, specs: list, rng: np.random.Generator, fresh: bool) -> list:
        """Agents for the specs; names become agents seeded from ``rng``."""
        from agents import make_agent

        out = []
        for k, s in enumerate(specs):
            if isinstance(s, str):
                seed = int(rng.integers(0, 2**63 - 1))
                if fresh or self._built_agents is None:
                    out.append(make_agent(s, seed=seed))
                else:
                    out.append(self._built_agents[k])
            else:
                out.append(s)
        return out

    # --- the Gymnasium API ----------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[np.ndarray, dict]:
        """Start a new game and play the opponents up to the learner's first decision.

        Args:
            seed: fixes the game, the learner's seat and the opponents' choices.
            options: no reset options exist; pass ``None`` or ``{}``.
        """
        super().reset(seed=seed)
        if options:
            raise ValueError(f"CatanEnv.reset takes no options, got {sorted(options)}")
        rng = self.np_random
        game_seed = int(rng.integers(0, 2**63 - 1))
        seat = self._fixed_seat
        if seat is None:
            seat = int(rng.integers(self.num_players))
        if self._sampler is not None:
            specs = self._spec_list(self._sampler(rng))
            opponents = self._build(specs, rng, fresh=True)
        else:
            opponents = self._build(self._fixed_specs, rng, fresh=seed is not None)
            self._built_agents = opponents
        self._agent_rng[:] = rng.integers(-(2**31), 2**31, size=2, dtype=np.int64)

        self.game = Game(
            variant=self._variant, num_players=self.num_players, seed=game_seed, **self._options
        )
        self.seat = seat
        n = self.num_players
        self.agents = [None] * n
        for k, agent in enumerate(opponents):
            self.agents[(seat + 1 + k) % n] = agent
        kinds = [getattr(a, "kernel_kind", None) for a in opponents]
        if all(k is not None for k in kinds):
            self._kinds = np.zeros(n, np.int64)
            for p in range(n):
                if p != seat:
                    self._kinds[p] = self.agents[p].kernel_kind
        else:
            self._kinds = None
        self._started = True
        self._play_opponents()
        if self.game.done:
            raise RuntimeError("the game ended before the learner's first decision")
        self._potential = self._measure()
        return self._obs(), self._info()

    def step(self, action) -> tuple[np.ndarray, float, bool, bool, dict]:
        """Play the learner's action, then the opponents until the learner decides again.

        Raises:
            IllegalActionError: ``action`` is not legal now (``illegal_action="raise"``).
            RuntimeError: ``reset()`` was not called, or the episode is over.
            TypeError, ValueError: ``action`` is not an action id.
        """
        if not self._started:
            raise RuntimeError("call reset() before step()")
        game = self.game
        if game.done:
            raise RuntimeError("the episode is over; call reset() to start a new game")
        a = action_index(action, game.num_actions)
        try:
            game.step(a)
        except IllegalActionError as exc:  # the state is unchanged
            if self.illegal_action == "raise":
                raise
            self._legal[:] = 0
            info = self._info()
            info["illegal_action"] = True
            info["illegal_reason"] = str(exc)
            self._started = False
            return self._obs(), -1.0, True, False, info
        self._play_opponents()
        before = self._potential
        self._potential = self._measure()
        reward = self._potential - before
        terminated = truncated = False
        if game.done:
            if game.winner is None:
                truncated = True
            else:
                terminated = True
                reward += 1.0 if game.winner == self.seat else -1.0
        return self._obs(), float(reward), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions now (all False once the game is over)."""
        return self._legal.astype(np.bool_)

    def render(self) -> str | np.ndarray | None:
        return self._renderer.render(self.game)

    def close(self) -> None:
        self._renderer.close()

    # --- internals ---------------------------------------------------------------------

    def _play_opponents(self) -> None:
        game = self.game
        seat = self.seat
        if self._kinds is not None:
            game.play_jitted_until(seat, self._kinds, self._agent_rng)
        else:
            while not game.done and game.current_player != seat:
                p = game.current_player
                agent = self.agents[p]
                a = agent.act(game)
                try:
                    game.step(int(a))
                except (IllegalActionError, TypeError, ValueError) as exc:
                    name = getattr(agent, "name", type(agent).__name__)
                    raise RuntimeError(
                        f"opponent {name!r} at seat {p} chose an illegal action {a!r}: {exc}"
                    ) from exc
        if game.done:
            self._legal[:] = 0
        else:
            np.copyto(self._legal, game._legal(), casting="unsafe")

    def _measure(self) -> float:
        """The weighted shaping quantities of the learner's position."""
        w_vp = self._weights[0]
        if not any(self._weights):
            return 0.0
        game, s = self.game, self.seat
        value = 0.0
        if w_vp:
            value += w_vp * game.total_vp(s)
        for w, quantity in zip(self._weights[1:], self._terms, strict=True):
            if w:
                value += w * quantity(game.state, s)
        return value

    def _obs(self) -> np.ndarray:
        return self.game.observe(self.seat)

    def _info(self) -> dict:
        info: dict[str, Any] = {"action_mask": self._legal.copy(), "seat": self.seat}
        game = self.game
        if game.done:
            info["winner"] = -1 if game.winner is None else game.winner
            info["turns"] = game.turn
            info["vp"] = game.total_vp(self.seat)
        return info


def _is_agent(x: Any) -> bool:
    return callable(getattr(x, "act", None))


def _reward_weights(variant: Variant, **weights: float) -> tuple[tuple[float, ...], list]:
    """The weights, ``vp_reward`` first, and the variant's quantity for each other weight.

    A weight other than ``vp_reward`` must be 0 unless the variant offers its term
    (``spec.shaping``).
    """
    terms = dict(variant.shaping)
    for name, w in weights.items():
        if isinstance(w, bool) or not isinstance(w, int | float) or not np.isfinite(w):
            raise ValueError(f"{name} must be a finite number, got {w!r}")
        if w and name != "vp_reward" and name not in terms:
            offered = [v for v in VARIANT_NAMES if name in dict(get_variant(v).shaping)]
            raise ValueError(f"{name} applies to variant={' or '.join(map(repr, offered))} only")
    others = [name for name in weights if name != "vp_reward"]
    return (
        (float(weights["vp_reward"]), *(float(weights[name]) for name in others)),
        [terms.get(name) for name in others],
    )
