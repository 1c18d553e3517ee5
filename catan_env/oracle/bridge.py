"""catanatron's bots as our agents: ``catanatron:alphabeta``, ``value``, ``weighted``, ``random``.

Each decision of a :class:`CatanatronAgent` goes through catanatron:

1. **What the seat may see.** The position is first *determinized* for the
   deciding seat (:func:`catan_env.determinize.determinize_state`, as our MCTS
   does): the opponents' hands (sizes kept), their development cards and the
   deck order are dealt again at random, consistently with everything the seat
   sees, and so is the game's generator. catanatron's own bots read the whole
   ``State`` (opponents' exact hands and cards, the deck list), because
   catanatron keeps them there; its representation needs exact per-type counts,
   so the bridge gives it a guess that depends only on what our seat knows and
   on the agent's generator. Our unseen cards and deck order never reach the
   bot (tested by scrambling them: the choice does not change).
2. **The position in catanatron's terms**: :func:`.convert.to_catanatron`.
3. **The choices**: our legal actions, each as catanatron's action
   (:func:`choices`), replace catanatron's own ``playable_actions``, so the bot
   chooses only among moves our rules allow (its search below the root uses
   catanatron's rules). Our decisions that catanatron has no counterpart for
   are not offered: the optional stop after a first free road, and Road
   Building, Year of Plenty and Monopoly before the roll (catanatron plays only
   a Knight then). Domestic trade is not modelled by catanatron at all: the
   bridge refuses a game with it on.
4. **The bot decides** (``Player.decide``) with Python's ``random`` seeded from
   the agent's generator for that call (and restored after it), so a seeded
   agent repeats its games; its action is mapped back to ours.

Where catanatron decides in one action what we ask as several decisions, the
bot's plan is kept and played on the follow-up decisions, while they stay legal:

* **robber**: catanatron's move names the hex and the victim; our move of the
  robber is played now, the steal from that victim next;
* **Year of Plenty** (catanatron: the card and its one or two resources) and
  **Monopoly** (the card and the resource): our play now, the picks next;
* **discards**: catanatron 3.2.1 discards a random half of the hand in one
  action (its bots have no say); we ask one card per decision, so each of our
  discards is a card drawn at random from the hand (weighted by the counts),
  the same distribution, without asking the bot.

A steal or pick with no plan (an agent handed a game in the middle of such a
decision) is a random legal choice. The four bots:

* ``random``: catanatron's ``RandomPlayer``; ``weighted``: its
  ``WeightedRandomPlayer`` (cities, settlements and development cards
  favoured); both ship with catanatron 3.2.1;
* ``value``: ``ValueFunctionPlayer`` (one step ahead on its default value
  function, ``base_fn``) and ``alphabeta``: ``AlphaBetaPlayer`` (depth 2, the
  same value function, expectations over dice and steals). These two are in
  ``catanatron_experimental``, which catanatron 3.2.1 on PyPI does not ship:
  see the oracle README for installing it from catanatron's 3.2.1 release.

catanatron is only imported and called; none of its code is copied here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import contextmanager

import numpy as np
from catanatron.models.enums import RESOURCES, Action, ActionType

from catan_env.determinize import determinize_state
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.board.standard import LAND_HEXES
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import NUM_CARD_TYPES, NUM_RESOURCES

from .convert import (
    EDGE,
    NODE,
    RESOURCE,
    Converted,
    maritime_offer,
    maritime_pair,
    robber_victims,
    to_catanatron,
)

#: The bots, as ``catanatron:BOT`` names them.
BOTS = ("alphabeta", "value", "weighted", "random")
#: Depth of ``catanatron:alphabeta`` (catanatron's default).
ALPHABETA_DEPTH = 2

#: Our choice, and the follow-up decisions that complete catanatron's action.
Choice = tuple[int, tuple[int, ...]]

_EXPERIMENTAL = (
    "catanatron:{bot} needs catanatron's {cls}, which is in catanatron_experimental, not in "
    "catanatron 3.2.1 from PyPI (that ships random and weighted only): install "
    "catanatron_experimental and catanatron_gym from catanatron's 3.2.1 release "
    "(see catan_env/oracle/README.md)"
)


def bot_factory(bot: str) -> Callable:
    """``factory(color) -> catanatron Player`` for one of :data:`BOTS`.

    Raises:
        ValueError: an unknown bot, or one whose package is not installed.
    """
    if bot == "random":
        from catanatron.models.player import RandomPlayer

        return RandomPlayer
    if bot == "weighted":
        from catanatron.players.weighted_random import WeightedRandomPlayer

        return WeightedRandomPlayer
    if bot not in BOTS:
        raise ValueError(f"unknown catanatron bot {bot!r}; catanatron:BOT takes {', '.join(BOTS)}")
    cls = "AlphaBetaPlayer" if bot == "alphabeta" else "ValueFunctionPlayer"
    try:
        from catanatron_experimental.machine_learning.players import minimax
    except ImportError:
        raise ValueError(_EXPERIMENTAL.format(bot=bot, cls=cls)) from None
    if bot == "alphabeta":
        return lambda color: minimax.AlphaBetaPlayer(color, depth=ALPHABETA_DEPTH)
    return minimax.ValueFunctionPlayer


def check_game(game, name: str) -> None:
    """Refuse, in one line, a game the bridge cannot play: base, no domestic trade, 3-4 players."""
    config = game.config
    variant = getattr(config, "variant", None)
    if variant != "base":
        raise ValueError(f"{name} plays the base game only, not {variant}")
    if config.domestic_trade:
        raise ValueError(
            f"{name} plays without domestic trade (catanatron has none): "
            "set domestic_trade=False (-o domestic_trade=false)"
        )
    if config.num_players not in (3, 4):
        raise ValueError(f"{name} plays 3 or 4 players, not {config.num_players}")


def _year_of_plenty(bank) -> list[tuple]:
    """catanatron's Year of Plenty values: two resources the bank holds (a pair i <= j in
    resource order), else each single one it holds; in a fixed order (catanatron's own list
    comes from a set)."""
    out: list[tuple] = []
    for i in range(NUM_RESOURCES):
        for j in range(i, NUM_RESOURCES):
            if bank[i] >= 1 + (i == j) and bank[j] >= 1:
                pair = (RESOURCE[i], RESOURCE[j])
            else:
                pair = tuple(RESOURCE[r] for r in dict.fromkeys((i, j)) if bank[r] >= 1)
                for r in pair:
                    if (r,) not in out:
                        out.append((r,))
                continue
            out.append(pair)
    return out


def choices(variant, tables, state: np.ndarray, conv: Converted) -> dict[Action, Choice]:
    """Our legal actions at ``state`` as catanatron's actions, each with our action and plan.

    Every decision of the base game without domestic trade is covered: set-up,
    roll, builds, buying and playing development cards, the robber (one
    catanatron action per hex and victim), maritime trade, the end of the turn.
    A discard maps every card to catanatron's single ``DISCARD`` action (its
    discards are random). Not offered: our stop after a first free road, and
    Road Building, Year of Plenty and Monopoly before the roll (catanatron has
    no such decisions).

    Raises:
        ValueError: a legal action catanatron has no counterpart for (domestic trade).
    """
    legal = np.zeros(variant.num_actions, np.int32)
    n = variant.legal_actions(state, tables, legal)
    seat = int(state[L.CURRENT_PLAYER])
    phase = int(state[L.PHASE])
    color = conv.color_of[seat]
    out: dict[Action, Choice] = {}

    def put(kind, value, a: int, plan: tuple[int, ...] = ()) -> None:
        out.setdefault(Action(color, kind, value), (a, plan))

    for a in (int(x) for x in legal[:n]):
        if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD:
            put(ActionType.BUILD_SETTLEMENT, NODE[a - A.BUILD_SETTLEMENT], a)
        elif A.BUILD_ROAD <= a < A.BUILD_CITY:
            put(ActionType.BUILD_ROAD, EDGE[a - A.BUILD_ROAD], a)
        elif A.BUILD_CITY <= a < A.BUY_DEV:
            put(ActionType.BUILD_CITY, NODE[a - A.BUILD_CITY], a)
        elif a == A.ROLL:
            put(ActionType.ROLL, None, a)
        elif a == A.END_TURN:
            put(ActionType.END_TURN, None, a)
        elif a == A.BUY_DEV:
            put(ActionType.BUY_DEVELOPMENT_CARD, None, a)
        elif a == A.PLAY_KNIGHT:
            put(ActionType.PLAY_KNIGHT_CARD, None, a)
        elif a in (A.PLAY_ROAD_BUILDING, A.PLAY_YEAR_OF_PLENTY, A.PLAY_MONOPOLY):
            if phase == P.PRE_ROLL:
                continue  # catanatron plays only a Knight before the roll
            if a == A.PLAY_ROAD_BUILDING:
                put(ActionType.PLAY_ROAD_BUILDING, None, a)
            elif a == A.PLAY_MONOPOLY:
                for r in range(NUM_RESOURCES):
                    put(ActionType.PLAY_MONOPOLY, RESOURCE[r], a, (A.PICK_RESOURCE + r,))
            else:
                bank = state[L.BANK : L.BANK + NUM_RESOURCES]
                for value in _year_of_plenty(bank):
                    picks = tuple(A.PICK_RESOURCE + RESOURCES.index(r) for r in value)
                    put(ActionType.PLAY_YEAR_OF_PLENTY, value, a, picks)
        elif A.MARITIME <= a < A.MARITIME + NUM_RESOURCES * (NUM_RESOURCES - 1):
            give, get = maritime_pair(a - A.MARITIME)
            put(ActionType.MARITIME_TRADE, maritime_offer(state, seat, give, get), a)
        elif A.DISCARD <= a < A.DISCARD + NUM_RESOURCES:
            put(ActionType.DISCARD, None, a)
        elif A.MOVE_ROBBER <= a < A.STEAL:
            h = a - A.MOVE_ROBBER
            coord = tuple(LAND_HEXES[h])
            for steal, victim in robber_victims(variant, tables, state, h):
                victim_color = None if victim is None else conv.color_of[victim]
                plan = () if steal is None else (steal,)
                put(ActionType.MOVE_ROBBER, (coord, victim_color, None), a, plan)
        elif a == A.STOP and phase == P.ROAD_BUILDING:
            continue  # the optional second free road: catanatron always places both
        else:
            name = variant.actions.names[a]
            raise ValueError(f"catanatron has no counterpart for our action {name}")
    return out


@contextmanager
def _python_random(rng: np.random.Generator):
    """Python's ``random`` (catanatron's bots draw from it) seeded from ``rng``, then restored."""
    saved = random.getstate()
    random.seed(int(rng.integers(2**63)))
    try:
        yield
    finally:
        random.setstate(saved)


class CatanatronAgent:
    """One of catanatron's bots playing a seat of our base game (see the module docstring).

    Args:
        bot: one of :data:`BOTS`.
        seed: seeds the agent's generator (determinizations, discards, the bot's
            ``random``); ``None``: random.

    Raises:
        ValueError: an unknown bot, or its package missing (one line, naming it).
    """

    #: No jitted counterpart: each decision calls ``act``.
    kernel_kind = None

    def __init__(self, bot: str, seed: int | None = None):
        self.bot = bot
        self.name = f"catanatron:{bot}"
        self._factory = bot_factory(bot)
        self.rng = np.random.default_rng(seed)
        #: (seat, our follow-up actions) of the bot's last action.
        self._plan: tuple[int, list[int]] | None = None

    def act(self, game) -> int:
        if game.done:
            raise ValueError("no legal action: the game is over")
        check_game(game, self.name)
        seat = game.current_player
        legal = game.legal_actions()
        plan, self._plan = self._plan, None
        if plan is not None and plan[0] == seat and plan[1] and plan[1][0] in legal:
            if len(plan[1]) > 1:
                self._plan = (seat, plan[1][1:])
            return plan[1][0]
        if legal.size == 1:
            return int(legal[0])
        phase = int(game.state[L.PHASE])
        if phase == P.DISCARD:
            return self._discard(game.state, seat, legal)
        if phase in (P.STEAL, P.YEAR_OF_PLENTY, P.MONOPOLY):
            return int(legal[self.rng.integers(legal.size)])  # no plan: see the docstring
        return self.decide(game, seat)

    def decide(self, game, seat: int) -> int:
        """Ask the bot at ``game``'s position (as ``seat`` sees it); keep its plan."""
        state = determinize_state(game.variant, game.state, game.tables, seat, self.rng)
        conv = to_catanatron(state)
        options = choices(game.variant, game.tables, state, conv)
        conv.state.playable_actions = list(options)
        player = self._factory(conv.color_of[seat])
        with _python_random(self.rng):
            action = player.decide(conv.game, conv.state.playable_actions)
        a, plan = options[action]
        if plan:
            self._plan = (seat, list(plan))
        return a

    def _discard(self, state: np.ndarray, seat: int, legal: np.ndarray) -> int:
        """A card drawn at random from the hand, as catanatron's discard picks them."""
        weights = state[L.HAND + seat * NUM_CARD_TYPES + legal - A.DISCARD].astype(np.float64)
        return int(legal[self.rng.choice(legal.size, p=weights / weights.sum())])

    def __repr__(self) -> str:
        return f"CatanatronAgent({self.bot!r})"
