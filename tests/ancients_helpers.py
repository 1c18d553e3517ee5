"""Helpers for Ancients rules tests: small battlefields, forced dice, direct phases."""

from __future__ import annotations

import numpy as np

from catan_env.games.ancients import Game, Scenario
from catan_env.games.ancients import layout as L
from catan_env.games.ancients.actions import card_slug
from catan_env.games.ancients.board import hex_at
from catan_env.games.ancients.phases import PH_BATTLE, PH_MOVE, PH_ORDER
from catan_env.games.ancients.units import CARD_NAMES, NUM_CARD_TYPES

BOTTOM, TOP = 0, 1


def H(r: int, c: int) -> int:
    h = hex_at(r, c)
    assert h >= 0, (r, c)
    return int(h)


def make(units, leaders=(), terrain=(), first="bottom", banners=5, command=(5, 5), seed=0,
         special_rules=(), **options) -> Game:  # fmt: skip
    """A game on an empty board: ``units`` = (side, code, r, c[, blocks]) with side
    "bottom"/"top"; ``leaders`` = (side, r, c); ``terrain`` = (type, r, c)."""
    data = {
        "id": "test",
        "name": "test",
        "bottom_side": "bottom_army",
        "top_side": "top_army",
        "terrain": [{"type": t, "r": r, "c": c} for t, r, c in terrain],
        "units": [
            {
                "side": u[0],
                "type": u[1],
                "r": u[2],
                "c": u[3],
                **({"blocks": u[4]} if len(u) > 4 else {}),
            }
            for u in units
        ],
        "leaders": [
            {"side": s, "name": f"L{i}", "r": r, "c": c} for i, (s, r, c) in enumerate(leaders)
        ],
        "war_council": {
            "bottom": {"command_cards": command[0]},
            "top": {"command_cards": command[1]},
            "first": first,
            "banners_to_win": banners,
        },
        "special_rules": list(special_rules),
    }
    return Game(Scenario.from_dict(data), seed=seed, **options)


def give_card(g: Game, side: int, name: str) -> None:
    """Swap a card of ``side``'s hand with a ``name`` card from the deck (cards are conserved)."""
    c = CARD_NAMES.index(name)
    s = g.state
    hand = s[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES]
    if hand[c] > 0:
        return
    pos = [i for i in range(int(s[L.DECK_POS]), int(s[L.DECK_LEN])) if s[L.DECK + i] == c]
    old = int(np.flatnonzero(hand)[0])
    if pos:
        s[L.DECK + pos[0]] = old
    else:  # the other side holds it: swap hands
        other = s[L.HAND + (1 - side) * NUM_CARD_TYPES : L.HAND + (2 - side) * NUM_CARD_TYPES]
        assert other[c] > 0, f"no {name} left"
        other[c] -= 1
        other[old] += 1
    hand[old] -= 1
    hand[c] += 1
    g._mask_valid = False


def order(g: Game, *hexes, leaders=()) -> None:
    """Mark units (and leaders) as ordered and go to the movement step."""
    s = g.state
    for r, c in hexes:
        s[L.UNIT_FLAGS + H(r, c)] |= L.UF_ORDERED
    for r, c in leaders:
        s[L.LEADER_FLAGS + H(r, c)] |= L.LF_ORDERED
    s[L.PHASE] = PH_MOVE
    s[L.CURRENT] = s[L.ACTIVE]
    s[L.CARD_PLAYED] = CARD_NAMES.index("Order Two Units Center")
    g._mask_valid = False


def to_battle(g: Game, *hexes, moved=None) -> None:
    """Mark units ordered (optionally with hexes moved) and go to the battle step."""
    order(g, *hexes)
    s = g.state
    for (r, c), m in (moved or {}).items():
        s[L.UNIT_MOVED + H(r, c)] = m
        s[L.UNIT_FLAGS + H(r, c)] |= L.UF_MOVED
    s[L.PHASE] = PH_BATTLE
    g._mask_valid = False


def to_order(g: Game, card: str) -> None:
    """Play ``card`` for the active side (put in its hand first)."""
    give_card(g, g.active_side, card)
    g.step(f"play({card_slug(card)})")
    assert g.state[L.PHASE] in (PH_ORDER, PH_MOVE, PH_BATTLE) or True


def attack(g: Game, frm, to, dice) -> None:
    """The unit on ``frm`` battles ``to`` with forced dice."""
    g.force_dice(dice)
    g.step(f"pick_unit(r{frm[0]}c{frm[1]})")
    g.step(f"hex(r{to[0]}c{to[1]})")


def blocks(g: Game, r, c) -> int:
    return int(g.state[L.UNIT_BLOCKS + H(r, c)])


def unit(g: Game, r, c) -> str | None:
    from catan_env.games.ancients.units import UNIT_CODES

    t = int(g.state[L.UNIT_TYPE + H(r, c)]) - 1
    return UNIT_CODES[t] if t >= 0 else None


def leader(g: Game, r, c) -> bool:
    return bool(g.state[L.LEADER + H(r, c)])


_NO_TABLES = np.zeros(1, np.int32)


def play_out(states, kinds, agent_seeds, max_decisions=100_000):
    """Play every row of ``states`` to the end with the generated kernels (in place)."""
    from catan_env._generated import ancients_kernels as K

    played = np.zeros(len(states), np.int64)
    K.play_out_many(states, _NO_TABLES, np.asarray(kinds, np.int64),
                    np.asarray(agent_seeds, np.int64), max_decisions, played)  # fmt: skip
    return played


def soak_games(scenario, options, kinds, seeds, max_decisions=100_000):
    """The template's soak over Ancients games from ``seeds`` (game ``i``'s agents
    seeded with ``i``): (invariant codes, decisions, final states)."""
    from catan_env._generated import ancients_kernels as K
    from catan_env.games.ancients.setup import place_scenario

    n = len(seeds)
    code = np.zeros(n, np.int32)
    winner = np.zeros(n, np.int32)
    decisions = np.zeros(n, np.int64)
    states = np.zeros((n, L.LAYOUT.size), np.int32)
    K.soak_parallel(_NO_TABLES, _NO_TABLES, place_scenario(scenario, options),
                    np.asarray(seeds, np.int64), np.asarray(kinds, np.int64), 0, max_decisions,
                    code, winner, decisions, states)  # fmt: skip
    return code, decisions, states
