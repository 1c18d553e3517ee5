"""Progress cards of Cities & Knights, card by card (C&K §4, C&K §3.15.4, C&K §6.6).

Every card of the almanac gets its effect, its preconditions (a card whose
preconditions fail is not playable), its timing and its decision steps pinned,
including the decisions taken out of turn by its victims (C&K §6.5).
"""

import numpy as np
import pytest
from ck_helpers import (
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
    reveal_vp,
    roads,
    section,
    side,
    stack_deck,
    wall,
)
from helpers import road_network

from catan_env import IllegalActionError

# Places used below (beginner board, C&K §2):
#   v12 = R2b NW (R1a mountains 10, R2a fields 12, R2b hills 6)
#   v17 = R2b SW, v23 = R2b S, v29 = R3c SW, v35 = R3c S, v41 = R4c SE
V12 = corner("R2b", "NW")
V17 = corner("R2b", "SW")
V23 = corner("R2b", "S")
V29 = corner("R3c", "SW")
V35 = corner("R3c", "S")
V41 = corner("R4c", "SE")
E12_17 = side("R2b", "W")  # v12-v17
E17_23 = side("R2b", "SW")  # v17-v23
E23_29 = side("R3b", "E")  # v23-v29
E29_35 = side("R3c", "SW")  # v29-v35
E29_34 = side("R3b", "SE")  # v29-v34

INVENTOR_HEXES = {
    "R1a",
    "R1c",
    "R2c",
    "R2d",
    "R3a",
    "R3b",
    "R3d",
    "R4b",
    "R4c",
    "R4d",
    "R5a",
    "R5c",
}
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
COMMODITIES = ("paper", "cloth", "coin")


def _held(g, seat):
    """Resource and commodity cards a seat holds (types with count > 0)."""
    return {r: n for r, n in hand(g, seat).items() if n}


def _cards(g, seat):
    """Progress cards a seat holds."""
    return section(g)["progress_cards"][seat]


def _deck(g, track):
    return section(g)["progress_decks"][track]


def _knights(g):
    return section(g)["knights"]


def _roads_of(g, seat):
    return {e for e, q in g.to_dict()["roads"].items() if q == seat}


def _bank(g):
    return g.to_dict()["bank"]


def _next_event(d, event):
    """RNG words so that the event die (the only die rolled after Alchemist) shows ``event``."""
    from catan_env.games.catan.cities_and_knights.constants import EVENT_FACES, EVENT_NAMES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.rng import rng_below, rng_seed

    probe = np.zeros(L.STATE_SIZE, np.int32)
    for seed in range(10_000):
        rng_seed(probe, seed)
        words = [int(probe[L.RNG]), int(probe[L.RNG + 1])]
        if EVENT_FACES[rng_below(probe, 6)] == EVENT_NAMES.index(event):
            d["rng"] = words
            return d
    raise AssertionError(f"no RNG state rolls {event}")


# --- timing (C&K §3.15.4) ---------------------------------------------------------


def test_only_alchemist_before_the_roll_never_after():
    """C&K §3.15.4, C&K §4, C&K §4.1.1, C&K §3.3: before the roll only Alchemist may be played; after it every card but Alchemist."""
    d = ck_blank(phase="pre_roll")
    for c in ("alchemist", "warlord", "merchant_fleet", "irrigation"):
        progress(d, 0, c)
    next_roll(d, 2, 3, "ship")
    g = game(d)
    assert legal(g) == {"roll", "play(alchemist)"}
    with pytest.raises(IllegalActionError):
        g.step("play(warlord)")
    g.step("roll")
    assert g.phase == "action"
    assert family(g, "play") == {"play(warlord)", "play(merchant_fleet)", "play(irrigation)"}
    with pytest.raises(IllegalActionError):
        g.step("play(alchemist)")


def test_any_number_per_turn_each_card_under_its_deck():
    """C&K §3.15.4, C&K §4, C&K §4.3.5, C&K §4.3.6: several cards in one turn; each goes face down under its own deck."""
    d = ck_blank()
    progress(d, 0, "resource_monopoly", 2)
    progress(d, 0, "trade_monopoly")
    give(d, 1, wool=3, cloth=1)
    g = game(d)
    g.step("play(resource_monopoly)")
    g.step("pick(wool)")
    assert _deck(g, "trade")[-1] == "resource_monopoly" and len(_deck(g, "trade")) == 16
    g.step("play(resource_monopoly)")
    g.step("pick(wool)")
    g.step("play(trade_monopoly)")
    g.step("pick(cloth)")
    assert _held(g, 0) == {"wool": 3, "cloth": 1} and _held(g, 1) == {}
    assert _cards(g, 0) == {}
    assert _deck(g, "trade")[-3:] == ["resource_monopoly", "resource_monopoly", "trade_monopoly"]
    assert len(_deck(g, "trade")) == 18
    assert g.phase == "action" and g.current_player == 0


def test_card_drawn_this_turn_may_be_played_this_turn():
    """C&K §3.15.4, C&K §4, C&K §4.2.8: a card drawn on the gate roll is playable in the same action phase."""
    d = ck_blank(phase="pre_roll")
    build(d, V12, 0)
    roads(d, [E12_17], 0)
    knight(d, V17, 0)
    level(d, 0, "politics", 1)
    stack_deck(d, "politics", ["warlord"])
    next_roll(d, 1, 3, "politics")
    g = game(d)
    g.step("roll")
    assert g.phase == "action" and _cards(g, 0) == {"warlord": 1}
    assert "play(warlord)" in legal(g)
    g.step("play(warlord)")
    assert _knights(g)[V17]["active"] is True


def test_cards_without_preconditions_always_playable_others_not():
    """C&K §4, C&K §4.1.5, C&K §4.1.7, C&K §4.2.6, C&K §4.2.8, C&K §4.2.9, C&K §4.3.1, C&K §4.3.4, C&K §4.3.5, C&K §4.3.6: on a board without own pieces the unconditioned cards stay playable; the conditioned ones are not."""
    free = [
        "irrigation",
        "mining",
        "saboteur",
        "warlord",
        "wedding",
        "commercial_harbor",
        "merchant_fleet",
        "resource_monopoly",
        "trade_monopoly",
    ]
    conditioned = [
        "engineer",
        "road_building",
        "smith",
        "bishop",
        "deserter",
        "diplomat",
        "intrigue",
        "spy",
        "master_merchant",
    ]
    for i in range(0, len(free + conditioned), 4):
        batch = (free + conditioned)[i : i + 4]
        d = ck_blank()
        for c in batch:
            progress(d, 0, c)
        g = game(d)
        assert family(g, "play") == {f"play({c})" for c in batch if c in free}, batch


# --- science (C&K §4.1) -------------------------------------------------------------


def test_alchemist_sets_both_dice_and_red_decides_draws():
    """C&K §4.1.1, C&K §4.1, C&K §3.4, C&K §6.6: red then yellow are chosen; the event die is rolled; the chosen red value decides the gate draws."""
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    build(d, V12, 0)  # on R2b (hills 6)
    build(d, corner("R5b", "NW"), 1)  # v44 on R5b (fields 6)
    level(d, 1, "science", 1)  # draws on red 1-2
    level(d, 3, "science", 2)  # draws on red 1-3
    stack_deck(d, "science", ["smith", "crane"])
    _next_event(d, "science")
    g = game(d)
    g.step("play(alchemist)")
    assert g.phase == "alchemist_red" and g.current_player == 0
    assert legal(g) == {f"die({k})" for k in range(1, 7)}
    g.step("die(2)")
    assert g.phase == "alchemist_yellow" and legal(g) == {f"die({k})" for k in range(1, 7)}
    g.step("die(4)")
    assert g.dice == (2, 4)
    assert section(g)["barbarians"]["event"] == "science"
    # red 2: seat 1 (level 1) and seat 3 (level 2) draw, in turn order from the roller.
    assert _cards(g, 1) == {"smith": 1} and _cards(g, 3) == {"crane": 1}
    assert _cards(g, 0) == {} and _cards(g, 2) == {}
    # production of 2 + 4 = 6
    assert _held(g, 0) == {"brick": 1} and _held(g, 1) == {"grain": 1}
    assert _deck(g, "science")[-1] == "alchemist"
    assert g.phase == "action" and g.current_player == 0


def test_alchemist_event_first_then_a_chosen_seven():
    """C&K §4.1.1, C&K §3.7, C&K §3.15.4: a total of 7 may be chosen; the event is resolved first, so an attack on this roll frees the robber for that 7; no card while the roll resolves."""
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    progress(d, 0, "warlord")
    build(d, V12, 0)
    barbarians(d, 6)
    _next_event(d, "ship")
    g = game(d)
    g.step("play(alchemist)")
    g.step("die(3)")
    g.step("die(4)")
    assert section(g)["barbarians"] == {
        "position": 0,
        "first_attack_done": True,
        "event": "ship",
        "attacks": 1,
        "barbarian_wins": 0,
    }
    assert g.phase == "move_robber" and g.current_player == 0
    assert legal(g) == {
        f"move_robber({h})" for h in INVENTOR_HEXES | {"R1b", "R2a", "R2b", "R3e", "R4a", "R5b"}
    }
    assert family(g, "play") == set()  # the roll is not resolved yet: no card
    # Without an attack first, the chosen 7 leaves the robber locked.
    d = ck_blank(phase="pre_roll")
    progress(d, 0, "alchemist")
    build(d, V12, 0)
    _next_event(d, "trade")
    g = game(d)
    g.step("play(alchemist)")
    g.step("die(6)")
    g.step("die(1)")
    assert g.dice == (6, 1) and g.phase == "action"
    assert g.to_dict()["board"]["robber"] == "R3c"


def test_crane_makes_level_one_free_and_only_improvements():
    """C&K §4.1.2, C&K §6.6: Crane is one atomic improvement purchase one commodity cheaper; it never discounts a city."""
    d = ck_blank()
    build(d, V12, 0, "city")
    build(d, corner("R4c", "N"), 0)  # v30, a settlement
    progress(d, 0, "crane")
    give(d, 0, coin=1, ore=3, grain=1)
    g = game(d)
    assert family(g, "improve_with_crane") == {
        "improve_with_crane(trade)",
        "improve_with_crane(politics)",
        "improve_with_crane(science)",
    }
    assert family(g, "improve") == {"improve(politics)"}
    assert "play(crane)" not in legal(g)
    assert family(g, "build_city") == set()  # 3 ore + 1 grain: Crane does not help
    g.step("improve_with_crane(science)")
    assert section(g)["improvements"][0] == {"trade": 0, "politics": 0, "science": 1}
    assert _held(g, 0) == {"coin": 1, "ore": 3, "grain": 1}
    assert _cards(g, 0) == {} and _deck(g, "science")[-1] == "crane"
    assert family(g, "improve_with_crane") == set()
    assert g.phase == "action"


def test_two_cranes_cannot_combine():
    """C&K §4.1.2: one Crane per improvement, so level 3 (3 paper) costs at least 2 paper."""
    d = ck_blank()
    build(d, V12, 0, "city")
    level(d, 0, "science", 2)
    progress(d, 0, "crane", 2)
    give(d, 0, paper=1)
    g = game(d)
    assert "improve_with_crane(science)" not in legal(g)
    d = ck_blank()
    build(d, V12, 0, "city")
    level(d, 0, "science", 2)
    progress(d, 0, "crane", 2)
    give(d, 0, paper=2)
    g = game(d)
    g.step("improve_with_crane(science)")
    assert section(g)["improvements"][0]["science"] == 3
    assert _held(g, 0) == {} and _cards(g, 0) == {"crane": 1}


def test_crane_needs_a_legal_purchase():
    """C&K §4.1.2, C&K §3.12: Restriction A (a city), Restriction B (a plain city for level 4) and the level-5 cap still apply."""
    d = ck_blank()
    build(d, V12, 0)
    build(d, V41, 0, "tipped_city")
    progress(d, 0, "crane")
    g = game(d)
    assert family(g, "improve_with_crane") == set()  # no city: not even the free level 1
    # One city, carrying the science metropolis; science at 5, trade at 3 with 3 cloth.
    d = ck_blank()
    build(d, V12, 0, "city")
    metropolis(d, "science", 0, V12)
    level(d, 0, "science", 5)
    level(d, 0, "trade", 3)
    give(d, 0, cloth=3)
    progress(d, 0, "crane")
    g = game(d)
    assert family(g, "improve_with_crane") == {"improve_with_crane(politics)"}
    build(d, V41, 0, "city")  # a plain city: level 4 of trade becomes possible
    g = game(d)
    assert family(g, "improve_with_crane") == {
        "improve_with_crane(politics)",
        "improve_with_crane(trade)",
    }
    vp = g.public_vp(0)
    g.step("improve_with_crane(trade)")
    assert _held(g, 0) == {} and section(g)["improvements"][0]["trade"] == 4
    assert g.phase == "place_metropolis" and legal(g) == {f"place_metropolis({V41})"}
    g.step(f"place_metropolis({V41})")
    assert section(g)["metropolises"]["trade"] == {"owner": 0, "city": V41}
    assert g.public_vp(0) == vp + 2


def test_engineer_builds_one_free_wall():
    """C&K §4.1.3, C&K §6.6: the player picks one of their cities without a wall; no brick is paid."""
    d = ck_blank()
    build(d, V12, 0, "city")
    wall(d, V12)
    v30 = corner("R4c", "N")
    build(d, v30, 0, "city")
    build(d, V41, 0)
    progress(d, 0, "engineer")
    g = game(d)
    assert "play(engineer)" in legal(g) and family(g, "build_wall") == set()
    g.step("play(engineer)")
    assert g.phase == "engineer" and g.current_player == 0
    assert legal(g) == {f"build_wall({v30})"}
    g.step(f"build_wall({v30})")
    assert sorted(section(g)["walls"]) == sorted([V12, v30])
    assert _held(g, 0) == {} and _cards(g, 0) == {}
    assert _deck(g, "science")[-1] == "engineer"
    assert g.phase == "action"


def test_engineer_needs_a_wall_and_a_city_without_one():
    """C&K §4.1.3, C&K §4: no city, every city walled, or 3 walls already built: Engineer is not playable."""
    d = ck_blank()
    build(d, V12, 0)
    progress(d, 0, "engineer")
    assert "play(engineer)" not in legal(game(d))  # a settlement only
    d = ck_blank()
    build(d, V12, 0, "city")
    wall(d, V12)
    progress(d, 0, "engineer")
    assert "play(engineer)" not in legal(game(d))  # the only city has a wall
    cities = [V12, corner("R4c", "N"), V41, corner("R1a", "N")]

    def four_cities(walls):
        d = ck_blank()
        for v in cities:
            build(d, v, 0, "city")
        for v in cities[:walls]:
            wall(d, v)
        progress(d, 0, "engineer")
        return game(d)

    assert "play(engineer)" not in legal(four_cities(3))  # no wall left in the supply
    assert "play(engineer)" in legal(four_cities(2))


def test_inventor_swaps_two_tokens():
    """C&K §4.1.4, C&K §6.6: two tokens of 3, 4, 5, 9, 10 or 11 swap; no own building needed; the robber's hex may be chosen and the robber stays."""
    d = ck_blank()
    d["board"]["robber"] = "R1a"
    progress(d, 0, "inventor")
    g = game(d)
    assert "play(inventor)" in legal(g)
    g.step("play(inventor)")
    assert g.phase == "inventor_first" and g.current_player == 0
    assert family(g, "swap_token") == {f"swap_token({h})" for h in INVENTOR_HEXES}
    g.step("swap_token(R1a)")  # the robber's hex (10)
    assert g.phase == "inventor_second"
    # not the same hex, and not the other 10 (R2d)
    assert family(g, "swap_token") == {f"swap_token({h})" for h in INVENTOR_HEXES - {"R1a", "R2d"}}
    g.step("swap_token(R4d)")  # 5
    board = g.to_dict()["board"]
    assert board["hexes"]["R1a"]["number"] == 5 and board["hexes"]["R4d"]["number"] == 10
    assert board["robber"] == "R1a"
    assert g.phase == "action" and _deck(g, "science")[-1] == "inventor"


def test_inventor_needs_two_different_values():
    """C&K §4.1.4, C&K §4: the two tokens must differ in value; with all eligible tokens equal the card is not playable."""
    d = ck_blank()
    for h in INVENTOR_HEXES:
        d["board"]["hexes"][h]["number"] = 9
    progress(d, 0, "inventor")
    assert "play(inventor)" not in legal(game(d))
    d["board"]["hexes"]["R1a"]["number"] = 3
    g = game(d)
    g.step("play(inventor)")
    g.step("swap_token(R1c)")
    assert legal(g) == {"swap_token(R1a)"}


def test_irrigation_two_grain_per_fields_hex():
    """C&K §4.1.5: two cities on one fields hex and a settlement on another give 4 grain; the robber does not block it."""
    d = ck_blank()
    build(d, corner("R2a", "N"), 0, "city")  # v7: R1a, R2a
    build(d, V17, 0, "city")  # R2a, R2b, R3b
    build(d, V41, 0)  # R4c (fields), R4d, R5c
    d["board"]["robber"] = "R2a"
    progress(d, 0, "irrigation")
    g = game(d)
    g.step("play(irrigation)")
    assert _held(g, 0) == {"grain": 4} and _bank(g)["grain"] == 15
    assert g.phase == "action" and _deck(g, "science")[-1] == "irrigation"


def test_irrigation_limited_by_bank_and_playable_without_fields():
    """C&K §4.1.5, C&K §2.5: the payment is limited to the bank's stock; with no fields hex the card is still playable and gives nothing."""
    d = ck_blank()
    build(d, V17, 0, "city")  # R2a fields
    build(d, V41, 0)  # R4c fields
    give(d, 1, grain=17)
    progress(d, 0, "irrigation")
    g = game(d)
    g.step("play(irrigation)")
    assert _held(g, 0) == {"grain": 2} and _bank(g)["grain"] == 0
    d = ck_blank()
    build(d, corner("R2b", "N"), 0)  # v8: R1a, R1b, R2b (no fields)
    progress(d, 0, "irrigation")
    g = game(d)
    g.step("play(irrigation)")
    assert _held(g, 0) == {} and _cards(g, 0) == {}


def test_medicine_city_for_two_ore_and_one_grain():
    """C&K §4.1.6, C&K §6.6: one atomic action upgrades a chosen settlement for 2 ore + 1 grain."""
    d = ck_blank()
    v30 = corner("R4c", "N")
    build(d, V12, 0)
    build(d, v30, 0)
    build(d, V41, 0, "city")
    progress(d, 0, "medicine")
    give(d, 0, ore=2, grain=1)
    g = game(d)
    assert family(g, "city_with_medicine") == {
        f"city_with_medicine({V12})",
        f"city_with_medicine({v30})",
    }
    assert family(g, "build_city") == set() and "play(medicine)" not in legal(g)
    assert g.public_vp(0) == 4
    g.step(f"city_with_medicine({V12})")
    assert g.to_dict()["buildings"][V12] == {"owner": 0, "kind": "city"}
    assert _held(g, 0) == {} and g.public_vp(0) == 5
    assert _cards(g, 0) == {} and _deck(g, "science")[-1] == "medicine"
    assert g.phase == "action"
    d = ck_blank()
    build(d, V12, 0)
    progress(d, 0, "medicine")
    give(d, 0, ore=1, grain=2)
    assert family(game(d), "city_with_medicine") == set()


def test_two_medicines_cannot_combine():
    """C&K §4.1.6: one Medicine per city: 1 ore and no grain never buy a city."""
    d = ck_blank()
    build(d, V12, 0)
    progress(d, 0, "medicine", 2)
    give(d, 0, ore=1)
    assert family(game(d), "city_with_medicine") == set()
    give(d, 0, ore=1, grain=1)
    g = game(d)
    g.step(f"city_with_medicine({V12})")
    assert _held(g, 0) == {} and _cards(g, 0) == {"medicine": 1}


def test_medicine_on_a_tipped_city_needs_no_city_piece():
    """C&K §4.1.6, C&K §3.16.2: a tipped city counts as a settlement and needs no city piece; a plain settlement needs one."""
    d = ck_blank()
    for v in (V12, corner("R4c", "N"), corner("R1a", "N")):
        build(d, v, 0, "city")
    build(d, V41, 0, "tipped_city")  # the fourth city piece
    v49 = corner("R5c", "SW")
    build(d, v49, 0)
    progress(d, 0, "medicine")
    give(d, 0, ore=2, grain=1)
    g = game(d)
    assert family(g, "city_with_medicine") == {f"city_with_medicine({V41})"}
    vp = g.public_vp(0)
    g.step(f"city_with_medicine({V41})")
    assert g.to_dict()["buildings"][V41] == {"owner": 0, "kind": "city"}
    assert g.public_vp(0) == vp + 1 and _held(g, 0) == {}


def test_mining_two_ore_per_mountains_hex():
    """C&K §4.1.7: two settlements on one mountains hex and a city on another give 4 ore; the robber does not matter."""
    d = ck_blank()
    build(d, V29, 0)  # R4b N
    build(d, corner("R4b", "SE"), 0)  # v40
    build(d, corner("R3e", "S"), 0, "city")  # v37: R3e, R4d
    d["board"]["robber"] = "R4b"
    progress(d, 0, "mining")
    g = game(d)
    g.step("play(mining)")
    assert _held(g, 0) == {"ore": 4} and _bank(g)["ore"] == 15
    assert g.phase == "action" and _deck(g, "science")[-1] == "mining"


def test_mining_limited_by_bank():
    """C&K §4.1.7, C&K §2.5: Mining pays at most what the bank holds."""
    d = ck_blank()
    build(d, V29, 0)
    build(d, corner("R3e", "S"), 0, "city")
    give(d, 2, ore=18)
    progress(d, 0, "mining")
    g = game(d)
    g.step("play(mining)")
    assert _held(g, 0) == {"ore": 1} and _bank(g)["ore"] == 0


def test_printer_revealed_at_once_on_another_players_turn():
    """C&K §4.1.8, C&K §3.15.3: a drawn Printer gives 1 VP at once, even off-turn; it is never held and does not count for the limit of 4."""
    d = ck_blank(phase="pre_roll")
    build(d, V41, 1)
    level(d, 1, "science", 1)
    held = {"warlord": 1, "spy": 1, "merchant": 1, "bishop": 1}
    for c in held:
        progress(d, 1, c)
    stack_deck(d, "science", ["printer"])
    next_roll(d, 1, 1, "science")
    g = game(d)
    g.step("roll")
    assert section(g)["vp_cards"] == [0, 1, 0, 0]
    assert g.public_vp(1) == 2
    assert _cards(g, 1) == held  # still 4 held cards: nothing to put back
    assert "printer" not in _deck(g, "science") and len(_deck(g, "science")) == 17
    assert g.phase == "action" and g.current_player == 0


def test_road_building_two_free_roads_second_on_the_first():
    """C&K §4.1.9, C&K §6.6: two free roads by the road rules; the second may use the first; 'stop' only after the first."""
    d = ck_blank()
    build(d, V12, 0)
    progress(d, 0, "road_building")
    g = game(d)
    g.step("play(road_building)")
    assert g.phase == "road_building" and g.current_player == 0
    assert legal(g) == {f"build_road({e})" for e in (side("R1a", "SW"), side("R1a", "SE"), E12_17)}
    g.step(f"build_road({E12_17})")
    assert "stop" in legal(g)
    assert {side("R3b", "NW"), E17_23} <= {a[11:-1] for a in family(g, "build_road")}
    g.step(f"build_road({E17_23})")
    assert _roads_of(g, 0) == {E12_17, E17_23}
    assert _held(g, 0) == {} and g.phase == "action"
    assert _deck(g, "science")[-1] == "road_building"


def test_road_building_roads_need_not_touch_and_second_is_optional():
    """C&K §4.1.9, C&K §8: the two roads need not be adjacent; the second road may be declined."""
    d = ck_blank()
    build(d, V12, 0)
    build(d, V41, 0)
    progress(d, 0, "road_building", 2)
    g = game(d)
    e41_46 = side("R4d", "SW")
    g.step("play(road_building)")
    g.step(f"build_road({E12_17})")
    g.step(f"build_road({e41_46})")
    assert _roads_of(g, 0) == {E12_17, e41_46} and g.phase == "action"
    g.step("play(road_building)")
    g.step(f"build_road({E17_23})")
    g.step("stop")
    assert _roads_of(g, 0) == {E12_17, e41_46, E17_23} and g.phase == "action"


def test_road_building_needs_a_road_in_supply_and_a_legal_edge():
    """C&K §4.1.9, C&K §4: no road left or no legal edge: not playable; one road left or one edge: the effect ends after it."""
    d = ck_blank()
    build(d, V12, 0)
    road_network(d, V12, 15, 0)
    d["longest_road"] = 0
    progress(d, 0, "road_building")
    assert "play(road_building)" not in legal(game(d))
    d = ck_blank()
    build(d, V12, 0)
    road_network(d, V12, 14, 0)
    d["longest_road"] = 0
    progress(d, 0, "road_building")
    g = game(d)
    g.step("play(road_building)")
    g.step(sorted(family(g, "build_road"))[0])
    assert g.phase == "action" and len(_roads_of(g, 0)) == 15
    # v0 is a corner with two paths: e0 (to v3) and e1 (to v4).
    e0, e1 = side("R1a", "NW"), side("R1a", "NE")
    d = ck_blank()
    build(d, "v0", 0)
    build(d, "v7", 1)
    roads(d, [side("R1a", "W"), e0], 1)  # v7-v3-v0
    build(d, "v8", 2)
    roads(d, [side("R1a", "E"), e1], 2)  # v8-v4-v0
    progress(d, 0, "road_building")
    assert "play(road_building)" not in legal(game(d))
    del d["roads"][e0]
    g = game(d)
    g.step("play(road_building)")
    assert legal(g) == {f"build_road({e0})"}
    g.step(f"build_road({e0})")  # from v3 every path is taken: the effect ends
    assert g.phase == "action" and _roads_of(g, 0) == {e0}


def _smith_chain(d):
    """Seat 0: settlement v12 and roads v12-v17-v23-v29-v35."""
    build(d, V12, 0)
    roads(d, [E12_17, E17_23, E23_29, E29_35], 0)
    return d


def test_smith_promotes_two_different_knights_free():
    """C&K §4.1.10, C&K §6.6: two different knights go up one level each for free, keeping their status."""
    d = _smith_chain(ck_blank())
    knight(d, V17, 0)
    knight(d, V23, 0, active=True)
    give(d, 0, wool=1, ore=1)
    progress(d, 0, "smith")
    g = game(d)
    g.step("play(smith)")
    assert g.phase == "smith" and g.current_player == 0
    assert legal(g) == {f"promote_knight({V17})", f"promote_knight({V23})"}
    g.step(f"promote_knight({V17})")
    assert _knights(g)[V17]["strength"] == 2 and _knights(g)[V17]["active"] is False
    assert legal(g) == {f"promote_knight({V23})", "stop"}
    g.step(f"promote_knight({V23})")
    assert _knights(g)[V23]["strength"] == 2 and _knights(g)[V23]["active"] is True
    assert g.phase == "action" and _held(g, 0) == {"wool": 1, "ore": 1}
    assert family(g, "promote_knight") == set()  # each knight once per turn
    assert _deck(g, "science")[-1] == "smith"


def test_smith_second_promotion_optional():
    """C&K §4.1.10, C&K §8: after the first promotion the player may stop."""
    d = _smith_chain(ck_blank())
    knight(d, V17, 0)
    knight(d, V23, 0)
    progress(d, 0, "smith")
    g = game(d)
    g.step("play(smith)")
    g.step(f"promote_knight({V23})")
    g.step("stop")
    assert g.phase == "action"
    assert _knights(g)[V17]["strength"] == 1 and _knights(g)[V23]["strength"] == 2


def test_smith_limits_mighty_fortress_tokens_and_once_per_turn():
    """C&K §4.1.10, C&K §3.14.3, C&K §4: mighty never, strong only with politics 3, a token is needed, and a knight promoted this turn is out."""

    def position(politics):
        d = _smith_chain(ck_blank())
        knight(d, V17, 0, strength=2)
        knight(d, V23, 0, strength=3)
        knight(d, V29, 0, promoted=True)  # promoted earlier this turn
        knight(d, V35, 0)
        level(d, 0, "politics", politics)
        progress(d, 0, "smith")
        return d

    g = game(position(0))
    g.step("play(smith)")
    assert legal(g) == {f"promote_knight({V35})"}
    g.step(f"promote_knight({V35})")
    # both strong tokens are now on the board and nothing else can go up: the card ends
    assert g.phase == "action" and _knights(g)[V35]["strength"] == 2
    g = game(position(3))
    g.step("play(smith)")
    assert legal(g) == {f"promote_knight({V17})", f"promote_knight({V35})"}
    g.step(f"promote_knight({V17})")
    assert _knights(g)[V17]["strength"] == 3
    d = _smith_chain(ck_blank())
    knight(d, V23, 0, strength=3)
    knight(d, V29, 0, promoted=True)
    progress(d, 0, "smith")
    assert "play(smith)" not in legal(game(d))


# --- politics (C&K §4.2) -------------------------------------------------------------


def test_bishop_locked_until_the_first_attack():
    """C&K §4.2.1, C&K §4.2, C&K §3.7: Bishop is not playable before the first barbarian attack."""
    d = ck_blank()
    progress(d, 0, "bishop")
    assert "play(bishop)" not in legal(game(d))
    barbarians(d, 0, first_attack_done=True)
    assert "play(bishop)" in legal(game(d))


def test_bishop_takes_one_card_from_each_adjacent_opponent():
    """C&K §4.2.1, C&K §6.6: the robber moves to any other land hex; each opponent at the hex gives one random card, however many buildings."""
    d = barbarians(ck_blank(), 0, first_attack_done=True)
    build(d, corner("R2b", "N"), 1)  # v8
    build(d, corner("R2b", "SE"), 1)  # v18
    build(d, V17, 2)
    build(d, V41, 3)
    build(d, corner("R4c", "N"), 0)
    give(d, 1, wool=3)
    give(d, 2, ore=1)
    give(d, 3, brick=2)
    progress(d, 0, "bishop")
    g = game(d)
    g.step("play(bishop)")
    assert g.phase == "bishop" and g.current_player == 0
    assert len(family(g, "move_robber")) == 18 and "move_robber(R3c)" not in legal(g)
    g.step("move_robber(R2b)")
    assert g.to_dict()["board"]["robber"] == "R2b"
    assert _held(g, 0) == {"wool": 1, "ore": 1}
    assert _held(g, 1) == {"wool": 2} and _held(g, 2) == {} and _held(g, 3) == {"brick": 2}
    assert g.phase == "action" and _deck(g, "politics")[-1] == "bishop"


def test_bishop_may_send_the_robber_to_the_desert():
    """C&K §4.2.1, C&K §8: Bishop follows the normal robber rule: any other land hex, the desert included."""
    d = barbarians(ck_blank(), 0, first_attack_done=True)
    d["board"]["robber"] = "R4b"
    progress(d, 0, "bishop")
    g = game(d)
    g.step("play(bishop)")
    assert "move_robber(R3c)" in legal(g) and "move_robber(R4b)" not in legal(g)
    g.step("move_robber(R3c)")
    assert g.to_dict()["board"]["robber"] == "R3c"


def test_constitution_revealed_at_once_on_own_turn():
    """C&K §4.2.2, C&K §3.15.3: a drawn Constitution gives 1 VP at once; it is never held, so a hand of 4 stays legal."""
    d = ck_blank(phase="pre_roll")
    build(d, V12, 0)
    level(d, 0, "politics", 1)
    held = {
        "merchant_fleet": 1,
        "trade_monopoly": 1,
        "resource_monopoly": 1,
        "commercial_harbor": 1,
    }
    for c in held:
        progress(d, 0, c)
    stack_deck(d, "politics", ["constitution"])
    next_roll(d, 2, 4, "politics")
    g = game(d)
    g.step("roll")
    assert section(g)["vp_cards"] == [1, 0, 0, 0] and g.public_vp(0) == 2
    assert _cards(g, 0) == held and "constitution" not in _deck(g, "politics")
    assert g.phase == "action" and "end_turn" in legal(g)
    assert family(g, "put_under") == set()


def _deserter_position(d):
    """Seat 0: settlement v12, roads v12-v17-v23. Seat 1: strong active knight
    on v45, basic inactive knight on v40. Seat 3: basic knight on v4."""
    build(d, V12, 0)
    roads(d, [E12_17, E17_23], 0)
    build(d, V41, 1)
    v45, v40 = corner("R4c", "S"), corner("R4c", "SW")
    roads(d, [side("R4c", "SE"), side("R5b", "NE")], 1)  # v41-v45-v40
    knight(d, v45, 1, strength=2, active=True)
    knight(d, v40, 1)
    build(d, "v0", 3)
    roads(d, [side("R1a", "NE")], 3)  # v0-v4
    knight(d, "v4", 3)
    build(d, corner("R1c", "S"), 2)  # v14: no knights
    progress(d, 0, "deserter")
    return d


def test_deserter_victim_chooses_the_knight_and_status_is_kept():
    """C&K §4.2.3, C&K §6.5, C&K §6.6: the player names an opponent with a knight; that opponent picks which knight leaves; the player places one of the same strength and status, free."""
    d = _deserter_position(ck_blank())
    v45, v40 = corner("R4c", "S"), corner("R4c", "SW")
    g = game(d)
    g.step("play(deserter)")
    assert g.phase == "deserter_victim" and g.current_player == 0
    assert legal(g) == {"choose_player(+1)", "choose_player(+3)"}
    g.step("choose_player(+1)")
    assert g.phase == "deserter_remove" and g.current_player == 1
    assert legal(g) == {f"select_knight({v45})", f"select_knight({v40})"}
    g.step(f"select_knight({v45})", player=1)
    assert v45 not in _knights(g) and v40 in _knights(g)
    assert g.phase == "deserter_place" and g.current_player == 0
    assert legal(g) == {f"build_knight({V17})", f"build_knight({V23})", "stop"}
    g.step(f"build_knight({V23})")
    k = _knights(g)[V23]
    assert (k["owner"], k["strength"], k["active"]) == (0, 2, True)
    assert g.phase == "action" and _held(g, 0) == {}
    assert _deck(g, "politics")[-1] == "deserter"


def test_deserter_knight_placed_active_cannot_act_this_turn():
    """C&K §4.2.3, C&K §8: the free knight, placed active, counts as having become active this turn."""
    d = _deserter_position(ck_blank())
    v45 = corner("R4c", "S")
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    g.step(f"build_knight({V23})")
    assert _knights(g)[V23]["became_active"] is True
    assert family(g, "select_knight") == set()  # it could move to v17 otherwise
    d["turn"]["phase"] = "action"
    knight(d, V23, 0, strength=2, active=True)  # the same knight on a later turn
    assert f"select_knight({V23})" in legal(game(d))


def test_deserter_basic_instead_or_lost_and_decline():
    """C&K §4.2.3: no token of that strength: a basic knight instead; no token or no spot: the knight is lost; the player may decline."""
    v45 = corner("R4c", "S")
    # both own strong knights on the board: a basic one replaces the strong deserter
    d = _deserter_position(ck_blank())
    roads(d, [E23_29], 0)
    knight(d, V17, 0, strength=2)
    knight(d, V23, 0, strength=2)
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    assert legal(g) == {f"build_knight({V29})", "stop"}
    g.step(f"build_knight({V29})")
    k = _knights(g)[V29]
    assert (k["strength"], k["active"]) == (1, True)
    # no strong and no basic token left: the free knight is lost
    d = _deserter_position(ck_blank())
    roads(d, [E23_29, E29_35, E29_34], 0)
    for v, s in ((V17, 2), (V23, 2), (V29, 1), (V35, 1)):
        knight(d, v, 0, strength=s)
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    assert v45 not in _knights(g) and g.phase == "action" and g.current_player == 0
    assert len([k for k in _knights(g).values() if k["owner"] == 0]) == 4
    # tokens left but no legal intersection: lost as well
    d = _deserter_position(ck_blank())
    knight(d, V17, 0)
    knight(d, V23, 0)
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+3)")
    g.step("select_knight(v4)", player=3)
    assert "v4" not in _knights(g) and g.phase == "action"
    # declining
    g = game(_deserter_position(ck_blank()))
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    g.step("stop")
    assert g.phase == "action" and not any(k["owner"] == 0 for k in _knights(g).values())


def test_deserter_mighty_knight_without_fortress_and_no_other_substitution():
    """C&K §4.2.3: a mighty knight may be placed this way without politics level 3; with no mighty token left only a basic one, not a strong one; an inactive knight comes back inactive."""
    d = _deserter_position(ck_blank())
    v45 = corner("R4c", "S")
    knight(d, v45, 1, strength=3, active=True)
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    g.step(f"build_knight({V17})")
    assert _knights(g)[V17]["strength"] == 3 and section(g)["improvements"][0]["politics"] == 0
    d = _deserter_position(ck_blank())
    roads(d, [E23_29], 0)
    knight(d, v45, 1, strength=3, active=True)
    knight(d, V17, 0, strength=3)
    knight(d, V23, 0, strength=3)
    g = game(d)
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({v45})")
    g.step(f"build_knight({V29})")
    assert _knights(g)[V29]["strength"] == 1  # strong tokens left, but no substitution
    g = game(_deserter_position(ck_blank()))
    g.step("play(deserter)")
    g.step("choose_player(+1)")
    g.step(f"select_knight({corner('R4c', 'SW')})")  # the inactive basic knight
    g.step(f"build_knight({V17})")
    k = _knights(g)[V17]
    assert (k["strength"], k["active"], k["became_active"]) == (1, False, False)


def test_deserter_needs_an_opponent_knight():
    """C&K §4.2.3, C&K §4, C&K §8: with no opponent knight on the board Deserter is not playable; own knights do not count."""
    d = ck_blank()
    build(d, V12, 0)
    roads(d, [E12_17], 0)
    knight(d, V17, 0)
    progress(d, 0, "deserter")
    assert "play(deserter)" not in legal(game(d))


def _diplomat_position(d):
    """Seat 1: settlement v7 and a 5-road chain v7-v12-v17-v23-v29-v35 (Longest
    Road); seat 0: settlement v41 and road v41-v36; seat 2: settlement v0 and
    road v0-v4 closed by a knight on v4."""
    build(d, "v7", 1)
    roads(d, [side("R1a", "SW"), E12_17, E17_23, E23_29, E29_35], 1)
    d["longest_road"] = 1
    build(d, V41, 0)
    roads(d, [side("R4c", "E")], 0)  # v41-v36
    build(d, "v0", 2)
    roads(d, [side("R1a", "NE")], 2)
    knight(d, "v4", 2)
    progress(d, 0, "diplomat")
    return d


def test_diplomat_removes_an_opponents_open_road():
    """C&K §4.2.4, C&K §6.6: only open roads (an end with nothing of the owner's) can go; the road returns to its owner; Longest Road is recomputed."""
    g = game(_diplomat_position(ck_blank()))
    assert g.public_vp(1) == 3
    g.step("play(diplomat)")
    assert g.phase == "diplomat_road" and g.current_player == 0
    assert legal(g) == {f"remove_road({E29_35})", f"remove_road({side('R4c', 'E')})"}
    g.step(f"remove_road({E29_35})")
    assert _roads_of(g, 1) == {side("R1a", "SW"), E12_17, E17_23, E23_29}
    assert g.to_dict()["longest_road"] is None and g.public_vp(1) == 1
    assert g.phase == "action" and _deck(g, "politics")[-1] == "diplomat"


def test_diplomat_own_road_replaced_or_kept():
    """C&K §4.2.4, C&K §6.6, C&K §8: an own open road may be re-placed free on a different legal edge, or kept in the supply."""
    e36, e45, e46 = side("R4c", "E"), side("R4c", "SE"), side("R4d", "SW")
    g = game(_diplomat_position(ck_blank()))
    g.step("play(diplomat)")
    g.step(f"remove_road({e36})")
    assert g.phase == "diplomat_replace" and g.current_player == 0
    assert legal(g) == {f"build_road({e45})", f"build_road({e46})", "stop"}
    g.step(f"build_road({e46})")
    assert _roads_of(g, 0) == {e46} and _held(g, 0) == {} and g.phase == "action"
    g = game(_diplomat_position(ck_blank()))
    g.step("play(diplomat)")
    g.step(f"remove_road({e36})")
    g.step("stop")
    assert _roads_of(g, 0) == set() and g.phase == "action"


def test_diplomat_needs_an_open_road():
    """C&K §4.2.4, C&K §4: roads closed at both ends (settlement, own road, own knight) cannot be removed; with no open road the card is not playable."""
    d = ck_blank()
    build(d, "v7", 0)
    build(d, V17, 0)
    roads(d, [side("R1a", "SW"), E12_17], 0)  # v7-v12-v17: both roads closed
    build(d, "v0", 2)
    roads(d, [side("R1a", "NE")], 2)
    knight(d, "v4", 2)
    progress(d, 0, "diplomat")
    assert "play(diplomat)" not in legal(game(d))
    roads(d, [E17_23], 0)  # open at v23
    g = game(d)
    g.step("play(diplomat)")
    assert legal(g) == {f"remove_road({E17_23})"}


def _intrigue_position(d):
    """Seat 0: settlement v12, road v12-v17. Seat 1: settlement v29, roads
    v29-v23-v17 and v29-v34, strong active knight on v17. Seat 3: a knight on v46."""
    build(d, V12, 0)
    roads(d, [E12_17], 0)
    build(d, V29, 1)
    roads(d, [E23_29, E17_23, E29_34], 1)
    knight(d, V17, 1, strength=2, active=True)
    build(d, V41, 3)
    roads(d, [side("R4d", "SW")], 3)
    knight(d, corner("R4d", "S"), 3)
    progress(d, 0, "intrigue")
    return d


def test_intrigue_displaces_and_the_owner_relocates():
    """C&K §4.2.5, C&K §6.5, C&K §6.6: a knight at one of the player's roads is displaced without a knight; its owner picks where it goes; status kept."""
    v34 = corner("R3b", "S")
    d = _intrigue_position(ck_blank())
    g = game(d)
    assert not any(k["owner"] == 0 for k in _knights(g).values())
    g.step("play(intrigue)")
    assert g.phase == "intrigue" and g.current_player == 0
    assert legal(g) == {f"select_knight({V17})"}
    g.step(f"select_knight({V17})")
    assert g.phase == "relocate_knight" and g.current_player == 1
    assert legal(g) == {f"knight_to({V23})", f"knight_to({v34})"}
    g.step(f"knight_to({v34})", player=1)
    assert V17 not in _knights(g)
    k = _knights(g)[v34]
    assert (k["owner"], k["strength"], k["active"]) == (1, 2, True)
    assert g.phase == "action" and g.current_player == 0
    assert _deck(g, "politics")[-1] == "intrigue"


def test_intrigue_grants_no_free_knight():
    """C&K §4.2.5, C&K §8: the freed intersection may be used by ordinary paid knight building only."""
    v34 = corner("R3b", "S")
    g = game(_intrigue_position(ck_blank()))
    g.step("play(intrigue)")
    g.step(f"select_knight({V17})")
    g.step(f"knight_to({v34})")
    assert g.phase == "action" and family(g, "build_knight") == set()
    d = _intrigue_position(ck_blank())
    give(d, 0, wool=1, ore=1)
    g = game(d)
    g.step("play(intrigue)")
    g.step(f"select_knight({V17})")
    g.step(f"knight_to({v34})")
    assert family(g, "build_knight") == {f"build_knight({V17})"}
    g.step(f"build_knight({V17})")
    assert _held(g, 0) == {} and _knights(g)[V17]["owner"] == 0


def test_intrigue_knight_with_nowhere_to_go_returns_to_supply():
    """C&K §4.2.5, C&K §3.14.6: with no reachable free intersection the displaced knight leaves the board; nobody decides."""
    d = ck_blank()
    build(d, V12, 0)
    roads(d, [E12_17], 0)
    build(d, V23, 1)
    roads(d, [E17_23], 1)
    knight(d, V17, 1, strength=2, active=True)
    progress(d, 0, "intrigue")
    g = game(d)
    g.step("play(intrigue)")
    g.step(f"select_knight({V17})")
    assert _knights(g) == {} and g.phase == "action" and g.current_player == 0
    assert g.field("knights_left")[1].tolist() == [2, 2, 2]  # back in seat 1's supply


def test_intrigue_needs_an_opponent_knight_at_own_road():
    """C&K §4.2.5, C&K §4: only opponent knights touching one of the player's roads qualify; no such knight: not playable."""
    d = ck_blank()
    build(d, V12, 0)
    roads(d, [E12_17], 0)
    knight(d, V17, 0)  # own knight: not a target
    build(d, V29, 1)
    roads(d, [E23_29], 1)
    knight(d, V23, 1)  # one intersection past the end of seat 0's road
    progress(d, 0, "intrigue")
    assert "play(intrigue)" not in legal(game(d))
    roads(d, [E17_23], 0)  # now seat 0's road reaches v23
    assert "play(intrigue)" in legal(game(d))


def test_saboteur_richer_or_equal_opponents_discard_half_in_turn_order():
    """C&K §4.2.6, C&K §6.5, C&K §6.6: each opponent with VP >= the player's discards half (rounded down), one card per step, in turn order from the active player; walls do not matter."""
    d = ck_blank(active=2)
    build(d, V12, 2, "city")  # seat 2 (active): 2 VP
    v30 = corner("R4c", "N")
    build(d, v30, 3, "city")  # seat 3: 2 VP, 5 cards, a wall
    wall(d, v30)
    give(d, 3, wool=3, ore=2)
    build(d, V41, 0, "city")
    build(d, "v0", 0)  # seat 0: 3 VP, 3 cards
    give(d, 0, lumber=1, coin=2)
    build(d, corner("R1c", "N"), 1)  # seat 1: 1 VP, 6 cards
    give(d, 1, grain=6)
    progress(d, 2, "saboteur")
    g = game(d)
    g.step("play(saboteur)")
    assert g.phase == "saboteur_discard" and g.current_player == 3
    assert legal(g) == {"discard(wool)", "discard(ore)"}
    g.step("discard(wool)", player=3)
    assert g.current_player == 3
    g.step("discard(ore)", player=3)
    assert g.current_player == 0 and legal(g) == {"discard(lumber)", "discard(coin)"}
    g.step("discard(coin)", player=0)
    assert g.phase == "action" and g.current_player == 2
    assert _held(g, 3) == {"wool": 2, "ore": 1}
    assert _held(g, 0) == {"lumber": 1, "coin": 1}
    assert _held(g, 1) == {"grain": 6} and _held(g, 2) == {}
    assert _bank(g)["wool"] == 17 and _bank(g)["coin"] == 11
    assert _deck(g, "politics")[-1] == "saboteur"


def test_saboteur_playable_when_nobody_is_affected():
    """C&K §4.2.6, C&K §4: no precondition: with no richer opponent (or only one-card hands) the card is played for nothing."""
    d = ck_blank()
    build(d, V12, 0, "city")
    build(d, V41, 1, "city")
    give(d, 1, ore=1)  # half of 1 is 0
    give(d, 2, wool=8)  # no building: 0 VP
    progress(d, 0, "saboteur")
    g = game(d)
    g.step("play(saboteur)")
    assert g.phase == "action" and g.current_player == 0
    assert _held(g, 1) == {"ore": 1} and _held(g, 2) == {"wool": 8}


def test_spy_takes_a_chosen_card_which_may_be_played_at_once():
    """C&K §4.2.7, C&K §6.6: the player names an opponent holding a card, takes one of their choice, and may play it this turn."""
    d = ck_blank()
    for c in ("spy", "irrigation", "crane"):
        progress(d, 0, c)
    progress(d, 1, "warlord")
    progress(d, 1, "merchant_fleet")
    reveal_vp(d, 2, "printer")  # a VP card is never in the hand
    progress(d, 3, "alchemist")
    g = game(d)
    g.step("play(spy)")
    assert g.phase == "spy_victim" and g.current_player == 0
    assert legal(g) == {"choose_player(+1)", "choose_player(+3)"}
    g.step("choose_player(+1)")
    assert g.phase == "spy_card" and g.current_player == 0
    assert legal(g) == {"take_card(warlord)", "take_card(merchant_fleet)"}
    g.step("take_card(warlord)")
    assert _cards(g, 0) == {"irrigation": 1, "crane": 1, "warlord": 1}
    assert _cards(g, 1) == {"merchant_fleet": 1}
    assert g.phase == "action" and "play(warlord)" in legal(g)
    assert _deck(g, "politics")[-1] == "spy"


def test_spy_stolen_spy_playable_stolen_alchemist_not_and_limit_kept():
    """C&K §4.2.7, C&K §4.1.1, C&K §3.15.2: a stolen Spy may be played at once; a stolen Alchemist not (the roll is over); the hand never exceeds 4."""
    d = ck_blank()
    for c in ("spy", "irrigation", "mining", "warlord"):
        progress(d, 0, c)
    progress(d, 1, "spy")
    progress(d, 1, "alchemist")
    g = game(d)
    g.step("play(spy)")
    g.step("choose_player(+1)")
    g.step("take_card(spy)")
    assert sum(_cards(g, 0).values()) == 4 and "end_turn" in legal(g)
    assert "play(spy)" in legal(g)
    g.step("play(spy)")
    g.step("choose_player(+1)")
    assert legal(g) == {"take_card(alchemist)"}
    g.step("take_card(alchemist)")
    assert _cards(g, 0) == {"irrigation": 1, "mining": 1, "warlord": 1, "alchemist": 1}
    assert "play(alchemist)" not in legal(g) and "end_turn" in legal(g)


def test_spy_needs_an_opponent_holding_a_card():
    """C&K §4.2.7, C&K §4, C&K §4.1.8, C&K §4.2.2: revealed Printer/Constitution are not in a hand; with no opponent holding a card Spy is not playable."""
    d = ck_blank()
    progress(d, 0, "spy")
    progress(d, 0, "warlord")
    reveal_vp(d, 1, "printer")
    reveal_vp(d, 2, "constitution")
    assert "play(spy)" not in legal(game(d))
    progress(d, 3, "smith")
    assert "play(spy)" in legal(game(d))


def test_warlord_activates_all_own_knights_who_then_cannot_act():
    """C&K §4.2.8, C&K §4.2: every own inactive knight becomes active free, including one that already acted; none of them may act this turn."""
    d = _smith_chain(ck_blank())
    roads(d, [E29_34], 0)
    knight(d, V17, 0)  # inactive
    knight(d, V23, 0, strength=2, acted=True)  # acted earlier this turn, so inactive
    knight(d, V35, 0, active=True)  # active from an earlier turn
    build(d, V41, 1)
    roads(d, [side("R4d", "SW")], 1)
    knight(d, corner("R4d", "S"), 1)
    progress(d, 0, "warlord")
    g = game(d)
    assert family(g, "select_knight") == {f"select_knight({V35})"}
    g.step("play(warlord)")
    ks = _knights(g)
    assert ks[V17]["active"] and ks[V17]["became_active"]
    assert ks[V23]["active"] and ks[V23]["became_active"]
    assert ks[corner("R4d", "S")]["active"] is False  # an opponent's knight
    assert family(g, "select_knight") == {f"select_knight({V35})"}  # v17 could move to v29
    assert _held(g, 0) == {} and g.phase == "action"
    assert _deck(g, "politics")[-1] == "warlord"
    d = ck_blank()
    progress(d, 0, "warlord")
    g = game(d)
    g.step("play(warlord)")  # no knights: played for nothing
    assert g.phase == "action" and _cards(g, 0) == {}


def test_wedding_richer_opponents_give_two_cards_of_their_choice():
    """C&K §4.2.9, C&K §6.5, C&K §6.6: each opponent with strictly more VP gives 2 cards (1 if that is all) of their choice, one per step, in turn order from the active player."""
    d = ck_blank(active=1)
    build(d, corner("R1c", "N"), 1)  # seat 1 (active): 1 VP
    build(d, V12, 2, "city")  # seat 2: 2 VP, 1 card
    give(d, 2, coin=1)
    build(d, V41, 3)  # seat 3: 1 VP (equal), 4 cards
    give(d, 3, lumber=4)
    build(d, corner("R4c", "N"), 0, "city")  # seat 0: 2 VP, 5 cards
    give(d, 0, wool=2, brick=3)
    progress(d, 0, "warlord")  # not playable out of turn
    progress(d, 1, "wedding")
    g = game(d)
    g.step("play(wedding)")
    assert g.phase == "wedding_gift" and g.current_player == 2
    assert legal(g) == {"give(coin)"}
    g.step("give(coin)", player=2)
    assert g.current_player == 0 and legal(g) == {"give(wool)", "give(brick)"}
    g.step("give(brick)", player=0)
    assert g.current_player == 0
    g.step("give(wool)", player=0)
    assert g.phase == "action" and g.current_player == 1
    assert _held(g, 1) == {"coin": 1, "brick": 1, "wool": 1}
    assert _held(g, 0) == {"wool": 1, "brick": 2}
    assert _held(g, 2) == {} and _held(g, 3) == {"lumber": 4}
    assert _deck(g, "politics")[-1] == "wedding"


def test_wedding_playable_when_nobody_gives():
    """C&K §4.2.9, C&K §4: equal VP gives nothing, a richer opponent with no cards gives nothing; the card is still playable."""
    d = ck_blank()
    build(d, V12, 0)
    build(d, V41, 1)
    give(d, 1, ore=3)
    build(d, corner("R1c", "N"), 2, "city")
    progress(d, 0, "wedding")
    g = game(d)
    g.step("play(wedding)")
    assert g.phase == "action" and g.current_player == 0
    assert _held(g, 0) == {} and _held(g, 1) == {"ore": 3}


# --- trade (C&K §4.3) ----------------------------------------------------------------


def test_commercial_harbor_forced_trades_once_per_opponent():
    """C&K §4.3.1, C&K §4.3, C&K §6.5, C&K §6.6: for the rest of the turn, one forced trade per opponent: a resource for a commodity of the opponent's choice; a void offer keeps the card and uses the opponent up, even with a second Commercial Harbor."""
    d = ck_blank()
    progress(d, 0, "commercial_harbor", 2)
    give(d, 0, wool=2, ore=1, paper=1)
    give(d, 1, cloth=1, coin=2)
    give(d, 2, lumber=3)
    give(d, 3, paper=1)
    g = game(d)
    assert family(g, "force_trade") == set()
    g.step("play(commercial_harbor)")
    assert g.phase == "action" and g.current_player == 0
    assert family(g, "force_trade") == {
        f"force_trade(+{k},{r})" for k in (1, 2, 3) for r in ("wool", "ore")
    }
    g.step("force_trade(+1,wool)")
    assert g.phase == "commercial_harbor_answer" and g.current_player == 1
    assert legal(g) == {"give(cloth)", "give(coin)"}
    g.step("give(coin)", player=1)
    assert g.phase == "action" and g.current_player == 0
    assert _held(g, 0) == {"wool": 1, "ore": 1, "paper": 1, "coin": 1}
    assert _held(g, 1) == {"wool": 1, "cloth": 1, "coin": 1}
    g.step("force_trade(+2,ore)")  # seat 2 has no commodity: void
    assert g.phase == "action" and _held(g, 0)["ore"] == 1 and _held(g, 2) == {"lumber": 3}
    assert family(g, "force_trade") == {"force_trade(+3,wool)", "force_trade(+3,ore)"}
    g.step("play(commercial_harbor)")  # the second card reopens nobody
    assert family(g, "force_trade") == {"force_trade(+3,wool)", "force_trade(+3,ore)"}
    g.step("force_trade(+3,ore)")
    assert g.current_player == 3 and legal(g) == {"give(paper)"}
    g.step("give(paper)")
    assert _held(g, 0) == {"wool": 1, "paper": 2, "coin": 1} and _held(g, 3) == {"ore": 1}
    assert family(g, "force_trade") == set()
    g.step("end_turn")
    assert section(g)["commercial_harbor"]["open"] is False


def test_commercial_harbor_usable_any_time_in_the_turn_only():
    """C&K §4.3.1: the forced trade stays available after other actions this turn and lapses at the end of the turn."""
    d = ck_blank()
    progress(d, 0, "commercial_harbor")
    progress(d, 0, "warlord")
    give(d, 0, wool=1)
    give(d, 1, coin=1)
    g = game(d)
    g.step("play(commercial_harbor)")
    g.step("play(warlord)")
    assert legal(g) >= {"force_trade(+1,wool)", "end_turn"}
    g.step("end_turn")
    assert g.active_player == 1 and section(g)["commercial_harbor"] == {
        "open": False,
        "used": [False] * 4,
        "target": None,
        "offer": None,
    }


def test_master_merchant_takes_two_chosen_cards_from_a_richer_opponent():
    """C&K §4.3.2, C&K §6.6: the player names an opponent with strictly more VP and takes 2 cards of their choice (fewer if they hold fewer)."""
    d = ck_blank()
    build(d, V12, 0)  # 1 VP
    build(d, V41, 1, "city")  # 2 VP
    give(d, 1, wool=1, coin=3)
    build(d, corner("R1c", "N"), 2)  # 1 VP (equal)
    give(d, 2, grain=5)
    build(d, corner("R4c", "N"), 3, "city")
    build(d, "v0", 3)  # 3 VP, one card
    give(d, 3, ore=1)
    progress(d, 0, "master_merchant", 2)
    g = game(d)
    g.step("play(master_merchant)")
    assert g.phase == "master_merchant_victim" and g.current_player == 0
    assert legal(g) == {"choose_player(+1)", "choose_player(+3)"}
    g.step("choose_player(+1)")
    assert g.phase == "master_merchant_pick" and g.current_player == 0
    assert legal(g) == {"pick(wool)", "pick(coin)"}
    g.step("pick(coin)")
    assert legal(g) == {"pick(wool)", "pick(coin)"}
    g.step("pick(wool)")
    assert g.phase == "action"
    assert _held(g, 0) == {"coin": 1, "wool": 1} and _held(g, 1) == {"coin": 2}
    g.step("play(master_merchant)")
    g.step("choose_player(+3)")
    g.step("pick(ore)")  # only one card to take
    assert g.phase == "action" and _held(g, 3) == {}
    assert _held(g, 0) == {"coin": 1, "wool": 1, "ore": 1}
    assert _deck(g, "trade")[-2:] == ["master_merchant", "master_merchant"]


def test_master_merchant_needs_a_richer_opponent():
    """C&K §4.3.2, C&K §4: with no opponent strictly ahead in public VP (a revealed VP card counts) the card is not playable; an empty-handed richer opponent yields nothing."""
    d = ck_blank()
    build(d, V12, 0, "city")
    build(d, V41, 1, "city")
    give(d, 1, wool=3)
    progress(d, 0, "master_merchant")
    assert "play(master_merchant)" not in legal(game(d))
    reveal_vp(d, 1, "printer")  # every public VP counts
    assert "play(master_merchant)" in legal(game(d))
    d["players"][1]["hand"]["wool"] = 0  # richer but empty-handed: playable, takes nothing
    d["bank"]["wool"] = 19
    g = game(d)
    g.step("play(master_merchant)")
    assert legal(g) == {"choose_player(+1)"}
    g.step("choose_player(+1)")
    assert g.phase == "action" and _held(g, 0) == {} and _cards(g, 0) == {}


def test_merchant_placed_next_to_own_building_for_vp_and_trade():
    """C&K §4.3.3, C&K §3.18, C&K §6.6: the merchant goes on a hex at one of the player's buildings; 1 VP and 2:1 for that hex's resource (not its commodity); the controller may move it again."""
    d = ck_blank()
    build(d, V12, 0)  # R1a, R2a, R2b
    build(d, V41, 1)
    give(d, 0, brick=2, ore=2, coin=2)
    progress(d, 0, "merchant", 2)
    g = game(d)
    assert family(g, "maritime") == set()
    g.step("play(merchant)")
    assert g.phase == "merchant" and g.current_player == 0
    assert legal(g) == {"place_merchant(R1a)", "place_merchant(R2a)", "place_merchant(R2b)"}
    g.step("place_merchant(R2b)")
    assert section(g)["merchant"] == {"hex": "R2b", "owner": 0}
    assert g.public_vp(0) == 2 and g.phase == "action"
    assert {a for a in family(g, "maritime") if a.startswith("maritime(ore")} == set()
    assert "maritime(brick->wool)" in legal(g)
    g.step("play(merchant)")  # the controller moves it again: still 1 VP
    g.step("place_merchant(R1a)")
    assert section(g)["merchant"] == {"hex": "R1a", "owner": 0} and g.public_vp(0) == 2
    assert "maritime(ore->wool)" in legal(g) and "maritime(brick->wool)" not in legal(g)
    assert {a for a in family(g, "maritime") if a.startswith("maritime(coin")} == set()


def test_merchant_taken_over_by_another_player_desert_allowed():
    """C&K §4.3.3, C&K §3.18: another Merchant moves the merchant and its VP to the new player; the desert is a legal hex."""
    d = ck_blank(active=1)
    build(d, V12, 0)
    ck(d)["merchant"] = {"hex": "R2b", "owner": 0}
    build(d, corner("R2b", "SE"), 1)  # v18: R2b, R2c, R3c (desert)
    progress(d, 1, "merchant")
    g = game(d)
    assert g.public_vp(0) == 2 and g.public_vp(1) == 1
    g.step("play(merchant)")
    assert legal(g) == {"place_merchant(R2b)", "place_merchant(R2c)", "place_merchant(R3c)"}
    g.step("place_merchant(R3c)")
    assert section(g)["merchant"] == {"hex": "R3c", "owner": 1}
    assert g.public_vp(0) == 1 and g.public_vp(1) == 2


def test_merchant_fleet_names_a_type_for_two_to_one_this_turn():
    """C&K §4.3.4, C&K §6.6: one of the 8 types is named; it trades 2:1 with the bank as often as wished, for the rest of the turn only."""
    d = ck_blank()
    give(d, 0, coin=4, wool=3)
    progress(d, 0, "merchant_fleet")
    g = game(d)
    g.step("play(merchant_fleet)")
    assert g.phase == "merchant_fleet" and g.current_player == 0
    assert legal(g) == {f"pick({r})" for r in RESOURCES + COMMODITIES}
    g.step("pick(coin)")
    assert section(g)["merchant_fleet"] == ["coin"] and g.phase == "action"
    assert family(g, "maritime") == {
        f"maritime(coin->{r})" for r in RESOURCES + COMMODITIES if r != "coin"
    }
    g.step("maritime(coin->wool)")
    g.step("maritime(coin->grain)")
    assert _held(g, 0) == {"wool": 4, "grain": 1}
    assert _deck(g, "trade")[-1] == "merchant_fleet"
    g.step("end_turn")
    assert section(g)["merchant_fleet"] == []


def test_resource_monopoly_two_of_a_resource_from_each_opponent():
    """C&K §4.3.5, C&K §6.6: a resource is named; each opponent gives 2 of it, or 1 if that is all they have."""
    d = ck_blank()
    give(d, 1, wool=3)
    give(d, 2, wool=1, grain=2)
    give(d, 3, ore=2)
    progress(d, 0, "resource_monopoly")
    g = game(d)
    g.step("play(resource_monopoly)")
    assert g.phase == "resource_monopoly" and g.current_player == 0
    assert legal(g) == {f"pick({r})" for r in RESOURCES}
    g.step("pick(wool)")
    assert _held(g, 0) == {"wool": 3}
    assert _held(g, 1) == {"wool": 1} and _held(g, 2) == {"grain": 2} and _held(g, 3) == {"ore": 2}
    assert g.phase == "action"


def test_trade_monopoly_one_commodity_from_each_opponent():
    """C&K §4.3.6, C&K §6.6: a commodity is named; each opponent holding it gives 1."""
    d = ck_blank()
    give(d, 1, cloth=3)
    give(d, 2, cloth=1)
    give(d, 3, paper=2)
    progress(d, 0, "trade_monopoly")
    g = game(d)
    g.step("play(trade_monopoly)")
    assert g.phase == "trade_monopoly" and g.current_player == 0
    assert legal(g) == {f"pick({c})" for c in COMMODITIES}
    g.step("pick(cloth)")
    assert _held(g, 0) == {"cloth": 2}
    assert _held(g, 1) == {"cloth": 2} and _held(g, 2) == {} and _held(g, 3) == {"paper": 2}
    assert g.phase == "action" and _deck(g, "trade")[-1] == "trade_monopoly"
