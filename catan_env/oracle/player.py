"""Our agents inside catanatron's own game loop: :class:`CatanEnvPlayer`.

A ``catanatron.models.player.Player`` whose ``decide`` asks one of our agents
(anything :func:`agents.make_agent` builds: ``"heuristic"``, ``"learned"``,
``"learned-search:0.1"``, ``"random"``...). catanatron runs the game: its map,
dice, rules, turn limit and win check. At each decision of the player:

1. **The position as the seat knows it.** :func:`.reverse.from_catanatron`
   reads catanatron's game with ``viewer`` the player's colour (only its own
   hand and development cards; the others' and the deck order are a canonical
   filler built from public facts), then
   :func:`catan_env.determinize.determinize_state` deals the unseen cards
   again at random for the seat, from the player's own generator. Opponents'
   hands, their development cards and the deck order are never read from
   catanatron's state (tested by scrambling them: the choice does not change).
2. **Our agent chooses** on that position (a :class:`catan_env.Game` of the
   base game without domestic trade).
3. **The choice as catanatron's action.** Where catanatron bundles several of
   our decisions into one action, the rest come from our agent on a stepped
   copy of our position: the robber's hex, then the victim (our ``steal``);
   Year of Plenty, then its one or two picks; Monopoly, then the resource.
   The completed action is looked up among catanatron's ``playable_actions``.

Decisions the two engines do not share (README, "Our agents inside catanatron"):

* **discards**: catanatron 3.2.1 offers one ``DISCARD`` action that discards a
  random half of the hand; the player plays it (our agent has no say), as it
  plays every decision with a single playable action;
* our agent's choice that catanatron does not allow is asked again on a copy
  of the position where it is not legal: Road Building, Year of Plenty or
  Monopoly before the roll, or Road Building without a road's cost in hand
  (catanatron demands it), are asked again with that card marked as bought
  this turn (unplayable); the optional stop after a first free road
  (catanatron always places both) is asked again as if no free road were
  placed yet. Each such question is counted in :attr:`CatanEnvPlayer.reasked`;
* catanatron lets a development card be played the turn it was bought (base
  §8.1 does not): our agent plays by our rules, so it never does;
* anything still without a counterpart (none seen so far) is a random playable
  action, counted in :attr:`CatanEnvPlayer.fallbacks`.

catanatron is only imported and called; none of its code is copied here.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from catanatron.models.enums import RESOURCES, Action, ActionType
from catanatron.models.player import Player

from catan_env.determinize import determinize_state
from catan_env.game import Game
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.board.standard import LAND_HEXES
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import (
    MONOPOLY,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
)

from .convert import EDGE, NODE, RESOURCE, maritime_offer, maritime_pair
from .reverse import from_catanatron

#: Our card plays catanatron may refuse, and the card each plays.
_CARD_OF = {
    A.PLAY_ROAD_BUILDING: ROAD_BUILDING,
    A.PLAY_YEAR_OF_PLENTY: YEAR_OF_PLENTY,
    A.PLAY_MONOPOLY: MONOPOLY,
}
_SIMPLE = {
    A.ROLL: ActionType.ROLL,
    A.END_TURN: ActionType.END_TURN,
    A.BUY_DEV: ActionType.BUY_DEVELOPMENT_CARD,
    A.PLAY_KNIGHT: ActionType.PLAY_KNIGHT_CARD,
    A.PLAY_ROAD_BUILDING: ActionType.PLAY_ROAD_BUILDING,
}


def normal(action: Action) -> Action:
    """catanatron's action in a canonical form: a road's edge as a sorted node pair, Year of
    Plenty's resources in resource order (catanatron lists edges either way round)."""
    if action.action_type == ActionType.BUILD_ROAD:
        return action._replace(value=tuple(sorted(action.value)))
    if action.action_type == ActionType.PLAY_YEAR_OF_PLENTY:
        return action._replace(value=tuple(sorted(action.value, key=RESOURCES.index)))
    return action


def victim_of(state: np.ndarray, steal: int) -> int:
    """The seat our ``steal`` action robs (relative seats: 1 is the next clockwise)."""
    n = int(state[L.NUM_PLAYERS])
    return (int(state[L.ACTIVE_PLAYER]) + steal - A.STEAL + 1) % n


def as_catanatron(agent, g: Game, a: int, colors) -> Action | None:
    """Our action ``a`` at ``g``'s position as catanatron's action (canonical form), its
    follow-up decisions asked of ``agent`` on a stepped copy; ``None``: no counterpart.

    ``colors[seat]`` is catanatron's colour of our seat.
    """
    seat = g.current_player
    color = colors[seat]
    if a in _SIMPLE:
        return Action(color, _SIMPLE[a], None)
    if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD:
        return Action(color, ActionType.BUILD_SETTLEMENT, NODE[a - A.BUILD_SETTLEMENT])
    if A.BUILD_ROAD <= a < A.BUILD_CITY:
        return Action(color, ActionType.BUILD_ROAD, EDGE[a - A.BUILD_ROAD])
    if A.BUILD_CITY <= a < A.BUY_DEV:
        return Action(color, ActionType.BUILD_CITY, NODE[a - A.BUILD_CITY])
    if A.MARITIME <= a < A.MARITIME + NUM_RESOURCES * (NUM_RESOURCES - 1):
        give, get = maritime_pair(a - A.MARITIME)
        return Action(color, ActionType.MARITIME_TRADE, maritime_offer(g.state, seat, give, get))
    if A.DISCARD <= a < A.DISCARD + NUM_RESOURCES:
        return Action(color, ActionType.DISCARD, None)
    if A.MOVE_ROBBER <= a < A.STEAL:
        trial = g.copy()
        trial.step(a)
        victim = None
        if int(trial.state[L.PHASE]) == P.STEAL:
            victim = colors[victim_of(trial.state, agent.act(trial))]
        coord = tuple(LAND_HEXES[a - A.MOVE_ROBBER])
        return Action(color, ActionType.MOVE_ROBBER, (coord, victim, None))
    if a in (A.PLAY_YEAR_OF_PLENTY, A.PLAY_MONOPOLY):
        trial = g.copy()
        trial.step(a)
        picks = []
        while not trial.done and int(trial.state[L.PHASE]) in (P.YEAR_OF_PLENTY, P.MONOPOLY):
            b = agent.act(trial)
            picks.append(RESOURCE[b - A.PICK_RESOURCE])
            trial.step(b)
        if a == A.PLAY_MONOPOLY:
            return Action(color, ActionType.PLAY_MONOPOLY, picks[0])
        return normal(Action(color, ActionType.PLAY_YEAR_OF_PLENTY, tuple(picks)))
    return None  # our stop after a first free road


def without(g: Game, a: int) -> Game | None:
    """A copy of ``g`` where our action ``a`` is not legal and nothing else the seat may do
    changes, or ``None``: the card marked as bought this turn, or no free road placed yet."""
    seat = g.current_player
    trial = g.copy()
    if a in _CARD_OF:
        i = L.DEV_NEW + seat * NUM_DEV_TYPES + _CARD_OF[a]
        trial.state[i] = trial.state[L.DEV_HAND + seat * NUM_DEV_TYPES + _CARD_OF[a]]
    elif a == A.STOP and int(g.state[L.PHASE]) == P.ROAD_BUILDING:
        trial.state[L.FREE_ROADS_PLACED] = 0
    else:
        return None
    trial._mask_valid = False
    if a in trial.legal_actions():
        return None
    return trial


def in_order(player, game, actions):
    """``player.decide`` with the playable actions sorted: a ``decide_fn`` for catanatron's
    ``Game.play`` / ``play_tick`` that makes a seeded game repeat in another process.

    catanatron builds some playable-action lists from sets, whose order follows string
    hashes (``PYTHONHASHSEED``) and, for tuples holding ``None`` (maritime trades), the
    process's memory layout in Python < 3.12; the set of actions is catanatron's.
    """
    return player.decide(game, sorted(actions, key=str))


class CatanEnvPlayer(Player):
    """One of our agents as a catanatron player (see the module docstring).

    Args:
        agent: an agent spec for :func:`agents.make_agent` (``"heuristic"``,
            ``"learned"``, ``"learned-search:0.1"``...) or an agent object
            (``act(game) -> int`` on our :class:`~catan_env.Game`).
        color: catanatron's ``Color`` of this player.
        seed: seeds the determinizations and, for a spec, the agent.

    Attributes:
        reasked: our agent's choices catanatron does not allow, asked again, by reason.
        fallbacks: choices played as a random playable action, by reason.
        decisions: decisions our agent was asked.
    """

    def __init__(self, agent, color, seed: int | None = None):
        super().__init__(color, is_bot=True)
        if isinstance(agent, str):
            from agents import make_agent

            agent = make_agent(agent, seed=seed)
        self.agent = agent
        self.rng = np.random.default_rng(seed)
        self.reasked: Counter = Counter()
        self.fallbacks: Counter = Counter()
        self.decisions = 0

    def position(self, game) -> Game:
        """Our game at catanatron's position as this player may know it (determinized)."""
        state, config = from_catanatron(game, viewer=self.color)
        g = Game._from_state(state, config)
        seat = game.state.colors.index(self.color)
        g.state = determinize_state(g.variant, g.state, g.tables, seat, self.rng)
        return g

    def decide(self, game, playable_actions):
        if len(playable_actions) == 1:
            return playable_actions[0]  # a discard (random in catanatron) or a lone roll
        options = {normal(x): x for x in playable_actions}
        colors = game.state.colors
        g = self.position(game)
        self.decisions += 1
        for _ in range(8):  # each question rules one more choice out
            a = int(self.agent.act(g))
            action = as_catanatron(self.agent, g, a, colors)
            if action is not None and normal(action) in options:
                return options[normal(action)]
            reason = g.action_names[a].split("(")[0] + f" in {g.phase}"
            retry = without(g, a)
            if retry is None:
                break
            self.reasked[reason] += 1
            g = retry
        self.fallbacks[reason] += 1
        return playable_actions[int(self.rng.integers(len(playable_actions)))]

    def reset_state(self):
        self.reasked.clear()
        self.fallbacks.clear()
        self.decisions = 0

    def __repr__(self) -> str:
        return f"CatanEnvPlayer({getattr(self.agent, 'name', self.agent)!r}):{self.color.value}"
