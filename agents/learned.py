"""The shipped trained agents: ``learned`` (the policy alone) and ``learned-search``.

``learned`` plays the project's trained policy network of the game being
played, one forward pass per decision, inside numba: each ``act`` calls the
kernels' ``choose_action_with`` with the actor packed as a policy table
(:mod:`catan_env.core.policy`), the same code the learner env and self-play
run, so it chooses as :class:`~agents.policy_agent.PolicyAgent` does on the same
observation (tested). It sees only the deciding seat's observation.

``learned-search`` (:class:`LearnedSearchAgent`) is the determinized search of
:mod:`agents.mcts` with the network as its prior: the moves it compares are the
policy's most likely ones besides the heuristic's choice and the best by a
one-step look at the value, each judged in the same sampled futures.

The checkpoints are the ``.npz`` files of :data:`SHIPPED` (and, for the search's
prior where it differs, :data:`SEARCH_PRIOR`) in ``agents/checkpoints/``;
``learned:PATH`` plays another ``.npz`` or trainer ``.zip`` instead. How each
was trained is in ``agents/checkpoints/README.md``.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from .base import register
from .jitted import kernel_rng
from .mcts import MCTSAgent, search_seconds
from .policy_agent import PolicyNet, fit_error, load_policy

#: Where the shipped checkpoints live.
CHECKPOINTS = Path(__file__).resolve().parent / "checkpoints"


#: The shipped checkpoint of each game (file names in :data:`CHECKPOINTS`).
SHIPPED = {"base": "learned_base.npz", "cities_and_knights": "ppo_ck.npz"}

#: The prior ``learned-search`` uses where it is not the game's :data:`SHIPPED`
#: network: in the base game the network before the last fine-tune, which did
#: at least as well inside the search on the same deals (``agents/checkpoints/README.md``).
SEARCH_PRIOR = {"base": "learned_base_search.npz"}


def shipped_games() -> list[str]:
    """The games with a shipped ``learned`` checkpoint."""
    return sorted(SHIPPED)


def shipped_policy(game: str) -> PolicyNet:
    """The shipped policy of ``game`` (a registry name such as ``"base"``).

    Raises:
        ValueError: no checkpoint ships for that game (the message names those that do).
    """
    if game not in SHIPPED:
        have = ", ".join(shipped_games())
        raise ValueError(f"no learned checkpoint ships for {game!r}; shipped: {have}")
    return load_policy(CHECKPOINTS / SHIPPED[game])


def search_prior(game: str) -> PolicyNet:
    """The network ``learned-search`` uses as its prior in ``game``: its
    :data:`SEARCH_PRIOR` entry, else the game's :func:`shipped_policy`.

    Raises:
        ValueError: no checkpoint ships for that game.
    """
    if game in SEARCH_PRIOR:
        return load_policy(CHECKPOINTS / SEARCH_PRIOR[game])
    return shipped_policy(game)


class _Actor:
    """One policy as a one-actor policy table with its kernel buffers, per game."""

    def __init__(self, net: PolicyNet, deterministic: bool):
        from catan_env import hooks
        from catan_env.core import policy as P

        self.net = net
        self.spec = hooks.get(net.variant)
        rules = self.spec.rules
        self.params, self.meta = P.pack([net], [deterministic])
        self.kind = P.POLICY_KIND
        self.act_buf = np.zeros(P.scratch_size(self.meta), np.float32)
        self.obs = np.zeros(rules.OBS_SIZE, np.float32)
        self.legal = np.zeros(rules.LEGAL_SIZE, np.int32)
        self.work = np.zeros(rules.WORK_SIZE, np.int32)

    def choose(self, state, tables, rng) -> int:
        buffers = (self.legal, self.work, self.params, self.meta, self.obs, self.act_buf)
        return int(self.spec.kernels.choose_action_with(self.kind, state, tables, rng, *buffers))


def _check_fits(net: PolicyNet, game) -> None:
    """Refuse a net the kernels cannot run on ``game``: another game, seat count or
    sizes (which would read and write out of bounds), before any kernel runs."""
    if game.variant.name != net.variant:
        raise ValueError(f"this policy was trained for {net.variant}, not {game.variant.name}")
    why = fit_error(net, game.variant)
    if why is not None:
        raise ValueError(why)
    seats = net.meta.get("num_players")
    if seats is not None and seats != game.num_players:
        raise ValueError(
            f"this policy was trained for {seats} players, not {game.num_players} ({net.variant})"
        )


class LearnedAgent:
    """The trained policy alone: one jitted forward pass per decision.

    Args:
        path: a checkpoint to play instead of the shipped one of each game
            (``.npz`` of :func:`~agents.policy_agent.export_policy`, or the
            trainer's ``.zip``), or a loaded :class:`~agents.policy_agent.PolicyNet`.
        seed: seeds the generator used when sampling.
        deterministic: play the most likely legal action (default) or sample
            the masked softmax.

    Raises (at the first ``act``):
        ValueError: no checkpoint ships for the game, or the checkpoint was trained
            for another game or number of players, or its sizes are not the game's.
    """

    name = "learned"
    #: Chooses through the kernels but is not one of the game's own agent kinds.
    kernel_kind = None

    def __init__(
        self,
        path: str | os.PathLike | PolicyNet | None = None,
        seed: int | None = None,
        deterministic: bool = True,
    ):
        self.deterministic = deterministic
        self._fixed = path if isinstance(path, PolicyNet) or path is None else load_policy(path)
        self._actors: dict[str, _Actor] = {}
        self.rng = kernel_rng(seed)

    # The network of a game when none was given (``LearnedSearchAgent``'s prior differs).
    _shipped = staticmethod(shipped_policy)

    def policy_for(self, game) -> PolicyNet:
        """The network this agent plays in ``game``'s game."""
        return self._actor(game).net

    def _actor(self, game) -> _Actor:
        name = game.variant.name
        actor = self._actors.get(name)
        if actor is None:
            net = self._fixed if self._fixed is not None else self._shipped(name)
            _check_fits(net, game)
            actor = self._actors[name] = _Actor(net, self.deterministic)
        else:  # the same game may come with another number of players
            _check_fits(actor.net, game)
        return actor

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        return self._actor(game).choose(game.state, game.tables, self.rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class LearnedSearchAgent(MCTSAgent):
    """Determinized search with the trained policy as its prior.

    :class:`~agents.mcts.MCTSAgent`'s sequential halving, whose candidate moves
    are the heuristic's choice, the ``policy_candidates`` legal actions the
    policy finds most likely (from the deciding seat's observation) and the
    best others by a one-step look at the value, up to ``candidates`` in all
    (plus the searched offers). The heuristic's choice stays unless another
    candidate beats it in the paired futures.

    Args:
        time_budget: seconds of CPU time per decision (default 0.1).
        path: a checkpoint instead of the shipped prior of each game (:func:`search_prior`).
        policy_candidates: how many of the policy's most likely moves are searched.
        seed, and every other keyword: as :class:`~agents.mcts.MCTSAgent`.
    """

    name = "learned-search"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 0.1,
        path: str | os.PathLike | PolicyNet | None = None,
        policy_candidates: int = 2,
        candidates: int = 5,
        **kwargs,
    ):
        super().__init__(seed=seed, time_budget=time_budget, candidates=candidates, **kwargs)
        if policy_candidates < 0:
            raise ValueError(f"policy_candidates must be >= 0, got {policy_candidates}")
        self.policy_candidates = policy_candidates
        self._policy = LearnedAgent(path, seed=seed)
        self._policy._shipped = search_prior
        self._game = None

    def act(self, game) -> int:
        self._game = game
        return super().act(game)

    def _candidates(self, kit, state, tb, seat, legal, heuristic, v_root) -> list[int]:
        game = self._game
        net = self._policy.policy_for(game)
        obs = game.observe(seat)[None]
        logits = net.logits(obs)[0]
        ranked = [int(a) for a in legal[np.argsort(-logits[legal], kind="stable")]]
        chosen = [heuristic]
        for a in ranked:
            if len(chosen) > self.policy_candidates:
                break
            if a not in chosen:
                chosen.append(a)
        rest = super()._candidates(kit, state, tb, seat, legal, heuristic, v_root)
        for a in rest:
            if len(chosen) >= self.candidates:
                break
            if a not in chosen:
                chosen.append(a)
        return chosen


def learned_from_spec(path: str | None = None, seed: int | None = None) -> LearnedAgent:
    """The agent of ``make_agent("learned")`` (shipped checkpoints) or ``"learned:PATH"``."""
    return LearnedAgent(path, seed=seed)


def learned_search_from_spec(seconds: str | None = None, seed: int | None = None):
    """The agent of ``make_agent("learned-search")`` or ``"learned-search:SECONDS"``.

    Raises:
        ValueError: ``seconds`` is not a positive number.
    """
    return LearnedSearchAgent(seed=seed, time_budget=search_seconds("learned-search", seconds))


register("learned", learned_from_spec)
register("learned-search", learned_search_from_spec)
