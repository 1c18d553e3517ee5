"""Determinized Monte Carlo search (information-set MCTS, one observer).

:class:`MCTSAgent` decides by simulating futures of the game. Every
simulation starts from a **determinization**: everything the deciding seat
cannot see is dealt again at random, consistently with what it sees
(:func:`catan_env.determinize.determinize_state`: opponents' hands and cards,
deck orders, the future dice). That is the only way the agent reads the game,
so it never peeks. The other seats are simulated by the jitted heuristic (the
model of the other players, and the rollout policy), decisions with a single
legal action are applied at once, and a decision with one legal action is
played without search.

Positions are scored with the heuristic's value function
(``engine.heuristic.value``, C&K ``ck_value``): 1 for a win, 0 for a loss,
else ``0.5 + 0.5 tanh((v - v_root) / value_scale)``.

Two ways to spend the budget (``root``):

* ``"halving"`` (default): sequential halving at the root with common random
  numbers. The candidates are the heuristic's choice, the other actions best
  by a one-step look at the value, and the best domestic offers. Each round
  deals new determinizations and plays every surviving candidate on each of
  them with the same dice and the same opponents' generator, then heuristic
  play for everyone until the seat's ``horizon``-th next turn, where the
  position is scored; the worse half of the candidates is dropped. The
  heuristic's choice is kept unless another candidate beats it by
  ``confidence`` standard errors of the paired differences. Paired futures
  make small differences between moves measurable with a small budget.
* ``"puct"``: a tree of the seat's own decisions, keyed by its sequence of
  actions since the root (open loop: dice and opponents' replies are not
  nodes). Each iteration descends by the PUCT score
  ``Q + c * P * sqrt(N) / (1 + n)`` over the actions legal in its
  determinization (prior ``prior_weight`` on the heuristic's choice, the rest
  uniform; ``N`` counts visits where the action was available), expands one
  action, rolls out ``rollout_decisions`` heuristic decisions and backs the
  score up. The move is the most visited action.

A domestic offer takes several decisions (give, want, propose, confirm) that
a search would rarely string together, so the best one-for-one offers (by the
seat's value of the swapped hand) are searched as single moves; the opponents'
answers come from the simulation, and a chosen offer is played out step by
step on the following calls.

The budget is ``time_budget`` seconds of CPU time per move (wall-clock time
with ``cpu_time=False``), or ``playouts`` simulations, whichever ends first;
with a playout budget alone a seeded agent repeats its games exactly.
"""

from __future__ import annotations

import math
import time

import numpy as np

from catan_env.determinize import determinize_state
from catan_env.games.catan.base.agents import KIND_HEURISTIC
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import CARD_NAMES, NUM_CARD_TYPES
from catan_env.games.catan.common.phases import GAME_OVER, TRADE_CLOSE, TRADE_COMPOSE
from catan_env.games.catan.common.rng import seed_at

from .base import register

#: How the halving root scores a position at the horizon (``MCTSAgent(leaf=...)``).
LEAVES = ("heuristic", "value", "mix")

#: Plan step: confirm the offer with an acceptor.
_CONFIRM = -1


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
        names = variant.actions.names
        index = {name: i for i, name in enumerate(names)}
        self.types = [r for r, c in enumerate(CARD_NAMES) if f"offer_give({c})" in index]
        self.give = {r: index[f"offer_give({CARD_NAMES[r]})"] for r in self.types}
        self.want = {r: index[f"offer_want({CARD_NAMES[r]})"] for r in self.types}
        self.pair = {
            (x, y): index[f"offer({CARD_NAMES[x]}->{CARD_NAMES[y]})"]
            for x in self.types
            for y in self.types
            if x != y
        }
        self.propose_all = index["propose(all)"]
        if variant.name == "cities_and_knights":
            from catan_env.games.catan.cities_and_knights.heuristic import ck_value

            self.value = ck_value
        else:
            from catan_env.games.catan.base.heuristic import value

            self.value = value

    def opening(self, state, give, want) -> list[int]:
        """The actions that put one ``give`` and one ``want`` in a new offer: the
        pair, or the two cards under ``trade_protocol="cards"``."""
        if state[L.OPT_DOMESTIC_TRADE] == L.DOMESTIC_TRADE_PAIRS:
            return [self.pair[give, want]]
        return [self.give[give], self.want[want]]

    def evaluate(self, state, tb, seat) -> float:
        return float(self.value(state, tb, seat, self.dist, self.prod, self.tmp))


class MCTSAgent:
    """Determinized MCTS with heuristic rollouts (see the module docstring).

    Args:
        seed: seeds the search (determinizations, rollouts); ``None``: random.
        time_budget: seconds of search per decision (``None``: no limit),
            counted in CPU time of this process (so that a busy machine does
            not weaken the search), or wall-clock time if not ``cpu_time``.
        playouts: simulations per decision (``None``: no limit): one
            candidate played in one determinization (``"halving"``) or one
            tree iteration (``"puct"``). With a playout budget and no time
            budget the agent repeats itself for a seed.
        root: ``"halving"`` or ``"puct"`` (see the module docstring).
        candidates: ``"halving"``: moves compared (the heuristic's choice and
            the best others by one-step value), besides the offers.
        confidence: ``"halving"``: standard errors by which a move must beat
            the heuristic's choice in the paired comparison.
        horizon: ``"halving"``: the position is scored when the seat's
            ``horizon``-th next turn starts.
        rollout_decisions: ``"puct"``: decisions of heuristic play after the
            tree before the position is scored (0: score the leaf; -1: play
            to the end).
        c_puct: ``"puct"``: exploration constant.
        prior_weight: ``"puct"``: prior probability of the heuristic's choice.
        trade_prior: ``"puct"``: prior probability of each offer.
        value_scale: value difference (about 100 per VP) that counts as a
            clear gain.
        deals: distinct determinizations per decision, used in turn (each
            simulation still draws its own dice).
        trades: one-for-one domestic offers searched as single moves (0: none).
        cpu_time: measure ``time_budget`` in CPU time (else wall-clock time).
        leaf: ``"halving"``: how the position at the horizon is scored:
            ``"heuristic"`` (default: the squashed heuristic value above),
            ``"value"`` (a learned value's chance that the seat wins,
            :mod:`agents.value_net`, computed in the kernels) or ``"mix"``
            (the mean of the two).
        value: the value net (checkpoint path or
            :class:`~agents.value_net.ValueNet`) for ``leaf="value"`` or
            ``"mix"``; ``None``: the game's shipped one
            (:data:`agents.value_search.SHIPPED_VALUE`).
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
        deals: int = 8,
        trades: int = 3,
        trade_prior: float = 0.1,
        root: str = "halving",
        candidates: int = 4,
        confidence: float = 1.0,
        cpu_time: bool = True,
        horizon: int = 1,
        leaf: str = "heuristic",
        value=None,
    ):
        if root not in ("halving", "puct"):
            raise ValueError(f"root must be 'halving' or 'puct', got {root!r}")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, got {leaf!r}")
        if leaf != "heuristic" and root != "halving":
            raise ValueError(f"leaf={leaf!r} scores the halving root's horizon; root='halving'")
        if time_budget is None and playouts is None:
            raise ValueError("MCTSAgent needs a time_budget or a playouts budget")
        self.rng = np.random.default_rng(seed)
        self.time_budget = time_budget
        self.playouts = playouts
        self.rollout_decisions = rollout_decisions
        self.c_puct = c_puct
        self.prior_weight = prior_weight
        self.value_scale = value_scale
        self.deals = deals
        self.trades = trades
        self.trade_prior = trade_prior
        self.root = root
        self.candidates = candidates
        self.confidence = confidence
        self.horizon = horizon
        self.leaf = leaf
        self._value = value
        self._leaf_kit = None
        self._clock = time.process_time if cpu_time else time.perf_counter
        self._kits: dict[str, _Kit] = {}
        self._agent_rng = np.zeros(2, np.int32)
        self._plan: list[int] = []
        self._plan_for: tuple = ()
        #: Statistics of the last search: iterations, seconds, the heuristic's choice.
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_heuristic = -1

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        legal = game.legal_actions()
        self.last_iterations, self.last_seconds = 0, 0.0
        planned = self._follow_plan(game, legal)
        if planned is not None:
            return planned
        if legal.size == 1:
            return int(legal[0])
        start = self._clock()
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
        heuristic = self.last_heuristic = self._heuristic(kit, first, tb)
        macros = self._trade_macros(kit, first, tb, seat, legal, v_root)
        if self.root == "halving":
            best = self._halving(kit, game, first, seat, legal, heuristic, macros, v_root, start)
            self.last_seconds = self._clock() - start
            return self._chosen(kit, game, seat, best)
        deals = [first]
        deadline = None if self.time_budget is None else start + self.time_budget
        limit = self.playouts if self.playouts is not None else 1 << 62
        it = 0
        while it < limit and (deadline is None or self._clock() < deadline):
            # ``deals`` deals of the hidden cards used in turn (a deal costs
            # about as much as a rollout); every iteration draws its own dice.
            if it + 1 < self.deals:
                deals.append(determinize_state(variant, game.state, tb, seat, self.rng))
            state = deals[it % self.deals].copy()
            state[L.RNG : L.RNG + 2] = self.rng.integers(-(2**31), 2**31, 2, dtype=np.int64)
            seed_at(self._agent_rng, 0, int(self.rng.integers(1 << 62)))
            self._iterate(kit, root, state, tb, seat, kinds, v_root, macros)
            it += 1
        self.last_iterations = it
        self.last_seconds = self._clock() - start
        best, best_visits = int(legal[0]), -1
        for a in [*legal.tolist(), *macros]:
            child = root.children.get(a)
            visits = child.visits if child is not None else 0
            if visits > best_visits or (visits == best_visits and a == heuristic):
                best, best_visits = a, visits
        return self._chosen(kit, game, seat, best)

    def _chosen(self, kit: _Kit, game, seat, best) -> int:
        """The action to play for the search's choice (the first step of an offer)."""
        if best >= kit.variant.num_actions:
            give, want = divmod(best - kit.variant.num_actions, NUM_CARD_TYPES)
            first, *rest = kit.opening(game.state, give, want)
            self._plan = [*rest, kit.propose_all, _CONFIRM]
            self._plan_for = (id(game), seat, game.turn)
            return first
        return int(best)

    # --- root search by sequential halving -------------------------------------------

    def _halving(self, kit, game, first, seat, legal, heuristic, macros, v_root, start) -> int:
        """Sequential halving over a few candidates with common random numbers.

        Candidates: the heuristic's choice, the other actions best by a
        one-step look at the value, and the best offers. Every round deals new
        determinizations and plays each surviving candidate on each of them
        with the same dice and the same agents' generator, so differences
        between candidates are measured in the same futures; the worse half
        (never the heuristic's choice) is dropped. The heuristic's choice is
        kept unless another candidate beats it by ``confidence`` standard
        errors of the paired differences.
        """
        variant, tb = kit.variant, game.tables
        cands = self._candidates(kit, first, tb, seat, legal, heuristic, v_root) + macros
        if len(cands) == 1:
            return cands[0]
        kinds = np.full(game.num_players, KIND_HEURISTIC, np.int64)
        scores: dict[int, list[float]] = {a: [] for a in cands}
        alive = list(cands)
        rounds = max(1, math.ceil(math.log2(len(cands))))
        budget = self.time_budget
        limit = self.playouts
        deals = [first]
        it = done = 0
        turn0 = int(first[L.TURN])
        for r in range(rounds):
            until = None if budget is None else start + budget * (r + 1) / rounds
            quota = None if limit is None else limit * (r + 1) // rounds
            while True:
                if until is not None and self._clock() >= until:
                    break
                if quota is not None and done + len(alive) > quota:
                    break
                if it + 1 < self.deals:
                    deals.append(determinize_state(variant, game.state, tb, seat, self.rng))
                base = deals[it % self.deals]
                words = self.rng.integers(-(2**31), 2**31, 2, dtype=np.int64)
                agent_seed = int(self.rng.integers(1 << 62))
                for a in alive:
                    state = base.copy()
                    state[L.RNG : L.RNG + 2] = words
                    seed_at(self._agent_rng, 0, agent_seed)
                    score = self._score_after(kit, state, tb, seat, kinds, a, turn0, v_root)
                    scores[a].append(score)
                it += 1
                done += len(alive)
            if r < rounds - 1 and len(alive) > 2:
                n = min(len(scores[a]) for a in alive)
                others = sorted(
                    (a for a in alive if a != heuristic),
                    key=lambda a: -sum(scores[a][-n:]) if n else 0,
                )
                keep = max(1, (len(alive) + 1) // 2 - 1)
                alive = [heuristic, *others[:keep]]
        self.last_iterations = done
        base_scores = np.asarray(scores[heuristic])
        best, best_edge = heuristic, 0.0
        for a in alive:
            if a == heuristic:
                continue
            n = len(scores[a])
            if n < 2:
                continue
            diff = np.asarray(scores[a]) - base_scores[-n:]
            se = diff.std(ddof=1) / math.sqrt(n)
            edge = diff.mean() - self.confidence * se
            if edge > best_edge:
                best, best_edge = a, edge
        return best

    def _candidates(self, kit, state, tb, seat, legal, heuristic, v_root) -> list[int]:
        """The heuristic's choice and the ``candidates - 1`` best others by one-step value."""
        legal = legal.tolist()
        if len(legal) <= self.candidates:
            return [heuristic, *(a for a in legal if a != heuristic)]
        scored = []
        for a in legal:
            if a == heuristic:
                continue
            s = state.copy()
            kit.variant.step(s, tb, a, kit.scratch)
            scored.append((kit.evaluate(s, tb, seat), a))
        scored.sort(reverse=True)
        return [heuristic, *(a for _, a in scored[: self.candidates - 1])]

    def _score_after(self, kit, state, tb, seat, kinds, a, turn0, v_root) -> float:
        """Play ``a``, then heuristics for everyone until the seat's next turn; score it."""
        variant, scratch = kit.variant, kit.scratch
        until_turn = turn0 + (self.horizon - 1) * int(state[L.NUM_PLAYERS])
        if a >= variant.num_actions:
            self._apply_trade(kit, state, tb, seat, kinds, a)
        else:
            variant.step(state, tb, a, scratch)
        while state[L.PHASE] != GAME_OVER:
            if state[L.CURRENT_PLAYER] != seat:
                variant.play_until_seat(
                    state, tb, kinds, self._agent_rng, seat, kit.legal2, scratch, kit.moves
                )
                continue
            if state[L.ACTIVE_PLAYER] == seat and state[L.TURN] > until_turn:
                break  # the seat's turn: every candidate is scored at this point
            variant.step(state, tb, self._heuristic(kit, state, tb), scratch)
        if self.leaf == "value":
            return self._learned_value(kit, state, tb, seat)
        v = kit.evaluate(state, tb, seat)
        squashed = 0.5 + 0.5 * math.tanh((v - v_root) / self.value_scale)
        if self.leaf == "mix":
            return 0.5 * (squashed + self._learned_value(kit, state, tb, seat))
        return squashed

    def _learned_value(self, kit, state, tb, seat) -> float:
        """The learned value's chance that ``seat`` wins ``state`` (1 or 0 once decided)."""
        if self._leaf_kit is None or self._leaf_kit.spec is not kit.variant:
            from .value_search import _Kit as ValueKit
            from .value_search import load_value, shipped_value

            if self._value is None:
                net = shipped_value(kit.variant.name)
            elif isinstance(self._value, str | bytes) or hasattr(self._value, "__fspath__"):
                net = load_value(self._value)
            else:
                net = self._value
            if net.variant != kit.variant.name:
                raise ValueError(
                    f"this value net was trained for {net.variant}, not {kit.variant.name}"
                )
            self._leaf_kit = ValueKit(net, kit.variant)
        vk = self._leaf_kit
        return float(kit.variant.kernels.value_of(state, tb, seat, vk.params, vk.meta, 0, vk.obs,
                                                  vk.act, vk.seats))  # fmt: skip

    # --- domestic trades as single moves -----------------------------------------

    def _follow_plan(self, game, legal) -> int | None:
        """The next step of an offer chosen as one move, if it still applies."""
        if not self._plan:
            return None
        if self._plan_for != (id(game), game.current_player, game.turn):
            self._plan = []
            return None
        phase = int(game.state[L.PHASE])
        nxt = self._plan.pop(0)
        if nxt == _CONFIRM and phase == TRADE_CLOSE:
            self._plan = []
            return int(legal[-1])  # a confirm (cancel has the lowest id)
        if phase == TRADE_COMPOSE and nxt in legal:
            return int(nxt)
        self._plan = []
        return None

    def _trade_macros(self, kit: _Kit, state, tb, seat, legal, v_now) -> list[int]:
        """The most valuable one-for-one offers, as move ids past the action space.

        Composing and proposing an offer takes several decisions, which the
        search would rarely string together; as one move (give ``x``, want
        ``y``, propose to everyone, confirm with the first acceptor) it is
        compared with the other moves directly. The candidates are the swaps
        that raise the seat's value most; the opponents' answers come from the
        simulation.
        """
        if self.trades <= 0:
            return []
        legal_set = set(legal.tolist())
        # Only swaps whose opening is legal now: a pair opens an offer from the action
        # phase alone, so an offer already being composed gets none under "pairs".
        swaps = [
            (x, y)
            for x in kit.types
            for y in kit.types
            if y != x and all(a in legal_set for a in kit.opening(state, x, y))
        ]
        if not swaps:
            return []
        hand = L.HAND + seat * NUM_CARD_TYPES
        s = state.copy()
        scored = []
        for x, y in swaps:
            s[hand + x] -= 1
            s[hand + y] += 1
            gain = kit.evaluate(s, tb, seat) - v_now
            s[hand + x] += 1
            s[hand + y] -= 1
            if gain > 0:
                scored.append((gain, x, y))
        scored.sort(reverse=True)
        n = kit.variant.num_actions
        return [n + x * NUM_CARD_TYPES + y for _, x, y in scored[: self.trades]]

    def _apply_trade(self, kit: _Kit, state, tb, seat, kinds, macro) -> None:
        give, want = divmod(macro - kit.variant.num_actions, NUM_CARD_TYPES)
        variant, scratch = kit.variant, kit.scratch
        for a in (*kit.opening(state, give, want), kit.propose_all):
            variant.step(state, tb, a, scratch)
        while state[L.PHASE] != GAME_OVER and state[L.CURRENT_PLAYER] != seat:
            variant.play_until_seat(
                state, tb, kinds, self._agent_rng, seat, kit.legal2, scratch, kit.moves
            )
        if state[L.PHASE] == TRADE_CLOSE:
            count = variant.legal_actions(state, tb, kit.legal)
            variant.step(state, tb, int(kit.legal[count - 1]), scratch)

    # --- one iteration ------------------------------------------------------------

    def _heuristic(self, kit: _Kit, state, tb) -> int:
        return int(
            kit.variant.choose_action(
                KIND_HEURISTIC, state, tb, self._agent_rng, kit.legal2, kit.work
            )
        )

    def _iterate(self, kit: _Kit, root: _Node, state, tb, seat, kinds, v_root, macros) -> None:
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
            extra = macros if node is root else ()
            a = self._select(kit, node, state, tb, legal[:count], extra)
            if a >= variant.num_actions:
                self._apply_trade(kit, state, tb, seat, kinds, a)
            else:
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

    def _select(self, kit: _Kit, node: _Node, state, tb, legal, macros) -> int:
        heuristic = self._heuristic(kit, state, tb)
        candidates = legal.tolist()
        rest = 1.0 - self.prior_weight
        if macros:
            candidates.extend(macros)
            rest -= self.trade_prior * len(macros)
        other = max(rest, 0.0) / len(legal)
        fpu = node.total / node.visits if node.visits else 0.5
        best, best_score = candidates[0], -math.inf
        avail = node.avail
        children = node.children
        sqrt = math.sqrt
        c = self.c_puct
        n_actions = kit.variant.num_actions
        for a in candidates:
            n_avail = avail.get(a, 0) + 1
            avail[a] = n_avail
            if a >= n_actions:
                prior = self.trade_prior
            else:
                prior = other + (self.prior_weight if a == heuristic else 0.0)
            child = children.get(a)
            if child is None:
                q, n = fpu, 0
            else:
                q, n = child.total / child.visits, child.visits
            score = q + c * prior * sqrt(n_avail) / (1 + n)
            if score > best_score:
                best, best_score = a, score
        return best

    def __repr__(self) -> str:
        return (
            f"MCTSAgent(time_budget={self.time_budget}, playouts={self.playouts}, "
            f"rollout_decisions={self.rollout_decisions}, trades={self.trades})"
        )


def search_seconds(name: str, seconds: str | None) -> float:
    """The per-move budget of ``"NAME:SECONDS"`` (``None``: the default 0.1 s).

    Raises:
        ValueError: ``seconds`` is not a positive, finite number.
    """
    if seconds is None:
        return 0.1
    try:
        budget = float(seconds)
    except ValueError:
        budget = math.nan
    if not (math.isfinite(budget) and budget > 0):
        raise ValueError(
            f"{name}:SECONDS takes the search time per move in seconds (a positive number, "
            f"e.g. {name}:0.5), got {seconds!r}"
        )
    return budget


def mcts_from_spec(seconds: str | None = None, seed: int | None = None) -> MCTSAgent:
    """The agent of ``make_agent("mcts")`` (0.1 s of search per move) or ``"mcts:SECONDS"``.

    Raises:
        ValueError: ``seconds`` is not a positive number.
    """
    return MCTSAgent(seed=seed, time_budget=search_seconds("mcts", seconds))


register("mcts", mcts_from_spec)
