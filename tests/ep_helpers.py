"""Building Explorers & Pirates positions for scenario tests by editing snapshots.

``ep_blank()`` is a Land Ho! game with no pieces on the board, every card in
the bank, no gold, every face-down hex still face down, and seat ``active`` to
act in ``phase``. Places use the rules file's coordinates (E&P §2.6):
``V("(1,8).S")`` is an intersection id, ``E("(1,6)|(2,7)")`` a path id,
``H("(2,13)")`` the snapshot label of a hex.
"""

from __future__ import annotations

from catan_env import Game
from catan_env.board.ep_frame import load_frame
from catan_env.constants import RESOURCE_NAMES

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
