"""Determinized Monte Carlo tree search (information-set MCTS, one observer).

Each iteration of :class:`MCTSAgent` plays one simulated future:

1. **Determinize.** Deal everything the deciding seat cannot see again at
   random, consistently with what it sees (:func:`catan_env.determinize.determinize_state`:
   opponents' hands and cards, deck orders, the future dice). This is the
   only way the agent reads the game, so it never peeks.
2. **Select.** Walk down a tree of the seat's *own* decisions, keyed by the
   sequence of its actions since the root (open loop: the dice and the
   opponents' replies differ between iterations and are not nodes). At each
   node the action maximises the PUCT score ``Q + c * P * sqrt(N) / (1 + n)``
   over the actions legal in this determinization; the prior ``P`` puts
   ``prior_weight`` on the jitted heuristic's choice, the rest uniform, and
   ``N`` counts the visits in which an action was available. Between the
   seat's decisions the opponents are played by the jitted heuristic (the
   model of the other players), and decisions with one legal action are
   applied at once.
3. **Expand** the first new action, then **roll out**: jitted heuristic play
   for every seat (``variant.play_out``) for ``rollout_decisions`` decisions
   or to the end of the game.
4. **Evaluate** the seat's position with the heuristic's value function
   (``engine.heuristic.value``, C&K ``ck_value``): 1 for a win, 0 for a
   loss, else ``0.5 + 0.5 tanh((v - v_root) / value_scale)``, and back the
   result up the path.

The move is the most visited action at the root. A decision with one legal
action is played without search. The budget is ``time_budget`` seconds per
move, or ``playouts`` iterations (repeatable for a seed), whichever ends
first.
"""

from __future__ import annotations

import math
import time

import numpy as np

from catan_env.determinize import determinize_state
from catan_env.engine import layout as L
from catan_env.engine.phases import GAME_OVER
from catan_env.engine.rng import seed_at
from catan_env.engine.selfplay import KIND_HEURISTIC

from .base import register


class _Node:
    """Statistics of one sequence of the seat's own actions."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail: dict[int, int] = {}


class _Kit:
    """Per-variant buffers and jitted entry points."""

    def __init__(self, variant):
        self.variant = variant
        self.legal = np.zeros(variant.num_actions, np.int32)
        self.legal2 = np.zeros(variant.num_actions, np.int32)
        self.scratch = np.zeros(variant.num_actions, np.int32)
        self.work = np.zeros(variant.agent_work_size, np.int32)
        self.moves = np.zeros(4096, np.int32)
        self.dist = np.zeros(64, np.int32)
        self.prod = np.zeros(8, np.float64)
        self.tmp = np.zeros(4, np.float64)
        if variant.name == "cities_and_knights":
            from catan_env.engine.ck.heuristic import ck_value

            self.value = ck_value
        else:
            from catan_env.engine.heuristic import value

            self.value = value

    def evaluate(self, state, tb, seat) -> float:
        return float(self.value(state, tb, seat, self.dist, self.prod, self.tmp))


class MCTSAgent:
    """Determinized MCTS with heuristic rollouts (see the module docstring).

    Args:
        seed: seeds the search (determinizations, rollouts); ``None``: random.
        time_budget: seconds of search per decision (``None``: no limit).
        playouts: iterations per decision (``None``: no limit); with a
            playout budget and no time budget the agent is deterministic for
            its seed.
        rollout_decisions: decisions of heuristic play after the tree before
            the position is scored (0: score the leaf; -1: play to the end).
        c_puct: exploration constant.
        prior_weight: prior probability given to the heuristic's choice.
        value_scale: value difference (about 100 per VP) that counts as a
            clear gain.
    """

    name = "mcts"
    kernel_kind = None

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = 0.1,
        playouts: int | None = None,
        rollout_decisions: int = 40,
        c_puct: float = 1.0,
        prior_weight: float = 0.5,
        value_scale: float = 150.0,
    ):
        if time_budget is None and playouts is None:
            raise ValueError("MCTSAgent needs a time_budget or a playouts budget")
        self.rng = np.random.default_rng(seed)
        self.time_budget = time_budget
        self.playouts = playouts
        self.rollout_decisions = rollout_decisions
        self.c_puct = c_puct
        self.prior_weight = prior_weight
        self.value_scale = value_scale
        self._kits: dict[str, _Kit] = {}
        self._agent_rng = np.zeros(2, np.int32)
        #: Statistics of the last search: iterations and seconds.
        self.last_iterations = 0
        self.last_seconds = 0.0

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        legal = game.legal_actions()
        if legal.size == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return int(legal[0])
        start = time.perf_counter()
        variant = game.variant
        kit = self._kits.get(variant.name)
        if kit is None:
            kit = self._kits[variant.name] = _Kit(variant)
        seat = int(game.current_player)
        tb = game.tables
        kinds = np.full(game.num_players, KIND_HEURISTIC, np.int64)
        root = _Node()
        # Everything below reads the game through determinizations only.
        first = determinize_state(variant, game.state, tb, seat, self.rng)
        v_root = kit.evaluate(first, tb, seat)
        heuristic = self._heuristic(kit, first, tb)
        deadline = None if self.time_budget is None else start + self.time_budget
        limit = self.playouts if self.playouts is not None else 1 << 62
        it = 0
        while it < limit and (deadline is None or time.perf_counter() < deadline):
            state = determinize_state(variant, game.state, tb, seat, self.rng)
            seed_at(self._agent_rng, 0, int(self.rng.integers(1 << 62)))
            self._iterate(kit, root, state, tb, seat, kinds, v_root)
            it += 1
        self.last_iterations = it
        self.last_seconds = time.perf_counter() - start
        best, best_visits = int(legal[0]), -1
        for a in legal:
            child = root.children.get(int(a))
            visits = child.visits if child is not None else 0
            if visits > best_visits or (visits == best_visits and a == heuristic):
                best, best_visits = int(a), visits
        return best

    # --- one iteration ------------------------------------------------------------

    def _heuristic(self, kit: _Kit, state, tb) -> int:
        return int(
            kit.variant.choose_action(
                KIND_HEURISTIC, state, tb, self._agent_rng, kit.legal2, kit.work
            )
        )

    def _iterate(self, kit: _Kit, root: _Node, state, tb, seat, kinds, v_root) -> None:
        variant = kit.variant
        legal, scratch = kit.legal, kit.scratch
        node = root
        path = [root]
        while True:
            if state[L.PHASE] == GAME_OVER:
                break
            if state[L.CURRENT_PLAYER] != seat:
                variant.play_until_seat(
                    state, tb, kinds, self._agent_rng, seat, kit.legal2, scratch, kit.moves
                )
                continue
            count = variant.legal_actions(state, tb, legal)
            if count == 1:
                variant.step(state, tb, int(legal[0]), scratch)
                continue
            a = self._select(kit, node, state, tb, legal[:count])
            variant.step(state, tb, a, scratch)
            child = node.children.get(a)
            if child is None:
                child = node.children[a] = _Node()
                node = child
                path.append(node)
                break
            node = child
            path.append(node)
        if state[L.PHASE] != GAME_OVER and self.rollout_decisions != 0:
            variant.play_out(
                state, tb, kinds, int(self.rng.integers(1 << 62)), max(self.rollout_decisions, 0)
            )
        v = kit.evaluate(state, tb, seat)
        score = 0.5 + 0.5 * math.tanh((v - v_root) / self.value_scale)
        for n in path:
            n.visits += 1
            n.total += score

    def _select(self, kit: _Kit, node: _Node, state, tb, legal) -> int:
        heuristic = self._heuristic(kit, state, tb)
        other = (1.0 - self.prior_weight) / len(legal)
        fpu = node.total / node.visits if node.visits else 0.5
        best, best_score = int(legal[0]), -math.inf
        avail = node.avail
        children = node.children
        for a in legal.tolist():
            n_avail = avail.get(a, 0) + 1
            avail[a] = n_avail
            prior = other + (self.prior_weight if a == heuristic else 0.0)
            child = children.get(a)
            if child is None:
                q, n = fpu, 0
            else:
                q, n = child.total / child.visits, child.visits
            score = q + self.c_puct * prior * math.sqrt(n_avail) / (1 + n)
            if score > best_score:
                best, best_score = a, score
        return best

    def __repr__(self) -> str:
        return (
            f"MCTSAgent(time_budget={self.time_budget}, playouts={self.playouts}, "
            f"rollout_decisions={self.rollout_decisions})"
        )


register("mcts", MCTSAgent)
