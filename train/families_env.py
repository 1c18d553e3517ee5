"""One vectorised env over several board families: a policy that trains on one way of
drawing boards learns that way (the base network lost half its wins on boards whose
number tokens are not laid by the spiral), so training draws from several.

:class:`FamilyVecEnv` joins one :class:`~catan_env.vector.LearnerVecEnv` per
family (:mod:`catan_env.games.catan.board.families`), each with its share of the
rows, into the single stable-baselines3 ``VecEnv`` the trainer steps: row ``i``
of the joined env is a row of one family's env, always the same one. Rows are
stepped family by family (each a batched kernel call), so the cost per step is
that of the envs alone plus a concatenation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv


class FamilyVecEnv(VecEnv):
    """``LearnerVecEnv`` rows of several board families, as one ``VecEnv``.

    Args:
        envs: the families' envs, in row order (the same game, observation and
            action spaces; each may have its own number of rows).
        names: the family of each env (for ``infos`` and the figures).

    Raises:
        ValueError: no env, or envs of different spaces.
    """

    def __init__(self, envs: list, names: list[str]):
        if not envs or len(envs) != len(names):
            raise ValueError("FamilyVecEnv needs one family name per env, and at least one env")
        first = envs[0]
        for e in envs[1:]:
            if e.observation_space != first.observation_space or (
                e.action_space != first.action_space
            ):
                raise ValueError("every family's env must have the same spaces")
        self.envs = envs
        self.names = list(names)
        self.render_mode = None
        super().__init__(sum(e.num_envs for e in envs), first.observation_space,
                         first.action_space)  # fmt: skip
        self._cuts = np.cumsum([0] + [e.num_envs for e in envs])
        #: The family of each row.
        self.row_family = np.repeat(np.arange(len(envs)), [e.num_envs for e in envs])
        self._actions = None

    def __getattr__(self, name: str):
        # The trainer reads a few attributes of the learner env (num_policies, spec...).
        if name.startswith("_") or name in ("envs", "names"):
            raise AttributeError(name)
        return getattr(self.envs[0], name)

    def reset(self) -> np.ndarray:
        return np.concatenate([e.reset() for e in self.envs])

    def seed(self, seed: int | None = None) -> list:
        out = []
        for k, e in enumerate(self.envs):
            out += e.seed(None if seed is None else seed + 7919 * k)
        return out

    def step_async(self, actions) -> None:
        self._actions = np.asarray(actions).reshape(-1)

    def step_wait(self):
        a = self._actions
        if a is None or a.shape != (self.num_envs,):
            got = None if a is None else a.shape
            raise ValueError(f"actions must be {self.num_envs} ids, got shape {got}")
        obs, rew, done, infos = [], [], [], []
        for k, e in enumerate(self.envs):
            lo, hi = self._cuts[k], self._cuts[k + 1]
            e.step_async(a[lo:hi])
            o, r, d, i = e.step_wait()
            obs.append(o)
            rew.append(r)
            done.append(d)
            infos += [dict(x, family=self.names[k]) if x else x for x in i]
        return np.concatenate(obs), np.concatenate(rew), np.concatenate(done), infos

    def action_masks(self) -> np.ndarray:
        return np.concatenate([e.action_masks() for e in self.envs])

    def set_policy(self, index: int, net) -> None:
        """The same opponent actor in every family's env."""
        for e in self.envs:
            e.set_policy(index, net)

    def close(self) -> None:
        for e in self.envs:
            e.close()

    def _rows(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices=None) -> list:
        return [getattr(self.envs[self.row_family[i]], attr_name) for i in self._rows(indices)]

    def set_attr(self, attr_name: str, value, indices=None) -> None:
        for e in self.envs:
            setattr(e, attr_name, value)

    def env_method(self, method_name: str, *args, indices=None, **kwargs) -> Any:
        if method_name == "action_masks":
            masks = self.action_masks()
            return masks if indices is None else masks[self._rows(indices)]
        return [getattr(self.envs[self.row_family[i]], method_name)(*args, **kwargs)
                for i in self._rows(indices)]  # fmt: skip

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False] * len(self._rows(indices))

    def get_images(self) -> list:
        return [img for e in self.envs for img in e.get_images()]
