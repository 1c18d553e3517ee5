"""How much of each rulebook the heuristic agents use: counts of rule features in self-play.

Plays ``--games`` games per game with a heuristic agent on every seat (the
same jitted policy the self-play kernels run, called once per decision) and
counts, from the actions taken and the phase each was taken in:

* Cities & Knights: knight moves, displacements and robber chases (C&K §3.14),
  knights built, activated and promoted;
* Explorers & Pirates (Land Ho!): domestic offers proposed, accepted by an
  opponent and confirmed (E&P §4.5, base §6.3);
* Ancients (Akragas): ranged and close combats (CCA §3.8, §3.9) and bonus close
  combats, each command card played (Clash of Shields and Darken the Sky among
  them) and the units each Leadership card ordered (CCA §4.3).

Actions are read through the games' action-id modules and phase names, never by
bare number. Seeded: the same ``--seed`` gives the same numbers.

Usage:
    python benchmarks/agent_coverage.py --games 5 [--json] [--only ck,ep,ancients]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

import numpy as np

#: The games measured, by short name.
GAMES = ("ck", "ep", "ancients")


def _catan_agents(n, seed):
    from agents.jitted import HeuristicAgent

    return [HeuristicAgent(seed=seed * 10 + i) for i in range(n)]


def cities_and_knights(games: int, seed: int = 0) -> dict:
    """Knight actions per game of heuristic C&K self-play (4 seats)."""
    from catan_env import Game
    from catan_env.games.catan.cities_and_knights import action_ids as A
    from catan_env.games.catan.common.layout import KNIGHT_OWNER

    c: Counter = Counter()
    for g in range(games):
        game = Game("cities_and_knights", seed=seed + g)
        agents = _catan_agents(game.num_players, seed + g)
        while not game.done:
            a = agents[game.current_player].act(game)
            phase = game.phase
            if phase == "knight_action":
                if a == A.CHASE_ROBBER:
                    c["chases"] += 1
                elif A.KNIGHT_TO <= a < A.KNIGHT_TO + A.V:
                    occupied = game.state[KNIGHT_OWNER + a - A.KNIGHT_TO] >= 0
                    c["displacements" if occupied else "moves"] += 1
            elif phase == "pre_roll" and A.SELECT_KNIGHT <= a < A.SELECT_KNIGHT + A.V:
                c["chases"] += 1  # Knight-Errant: a knight chases before the roll
            elif A.BUILD_KNIGHT <= a < A.BUILD_KNIGHT + A.V:
                c["knights_built"] += 1
            elif A.ACTIVATE_KNIGHT <= a < A.ACTIVATE_KNIGHT + A.V:
                c["activations"] += 1
            elif A.PROMOTE_KNIGHT <= a < A.PROMOTE_KNIGHT + A.V:
                c["promotions"] += 1
            game.step(a)
        c["decisions"] += len(game.actions)
    return _per_game(c, games)


def explorers_and_pirates(games: int, seed: int = 0, scenario: str = "land_ho") -> dict:
    """Domestic trade per game of heuristic E&P self-play (4 seats)."""
    from catan_env import Game
    from catan_env.games.catan.explorers_and_pirates import action_ids as A

    c: Counter = Counter()
    for g in range(games):
        game = Game("explorers_and_pirates", seed=seed + g, scenario=scenario)
        agents = _catan_agents(game.num_players, seed + g)
        while not game.done and not game.truncated:
            a = agents[game.current_player].act(game)
            if A.TRADE_PROPOSE <= a < A.TRADE_CANCEL:
                c["offers_proposed"] += 1
            elif a == A.TRADE_ACCEPT:
                c["offers_accepted"] += 1
            elif A.TRADE_CONFIRM <= a < A.CREW_TO_STORAGE:
                c["trades_confirmed"] += 1
            elif A.MARITIME <= a < A.SELL_FOR_GOLD:
                c["maritime_trades"] += 1
            game.step(a)
        c["decisions"] += len(game.actions)
    return _per_game(c, games)


def ancients(games: int, seed: int = 0, scenario: str = "akragas") -> dict:
    """Combats, cards played and Leadership orders per game of heuristic Ancients self-play."""
    from catan_env.core.rng import seed_at
    from catan_env.games.ancients import layout as L
    from catan_env.games.ancients import phases as P
    from catan_env.games.ancients.agents import HEURISTIC, agent_action
    from catan_env.games.ancients.board import DIST, NUM_HEXES
    from catan_env.games.ancients.game import Game
    from catan_env.games.ancients.units import CARD_NAMES, NUM_CARD_TYPES

    leadership = {n for n in CARD_NAMES if "Leadership" in n}
    c: Counter = Counter()
    cards: Counter = Counter()
    lead_orders: list[int] = []
    for g in range(games):
        game = Game(scenario, seed=seed + g)
        rng = np.zeros(4, np.int32)  # two words per side, as in the kernels
        seed_at(rng, 0, seed * 1000 + 2 * g + 1)
        seed_at(rng, 2, seed * 1000 + 2 * g + 2)
        card = None
        while not game.done and not game.truncated:
            s = game.state
            side = int(s[L.CURRENT])
            ph = int(s[L.PHASE])
            a = int(agent_action(HEURISTIC, s, game.action_mask(), rng, 2 * side))
            if ph == P.PH_PLAY:
                card = CARD_NAMES[a - P.A_PLAY]
                cards[card] += 1
            elif ph == P.PH_TARGET:
                y = a - P.A_HEX
                close = DIST[int(s[L.SELECTED]), y] == 1
                c["close_combats" if close else "ranged_combats"] += 1
            elif ph == P.PH_BONUS and P.A_HEX <= a < P.A_HEX + NUM_HEXES:
                c["bonus_close_combats"] += 1
            game.step(a)
            after = int(game.state[L.PHASE])
            if ph in (P.PH_PLAY, P.PH_ORDER) and after not in (P.PH_PLAY, P.PH_ORDER):
                # the orders are complete: count the ordered pieces of the side
                s = game.state
                n = 0
                for h in range(NUM_HEXES):
                    if s[L.UNIT_TYPE + h] != 0 and s[L.UNIT_SIDE + h] == side:
                        n += int(s[L.UNIT_FLAGS + h] & L.UF_ORDERED != 0)
                    elif s[L.LEADER + h] != 0 and s[L.LEADER_SIDE + h] == side:
                        n += int(s[L.LEADER_FLAGS + h] & L.LF_ORDERED != 0)
                c["pieces_ordered"] += n
                if card in leadership:
                    lead_orders.append(n)
        c["decisions"] += len(game.actions)
    out = _per_game(c, games)
    out["cards_played"] = {k: cards[k] for k in CARD_NAMES if cards[k]}
    out["cards_never_played"] = [k for k in CARD_NAMES if not cards[k]]
    assert len(CARD_NAMES) == NUM_CARD_TYPES
    out["leadership_cards"] = len(lead_orders)
    out["leadership_units_ordered"] = dict(sorted(Counter(lead_orders).items()))
    out["leadership_mean_ordered"] = (
        round(sum(lead_orders) / len(lead_orders), 2) if lead_orders else 0.0
    )
    return out


def _per_game(c: Counter, games: int) -> dict:
    return {
        "games": games,
        "totals": dict(sorted(c.items())),
        "per_game": {k: round(v / games, 2) for k, v in sorted(c.items())},
    }


RUNNERS = {"ck": cities_and_knights, "ep": explorers_and_pirates, "ancients": ancients}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=5, help="games per game (default 5)")
    p.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    p.add_argument("--only", default=",".join(GAMES), help=f"comma list of {', '.join(GAMES)}")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    a = p.parse_args(argv)
    if a.games < 1:
        p.error(f"--games must be >= 1, got {a.games}")
    only = [x for x in a.only.split(",") if x]
    unknown = [x for x in only if x not in RUNNERS]
    if unknown:
        p.error(f"--only: unknown {', '.join(unknown)}; known: {', '.join(GAMES)}")
    out = {}
    for name in only:
        t0 = time.perf_counter()
        print(f"{name}: {a.games} games ...", file=sys.stderr, flush=True)
        out[name] = RUNNERS[name](a.games, a.seed)
        out[name]["seconds"] = round(time.perf_counter() - t0, 1)
        if not a.json:
            print(f"{name}: {json.dumps(out[name], indent=1)}")
    if a.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
