"""Cities & Knights: numbers table, decisions and the optional variants (C&K §5, §6, §7, §8)."""

import numpy as np
from ck_helpers import (
    barbarians,
    build,
    ck_blank,
    corner,
    family,
    game,
    give,
    hand,
    knight,
    legal,
    next_roll,
    progress,
    road,
    roads,
    section,
    side,
)

from catan_env import Game
from catan_env.games.catan.cities_and_knights import constants as K

CK = "cities_and_knights"


def test_numbers_table():
    """C&K §5, C&K §1.5: counts, costs and the event die as in the numbers table."""
    g = Game(variant=CK, seed=0)
    d = g.to_dict()
    assert d["bank"] == {
        "lumber": 19,
        "brick": 19,
        "wool": 19,
        "grain": 19,
        "ore": 19,
        "paper": 12,
        "cloth": 12,
        "coin": 12,
    }
    decks = d["cities_and_knights"]["progress_decks"]
    assert {k: len(v) for k, v in decks.items()} == {"trade": 18, "politics": 18, "science": 18}
    assert decks["politics"].count("spy") == 3 and decks["trade"].count("merchant") == 6
    assert list(K.EVENT_FACES).count(K.EVENT_SHIP) == 3
    assert K.BARBARIAN_ATTACK_POSITION == 7 and K.VP_TO_WIN == 13 == g.config.vp_to_win
    assert list(K.COST_WALL) == [0, 2, 0, 0, 0, 0, 0, 0]
    assert list(K.COST_KNIGHT) == [0, 0, 1, 0, 1, 0, 0, 0]
    assert list(K.COST_ACTIVATE) == [0, 0, 0, 1, 0, 0, 0, 0]
    for p in range(4):
        assert list(g.field("knights_left")[p]) == [2, 2, 2]
        assert g.field("walls_left")[p] == 3


def test_setup_decisions():
    """C&K §6.1: settlement, road, then in round 2 a city and a road."""
    g = Game(variant=CK, seed=4)
    seen = []
    while g.phase != "pre_roll":
        seen.append(g.phase)
        g.step(int(g.legal_actions()[0]))
    assert seen == ["setup_settlement", "setup_road"] * 4 + ["setup_city", "setup_road"] * 4
    cities = [b for b in g.to_dict()["buildings"].values() if b["kind"] == "city"]
    assert len(cities) == 4 and all(g.public_vp(p) == 3 for p in range(4))


def test_pre_roll_decisions():
    """C&K §6.2: roll, or play Alchemist and set the two production dice."""
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    g = game(d)
    assert legal(g) == {"roll", "play(alchemist)"}
    g.step("play(alchemist)")
    assert g.phase == "alchemist_red" and legal(g) == {f"die({v})" for v in range(1, 7)}


def test_out_of_turn_decisions_during_roll():
    """C&K §6.3, C&K §6.5: decisions during the roll belong to the deciding seat (discards here)."""
    d = next_roll(ck_blank(phase="pre_roll"), 3, 4, "ship")
    give(d, 2, paper=4, coin=4)
    g = game(d)
    g.step("roll")
    assert g.current_player == 2 and g.active_player == 0
    assert family(g, "discard") == {"discard(paper)", "discard(coin)"}


def test_action_phase_decisions():
    """C&K §6.4: the action-phase menu of a well-supplied player."""
    d = ck_blank()
    build(d, corner("R2b", "N"), 0, "city")
    roads(d, [side("R2b", "NW"), side("R2b", "W")], 0)
    knight(d, corner("R2b", "NW"), 0, 1, active=False)
    give(d, 0, lumber=2, brick=4, wool=3, grain=3, ore=4, paper=2, cloth=1, coin=1)
    g = game(d)
    fams = {n.split("(")[0] for n in legal(g)}
    assert {
        "end_turn",
        "build_road",
        "build_settlement",
        "build_wall",
        "build_knight",
        "activate_knight",
        "promote_knight",
        "improve",
        "maritime",
        "offer",
    } <= fams


def _attack_position(**options):
    d = ck_blank(phase="pre_roll", **options)
    barbarians(d, 6, first_attack_done=False)
    build(d, corner("R2b", "N"), 0, "city")
    build(d, corner("R4c", "S"), 1, "city")
    road(d, side("R2b", "NW"), 0)
    road(d, side("R4c", "SE"), 1)
    knight(d, corner("R2b", "NW"), 0, 2, active=True)
    knight(d, corner("R4c", "SE"), 1, 1, active=True)
    return next_roll(d, 2, 3, "ship")


def test_mean_barbarians_declare_defenders():
    """C&K §7 (mean-spirited variant): players declare defenders; only they count and
    only they become inactive."""
    d = _attack_position(mean_barbarians=True)
    g = game(d)
    g.step("roll")
    assert g.phase == "declare_defenders" and g.current_player == 0
    assert legal(g) == {f"select_knight({corner('R2b', 'NW')})", "stop"}
    g.step("stop")  # seat 0 keeps its knight home
    assert g.current_player == 1
    g.step(f"select_knight({corner('R4c', 'SE')})")  # seat 1 commits its only knight
    # Defense 1 < 2 cities: seat 0 committed nothing (0) and loses a city.
    assert g.phase == "pillage" and g.current_player == 0
    g.step(f"lose_city({corner('R2b', 'N')})")
    knights = section(g)["knights"]
    assert knights[corner("R2b", "NW")]["active"] is True  # not committed: stays active
    assert knights[corner("R4c", "SE")]["active"] is False


def test_without_mean_variant_every_active_knight_defends():
    """C&K §7, C&K §3.16: by default all active knights defend; Catan wins 3 >= 2."""
    g = game(_attack_position())
    g.step("roll")
    s = section(g)
    assert s["defender"] == [1, 0, 0, 0]  # seat 0 alone strongest (2)
    assert all(not k["active"] for k in s["knights"].values())
    assert s["barbarians"]["position"] == 0 and s["barbarians"]["first_attack_done"]


def test_knight_errant_chases_before_roll():
    """C&K §7 (Knight-Errant): one active eligible knight may chase the robber before the
    roll; the robber lock still applies."""
    d = ck_blank(phase="pre_roll", knight_errant=True)
    build(d, corner("R3b", "N"), 0)
    road(d, side("R3b", "NE"), 0)
    knight(d, corner("R3b", "NE"), 0, 1, active=True)  # touches R3c, the robber's hex
    build(d, corner("R2c", "N"), 1)
    give(d, 1, cloth=1)
    g = game(d)
    assert family(g, "select_knight") == set()  # robber locked before the first attack
    d["cities_and_knights"]["barbarians"]["first_attack_done"] = True
    g = game(d)
    assert family(g, "select_knight") == {f"select_knight({corner('R3b', 'NE')})"}
    g.step(f"select_knight({corner('R3b', 'NE')})")
    assert "move_robber(R3c)" not in legal(g)  # a numbered hex other than its own
    g.step("move_robber(R2c)")
    g.step("steal(+1)")
    assert hand(g, 0)["cloth"] == 1 and g.phase == "pre_roll"
    assert section(g)["knights"][corner("R3b", "NE")]["active"] is False
    g2 = game(ck_blank(phase="pre_roll"))
    assert legal(g2) == {"roll"}  # without the variant


def test_easy_start_no_event_no_seven():
    """C&K §7 (easy start): in the first two rounds no event die and no 7; then normal dice."""
    sevens = events = 0
    for seed in range(60):
        d = ck_blank(phase="pre_roll", easy_start=True)
        d["turn"]["number"] = 3  # still round 1 of 4 players
        d["rng"] = [int(x) for x in np.random.default_rng(seed).integers(-(2**31), 2**31, 2)]
        g = game(d)
        g.step("roll")
        sevens += sum(g.dice) == 7
        events += section(g)["barbarians"]["event"] is not None
    assert sevens == 0 and events == 0
    d = ck_blank(phase="pre_roll", easy_start=True)
    d["turn"]["number"] = 8  # third round
    g = game(d)
    g.step("roll")
    assert section(g)["barbarians"]["event"] is not None


def test_seed_problem_decisions():
    """C&K §8 items 1, 3, 5: three Spies; round 2 places a city; starting resources per hex."""
    assert (
        Game(variant=CK, seed=0)
        .to_dict()["cities_and_knights"]["progress_decks"]["politics"]
        .count("spy")
        == 3
    )
    g = Game(variant=CK, seed=2)
    for _ in range(8):
        g.step(int(g.legal_actions()[0]))
    assert g.phase == "setup_city"
    p = g.current_player
    v = g.variant.actions.info(int(g.legal_actions()[0])).arg
    terrain = g.to_dict()["board"]["hexes"]
    from catan_env.games.catan.board.standard import GEOMETRY, HEX_LABELS

    land = [HEX_LABELS[h] for h in GEOMETRY.vertex_hexes[v] if h >= 0]
    expected = sum(terrain[lab]["terrain"] != "desert" for lab in land)
    g.step(int(g.legal_actions()[0]))
    assert sum(hand(g, p).values()) == expected and section(g)["progress_cards"][p] == {}
    assert hand(g, p)["paper"] + hand(g, p)["cloth"] + hand(g, p)["coin"] == 0
