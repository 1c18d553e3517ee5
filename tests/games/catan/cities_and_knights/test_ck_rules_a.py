"""Cities & Knights scenarios, part A: components, base rules as used in C&K, set-up and the
turn up to trading (C&K §1, C&K §2, C&K §3.1–C&K §3.9).

Board: the beginner terrain and numbers of ``helpers`` (R1a mountains 10, R1b pasture 2,
R1c forest 9 / R2a fields 12, R2b hills 6, R2c pasture 4, R2d hills 10 / R3a fields 9,
R3b forest 11, R3c desert, R3d forest 3, R3e mountains 8 / R4a forest 8, R4b mountains 3,
R4c fields 4, R4d pasture 5 / R5a hills 5, R5b fields 6, R5c pasture 11) and the beginner
harbors (generic 3:1 at R1a N/NW, grain 2:1 at R1b N/NE, ...).
"""

from collections import Counter

import numpy as np
import pytest
from ck_helpers import (
    BEGINNER_BOARD,
    barbarians,
    build,
    ck,
    ck_blank,
    corner,
    family,
    game,
    give,
    hand,
    knight,
    legal,
    level,
    metropolis,
    next_roll,
    progress,
    road,
    roads,
    section,
    stack_deck,
    wall,
)

from catan_env import Game
from catan_env.config import ConfigError
from catan_env.games.catan.board.standard import (
    GEOMETRY,
    HEX_LABELS,
    NUM_EDGES,
    NUM_HEXES,
    NUM_VERTICES,
    VERTEX_HARBOR,
)
from catan_env.games.catan.common.constants import CARD_NAMES, RESOURCE_NAMES

CK = "cities_and_knights"
ZERO = dict.fromkeys(CARD_NAMES, 0)


def cards(**kw) -> dict[str, int]:
    """A full hand dict (all 8 card types) with the given counts."""
    return {**ZERO, **kw}


def v(name: str) -> int:
    return int(name[1:])


def edge(a: str, b: str) -> str:
    """The path joining two adjacent intersections (names like ``v12``)."""
    for k in range(3):
        if GEOMETRY.vertex_vertices[v(a), k] == v(b):
            return f"e{GEOMETRY.vertex_edges[v(a), k]}"
    raise AssertionError(f"{a} and {b} are not adjacent")


def path(*vs: str) -> list[str]:
    return [edge(a, b) for a, b in zip(vs, vs[1:], strict=False)]


def next_event(d: dict, face: str) -> dict:
    """RNG words so that the next single event-die roll (after Alchemist) shows ``face``."""
    from catan_env.games.catan.cities_and_knights.constants import EVENT_FACES, EVENT_NAMES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.rng import rng_below, rng_seed

    probe = np.zeros(L.STATE_SIZE, np.int32)
    for seed in range(1000):
        rng_seed(probe, seed)
        words = [int(probe[L.RNG]), int(probe[L.RNG + 1])]
        if EVENT_FACES[rng_below(probe, 6)] == EVENT_NAMES.index(face):
            d["rng"] = words
            return d
    raise AssertionError("no RNG state gives that face")


def bank(g: Game) -> dict[str, int]:
    return g.to_dict()["bank"]


def drive_discards(g: Game) -> list[int]:
    """Answer every pending discard with the first legal card; return who discarded."""
    who = []
    while g.phase == "discard":
        who.append(g.current_player)
        g.step(sorted(family(g, "discard"))[0])
    return who


# --- C&K §1: components --------------------------------------------------------------------


def test_three_or_four_players_on_a_variable_board():
    """C&K §1, C&K §1.1: C&K is for 3 or 4 players; the beginner board is refused and the
    default board is the variable one [interpretation]: terrain differs between seeds, with
    the standard terrain counts every time."""
    with pytest.raises(ConfigError, match="3 or 4"):
        Game(variant=CK, num_players=2, seed=1)
    with pytest.raises(ConfigError, match="variable board"):
        Game(variant=CK, num_players=4, seed=1, board="beginner")
    layouts = set()
    for seed in (1, 2, 3):
        for n in (3, 4):
            d = Game(variant=CK, num_players=n, seed=seed).to_dict()
            assert d["options"]["board"] == "variable" and len(d["players"]) == n
            terrain = [h["terrain"] for h in d["board"]["hexes"].values()]
            assert Counter(terrain) == {
                "forest": 4,
                "pasture": 4,
                "fields": 4,
                "hills": 3,
                "mountains": 3,
                "desert": 1,
            }
            layouts.add(tuple(terrain))
    assert len(layouts) >= 2


def test_new_game_components():
    """C&K §1.2, C&K §2.2, C&K §2.3, C&K §2.4, C&K §2.5, C&K §3.1: a fresh C&K game has 19 land
    hexes, 18 number tokens (no 7, none on the desert), 9 harbors (4 generic, one 2:1 per
    resource), 19 cards of each resource and 12 of each commodity in the bank, the robber on
    the desert, the merchant off-board, no metropolis, no Longest Road holder, the ship at 0,
    and no development cards for sale."""
    g = Game(variant=CK, num_players=4, seed=5)
    d = g.to_dict()
    hexes = d["board"]["hexes"]
    assert len(hexes) == 19
    numbers = sorted(h["number"] for h in hexes.values() if h["terrain"] != "desert")
    assert numbers == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    desert = [lab for lab, h in hexes.items() if h["terrain"] == "desert"]
    assert len(desert) == 1 and hexes[desert[0]]["number"] == 0
    assert d["board"]["robber"] == desert[0]
    assert Counter(d["board"]["harbors"]) == {
        "generic": 4,
        "lumber": 1,
        "brick": 1,
        "wool": 1,
        "grain": 1,
        "ore": 1,
    }
    assert d["bank"] == {**dict.fromkeys(RESOURCE_NAMES, 19), "paper": 12, "cloth": 12, "coin": 12}
    s = d[CK]
    assert s["barbarians"] == {
        "position": 0,
        "first_attack_done": False,
        "event": None,
        "attacks": 0,
        "barbarian_wins": 0,
    }
    assert s["merchant"] == {"hex": None, "owner": None}
    assert s["metropolises"] == {"trade": None, "politics": None, "science": None}
    assert d["longest_road"] is None
    assert s["vp_cards"] == [0] * 4 and s["defender"] == [0] * 4
    # Development cards do not exist in C&K: no action buys or plays one.
    fams = {name.split("(")[0] for name in g.action_names}
    assert "buy_dev_card" not in fams
    assert not {f for f in fams if f.startswith("play_")}  # base development-card plays


def test_progress_decks_composition():
    """C&K §1.2, C&K §1.5, C&K §3.1: three separately shuffled decks of 18, with the counts of
    the table (Spy ×3)."""
    expected = {
        "trade": {
            "commercial_harbor": 2,
            "master_merchant": 2,
            "merchant": 6,
            "merchant_fleet": 2,
            "resource_monopoly": 4,
            "trade_monopoly": 2,
        },
        "politics": {
            "bishop": 2,
            "constitution": 1,
            "deserter": 2,
            "diplomat": 2,
            "intrigue": 2,
            "saboteur": 2,
            "spy": 3,
            "warlord": 2,
            "wedding": 2,
        },
        "science": {
            "alchemist": 2,
            "crane": 2,
            "engineer": 1,
            "inventor": 2,
            "irrigation": 2,
            "medicine": 2,
            "mining": 2,
            "printer": 1,
            "road_building": 2,
            "smith": 2,
        },
    }
    decks_a = Game(variant=CK, num_players=3, seed=21).to_dict()[CK]["progress_decks"]
    decks_b = Game(variant=CK, num_players=3, seed=22).to_dict()[CK]["progress_decks"]
    for track, counts in expected.items():
        assert Counter(decks_a[track]) == counts
        assert len(decks_a[track]) == 18
    assert decks_a != decks_b  # shuffled
    assert all(
        p == {} for p in Game(variant=CK, num_players=3, seed=21).to_dict()[CK]["progress_cards"]
    )


def test_player_supply_at_start():
    """C&K §1.3, C&K §3.1: each player starts with 15 roads, 5 settlements, 4 cities, 3 walls,
    2 knights of each strength and all three tracks at level 0."""
    g = Game(variant=CK, num_players=4, seed=3)
    for p in range(4):
        assert int(g.field("roads_left")[p]) == 15
        assert int(g.field("settlements_left")[p]) == 5
        assert int(g.field("cities_left")[p]) == 4
        assert int(g.field("walls_left")[p]) == 3
        assert list(g.field("knights_left").reshape(-1, 3)[p]) == [2, 2, 2]
    assert g.to_dict()[CK]["improvements"] == [{"trade": 0, "politics": 0, "science": 0}] * 4


def _knight_post(d):
    """Seat 0: a settlement on R1a N with a road ring of free intersections around R1a."""
    a, b, c, e_, f = (corner("R1a", x) for x in ("N", "NE", "SE", "S", "SW"))
    build(d, a, 0)
    roads(d, path(a, b, c, e_, f), 0)
    return b, c, e_, f


def test_knight_tokens_are_limited_per_strength():
    """C&K §1.3: a new knight is always a basic token; with both basic tokens on the board no
    knight can be built, even with strong and mighty tokens left."""
    d = ck_blank()
    b, c, e_, f = _knight_post(d)
    knight(d, b, 0, 1)
    knight(d, c, 0, 1)
    give(d, 0, wool=3, ore=3)
    g = game(d)
    assert family(g, "build_knight") == set()
    d2 = ck_blank()
    b, c, e_, f = _knight_post(d2)
    knight(d2, b, 0, 1)
    knight(d2, c, 0, 2)
    knight(d2, e_, 0, 2)
    give(d2, 0, wool=1, ore=1)
    g = game(d2)
    assert family(g, "build_knight") == {f"build_knight({f})"}
    g.step(f"build_knight({f})")
    k = section(g)["knights"][f]
    assert (k["owner"], k["strength"], k["active"]) == (0, 1, False)
    assert hand(g, 0) == ZERO and family(g, "build_knight") == set()


def test_piece_supply_limits_walls_and_cities():
    """C&K §1.3, C&K §2.6: at most 3 walls and 4 cities per player; a player with 3 walls on the
    board cannot wall a 4th city, and with 4 cities cannot upgrade a 5th settlement."""
    d = ck_blank()
    cities = [corner("R1a", "N"), corner("R1c", "N"), corner("R3a", "NW"), corner("R3e", "NE")]
    for c in cities:
        build(d, c, 0, "city")
    for c in cities[:3]:
        wall(d, c)
    build(d, corner("R5a", "SW"), 0)
    give(d, 0, brick=2, ore=3, grain=2)
    g = game(d)
    assert family(g, "build_wall") == set()
    assert family(g, "build_city") == set()
    d2 = ck_blank()
    for c in cities[:3]:
        build(d2, c, 0, "city")
    wall(d2, cities[0])
    wall(d2, cities[1])
    build(d2, corner("R5a", "SW"), 0)
    give(d2, 0, brick=2, ore=3, grain=2)
    g = game(d2)
    assert family(g, "build_wall") == {f"build_wall({cities[2]})"}
    assert family(g, "build_city") == {f"build_city({corner('R5a', 'SW')})"}


def test_piece_supply_limits_roads_and_settlements():
    """C&K §1.3, C&K §2.7: with all 15 roads on the board no road can be built, and with all 5
    settlements on the board no settlement, though spots and cards are there."""
    from helpers import road_network

    d = ck_blank()
    build(d, corner("R3c", "N"), 0)
    road_network(d, corner("R3c", "N"), 15, 0)
    d["longest_road"] = 0
    give(d, 0, lumber=1, brick=1)
    g = game(d)
    assert int(g.field("roads_left")[0]) == 0 and family(g, "build_road") == set()
    d = ck_blank()
    a, b, c = corner("R3e", "NE"), corner("R3e", "N"), corner("R2d", "S")
    for x in (corner("R1a", "N"), corner("R1c", "N"), corner("R5a", "SW"), corner("R5c", "S"), a):
        build(d, x, 0)
    roads(d, path(a, b, c), 0)
    give(d, 0, lumber=1, brick=1, wool=1, grain=1)
    g = game(d)
    assert family(g, "build_settlement") == set()
    d["buildings"].pop(corner("R5c", "S"))
    assert family(game(d), "build_settlement") == {f"build_settlement({c})"}


def test_event_die_faces_and_gate_colours():
    """C&K §1.4, C&K §3.5.2: the event die has 3 ship faces and one gate of each colour; each
    gate draws from its own deck (yellow = trade, blue = politics, green = science)."""
    from catan_env.games.catan.cities_and_knights.constants import EVENT_FACES, EVENT_NAMES

    assert Counter(EVENT_NAMES[f] for f in EVENT_FACES) == {
        "ship": 3,
        "trade": 1,
        "politics": 1,
        "science": 1,
    }
    tops = {"trade": "merchant_fleet", "politics": "warlord", "science": "mining"}
    for face, top in tops.items():
        d = ck_blank(phase="pre_roll")
        for t in ("trade", "politics", "science"):
            level(d, 1, t, 1)
            stack_deck(d, t, [tops[t]])
        g = game(next_roll(d, 1, 3, face))
        g.step("roll")
        assert section(g)["progress_cards"][1] == {top: 1}
        assert section(g)["barbarians"]["position"] == 0
    d = ck_blank(phase="pre_roll")
    level(d, 1, "trade", 1)
    g = game(next_roll(d, 1, 3, "ship"))
    g.step("roll")
    assert section(g)["progress_cards"][1] == {}
    assert section(g)["barbarians"]["position"] == 1


def test_improvement_tracks_paid_with_their_commodity():
    """C&K §1.6: trade is paid with cloth, politics with coin, science with paper; level n of a
    track costs n of its commodity."""
    d = ck_blank()
    build(d, corner("R1a", "N"), 0, "city")
    give(d, 0, cloth=3, coin=1, paper=1)
    g = game(d)
    assert family(g, "improve") == {"improve(trade)", "improve(politics)", "improve(science)"}
    g.step("improve(trade)")
    assert hand(g, 0) == cards(cloth=2, coin=1, paper=1)
    g.step("improve(trade)")
    assert hand(g, 0) == cards(coin=1, paper=1)
    g.step("improve(politics)")
    assert hand(g, 0) == cards(paper=1)
    g.step("improve(science)")
    assert hand(g, 0) == ZERO
    assert section(g)["improvements"][0] == {"trade": 2, "politics": 1, "science": 1}
    assert bank(g)["cloth"] == 12 and bank(g)["coin"] == 12 and bank(g)["paper"] == 12
    d = ck_blank()
    build(d, corner("R1a", "N"), 0, "city")
    level(d, 0, "trade", 2)
    give(d, 0, cloth=2, coin=5, paper=5)
    g = game(d)
    assert "improve(trade)" not in legal(g)  # level 3 needs 3 cloth


def test_barbarian_ship_attacks_on_seventh_advance():
    """C&K §1.7, C&K §3.5.1: the ship advances one space per ship face; the 6th advance is not
    an attack, the 7th is. After the attack the ship is back at 0, first_attack_done is set
    and all knights are inactive."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 5)
    g = game(next_roll(d, 2, 3, "ship"))
    g.step("roll")
    assert section(g)["barbarians"] == {
        "position": 6,
        "first_attack_done": False,
        "event": "ship",
        "attacks": 0,
        "barbarian_wins": 0,
    }
    assert g.phase == "action"
    d = ck_blank(phase="pre_roll")
    barbarians(d, 6)
    a, b = corner("R1c", "N"), corner("R1c", "NE")
    build(d, a, 1)
    road(d, edge(a, b), 1)
    knight(d, b, 1, 1, active=True)
    g = game(next_roll(d, 2, 3, "ship"))
    g.step("roll")
    s = section(g)
    assert s["barbarians"] == {
        "position": 0,
        "first_attack_done": True,
        "event": "ship",
        "attacks": 1,
        "barbarian_wins": 0,
    }
    assert s["knights"][b]["active"] is False
    assert s["defender"] == [0, 1, 0, 0]  # no cities (strength 0) vs 1: Catan wins
    assert g.phase == "action"


# --- C&K §2: base rules used by C&K ---------------------------------------------------------


def test_board_geometry():
    """C&K §2, C&K §2.1: 19 hexes, 54 intersections, 72 paths; every intersection touches 1-3
    land hexes and has 2 or 3 paths; the first set-up settlement may go on any of the 54
    intersections, and a set-up road may go on any path of the chosen corner."""
    assert (NUM_HEXES, NUM_VERTICES, NUM_EDGES) == (19, 54, 72)
    for x in range(NUM_VERTICES):
        assert 1 <= sum(1 for h in GEOMETRY.vertex_hexes[x] if h >= 0) <= 3
        assert 2 <= sum(1 for e in GEOMETRY.vertex_edges[x] if e >= 0) <= 3
    for h in range(NUM_HEXES):
        assert len(set(GEOMETRY.hex_vertices[h])) == 6
    g = Game(variant=CK, num_players=3, seed=4)
    assert len(family(g, "build_settlement")) == 54
    g.step(f"build_settlement({corner('R1a', 'N')})")  # a coastal corner: 2 paths
    assert family(g, "build_road") == {
        f"build_road({edge(corner('R1a', 'N'), corner('R1a', 'NE'))})",
        f"build_road({edge(corner('R1a', 'N'), corner('R1a', 'NW'))})",
    }
    g.step(sorted(family(g, "build_road"))[0])
    g.step(f"build_settlement({corner('R2b', 'S')})")  # an inland corner: 3 paths
    assert len(family(g, "build_road")) == 3


def test_number_tokens_follow_the_spiral_by_default():
    """C&K §2.3: by default the tokens A..R (5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11) are laid
    along the spiral, skipping the desert; with random tokens no 6 and 8 are neighbours."""
    # Counter-clockwise from the east corner hex, outer ring, inner ring, centre.
    spiral = "R3e R2d R1c R1b R1a R2a R3a R4a R5a R5b R5c R4d R3d R2c R2b R3b R4b R4c R3c".split()
    for seed in (8, 9):
        d = Game(variant=CK, num_players=4, seed=seed).to_dict()
        hexes = d["board"]["hexes"]
        along = [hexes[lab]["number"] for lab in spiral]
        assert [n for n in along if n] == [
            5,
            2,
            6,
            3,
            8,
            10,
            9,
            12,
            11,
            4,
            8,
            10,
            9,
            4,
            5,
            6,
            3,
            11,
        ]
    for seed in (1, 2, 3):
        d = Game(variant=CK, num_players=4, seed=seed, number_tokens="random").to_dict()
        nums = [d["board"]["hexes"][lab]["number"] for lab in HEX_LABELS]
        for h in range(NUM_HEXES):
            if nums[h] in (6, 8):
                for g in GEOMETRY.hex_neighbours[h]:
                    assert g < 0 or nums[g] not in (6, 8)


def test_harbor_intersections():
    """C&K §2.4: each of the 9 harbors has two intersections, no intersection belongs to two;
    a settlement or a city on one gives its rate (here generic 3:1 and grain 2:1)."""
    per = Counter(int(h) for h in VERTEX_HARBOR if h >= 0)
    assert per == dict.fromkeys(range(9), 2)
    d = ck_blank()
    build(d, corner("R1a", "NW"), 0, "city")  # generic harbor
    build(d, corner("R1b", "NE"), 0)  # grain 2:1
    g = game(d)
    assert list(g.field("trade_rate")[0]) == [3, 3, 3, 2, 3, 3, 3, 3]


def test_bank_shortage_applies_to_commodities():
    """C&K §2.5, C&K §3.6 [interpretation]: the shortage rule is applied per commodity type:
    two players owed paper with 1 paper left -> nobody gets paper (lumber still paid); two
    owed coin with 1 left -> nobody gets coin; a single player owed 2 paper with 1 left takes
    that 1."""
    d = ck_blank(phase="pre_roll")
    give(d, 3, paper=11, coin=11)
    build(d, corner("R4a", "N"), 0, "city")  # forest 8
    build(d, corner("R4a", "SE"), 1, "city")  # forest 8
    build(d, corner("R3e", "NE"), 2, "city")  # mountains 8
    build(d, corner("R3e", "S"), 0, "city")  # mountains 8 (and pasture 5)
    g = game(next_roll(d, 3, 5, "science"))
    g.step("roll")
    assert hand(g, 0) == cards(lumber=1, ore=1)
    assert hand(g, 1) == cards(lumber=1)
    assert hand(g, 2) == cards(ore=1)
    assert bank(g)["paper"] == 1 and bank(g)["coin"] == 1
    d = ck_blank(phase="pre_roll")
    give(d, 3, paper=11)
    build(d, corner("R4a", "N"), 0, "city")
    build(d, corner("R4a", "SE"), 0, "city")
    g = game(next_roll(d, 3, 5, "science"))
    g.step("roll")
    assert hand(g, 0) == cards(lumber=2, paper=1)
    assert bank(g)["paper"] == 0


def test_card_payments_limited_by_the_bank():
    """C&K §2.5 [interpretation]: a card paying one player (Irrigation, Mining) gives at most
    what the bank holds."""
    d = ck_blank()
    build(d, corner("R3a", "NW"), 0)  # fields: Irrigation owes 2 grain
    build(d, corner("R1a", "N"), 0)  # mountains: Mining owes 2 ore
    progress(d, 0, "irrigation")
    progress(d, 0, "mining")
    give(d, 1, grain=18, ore=19)
    g = game(d)
    g.step("play(irrigation)")
    assert hand(g, 0) == cards(grain=1) and bank(g)["grain"] == 0
    g.step("play(mining)")
    assert hand(g, 0) == cards(grain=1) and bank(g)["ore"] == 0
    assert section(g)["progress_cards"][0] == {}
    assert g.phase == "action"


def test_base_building_costs():
    """C&K §2.6: road = lumber + brick, settlement = lumber + brick + wool + grain, city = 3 ore
    + 2 grain on an own settlement, whose piece returns to the supply; VP 1 and 2."""
    d = ck_blank()
    a, b, c = corner("R1a", "N"), corner("R1a", "NE"), corner("R1a", "SE")
    build(d, a, 0)
    give(d, 0, lumber=3, brick=3, wool=1, grain=3, ore=3)
    g = game(d)
    assert g.public_vp(0) == 1
    g.step(f"build_road({edge(a, b)})")
    assert hand(g, 0) == cards(lumber=2, brick=2, wool=1, grain=3, ore=3)
    g.step(f"build_road({edge(b, c)})")
    g.step(f"build_settlement({c})")
    assert hand(g, 0) == cards(grain=2, ore=3)
    assert int(g.field("settlements_left")[0]) == 3 and g.public_vp(0) == 2
    g.step(f"build_city({a})")
    assert hand(g, 0) == ZERO
    assert int(g.field("settlements_left")[0]) == 4 and int(g.field("cities_left")[0]) == 3
    assert g.to_dict()["buildings"][a] == {"owner": 0, "kind": "city"}
    assert g.public_vp(0) == 3
    assert bank(g) == {**dict.fromkeys(RESOURCE_NAMES, 19), "paper": 12, "cloth": 12, "coin": 12}


def test_knights_and_settlements():
    """C&K §2.7: the distance rule applies to buildings only: a knight's intersection cannot take
    a settlement, even its owner's, but a knight next to a spot does not forbid it."""
    d = ck_blank()
    a, b, c, x = corner("R1a", "N"), corner("R1a", "NE"), corner("R1a", "SE"), corner("R1a", "S")
    build(d, a, 0)
    roads(d, path(a, b, c, x), 0)
    give(d, 0, lumber=2, brick=2, wool=2, grain=2)
    g = game(d)
    assert family(g, "build_settlement") == {f"build_settlement({c})", f"build_settlement({x})"}
    knight(d, c, 0)  # own knight on c
    y, z = corner("R2a", "S"), corner("R2a", "SE")  # opponent knight on z, next to x
    build(d, y, 1)
    road(d, edge(y, z), 1)
    knight(d, z, 1)
    g = game(d)
    assert family(g, "build_settlement") == {f"build_settlement({x})"}
    g.step(f"build_settlement({x})")
    assert g.to_dict()["buildings"][x] == {"owner": 0, "kind": "settlement"}


def test_roads_stop_at_an_opponents_knight():
    """C&K §2.7: a road may be built up to an intersection holding another player's knight but
    not continued from it; the knight's owner may build on from there."""
    d = ck_blank()
    a, b, c, x = corner("R1a", "N"), corner("R1a", "NE"), corner("R1a", "SE"), corner("R1a", "S")
    build(d, a, 0)
    roads(d, path(a, b, c, x), 0)
    y, z = corner("R2a", "S"), corner("R2a", "SE")
    build(d, y, 1)
    road(d, edge(y, z), 1)
    knight(d, z, 1)
    give(d, 0, lumber=3, brick=3)
    give(d, 1, lumber=3, brick=3)
    g = game(d)
    to_z = f"build_road({edge(x, z)})"
    beyond = f"build_road({edge(z, corner('R2b', 'S'))})"
    assert to_z in legal(g) and beyond not in legal(g)
    g.step(to_z)
    assert beyond not in legal(g)
    d["turn"].update(active_player=1, current_player=1)
    g = game(d)
    assert beyond in legal(g) and to_z in legal(g)


def test_longest_road_broken_by_a_knight():
    """C&K §2.8: an opponent's knight on an inner intersection breaks a trail (Longest Road is
    lost when nobody keeps 5); a foreign knight at the end of a trail and an own knight inside
    it break nothing."""
    d = ck_blank()
    chain = [corner("R1a", "N"), corner("R1a", "NE"), corner("R1a", "SE"), corner("R1b", "S")]
    chain += [corner("R1b", "SE"), corner("R1c", "S")]
    build(d, chain[0], 0)
    roads(d, path(*chain), 0)
    d["longest_road"] = 0
    knight(d, chain[2], 0)  # own knight inside the trail
    s1, s2 = corner("R2c", "SE"), corner("R2c", "SW")
    build(d, s1, 1)
    road(d, edge(s1, chain[5]), 1)
    knight(d, chain[5], 1)  # foreign knight at the end of the trail
    build(d, s2, 1)
    road(d, edge(s2, chain[3]), 1)
    give(d, 1, wool=1, ore=1)
    d["turn"].update(active_player=1, current_player=1)
    g = game(d)
    assert list(g.field("road_length")[:2]) == [5, 1]
    assert g.to_dict()["longest_road"] == 0 and g.public_vp(0) == 3
    g.step(f"build_knight({chain[3]})")
    assert list(g.field("road_length")[:2]) == [3, 1]
    assert g.to_dict()["longest_road"] is None and g.public_vp(0) == 1


def test_robber_hex_produces_nothing():
    """C&K §2.9, C&K §3.6: the hex holding the robber produces nothing, for settlements and cities;
    another hex with the same number still does."""
    d = ck_blank(phase="pre_roll")
    d["board"]["robber"] = "R4a"
    build(d, corner("R4a", "SW"), 0, "city")  # forest 8, robbed
    build(d, corner("R3e", "NE"), 1, "city")  # mountains 8
    build(d, corner("R4a", "NE"), 2)  # forest 8, robbed (also R3b 11, R4b 3)
    g = game(next_roll(d, 4, 4, "science"))
    g.step("roll")
    assert hand(g, 0) == ZERO and hand(g, 2) == ZERO
    assert hand(g, 1) == cards(ore=1, coin=1)


def test_domestic_trade_with_commodities():
    """C&K §2.10, C&K §3.9: the active player trades commodities and resources with one other
    player through an offer; progress cards are never part of a trade; like-for-like is not
    allowed."""
    d = ck_blank()
    give(d, 0, paper=2, wool=1)
    give(d, 2, ore=1, coin=1)
    progress(d, 0, "smith")
    g = game(d)
    # An offer opens with a pair (trade_protocol="pairs"): a held card for another type.
    pairs = {tuple(a[len("offer(") : -1].split("->")) for a in family(g, "offer")}
    assert {x for x, _ in pairs} == {"paper", "wool"} and len(pairs) == 2 * 7
    assert ("paper", "paper") not in pairs
    g.step("offer(paper->coin)")
    assert "offer_want(paper)" not in legal(g)
    g.step("propose(+2)")
    assert g.current_player == 2 and legal(g) == {"accept", "decline"}
    g.step("accept")
    g.step("confirm_trade(+2)")
    assert hand(g, 0) == cards(paper=1, wool=1, coin=1)
    assert hand(g, 2) == cards(ore=1, paper=1)
    assert section(g)["progress_cards"][0] == {"smith": 1}
    assert g.phase == "action" and g.current_player == 0


def test_thirteen_points_win():
    """C&K §2.11: C&K is played to 13 VP: reaching 12 on one's own turn is not a win, 13 is."""
    d = ck_blank()
    assert d["options"]["vp_to_win"] == 13
    build(d, corner("R1a", "N"), 0)
    ck(d)["defender"][0] = 10
    give(d, 0, ore=3, grain=2)
    g = game(d)
    g.step(f"build_city({corner('R1a', 'N')})")
    assert g.public_vp(0) == 12 and not g.done and g.phase == "action"
    d = ck_blank()
    build(d, corner("R1a", "N"), 0)
    ck(d)["defender"][0] = 11
    give(d, 0, ore=3, grain=2)
    g = game(d)
    g.step(f"build_city({corner('R1a', 'N')})")
    assert g.public_vp(0) == 13 and g.done and g.winner == 0


# --- C&K §3.1: set-up ---------------------------------------------------------------------


def test_setup_settlement_then_city_with_starting_resources():
    """C&K §3.1: round 1 clockwise places a settlement and a road each (no resources); round 2
    counter-clockwise places a city (not a settlement) and a road touching it, and the city
    yields 1 resource per adjacent land hex (desert: nothing; no commodities). The starting
    player then begins, before the roll."""
    g = Game(variant=CK, num_players=3, seed=12, fixed_board=BEGINNER_BOARD)
    s = g.current_player
    assert g.phase == "setup_settlement"
    first = [corner("R1a", "N"), corner("R1c", "N"), corner("R5c", "S")]
    order = []
    for spot in first:
        order.append(g.current_player)
        g.step(f"build_settlement({spot})")
        g.step(sorted(family(g, "build_road"))[0])
    assert order == [s, (s + 1) % 3, (s + 2) % 3]
    assert all(hand(g, p) == ZERO for p in range(3))
    assert g.phase == "setup_city"
    # R4a N: fields, forest, forest; R3c N: hills, pasture, desert; R3a NW: fields only.
    spots = [corner("R4a", "N"), corner("R3c", "N"), corner("R3a", "NW")]
    expected = [cards(grain=1, lumber=2), cards(brick=1, wool=1), cards(grain=1)]
    order = []
    for spot, got in zip(spots, expected, strict=True):
        p = g.current_player
        order.append(p)
        assert not family(g, "build_settlement")
        assert f"build_city({spot})" in legal(g)
        g.step(f"build_city({spot})")
        assert g.to_dict()["buildings"][spot] == {"owner": p, "kind": "city"}
        assert hand(g, p) == got
        assert family(g, "build_road") == {
            f"build_road(e{e})" for e in GEOMETRY.vertex_edges[v(spot)] if e >= 0
        }
        g.step(sorted(family(g, "build_road"))[0])
    assert order == [(s + 2) % 3, (s + 1) % 3, s]
    assert g.phase == "pre_roll" and g.active_player == s and g.current_player == s
    assert [g.public_vp(p) for p in range(3)] == [3, 3, 3]
    assert g.to_dict()["board"]["robber"] == "R3c"
    assert section(g)["barbarians"]["position"] == 0


def test_setup_city_obeys_distance_rule():
    """C&K §3.1, C&K §2.7: the round-2 city obeys the distance rule."""
    g = Game(variant=CK, num_players=3, seed=12, fixed_board=BEGINNER_BOARD)
    for spot in (corner("R1a", "N"), corner("R1c", "N"), corner("R5c", "S")):
        g.step(f"build_settlement({spot})")
        g.step(sorted(family(g, "build_road"))[0])
    cities = family(g, "build_city")
    assert f"build_city({corner('R1a', 'NE')})" not in cities  # next to R1a N
    assert f"build_city({corner('R1a', 'N')})" not in cities  # occupied
    assert f"build_city({corner('R1a', 'SE')})" in cities
    assert len(cities) == 54 - 3 - 6  # three one-hex coastal corners, 2 neighbours each


# --- C&K §3.2–§3.4: turn, pre-roll, roll ------------------------------------------------


def test_turn_passes_clockwise_and_resets():
    """C&K §3.2, C&K §1.1: ending the turn passes to the next seat (seat order, wrapping) in
    the pre-roll step; per-turn flags (knight flags, Merchant Fleet, Commercial Harbor) are
    cleared."""
    d = ck_blank(active=3)
    a, b = corner("R1c", "N"), corner("R1c", "NE")
    build(d, a, 3)
    road(d, edge(a, b), 3)
    knight(d, b, 3, 1, active=True, became_active=True)
    ck(d)["merchant_fleet"] = ["ore"]
    ck(d)["commercial_harbor"].update(open=True, used=[True, False, False, False])
    g = game(d)
    g.step("end_turn")
    assert g.active_player == 0 and g.current_player == 0 and g.phase == "pre_roll"
    s = section(g)
    assert s["knights"][b]["became_active"] is False and s["knights"][b]["active"] is True
    assert s["merchant_fleet"] == []
    assert s["commercial_harbor"]["open"] is False
    assert s["commercial_harbor"]["used"] == [False] * 4


def test_win_checked_at_start_of_turn():
    """C&K §3.2: a player holding 13 VP when their turn starts wins at once."""
    d = ck_blank(active=3)
    build(d, corner("R1a", "N"), 0)
    ck(d)["defender"][0] = 12
    g = game(d)
    assert not g.done
    g.step("end_turn")
    assert g.done and g.winner == 0


def test_pre_roll_only_roll_or_alchemist():
    """C&K §3.2, C&K §3.3: before the roll the only acts are rolling and playing Alchemist; no
    building, trading, knight use or other progress card, whatever the player holds. After
    the roll Alchemist can no longer be played."""
    d = ck_blank(phase="pre_roll")
    a, b = corner("R1a", "N"), corner("R1a", "NE")
    build(d, a, 0, "city")
    road(d, edge(a, b), 0)
    knight(d, b, 0, 1, active=True)
    give(d, 0, lumber=4, brick=4, wool=4, grain=4, ore=4, paper=4)
    progress(d, 0, "irrigation")
    assert legal(game(d)) == {"roll"}
    progress(d, 0, "alchemist")
    assert legal(game(d)) == {"roll", "play(alchemist)"}
    g = game(next_roll(d, 2, 3, "science"))
    g.step("roll")
    assert g.phase == "action"
    assert "play(irrigation)" in legal(g) and "play(alchemist)" not in legal(g)


def test_roll_total_and_red_die():
    """C&K §3.4: production uses red + yellow; the red die alone decides progress draws."""
    d = ck_blank(phase="pre_roll")
    build(d, corner("R4a", "SW"), 1)  # forest 8
    level(d, 2, "politics", 1)  # draws on red 1 or 2
    level(d, 3, "politics", 2)  # draws on red 1, 2 or 3
    stack_deck(d, "politics", ["spy"])
    g = game(next_roll(d, 3, 5, "politics"))
    g.step("roll")
    assert g.dice == (3, 5)
    assert hand(g, 1) == cards(lumber=1)
    assert section(g)["progress_cards"][2:] == [{}, {"spy": 1}]


def test_alchemist_chooses_dice_then_event_first():
    """C&K §3.4, C&K §3.3: with Alchemist the player sets red and yellow, only the event die is
    rolled, the event resolves first (draw by the chosen red), then production by the chosen
    total."""
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    build(d, corner("R4a", "SW"), 0, "city")  # forest 8
    level(d, 1, "trade", 1)
    stack_deck(d, "trade", ["merchant"])
    g = game(next_event(d, "trade"))
    g.step("play(alchemist)")
    assert g.phase == "alchemist_red" and legal(g) == {f"die({k})" for k in range(1, 7)}
    g.step("die(2)")
    assert g.phase == "alchemist_yellow"
    g.step("die(6)")
    assert g.dice == (2, 6) and section(g)["barbarians"]["event"] == "trade"
    assert section(g)["progress_cards"][1] == {"merchant": 1}
    assert section(g)["progress_cards"][0] == {}
    assert section(g)["progress_decks"]["science"][-1] == "alchemist"
    assert hand(g, 0) == cards(lumber=1, paper=1)
    assert g.phase == "action"


def test_alchemist_may_choose_seven():
    """C&K §3.4, C&K §3.7: Alchemist may set a total of 7, which is then resolved as a 7."""
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    give(d, 1, ore=9)
    g = game(next_event(d, "science"))
    g.step("play(alchemist)")
    g.step("die(3)")
    g.step("die(4)")
    assert g.phase == "discard" and g.current_player == 1
    assert drive_discards(g) == [1, 1, 1, 1]
    assert hand(g, 1) == cards(ore=5) and g.phase == "action"


# --- C&K §3.5: events --------------------------------------------------------------------


def test_barbarian_attack_before_production():
    """C&K §3.5, C&K §3.5.1: the ship face that brings the barbarians resolves the attack before
    production, with no other action possible; a city pillaged by it produces as a
    settlement in the same roll."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 6)
    city = corner("R4a", "SW")  # forest 8
    build(d, city, 0, "city")
    give(d, 0, grain=2)
    g = game(next_roll(d, 5, 3, "ship"))
    g.step("roll")
    assert g.phase == "pillage" and g.current_player == 0
    assert legal(g) == {f"lose_city({city})"}
    assert hand(g, 0) == cards(grain=2)  # nothing produced yet
    g.step(f"lose_city({city})")
    assert g.to_dict()["buildings"][city] == {"owner": 0, "kind": "settlement"}
    assert hand(g, 0) == cards(grain=2, lumber=1)
    assert section(g)["barbarians"] == {
        "position": 0,
        "first_attack_done": True,
        "event": "ship",
        "attacks": 1,
        "barbarian_wins": 1,
    }
    assert g.phase == "action"


def test_gate_draws_in_turn_order_by_level():
    """C&K §3.5.2: on a gate face every player whose level L in that colour is >= 1 and with
    red <= L + 1 draws the top card, in turn order from the roller; level 0 never draws; a
    player without any city still draws."""
    d = ck_blank(phase="pre_roll", active=2)
    level(d, 0, "trade", 1)  # red 3 > 2: no
    level(d, 1, "trade", 2)  # red 3 <= 3: draws (has no buildings)
    level(d, 2, "trade", 3)  # roller: draws first
    build(d, corner("R1a", "N"), 3, "city")
    level(d, 3, "politics", 5)  # other colour only
    metropolis(d, "politics", 3, corner("R1a", "N"))
    stack_deck(d, "trade", ["resource_monopoly", "commercial_harbor", "merchant"])
    g = game(next_roll(d, 3, 3, "trade"))
    g.step("roll")
    s = section(g)
    assert s["progress_cards"] == [{}, {"commercial_harbor": 1}, {"resource_monopoly": 1}, {}]
    assert s["progress_decks"]["trade"][0] == "merchant" and len(s["progress_decks"]["trade"]) == 16
    d = ck_blank(phase="pre_roll")
    build(d, corner("R1a", "N"), 1, "city")
    level(d, 1, "science", 4)
    metropolis(d, "science", 1, corner("R1a", "N"))
    g = game(next_roll(d, 6, 1, "science"))
    g.step("roll")
    assert section(g)["progress_cards"][1] == {}  # red 6 needs level 5
    level(d, 1, "science", 5)
    stack_deck(d, "science", ["smith"])
    g = game(next_roll(d, 6, 1, "science"))
    g.step("roll")
    assert section(g)["progress_cards"][1] == {"smith": 1}


def test_gate_draw_reveals_vp_card():
    """C&K §3.5.2: a Printer drawn on another player's turn is revealed at once for 1 VP and is
    not held, so a player already holding 4 cards puts nothing back."""
    d = ck_blank(phase="pre_roll")
    for c in ("crane", "smith", "mining", "medicine"):
        progress(d, 1, c)
    level(d, 1, "science", 1)
    stack_deck(d, "science", ["printer"])
    g = game(next_roll(d, 1, 4, "science"))
    g.step("roll")
    s = section(g)
    assert s["vp_cards"] == [0, 1, 0, 0] and sum(s["progress_cards"][1].values()) == 4
    assert "printer" not in s["progress_cards"][1]
    assert g.public_vp(1) == 1 and "printer" not in s["progress_decks"]["science"]
    assert g.phase == "action" and g.current_player == 0


def test_gate_draw_fifth_card_put_back_by_non_active_player():
    """C&K §3.5.2: a non-active player who draws a 5th progress card chooses one of the 5 at once
    and puts it under its own deck; then the roll goes on (production)."""
    d = ck_blank(phase="pre_roll")
    for c in ("bishop", "spy", "warlord", "wedding"):
        progress(d, 1, c)
    level(d, 1, "politics", 2)
    stack_deck(d, "politics", ["deserter"])
    build(d, corner("R4a", "SW"), 0)  # forest 8
    g = game(next_roll(d, 3, 5, "politics"))
    g.step("roll")
    assert g.phase == "progress_overflow" and g.current_player == 1
    assert legal(g) == {
        f"put_under({c})" for c in ("bishop", "deserter", "spy", "warlord", "wedding")
    }
    assert hand(g, 0) == ZERO  # production waits
    g.step("put_under(spy)")
    s = section(g)
    assert s["progress_cards"][1] == {"bishop": 1, "deserter": 1, "warlord": 1, "wedding": 1}
    assert s["progress_decks"]["politics"][-1] == "spy"
    assert hand(g, 0) == cards(lumber=1)
    assert g.phase == "action" and g.current_player == 0


def test_win_during_gate_draws_drops_the_put_back():
    """C&K §3.19, C&K §3.15.2: the active player's Printer from a gate draw makes 13 VP and wins
    at the end of that resolution step; a 5th card another player drew in the same step is not
    put back (the win drops every pending decision) and the final state is sound.

    Found by the soak (benchmarks/soak.py, C&K seed 3520): the invariant check wrongly flagged
    the final hand."""
    from catan_env.games.catan.common.tables import STANDARD_TABLES

    d = ck_blank(phase="pre_roll")
    for c in ("crane", "smith", "medicine", "engineer"):
        progress(d, 1, c)
    level(d, 0, "science", 1)
    level(d, 1, "science", 1)
    for v in (corner("R3c", "N"), corner("R1a", "N"), corner("R5c", "S")):
        build(d, v, 0, "city")
    ck(d)["defender"][0] = 6
    stack_deck(d, "science", ["printer", "mining"])
    g = game(next_roll(d, 1, 4, "science"))
    assert g.public_vp(0) == 12
    g.step("roll")
    assert g.done and g.winner == 0 and g.public_vp(0) == 13
    assert sum(section(g)["progress_cards"][1].values()) == 5
    assert g.variant.check_state(g.state, STANDARD_TABLES) == 0


def test_gate_draw_from_empty_deck_gives_nothing():
    """C&K §3.5.2 [interpretation]: if the deck is empty, a qualifying player draws nothing."""
    d = ck_blank(phase="pre_roll")
    for c, n in {
        "commercial_harbor": 2,
        "master_merchant": 2,
        "merchant": 6,
        "merchant_fleet": 2,
        "resource_monopoly": 4,
        "trade_monopoly": 2,
    }.items():
        progress(d, 0, c, n)
    build(d, corner("R1a", "N"), 1, "city")
    level(d, 1, "trade", 5)
    metropolis(d, "trade", 1, corner("R1a", "N"))
    g = game(next_roll(d, 1, 1, "trade"))
    g.step("roll")
    s = section(g)
    assert s["progress_decks"]["trade"] == [] and s["progress_cards"][1] == {}
    assert sum(s["progress_cards"][0].values()) == 18
    assert g.phase == "action" and g.current_player == 0


# --- C&K §3.6: production -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("red", "yellow", "expected"),
    [
        (4, 4, [cards(ore=1, coin=1), cards(lumber=1, paper=1), ZERO, ZERO]),
        (2, 3, [ZERO, ZERO, cards(wool=1, cloth=1), cards(brick=2)]),
        (5, 4, [cards(grain=2), cards(lumber=1), ZERO, ZERO]),
        (6, 4, [ZERO, ZERO, cards(ore=1), cards(brick=1)]),
    ],
)
def test_production_table(red, yellow, expected):
    """C&K §3.6, C&K §2.2: a city gets forest lumber + paper, pasture wool + cloth, mountains
    ore + coin, fields 2 grain, hills 2 brick; a settlement gets 1 resource and never a
    commodity."""
    d = ck_blank(phase="pre_roll")
    build(d, corner("R3e", "NE"), 0, "city")  # mountains 8
    build(d, corner("R4a", "SW"), 1, "city")  # forest 8
    build(d, corner("R4d", "SE"), 2, "city")  # pasture 5
    build(d, corner("R5a", "SW"), 3, "city")  # hills 5
    build(d, corner("R3a", "NW"), 0, "city")  # fields 9
    build(d, corner("R1c", "N"), 1)  # forest 9
    build(d, corner("R1a", "N"), 2)  # mountains 10
    build(d, corner("R2d", "NE"), 3)  # hills 10
    g = game(next_roll(d, red, yellow, "science"))
    g.step("roll")
    assert [hand(g, p) for p in range(4)] == expected


def test_aqueduct_free_resource_in_turn_order():
    """C&K §3.6 [interpretation]: after production, each player with science >= 3 who got no card
    (no hex, or the robber) picks 1 resource (never a commodity), in turn order from the
    roller; a type the bank lacks cannot be picked; a player who received something or has
    science 2 gets nothing."""
    d = ck_blank(phase="pre_roll", active=1)
    d["board"]["robber"] = "R4a"
    build(d, corner("R4a", "SW"), 0, "city")  # forest 8 under the robber
    level(d, 0, "science", 3)
    build(d, corner("R1a", "N"), 1, "city")  # roller: mountains 10 only
    level(d, 1, "science", 4)
    metropolis(d, "science", 1, corner("R1a", "N"))
    build(d, corner("R3e", "NE"), 2)  # mountains 8: receives ore
    level(d, 2, "science", 3)
    level(d, 3, "science", 2)
    give(d, 3, lumber=19)
    g = game(next_roll(d, 5, 3, "ship"))
    g.step("roll")
    assert g.phase == "aqueduct" and g.current_player == 1
    assert legal(g) == {f"pick({r})" for r in ("brick", "wool", "grain", "ore")}
    g.step("pick(ore)")
    assert g.phase == "aqueduct" and g.current_player == 0
    g.step("pick(grain)")
    assert g.phase == "action" and g.current_player == 1
    assert hand(g, 1) == cards(ore=1) and hand(g, 0) == cards(grain=1)
    assert hand(g, 2) == cards(ore=1) and hand(g, 3) == cards(lumber=19)


def test_aqueduct_after_bank_shortage():
    """C&K §3.6 [interpretation], C&K §2.5: a science-3 player whose only production was lost
    to a bank shortage received nothing and takes the Aqueduct resource."""
    d = ck_blank(phase="pre_roll")
    give(d, 3, lumber=18)  # 1 lumber left for 2 players owed
    build(d, corner("R4a", "SW"), 0)  # forest 8
    build(d, corner("R4a", "N"), 1)  # forest 8
    level(d, 0, "science", 3)
    g = game(next_roll(d, 2, 6, "science"))
    g.step("roll")
    assert g.phase == "aqueduct" and g.current_player == 0
    assert family(g, "pick") == {f"pick({r})" for r in RESOURCE_NAMES}
    g.step("pick(wool)")
    assert hand(g, 0) == cards(wool=1) and hand(g, 1) == ZERO
    assert g.phase == "action"


def test_tipped_city_and_metropolis_production():
    """C&K §3.6: a tipped city produces as a settlement (no commodity); a city carrying a
    metropolis produces as a city."""
    d = ck_blank(phase="pre_roll")
    build(d, corner("R4d", "SE"), 0, "tipped_city")  # pasture 5
    build(d, corner("R5a", "SW"), 1, "city")  # hills 5
    build(d, corner("R4d", "N"), 1, "city")  # pasture 5 (R3d 3, R3e 8)
    level(d, 1, "trade", 4)
    metropolis(d, "trade", 1, corner("R4d", "N"))
    g = game(next_roll(d, 1, 4, "science"))
    g.step("roll")
    assert hand(g, 0) == cards(wool=1)
    assert hand(g, 1) == cards(brick=2, wool=1, cloth=1)


def test_aqueduct_not_on_seven_nor_from_empty_bank():
    """C&K §3.6 [interpretation], C&K §2.5: the Aqueduct never works on a 7, and gives nothing when
    the bank holds no resource card at all."""
    d = ck_blank(phase="pre_roll")
    level(d, 0, "science", 3)
    level(d, 1, "science", 3)
    g = game(next_roll(d, 3, 4, "science"))
    g.step("roll")
    assert g.phase == "action" and hand(g, 0) == ZERO and hand(g, 1) == ZERO
    d = ck_blank(phase="pre_roll")
    level(d, 1, "science", 3)
    give(d, 2, lumber=19, brick=19, wool=19, grain=19, ore=19)
    g = game(next_roll(d, 2, 3, "science"))
    g.step("roll")
    assert g.phase == "action" and hand(g, 1) == ZERO


# --- C&K §3.7: the 7 ---------------------------------------------------------------------


def test_seven_hand_limit_with_walls_and_commodities():
    """C&K §3.7, C&K §2.9: the safe hand is 7 + 2 per city wall and counts resources and
    commodities (never progress cards); players above it discard half, rounded down, in turn
    order from the roller; discards happen before the first attack too."""
    d = ck_blank(phase="pre_roll", active=1)
    for c in (corner("R1a", "N"), corner("R1c", "N")):
        build(d, c, 0, "city")
        wall(d, c)
    give(d, 0, lumber=6, cloth=6)  # 12 > 11: discards 6
    give(d, 1, ore=5, paper=4)  # 9 > 7: discards 4
    progress(d, 1, "smith")
    build(d, corner("R3e", "NE"), 2, "city")
    wall(d, corner("R3e", "NE"))
    give(d, 2, wool=5, coin=4)  # 9 <= 9: safe
    give(d, 3, grain=7)  # 7: safe
    progress(d, 3, "crane", 2)
    g = game(next_roll(d, 6, 1, "ship"))
    g.step("roll")
    assert g.current_player == 1
    assert family(g, "discard") == {"discard(ore)", "discard(paper)"}
    assert drive_discards(g) == [1] * 4 + [0] * 6
    assert sum(hand(g, 0).values()) == 6 and sum(hand(g, 1).values()) == 5
    assert hand(g, 2) == cards(wool=5, coin=4) and hand(g, 3) == cards(grain=7)
    assert section(g)["progress_cards"][1] == {"smith": 1}
    assert section(g)["progress_cards"][3] == {"crane": 2}
    assert g.phase == "action" and g.to_dict()["board"]["robber"] == "R3c"


def test_robber_locked_before_first_attack():
    """C&K §3.7: before the first barbarian attack a 7 leaves the robber where it is and nobody
    is robbed; Bishop cannot be played."""
    d = ck_blank(phase="pre_roll")
    build(d, corner("R3c", "N"), 1)
    give(d, 1, ore=2)
    progress(d, 0, "bishop")
    g = game(next_roll(d, 5, 2, "science"))
    g.step("roll")
    assert g.phase == "action" and g.current_player == 0
    assert g.to_dict()["board"]["robber"] == "R3c"
    assert hand(g, 0) == ZERO and hand(g, 1) == cards(ore=2)
    assert "play(bishop)" not in legal(g)


def test_robber_moves_and_steals_after_first_attack():
    """C&K §3.7, C&K §2.9: after the first attack a 7 makes the roller move the robber to any other
    land hex (desert allowed) and steal one random resource/commodity card from an adjacent
    opponent holding cards; progress cards cannot be stolen."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 2, first_attack_done=True)
    d["board"]["robber"] = "R4a"
    build(d, corner("R2c", "NE"), 1, "city")
    give(d, 1, cloth=1)
    progress(d, 1, "spy")
    build(d, corner("R2c", "S"), 0)  # the roller's own building
    g = game(next_roll(d, 1, 6, "science"))
    g.step("roll")
    assert g.phase == "move_robber" and g.current_player == 0
    assert family(g, "move_robber") == {f"move_robber({lab})" for lab in HEX_LABELS if lab != "R4a"}
    g.step("move_robber(R2c)")
    assert g.phase == "steal" and family(g, "steal") == {"steal(+1)"}
    g.step("steal(+1)")
    assert hand(g, 0) == cards(cloth=1) and hand(g, 1) == ZERO
    assert section(g)["progress_cards"][1] == {"spy": 1}
    assert g.phase == "action"


def test_robber_victim_needs_a_resource_or_commodity():
    """C&K §3.7, C&K §2.9: an adjacent opponent holding only progress cards cannot be chosen;
    nothing is stolen."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 0, first_attack_done=True)
    build(d, corner("R2c", "NE"), 1, "city")
    progress(d, 1, "spy")
    g = game(next_roll(d, 2, 5, "science"))
    g.step("roll")
    g.step("move_robber(R2c)")
    assert g.phase == "action" and hand(g, 0) == ZERO
    assert section(g)["progress_cards"][1] == {"spy": 1}


def test_robber_to_desert_without_victim():
    """C&K §3.7: the desert is a legal destination on a 7; with no adjacent opponent nothing is
    stolen."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 0, first_attack_done=True)
    d["board"]["robber"] = "R4a"
    give(d, 1, ore=1)
    g = game(next_roll(d, 4, 3, "science"))
    g.step("roll")
    g.step("move_robber(R3c)")
    assert g.phase == "action" and g.to_dict()["board"]["robber"] == "R3c"
    assert hand(g, 1) == cards(ore=1)


def test_first_attack_in_same_roll_unlocks_robber():
    """C&K §3.7, C&K §3.5.1: if the ship face of this roll brings the first attack, the robber
    lock is already lifted for this roll's 7."""
    d = ck_blank(phase="pre_roll")
    barbarians(d, 6)
    g = game(next_roll(d, 3, 4, "ship"))
    g.step("roll")
    assert section(g)["barbarians"]["first_attack_done"] is True
    assert g.phase == "move_robber" and g.current_player == 0


# --- C&K §3.8: action phase ---------------------------------------------------------------


def test_action_phase_mixes_trade_and_build():
    """C&K §3.8: after the roll the active player trades, builds, improves and handles knights in
    any order (no separate trade and build phases); other players get no action."""
    d = ck_blank()
    a, b, c = corner("R1c", "N"), corner("R1c", "NE"), corner("R1c", "SE")
    build(d, a, 0, "city")
    road(d, edge(a, b), 0)
    give(d, 0, lumber=5, brick=1, wool=1, ore=1, grain=1, paper=1)
    g = game(d)
    fams = {x.split("(")[0] for x in legal(g)}
    assert {
        "end_turn",
        "build_road",
        "build_knight",
        "improve",
        "maritime",
        "offer",
    } <= fams
    g.step(f"build_road({edge(b, c)})")
    g.step("maritime(lumber->brick)")
    g.step(f"build_knight({c})")
    g.step("improve(science)")
    g.step(f"activate_knight({c})")
    assert hand(g, 0) == cards(brick=1)
    assert section(g)["knights"][c]["active"] is True
    assert section(g)["improvements"][0]["science"] == 1
    assert g.phase == "action" and g.current_player == 0
    g.step("end_turn")
    assert g.active_player == 1 and g.phase == "pre_roll"


# --- C&K §3.9: trading ----------------------------------------------------------------------


def _maritime(g: Game) -> set[str]:
    return family(g, "maritime")


def test_maritime_four_to_one_includes_commodities():
    """C&K §3.9: without any advantage any resource or commodity trades 4:1 for any other type,
    resources for commodities and back."""
    d = ck_blank()
    give(d, 0, paper=4, lumber=4, cloth=3)
    g = game(d)
    assert _maritime(g) == {f"maritime(paper->{r})" for r in CARD_NAMES if r != "paper"} | {
        f"maritime(lumber->{r})" for r in CARD_NAMES if r != "lumber"
    }
    g.step("maritime(paper->ore)")
    g.step("maritime(lumber->coin)")
    assert hand(g, 0) == cards(ore=1, coin=1, cloth=3)


def test_maritime_needs_the_card_in_the_bank():
    """C&K §3.9: the received card comes from the bank; a commodity the bank has run out of
    cannot be bought."""
    d = ck_blank()
    give(d, 0, ore=4)
    give(d, 1, coin=12)
    g = game(d)
    assert "maritime(ore->coin)" not in legal(g) and "maritime(ore->paper)" in legal(g)


def test_maritime_harbors():
    """C&K §3.9, C&K §2.4: a generic harbor gives 3:1 for resources and commodities; a special
    harbor gives 2:1 for its resource only."""
    d = ck_blank()
    build(d, corner("R1a", "N"), 0)  # generic 3:1
    build(d, corner("R1b", "NE"), 0, "city")  # grain 2:1
    give(d, 0, cloth=3, ore=3, grain=2, paper=2)
    g = game(d)
    m = _maritime(g)
    assert "maritime(cloth->wool)" in m and "maritime(ore->coin)" in m
    assert "maritime(grain->paper)" in m and not any(x.startswith("maritime(paper") for x in m)
    g.step("maritime(cloth->wool)")
    g.step("maritime(grain->paper)")
    assert hand(g, 0) == cards(ore=3, wool=1, paper=3)


def test_trading_house_two_to_one_for_commodities_only():
    """C&K §3.9: trade level 3 (Trading House) trades any commodity 2:1 for any other type, but
    not resources; trade level 2 does not."""
    d = ck_blank()
    level(d, 0, "trade", 3)
    give(d, 0, coin=2, lumber=3)
    g = game(d)
    assert _maritime(g) == {f"maritime(coin->{r})" for r in CARD_NAMES if r != "coin"}
    g.step("maritime(coin->cloth)")
    assert hand(g, 0) == cards(cloth=1, lumber=3)
    d = ck_blank()
    level(d, 0, "trade", 2)
    give(d, 0, coin=3)
    assert _maritime(game(d)) == set()


def test_merchant_hex_resource_two_to_one():
    """C&K §3.9: the merchant's controller trades the resource of the merchant's hex 2:1; not
    that hex's commodity, and nobody else."""
    d = ck_blank()
    build(d, corner("R2c", "N"), 0)
    ck(d)["merchant"] = {"hex": "R2c", "owner": 0}  # pasture
    give(d, 0, wool=2, cloth=2, grain=2)
    give(d, 1, wool=2)
    g = game(d)
    assert _maritime(g) == {f"maritime(wool->{r})" for r in CARD_NAMES if r != "wool"}
    g.step("maritime(wool->ore)")
    assert hand(g, 0) == cards(ore=1, cloth=2, grain=2)
    d["turn"].update(active_player=1, current_player=1)
    assert _maritime(game(d)) == set()


def test_merchant_fleet_type_two_to_one_this_turn():
    """C&K §3.9: Merchant Fleet makes the named type (a commodity here) 2:1 for the rest of the
    turn, as often as wished; the next turn it is gone."""
    d = ck_blank()
    progress(d, 0, "merchant_fleet")
    give(d, 0, paper=4, ore=2)
    g = game(d)
    g.step("play(merchant_fleet)")
    g.step("pick(paper)")
    assert _maritime(g) == {f"maritime(paper->{r})" for r in CARD_NAMES if r != "paper"}
    g.step("maritime(paper->grain)")
    g.step("maritime(paper->brick)")
    assert hand(g, 0) == cards(grain=1, brick=1, ore=2)  # 4 paper made 2 cards
    g.step("end_turn")
    assert section(g)["merchant_fleet"] == []


def test_no_maritime_trade_before_the_roll():
    """C&K §3.9, C&K §3.3: maritime trade only in the player's own action phase."""
    d = ck_blank(phase="pre_roll")
    give(d, 0, ore=4, paper=4)
    g = game(d)
    assert _maritime(g) == set() and family(g, "offer") == set()
