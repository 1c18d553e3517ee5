"""The reverse converter checked on catanatron's own games (:func:`compare_position`, :func:`run`).

catanatron's bots play games in catanatron's loop; at every decision the
position is converted to ours (:func:`.reverse.from_catanatron`, every card
read), our engine's invariants are checked on it, our public VP are compared
with catanatron's, and our legal actions, each as catanatron's action
(:func:`.bridge.choices`: a robber hex with each victim our steal step offers,
Year of Plenty and Monopoly with their resources, every discard as
catanatron's one ``DISCARD``), are compared with catanatron's
``playable_actions``. Each difference is explained by a rule listed in the
README ("Our agents inside catanatron", :data:`RULES`) or reported.

    PYTHONHASHSEED=0 python -m catan_env.oracle.validate --games 40 --bots random,weighted

(``PYTHONHASHSEED=0`` and :func:`.player.in_order` make the games repeat.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from catanatron.game import TURNS_LIMIT
from catanatron.game import Game as CGame
from catanatron.models.decks import ROAD_COST_FREQDECK
from catanatron.models.enums import ActionType
from catanatron.models.player import Color
from catanatron.state_functions import player_resource_freqdeck_contains

from catan_env.game import Game
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import (
    KNIGHT,
    MONOPOLY,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
)

from .bridge import bot_factory, choices
from .convert import Converted
from .harness import trail_length
from .player import in_order, normal
from .reverse import from_catanatron

#: The differences, by the name :func:`compare_position` counts them under (README table).
RULES = {
    "stop_after_first_free_road": "our optional stop after a first free road (base §8.3)",
    "progress_card_before_roll": "Road Building, Year of Plenty, Monopoly before the roll",
    "road_building_without_road_cost": "catanatron plays Road Building only with a road's cost",
    "card_bought_this_turn": "catanatron plays a card bought this turn (base §8.1 forbids it)",
    "longest_road_holder": "Longest Road: catanatron's trail count (#12) or a break (#11)",
}
_CARD = {
    ActionType.PLAY_KNIGHT_CARD: KNIGHT,
    ActionType.PLAY_ROAD_BUILDING: ROAD_BUILDING,
    ActionType.PLAY_YEAR_OF_PLENTY: YEAR_OF_PLENTY,
    ActionType.PLAY_MONOPOLY: MONOPOLY,
}


def _only_new(state: np.ndarray, seat: int, card: int) -> bool:
    """Every ``card`` the seat holds was bought this turn."""
    i = L.DEV_HAND + seat * NUM_DEV_TYPES + card
    held = int(state[i])
    return held > 0 and held == int(state[L.DEV_NEW + seat * NUM_DEV_TYPES + card])


def _trail_rule_explains(cgame, state: np.ndarray) -> bool:
    """Our road lengths are base §9.1's (counted again by the harness's own search) and
    catanatron's differ (its trail count, README #12), or its holder is one our rules
    would not keep (a broken road, README #11)."""
    cs = cgame.state
    n = len(cs.colors)
    ours = [int(state[L.ROAD_LENGTH + j]) for j in range(n)]
    if ours != [trail_length(state, j) for j in range(n)]:
        return False
    theirs = [cs.player_state[f"P{j}_LONGEST_ROAD_LENGTH"] for j in range(n)]
    holder = int(state[L.LONGEST_ROAD_HOLDER])
    broken = holder >= 0 and (ours[holder] < 5 or ours[holder] < max(ours))
    return ours != theirs or broken


def compare_position(cgame) -> tuple[Counter, list[str]]:
    """Our rules against catanatron's at ``cgame``'s position: the explained differences
    (counted by :data:`RULES` name) and the unexplained ones (described)."""
    state, config = from_catanatron(cgame)
    g = Game._from_state(state, config)
    cs = cgame.state
    explained: Counter = Counter()
    wrong: list[str] = []
    code = int(g.variant.check_state(g.state, g.tables))
    if code:
        name = g.variant.invariant_names[code]
        if name == "Longest Road holder inconsistent" and _trail_rule_explains(cgame, state):
            explained["longest_road_holder"] += 1
        else:
            wrong.append(f"invariant: {name}")
    for j, c in enumerate(cs.colors):
        theirs = cs.player_state[f"P{j}_VICTORY_POINTS"]
        if int(state[L.PUBLIC_VP + j]) != theirs:
            ours = int(state[L.PUBLIC_VP + j])
            wrong.append(f"public VP of {c.value}: ours {ours}, theirs {theirs}")
    if g.done:
        return explained, wrong
    seat = g.current_player
    legal = {int(a) for a in g.legal_actions()}
    phase = int(state[L.PHASE])
    conv = Converted(cgame, list(range(len(cs.colors))))
    conv.color_of = dict(enumerate(cs.colors))  # catanatron's seating order, as read
    conv.seat_of = {c: j for j, c in enumerate(cs.colors)}
    options = choices(g.variant, g.tables, g.state, conv)
    mapped = {a for a, _ in options.values()}
    if any(a in range(A.DISCARD, A.DISCARD + NUM_RESOURCES) for a in mapped):
        mapped |= set(range(A.DISCARD, A.DISCARD + NUM_RESOURCES))  # all as one DISCARD
    for a in legal - mapped:
        if a == A.STOP and phase == P.ROAD_BUILDING:
            explained["stop_after_first_free_road"] += 1
        elif phase == P.PRE_ROLL and a in (
            A.PLAY_ROAD_BUILDING,
            A.PLAY_YEAR_OF_PLENTY,
            A.PLAY_MONOPOLY,
        ):
            explained["progress_card_before_roll"] += 1
        else:
            wrong.append(f"ours only, not mapped: {g.action_names[a]}")
    ours = {normal(x) for x in options}
    theirs = {normal(x) for x in cs.playable_actions}
    color = cs.colors[cs.current_player_index]
    for x in sorted(ours - theirs, key=str):
        if x.action_type == ActionType.PLAY_ROAD_BUILDING and not player_resource_freqdeck_contains(
            cs, color, ROAD_COST_FREQDECK
        ):
            explained["road_building_without_road_cost"] += 1
        else:
            wrong.append(f"ours only: {x}")
    for x in sorted(theirs - ours, key=str):
        if x.action_type in _CARD and _only_new(state, seat, _CARD[x.action_type]):
            explained["card_bought_this_turn"] += 1
        else:
            wrong.append(f"catanatron's only: {x}")
    return explained, wrong


@dataclass
class Report:
    """What :func:`run` compared and found."""

    games: int = 0
    positions: int = 0
    by_phase: Counter = field(default_factory=Counter)
    explained: Counter = field(default_factory=Counter)
    unexplained: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "games": self.games,
            "positions": self.positions,
            "by_phase": dict(self.by_phase),
            "explained": dict(self.explained),
            "unexplained": len(self.unexplained),
            "examples": self.unexplained[:20],
        }


def run(games: int, bots: list[str], seed: int = 1, players: int = 4, limit: int = 0) -> Report:
    """Play ``games`` catanatron games between ``bots`` (cycled over the seats) from
    ``seed``, comparing every decision; ``limit`` > 0 stops after that many positions."""
    report = Report()
    colors = list(Color)[:players]
    for k in range(games):
        factories = [bot_factory(bots[(k + j) % len(bots)]) for j in range(players)]
        cgame = CGame([f(c) for f, c in zip(factories, colors, strict=True)], seed=seed + k)
        while cgame.winning_color() is None and cgame.state.num_turns < TURNS_LIMIT:
            state, _ = from_catanatron(cgame)
            report.by_phase[P.PHASE_NAMES[int(state[L.PHASE])]] += 1
            explained, wrong = compare_position(cgame)
            report.positions += 1
            report.explained.update(explained)
            at = f"game seed {seed + k}, action {len(cgame.state.actions)}"
            report.unexplained += [f"{at}: {w}" for w in wrong]
            cgame.play_tick(decide_fn=in_order)
            if limit and report.positions >= limit:
                break
        report.games += 1
        if limit and report.positions >= limit:
            break
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--bots", default="random,weighted", help="catanatron bots, cycled")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    random.seed(args.seed)
    report = run(args.games, args.bots.split(","), args.seed, args.players)
    out = report.as_dict()
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 1 if report.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
