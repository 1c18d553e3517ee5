"""Building Explorers & Pirates positions for scenario tests by editing snapshots.

``ep_blank()`` is a Land Ho! game with no pieces on the board, every card in
the bank, no gold, every face-down hex still face down, and seat ``active`` to
act in ``phase``. Places use the rules file's coordinates (E&P §2.6):
``V("(1,8).S")`` is an intersection id, ``E("(1,6)|(2,7)")`` a path id,
``H("(2,13)")`` the snapshot label of a hex.
"""

from __future__ import annotations

from catan_env import Game
from catan_env.games.catan.board.ep_frame import load_frame
from catan_env.games.catan.common.constants import RESOURCE_NAMES

EP = "explorers_and_pirates"
BOARD = load_frame("land_ho")


def V(name: str) -> int:  # noqa: N802
    return BOARD.vertex(name)


def E(name: str) -> int:  # noqa: N802
    return BOARD.edge(name)


def _board(d: dict):
    return load_frame(d["options"]["scenario"])


def ep_game(num_players: int = 4, seed: int = 7, **options) -> Game:
    return Game(variant=EP, num_players=num_players, seed=seed, **options)


def ep_blank(
    num_players: int = 4, phase: str = "action", active: int = 0, seed: int = 7, scenario="land_ho"
) -> dict:
    d = ep_game(num_players, seed, scenario=scenario).to_dict()
    d["buildings"] = {}
    d["roads"] = {}
    d["bank"] = {r: 19 for r in RESOURCE_NAMES}
    for p in d["players"]:
        p["hand"] = {r: 0 for r in RESOURCE_NAMES}
        p["gold"] = 0
        for s in p["ships"]:
            s.update(path=None, cargo={}, mp=4 if p is d["players"][active] else 0)
            s.update(moved=False, finished=False, boosted=False, tribute_paid=False, chased=False)
    d["turn"].update(
        phase=phase, start_player=0, active_player=active, current_player=active, moving_ship=None
    )
    d["turn"].update(resume_phase="action", setup_index=20)
    return d


def give(d: dict, seat: int, **cards: int) -> None:
    """Move cards from the bank to ``seat``'s hand."""
    for r, n in cards.items():
        d["bank"][r] -= n
        d["players"][seat]["hand"][r] += n


def build(d: dict, seat, vertex: str, kind: str = "settlement", storage=None) -> None:
    b = {"owner": seat, "kind": kind}
    if storage:
        b["storage"] = storage
    d["buildings"][f"v{_board(d).vertex(vertex)}"] = b


def road(d: dict, seat, path: str) -> None:
    d["roads"][f"e{_board(d).edge(path)}"] = seat


def ship(d: dict, seat: int, k: int, path: str, cargo=None, **state) -> None:
    s = d["players"][seat]["ships"][k]
    s["path"] = f"e{_board(d).edge(path)}"
    s["cargo"] = dict(cargo or {})
    s.update(state)


def set_hex(d: dict, label: str, kind: str, revealed: bool = True, number: int = 0) -> None:
    d["board"]["hexes"][label].update(kind=kind, revealed=revealed, number=number)


def face_down(d: dict) -> list[str]:
    return [h for h, x in d["board"]["hexes"].items() if not x["revealed"]]


_FACE_DOWN_KINDS = ["forest", "hills", "pasture", "fields", "mountains", "sea", "gold"]


def scramble_face_down(d: dict, rng, gold: bool = True) -> dict:
    """Snapshot ``d`` with everything face down made up anew (E&P §12.7): the kind
    of every face-down hex, fish faces and village advantages on face-down hexes,
    the undrawn lair tokens and number tokens. No seat can tell it from ``d``."""
    kinds = _FACE_DOWN_KINDS if gold else _FACE_DOWN_KINDS[:-1]
    for h in d["board"]["hexes"].values():
        if not h["revealed"]:
            h["kind"] = kinds[rng.integers(len(kinds))]
    for label in d["fish"]["faces"]:
        if not d["board"]["hexes"][label]["revealed"]:
            d["fish"]["faces"][label] = int(rng.integers(1, 7))
    for label, v in d["spices"]["villages"].items():
        if not d["board"]["hexes"][label]["revealed"]:
            v["advantage"] = str(rng.choice(["swift_voyage", "pirate_bonus", "fast_gold"]))
            v["face"] = int(rng.choice([0, 4, 5]))
    rest = d["lair_stack"][d["lair_tokens_drawn"] :]
    rng.shuffle(rest)
    d["lair_stack"][d["lair_tokens_drawn"] :] = rest
    for info in d["lairs"].values():
        if info["state"] != "gold_field":
            info["token"] = int(rng.choice([2, 3, 4, 5, 11, 12]))
    for a in ("north", "south"):
        stack = d["board"]["token_stacks"][a]
        drawn = d["board"]["tokens_drawn"][a]
        rest = stack[drawn:]
        rng.shuffle(rest)
        stack[drawn:] = rest
    return d


def scramble_hands(d: dict, seats: list, rng) -> dict:
    """Snapshot ``d`` with the cards of ``seats`` dealt anew among them, each hand
    keeping its size (what the other seats see of it)."""
    cards = []
    for q in seats:
        for r, n in d["players"][q]["hand"].items():
            cards += [r] * n
    order = rng.permutation(len(cards))
    at = 0
    for q in seats:
        hand = d["players"][q]["hand"]
        size = sum(hand.values())
        for r in hand:
            hand[r] = 0
        for j in order[at : at + size]:
            hand[cards[j]] += 1
        at += size
    return d
