"""The learner's batched env: N games in one state array, one seat learns, the rest are agents.

Example (stable-baselines3 / sb3-contrib)::

    >>> from catan_env.vector import LearnerVecEnv
    >>> env = LearnerVecEnv("base", num_envs=64, opponents="heuristic", seed=0)
    >>> obs = env.reset()                              # (64, 1276) float32
    >>> masks = env.action_masks()                     # (64, 280) bool
    >>> obs, rewards, dones, infos = env.step(actions)  # doctest: +SKIP
    >>> # MaskablePPO("MlpPolicy", env).learn(...) picks the masks up by itself.

Every game of the registry works (``"base"``, ``"cities_and_knights"``,
``"explorers_and_pirates"``, ``"ancients"``); keyword options go to the game's
``configure`` (``num_players=3``, ``scenario="akragas"``, rule options).

The learner takes one seat per game: ``seat=k`` fixes it, ``seat=None`` (the
default) draws it at every episode from the episode's seed. Every other seat
is an agent that plays *inside numba*: after the learner's action the kernel
lets them decide until the learner must decide again, so a ``step`` is one
learner decision, whatever happened in between. Opponents (``opponents``):

* one spec for every other seat: a jitted agent's name (``"random"``,
  ``"heuristic"``, ... the game's ``agent_kinds``), an agent with a
  ``kernel_kind``, a trained actor (``"ppo:path.npz"``, a ``PolicyNet`` or a
  ``PolicyAgent``, which keeps its ``deterministic`` setting): the actor runs
  inside the kernel too (:mod:`catan_env.core.policy`);
* a list of one spec per other seat (``opponents[k]`` sits ``k + 1`` seats
  after the learner);
* a pool: a dict ``{spec: weight}`` or a list of ``(spec, weight)`` pairs;
  every opponent seat draws one by weight at every episode's start.
  :meth:`set_policy` replaces an actor's weights in place (frozen snapshots
  of the learner for self-play).

Decisions where the learner has a single legal action (C&K's and Catan's
forced moves, Ancients' lone "done") are applied without asking when
``auto_single=True`` (the default); :attr:`auto_applied` counts them.

Rewards (per learner step): ``win_reward`` (+1 by default) when the game ends
with the learner winning, ``-win_reward`` when another seat wins, 0 when it
ends without a winner; plus ``vp_reward`` times the change of the learner's
score over the step (victory points, hidden ones included; banners in
Ancients), a potential-based shaping that sums to ``vp_reward * (final -
start)`` over an episode.

Episodes: same-step auto-reset, as stable-baselines3 expects. A row whose
episode ended reports ``done``; its ``infos[i]`` holds
``"terminal_observation"`` (the learner's last observation), ``"TimeLimit.truncated"``
(ended without a winner: the game's turn limit, or ``max_steps`` learner
steps), ``"winner"``, ``"seat"``, ``"score"``, ``"is_success"`` (the learner
won) and ``"episode"`` (``{"r": return, "l": learner steps}``, which SB3
logs); the observation and mask returned are already the next episode's.
Episode ``k`` of row ``i`` is the game ``Game(seed=episode_seed(seed, i, k))``
(:func:`catan_env.vector.episode_seed`); its agents' generator and the draws
of seat and opponents come from that seed (see :func:`episode_seeds`), so a
row replays exactly given the learner's actions, whatever the number of threads.

Observations (``(N, obs_size)`` float32) and masks (``(N, num_actions)``
bool) are written by the kernel; :meth:`step` returns observations the
caller owns (the kernel writes each step's into a new array;
``copy_obs=False`` returns one buffer, overwritten by the next step), and the
masks in one preallocated array. Actions are checked against the masks
(``check_actions=False`` skips it: an illegal action then corrupts its game; ids
out of the action space are refused either way).

stable-baselines3 is optional: when it is importable the class is an
``stable_baselines3.common.vec_env.VecEnv``; otherwise it has the same methods.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numba
import numpy as np

from . import hooks
from .core import policy as P
from .core import registry
from .core.batch import batch_random_actions, first_illegal
from .core.rng import episode_seed as _episode_seed
from .core.rng import seed_at

try:  # the VecEnv interface when stable-baselines3 is installed
    from stable_baselines3.common.vec_env import VecEnv as _Base
except ImportError:  # pragma: no cover - exercised only without the train extra

    class _Base:  # type: ignore[no-redef]
        """The few VecEnv members the env relies on, when SB3 is absent."""

        def __init__(self, num_envs, observation_space, action_space):
            self.num_envs = num_envs
            self.observation_space = observation_space
            self.action_space = action_space

        def step(self, actions):
            self.step_async(actions)
            return self.step_wait()


def episode_seeds(base_seed: int, env: int, episode: int) -> tuple[int, int, int]:
    """Episode ``episode`` of row ``env``: ``(game seed, agents' generator seed,
    seat-and-opponent draws seed)``, as the kernel derives them."""
    g = int(_episode_seed(np.uint64(base_seed), np.int64(env), np.int64(episode)))
    return (
        g,
        int(_episode_seed(np.uint64(g), np.int64(1), np.int64(0))),
        int(_episode_seed(np.uint64(g), np.int64(2), np.int64(0))),
    )


def _is_net(x) -> bool:
    return all(hasattr(x, a) for a in ("layers", "head", "meta"))


class LearnerVecEnv(_Base):
    """N games, one learning seat each, every other seat an agent inside numba.

    See the module docstring for opponents, rewards and episodes.

    Args:
        game: a registered game (or family) name.
        num_envs: games played side by side.
        opponents: one spec, one spec per other seat, or a pool ``{spec: weight}``.
        seat: the learner's seat, or ``None`` to draw it at every episode.
        auto_single: apply learner decisions that have a single legal action.
        win_reward: reward for winning (its negative for a loss).
        vp_reward: reward per point of the learner's score gained.
        max_steps: learner steps after which an episode is truncated (0: no limit).
        max_agent_decisions: agents' decisions between two learner decisions after
            which the episode is truncated (0: no limit): a deterministic trained
            actor can cycle inside a turn, where no turn limit comes.
        seed: base seed of every row's episodes.
        num_threads: numba threads for the kernels (default: leave numba's setting).
        copy_obs: :meth:`step` and :meth:`reset` return a new observation array
            each time (``False``: the same buffer, overwritten by the next step).
        check_actions: check every action against the mask before stepping (ids out
            of the action space are refused even without it).
        variant: a family's member when ``game`` names a family.
        **options: the game's options (``num_players``, ``scenario``, rule options).

    Raises:
        ValueError: an unknown game, option, opponent, seat or setting (one line naming it).
    """

    def __init__(
        self,
        game: str = "base",
        num_envs: int = 64,
        opponents: Any = "random",
        seat: int | None = None,
        auto_single: bool = True,
        win_reward: float = 1.0,
        vp_reward: float = 0.0,
        max_steps: int = 10_000,
        max_agent_decisions: int = 100_000,
        seed: int = 0,
        num_threads: int | None = None,
        copy_obs: bool = True,
        check_actions: bool = True,
        variant: str | None = None,
        **options: Any,
    ):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, got {num_envs!r}")
        for name, w in (("win_reward", win_reward), ("vp_reward", vp_reward)):
            if isinstance(w, bool) or not isinstance(w, int | float) or not np.isfinite(w):
                raise ValueError(f"{name} must be a finite number, got {w!r}")
        for name, v in (("max_steps", max_steps), ("max_agent_decisions", max_agent_decisions)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{name} must be an integer >= 0, got {v!r}")
        self.game = registry.resolve(game, variant)
        self.spec = hooks.get(self.game)
        self.config = self.spec.configure(**options)
        self.rules = R = self.spec.rules
        self.kernels = self.spec.kernels
        self.num_players = int(self.config.num_players)
        if seat is not None and (
            isinstance(seat, bool)
            or not isinstance(seat, int | np.integer)
            or not 0 <= seat < self.num_players
        ):
            raise ValueError(f"seat must be None or a seat 0..{self.num_players - 1}, got {seat!r}")
        self.fixed_seat = -1 if seat is None else int(seat)
        self.auto_single = bool(auto_single)
        self.win_reward = float(win_reward)
        self.vp_reward = float(vp_reward)
        self.max_steps = int(max_steps)
        self.max_agent_decisions = int(max_agent_decisions)
        self.num_threads = num_threads
        self.copy_obs = copy_obs
        self.check_actions = check_actions
        self.obs_size = int(R.OBS_SIZE)
        self.num_actions = int(R.NUM_ACTIONS)
        self._tables, self._cfg, self._tmpl = self.spec.batch.kernel_inputs(self.config)

        self._nets: list = []
        self._det: list[bool] = []
        self._set_opponents(opponents)

        from gymnasium import spaces

        self.render_mode = None  # set first: SB3 warns when a VecEnv has none
        super().__init__(
            num_envs,
            spaces.Box(0.0, 1.0, (self.obs_size,), np.float32),
            spaces.Discrete(self.num_actions),
        )
        n = num_envs
        self.states = np.zeros((n, self.spec.state_size), np.int32)
        self.episodes = np.zeros(n, np.int64)
        self.seats = np.zeros(n, np.int64)
        self.kinds = np.zeros((n, R.MAX_SEATS), np.int64)
        self._rngs = np.zeros((n, R.RNG_WORDS), np.int32)
        self._legal = np.zeros((n, R.LEGAL_SIZE), np.int32)
        self._scratch = np.zeros((n, R.SCRATCH_SIZE), np.int32)
        self._work = np.zeros((n, R.WORK_SIZE), np.int32)
        self._auto = np.zeros(n, np.int64)
        self._ep_steps = np.zeros(n, np.int64)
        self._counts = np.zeros(n, np.int64)
        self._pick_rngs = np.zeros((n, 2), np.int32)
        self._obs = np.zeros((n, self.obs_size), np.float32)
        self._masks = np.zeros((n, self.num_actions), np.bool_)
        self._rewards = np.zeros(n, np.float32)
        self._dones = np.zeros(n, np.bool_)
        self._truncs = np.zeros(n, np.bool_)
        self._term_obs = np.zeros((n, self.obs_size), np.float32)
        self._winner = np.zeros(n, np.int64)
        self._out_seat = np.zeros(n, np.int64)
        self._score = np.zeros(n, np.int64)
        self._out_steps = np.zeros(n, np.int64)
        self._ep_return = np.zeros(n, np.float64)
        self._actions: np.ndarray | None = None
        self._empty_infos: list[dict] = [{} for _ in range(n)]
        self.base_seed = self._check_seed(seed)
        self._started = False

    # --- opponents ----------------------------------------------------------------------

    def _kind_of(self, spec) -> int:
        """The kernel kind of one opponent spec (actors are added to the policy table)."""
        kinds = self.spec.agent_kinds
        net, det = None, True
        if isinstance(spec, str):
            if spec.startswith("ppo:"):
                from agents.policy_agent import load_policy

                net = load_policy(spec[4:])
            elif spec in kinds:
                return kinds.index(spec)
            else:
                raise ValueError(
                    f"unknown opponent {spec!r} for {self.game}; jitted agents: "
                    f"{', '.join(kinds)}, or ppo:PATH"
                )
        elif _is_net(spec):
            net = spec
        elif _is_net(getattr(spec, "net", None)):
            net, det = spec.net, bool(getattr(spec, "deterministic", True))
        elif isinstance(getattr(spec, "kernel_kind", None), int | np.integer):
            k = int(spec.kernel_kind)
            if not 0 <= k < len(kinds):
                raise ValueError(f"agent {spec!r} has kind {k}, which {self.game} does not know")
            return k
        else:
            raise ValueError(
                f"an opponent must be a jitted agent's name, an agent with a kernel_kind, or a "
                f"trained actor; got {spec!r}"
            )
        self._check_net(net)
        self._nets.append(net)
        self._det.append(det)
        return P.POLICY_KIND + len(self._nets) - 1

    def _check_net(self, net) -> None:
        meta = net.meta
        if meta.get("variant", self.game) != self.game:
            raise ValueError(f"this actor was trained for {meta.get('variant')}, not {self.game}")
        if meta.get("obs_size") != self.obs_size or meta.get("num_actions") != self.num_actions:
            raise ValueError(
                f"this actor takes {meta.get('obs_size')} observations and "
                f"{meta.get('num_actions')} actions; {self.game} has {self.obs_size} and "
                f"{self.num_actions}"
            )
        # Its arrays too, whatever its header says: the kernel reads them unchecked.
        why = P.size_error(net, self.obs_size, self.num_actions)
        if why is not None:
            raise ValueError(f"this actor does not fit {self.game}: {why}")

    def _set_opponents(self, opponents) -> None:
        n_opp = self.num_players - 1
        if isinstance(opponents, Mapping):
            pairs = list(opponents.items())
            by_weight = True
        elif (
            isinstance(opponents, Sequence)
            and not isinstance(opponents, str)
            and opponents
            and all(isinstance(x, tuple) and len(x) == 2 for x in opponents)
        ):
            pairs = list(opponents)
            by_weight = True
        elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) != n_opp:
                raise ValueError(
                    f"opponents needs one spec per other seat ({n_opp}), got {len(opponents)}"
                )
            pairs = [(o, 1.0) for o in opponents]
            by_weight = False
        else:
            pairs = [(opponents, 1.0)]
            by_weight = True
        weights = []
        for spec, w in pairs:
            if isinstance(w, bool) or not isinstance(w, int | float) or not w >= 0:
                raise ValueError(f"opponent weights must be numbers >= 0, got {w!r} for {spec!r}")
            weights.append(float(w))
        if by_weight and sum(weights) <= 0:
            raise ValueError("the opponent pool needs a positive weight")
        self._pool_kinds = np.array([self._kind_of(s) for s, _ in pairs], np.int64)
        cum = np.cumsum(weights) / (sum(weights) if by_weight else 1.0)
        self._pool_cum = cum.astype(np.float64)
        self._pool_by_weight = by_weight
        if self._nets:
            self._params, self._meta = P.pack(self._nets, self._det)
        else:
            self._params, self._meta = P.empty_table()
        self._act_size = P.scratch_size(self._meta)

    def set_policy(self, index: int, net) -> None:
        """Replace actor ``index`` of the opponents (in the order they were given)
        with ``net``, of the same shapes; games in progress play it from now on."""
        if not 0 <= index < len(self._nets):
            raise ValueError(f"no actor {index}: the opponents hold {len(self._nets)}")
        self._check_net(net)
        nets = list(self._nets)
        nets[index] = net
        params, meta = P.pack(nets, self._det)
        if params.shape != self._params.shape or not np.array_equal(meta, self._meta):
            raise ValueError(f"actor {index} must keep the shapes of the one it replaces")
        self._nets = nets
        self._params[:] = params

    @property
    def auto_applied(self) -> int:
        """Learner decisions with a single legal action applied without asking, in all rows."""
        return int(self._auto.sum())

    # --- the VecEnv API -------------------------------------------------------------------

    @staticmethod
    def _check_seed(seed) -> int:
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        return int(seed)

    def _threads(self) -> None:
        if self.num_threads is not None:
            numba.set_num_threads(self.num_threads)

    def _new_obs(self) -> None:
        # With copy_obs, a new array for the kernel to write rather than a copy of
        # the buffer afterwards: the caller owns what reset/step returned, and the
        # observations cross memory once instead of three times (written, read,
        # written).
        if self.copy_obs:
            self._obs = np.empty_like(self._obs)

    def _args(self):
        return (
            self.states, self._tables, self._cfg, self._tmpl, np.uint64(self.base_seed),
            self.episodes, self.seats, self.kinds, self._rngs, self.fixed_seat, self._pool_kinds,
            self._pool_cum, self._pool_by_weight, self._legal, self._scratch, self._work,
            self._auto, self.auto_single, self._params, self._meta, self._act,
            self._ep_steps, self.max_agent_decisions, self._counts,
        )  # fmt: skip

    def seed(self, seed: int | None = None) -> list[int]:
        """Set the base seed the next :meth:`reset` starts from (episode counters at 0)."""
        if seed is not None:
            self.base_seed = self._check_seed(seed)
        return [self.base_seed] * self.num_envs

    def reset(self) -> np.ndarray:
        """Start episode 0 of every row; the learners' first observations ``(N, obs_size)``."""
        self._threads()
        self.episodes[:] = 0
        self._auto[:] = 0
        self._ep_return[:] = 0
        self._act = np.zeros((self.num_envs, self._act_size), np.float32)
        for i in range(self.num_envs):
            seed_at(self._pick_rngs[i], 0, episode_seeds(self.base_seed, i, 0)[2] ^ 0x5EED)
        self._new_obs()
        self.kernels.learner_reset(*self._args(), self._obs, self._masks)
        self._started = True
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self._obs

    def step_async(self, actions) -> None:
        self._actions = actions

    def step_wait(self):
        """Apply the actions given to :meth:`step_async`; ``(obs, rewards, dones, infos)``."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(self._actions)
        n = self.num_envs
        if a.shape != (n,) or a.dtype.kind not in "iu":
            a = a.reshape(-1) if a.size == n and a.dtype.kind in "iu" else a
            if a.shape != (n,) or a.dtype.kind not in "iu":
                raise ValueError(
                    f"actions must be {n} integer ids, got shape {a.shape} of dtype {a.dtype}"
                )
        a = a.astype(np.int64, copy=False)
        # The range always: the kernel indexes its tables by the id, unchecked.
        out = (a < 0) | (a >= self.num_actions)
        if out.any():
            i = int(np.flatnonzero(out)[0])
            raise ValueError(
                f"row {i}: action {int(a[i])} is not legal for the learner (seat "
                f"{int(self.seats[i])}): ids are 0..{self.num_actions - 1}"
            )
        if self.check_actions:
            # Against the learner's legal lists, jitted: a mask lookup with numpy's
            # fancy indexing cost 2% of a learner step.
            i = first_illegal(self._legal, self._counts, a)
            if i >= 0:
                raise ValueError(
                    f"row {i}: action {int(a[i])} is not legal for the learner (seat "
                    f"{int(self.seats[i])}); legal: {np.flatnonzero(self._masks[i]).tolist()[:20]}"
                )
        self._threads()
        self._new_obs()
        self.kernels.learner_step(
            a, *self._args(), self.max_steps, self.win_reward, self.vp_reward, self._obs,
            self._masks, self._rewards, self._dones, self._truncs, self._term_obs, self._winner,
            self._out_seat, self._score, self._out_steps,
        )  # fmt: skip
        self._ep_return += self._rewards
        infos = list(self._empty_infos)
        for i in np.flatnonzero(self._dones).tolist():
            won = bool(self._winner[i] == self._out_seat[i])
            infos[i] = {
                "terminal_observation": self._term_obs[i].copy(),
                "TimeLimit.truncated": bool(self._truncs[i]),
                "winner": int(self._winner[i]),
                "seat": int(self._out_seat[i]),
                "score": int(self._score[i]),
                "is_success": won,
                "episode": {"r": float(self._ep_return[i]), "l": int(self._out_steps[i])},
            }
            self._ep_return[i] = 0.0
        return self._obs, self._rewards.copy(), self._dones.copy(), infos

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal learner action per row (jitted, from the env's own
        generators; for baselines and benchmarks)."""
        out = np.empty(self.num_envs, np.int64)
        batch_random_actions(self._legal, self._counts, self._pick_rngs, out)
        return out

    @property
    def num_policies(self) -> int:
        """Trained actors among the opponents (indices for :meth:`set_policy`)."""
        return len(self._nets)

    def action_masks(self) -> np.ndarray:
        """``(N, num_actions)`` bool: each row's legal learner actions now (the
        array the env writes; read it before the next step)."""
        return self._masks

    def close(self) -> None:
        pass

    def get_attr(self, attr_name: str, indices=None) -> list:
        return [getattr(self, attr_name)] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value, indices=None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *args, indices=None, **kwargs) -> Any:
        """``"action_masks"`` gives the rows' masks (what sb3-contrib asks for, in one
        call); any other method is called once on this env, its result repeated per row."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            return self._masks if indices is None else self._masks[rows]
        result = getattr(self, method_name)(*args, **kwargs)
        return [result] * len(rows)

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False] * len(self._indices(indices))

    def get_images(self) -> list[np.ndarray]:
        """Each row's picture (an RGB array), drawn by the game's own ``Game`` on a
        copy of the row's state (what stable-baselines3's ``VecEnv.render`` tiles)."""
        images = []
        for row in self.states:
            game = self.spec.new_game(self.config, 0)
            game.state[:] = row
            images.append(game.render("rgb_array"))
        return images

    def _indices(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int | np.integer):
            return [int(indices)]
        return list(indices)

    def __repr__(self) -> str:
        return f"LearnerVecEnv({self.game!r}, num_envs={self.num_envs})"


__all__ = ["LearnerVecEnv", "episode_seeds"]
