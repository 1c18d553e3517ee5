"""Building positions for scenario tests by editing snapshots.

``blank()`` is a game on the beginner board's terrain and numbers (base §3.2)
with no pieces, every card in the bank and the deck untouched; the helpers put
pieces and cards on it. Places are named the readable way:

    corner("R3c", "N")   the north corner of hex R3c
    side("R3c", "NE")    the north-east side of hex R3c

Beginner board (terrain number), north to south:
    R1:        mountains 10, pasture 2, forest 9
    R2:      fields 12, hills 6, pasture 4, hills 10
    R3:    fields 9, forest 11, desert, forest 3, mountains 8
    R4:      forest 8, mountains 3, fields 4, pasture 5
    R5:        hills 5, fields 6, pasture 11
"""

from __future__ import annotations

import numpy as np

from catan_env import Game
from catan_env.games.catan.board import standard
from catan_env.games.catan.board.hexgrid import CORNER_NAMES, SIDE_NAMES
from catan_env.games.catan.common.constants import HARBOR_NAMES, RESOURCE_NAMES, TERRAIN_NAMES

BEGINNER_BOARD = {
    "terrain": [TERRAIN_NAMES[t] for t in standard.BEGINNER_TERRAIN],
    "numbers": [int(n) for n in standard.BEGINNER_NUMBERS],
    "harbors": [HARBOR_NAMES[h] for h in standard.BEGINNER_HARBORS],
}


def corner(label: str, which: str) -> str:
    """Name (``v12``) of corner ``which`` (N, NE, SE, S, SW, NW) of a hex."""
    h = standard.hex_by_label(label)
    return f"v{standard.GEOMETRY.hex_vertices[h, CORNER_NAMES.index(which)]}"


def side(label: str, which: str) -> str:
    """Name (``e5``) of side ``which`` (NE, E, SE, SW, W, NW) of a hex."""
    h = standard.hex_by_label(label)
    return f"e{standard.GEOMETRY.hex_edges[h, SIDE_NAMES.index(which)]}"


def vid(name: str) -> int:
    return int(name[1:])


def blank(num_players: int = 4, phase: str = "action", active: int = 0, **options) -> dict:
    """Snapshot: beginner terrain, no pieces, seat ``active`` to act in ``phase``."""
    g = Game(num_players=num_players, seed=7, fixed_board=BEGINNER_BOARD, **options)
    d = g.to_dict()
    d["buildings"] = {}
    d["roads"] = {}
    d["bank"] = {r: 19 for r in RESOURCE_NAMES}
    for p in d["players"]:
        p["hand"] = {r: 0 for r in RESOURCE_NAMES}
    d["longest_road"] = None
    d["largest_army"] = None
    t = d["turn"]
    t.update(
        phase=phase,
        resume_phase="action",
        start_player=0,
        active_player=active,
        current_player=active,
        setup_index=2 * num_players,
        setup_vertex=None,
        dice=[0, 0],
        number=0,
    )
    return d


def give(d: dict, seat: int, **cards: int) -> dict:
    """Move resource cards from the bank to a seat's hand (negative: back)."""
    for r, n in cards.items():
        if r not in RESOURCE_NAMES:
            raise KeyError(r)
        d["players"][seat]["hand"][r] += n
        d["bank"][r] -= n
    return d


def set_hand(d: dict, seat: int, **cards: int) -> dict:
    """Set a seat's hand exactly (other types to 0), balancing the bank."""
    for r in RESOURCE_NAMES:
        have = d["players"][seat]["hand"][r]
        give(d, seat, **{r: cards.get(r, 0) - have})
    return d


def settle(d: dict, v: str, seat: int, kind: str = "settlement") -> dict:
    d["buildings"][v] = {"owner": seat, "kind": kind}
    return d


def road(d: dict, e: str, seat: int) -> dict:
    d["roads"][e] = seat
    return d


def roads(d: dict, edges, seat: int) -> dict:
    for e in edges:
        road(d, e, seat)
    return d


def road_network(d: dict, start: str, count: int, seat: int) -> list[str]:
    """Give ``seat`` the first ``count`` paths of a breadth-first walk from ``start``."""
    from catan_env.games.catan.board.standard import GEOMETRY

    placed, frontier, seen = [], [vid(start)], {vid(start)}
    while len(placed) < count:
        v = frontier.pop(0)
        for k in range(3):
            e, w = int(GEOMETRY.vertex_edges[v, k]), int(GEOMETRY.vertex_vertices[v, k])
            if e >= 0 and len(placed) < count and f"e{e}" not in placed:
                placed.append(f"e{e}")
                if w not in seen:
                    seen.add(w)
                    frontier.append(w)
    roads(d, placed, seat)
    return placed


def draw_dev(d: dict, seat: int, card: str, n: int = 1, *, new: int = 0, played: int = 0) -> dict:
    """Draw ``n`` cards of ``card`` from the deck for a seat.

    ``new`` of them count as bought this turn; ``played`` of them are already
    played (e.g. knights in the army) instead of held.
    """
    deck = d["dev_deck"]
    order, nxt = deck["order"], deck["next"]
    for _ in range(n):
        j = order.index(card, nxt)
        order[nxt], order[j] = order[j], order[nxt]
        nxt += 1
    deck["next"] = nxt
    pl = d["players"][seat]
    pl["dev_cards"][card] += n - played
    pl["dev_cards_played"][card] += played
    pl["dev_cards_bought_this_turn"][card] += new
    return d


def game(d: dict) -> Game:
    return Game.from_dict(d)


def hand(g: Game, seat: int) -> dict[str, int]:
    return g.to_dict()["players"][seat]["hand"]


def bank(g: Game) -> dict[str, int]:
    return g.to_dict()["bank"]


def legal_names(g: Game) -> set[str]:
    return set(g.legal_action_names())


def family(g: Game, name: str) -> set[str]:
    """Legal action names of one family, e.g. ``family(g, "build_road")``."""
    return {a for a in g.legal_action_names() if a.split("(")[0] == name}


def next_roll(d: dict, total: int) -> dict:
    """Choose RNG words in the snapshot so that the next roll sums to ``total``."""
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.production import roll_dice
    from catan_env.games.catan.common.rng import rng_seed

    probe = np.zeros(L.STATE_SIZE, np.int32)
    for seed in range(10_000):
        rng_seed(probe, seed)
        words = [int(probe[L.RNG]), int(probe[L.RNG + 1])]
        if roll_dice(probe) == total:
            d["rng"] = words
            return d
    raise AssertionError(f"no RNG state rolls {total}")


def random_positions(variant: str, seeds, max_turn: int, every: int):
    """Play uniformly random games of ``variant`` (4 players, one per seed, up to
    ``max_turn``) and yield the game at every ``every``-th decision."""
    from catan_env.games.catan.common import layout as L

    for seed in seeds:
        g = Game(variant=variant, num_players=4, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done and g.turn < max_turn:
            legal = g.legal_actions()
            g.step(int(legal[rng.integers(len(legal))]))
            if g.state[L.DECISIONS] % every == 0:
                yield g
