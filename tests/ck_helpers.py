"""Building Cities & Knights positions for scenario tests by editing snapshots.

``ck_blank()`` is a C&K game on the beginner board's terrain and numbers with no
pieces, every card in the bank, full progress decks, the barbarian ship at 0
and seat ``active`` to act in ``phase``. Places are named as in ``helpers``:
``corner("R3c", "N")``, ``side("R3c", "NE")``.

Tracks: "trade" (cloth, yellow), "politics" (coin, blue), "science" (paper, green).
"""

from __future__ import annotations

from helpers import BEGINNER_BOARD, corner, side  # noqa: F401  (re-exported)

from catan_env import Game
from catan_env.games.catan.common.constants import CARD_NAMES


def ck_blank(num_players: int = 4, phase: str = "action", active: int = 0, **options) -> dict:
    g = Game(
        variant="cities_and_knights",
        num_players=num_players,
        seed=7,
        fixed_board=BEGINNER_BOARD,
        **options,
    )
    d = g.to_dict()
    d["buildings"] = {}
    d["roads"] = {}
    d["bank"] = {r: (19 if i < 5 else 12) for i, r in enumerate(CARD_NAMES)}
    for p in d["players"]:
        p["hand"] = {r: 0 for r in CARD_NAMES}
    d["longest_road"] = None
    d["turn"].update(
        phase=phase,
        resume_phase="action",
        start_player=0,
        active_player=active,
        current_player=active,
        setup_index=2 * num_players,
        setup_vertex=None,
        dice=[0, 0],
        number=8,
    )
    return d


def ck(d: dict) -> dict:
    """The ``cities_and_knights`` section of a snapshot."""
    return d["cities_and_knights"]


def give(d: dict, seat: int, **cards: int) -> dict:
    """Move cards (resources or commodities) from the bank to a hand."""
    for r, n in cards.items():
        if r not in CARD_NAMES:
            raise KeyError(r)
        d["players"][seat]["hand"][r] += n
        d["bank"][r] -= n
    return d


def build(d: dict, v: str, seat: int, kind: str = "settlement") -> dict:
    """A settlement, city or tipped_city on ``v``."""
    d["buildings"][v] = {"owner": seat, "kind": kind}
    return d


def road(d: dict, e: str, seat: int) -> dict:
    d["roads"][e] = seat
    return d


def roads(d: dict, edges, seat: int) -> dict:
    for e in edges:
        road(d, e, seat)
    return d


def knight(d: dict, v: str, seat: int, strength: int = 1, active: bool = False, **flags) -> dict:
    """A knight on ``v``; flags: became_active, acted, promoted, defends."""
    ck(d)["knights"][v] = {
        "owner": seat,
        "strength": strength,
        "active": active,
        "became_active": flags.get("became_active", False),
        "acted": flags.get("acted", False),
        "promoted": flags.get("promoted", False),
        "defends": flags.get("defends", False),
    }
    return d


def wall(d: dict, v: str) -> dict:
    ck(d)["walls"].append(v)
    return d


def level(d: dict, seat: int, track: str, value: int) -> dict:
    ck(d)["improvements"][seat][track] = value
    return d


def metropolis(d: dict, track: str, seat: int, v: str) -> dict:
    ck(d)["metropolises"][track] = {"owner": seat, "city": v}
    return d


_DECK_OF = {}


def _deck_of(card: str) -> str:
    if not _DECK_OF:
        from catan_env.games.catan.cities_and_knights.constants import (
            CARD_DECK,
            CARD_KIND_NAMES,
            TRACK_NAMES,
        )

        for k, name in enumerate(CARD_KIND_NAMES):
            _DECK_OF[name] = TRACK_NAMES[CARD_DECK[k]]
    return _DECK_OF[card]


def progress(d: dict, seat: int, card: str, n: int = 1) -> dict:
    """Take ``n`` copies of a progress card out of its deck into a hand."""
    deck = ck(d)["progress_decks"][_deck_of(card)]
    for _ in range(n):
        deck.remove(card)
        hand = ck(d)["progress_cards"][seat]
        hand[card] = hand.get(card, 0) + 1
    return d


def reveal_vp(d: dict, seat: int, card: str) -> dict:
    """Take Printer or Constitution out of its deck as a revealed VP card."""
    ck(d)["progress_decks"][_deck_of(card)].remove(card)
    ck(d)["vp_cards"][seat] += 1
    return d


def stack_deck(d: dict, track: str, cards: list[str]) -> dict:
    """Put ``cards`` on top of a deck (in that order), keeping its composition."""
    deck = ck(d)["progress_decks"][track]
    for c in reversed(cards):
        deck.remove(c)
        deck.insert(0, c)
    return d


def barbarians(d: dict, position: int, first_attack_done: bool = False) -> dict:
    ck(d)["barbarians"]["position"] = position
    ck(d)["barbarians"]["first_attack_done"] = first_attack_done
    return d


def next_roll(d: dict, red: int, yellow: int, event: str) -> dict:
    """Choose RNG words so the next roll is red/yellow with the event face given
    ("ship", "trade", "politics", "science")."""
    import numpy as np

    from catan_env.games.catan.cities_and_knights.constants import EVENT_FACES, EVENT_NAMES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.rng import rng_below, rng_seed

    want = EVENT_NAMES.index(event)
    probe = np.zeros(L.STATE_SIZE, np.int32)
    for seed in range(200_000):
        rng_seed(probe, seed)
        words = [int(probe[L.RNG]), int(probe[L.RNG + 1])]
        r = rng_below(probe, 6) + 1
        y = rng_below(probe, 6) + 1
        e = EVENT_FACES[rng_below(probe, 6)]
        if r == red and y == yellow and e == want:
            d["rng"] = words
            return d
    raise AssertionError("no RNG state gives that roll")


def game(d: dict) -> Game:
    return Game.from_dict(d)


def hand(g: Game, seat: int) -> dict[str, int]:
    return g.to_dict()["players"][seat]["hand"]


def legal(g: Game) -> set[str]:
    return set(g.legal_action_names())


def family(g: Game, name: str) -> set[str]:
    return {a for a in g.legal_action_names() if a.split("(")[0] == name}


def section(g: Game) -> dict:
    return g.to_dict()["cities_and_knights"]
