"""The HTML viewer's log (issue 18): seats by colour instead of ``+N``, and the places an
action names (intersection, path, hex, a ship's path and end) for the board to mark."""

from __future__ import annotations

import pytest

from catan_env.actions import BASE_ACTIONS, CK_ACTIONS, EP_ACTIONS
from catan_env.games.catan.board.standard import HEX_LABELS
from catan_env.games.catan.common.viewer import describe

COLOURS = ("red", "white", "orange", "blue")
LABELS = {label: h for h, label in enumerate(HEX_LABELS)}


@pytest.mark.parametrize(
    "name,actor,text",
    [
        ("steal(+1)", 0, "steal(white)"),
        ("steal(+1)", 3, "steal(red)"),  # clockwise past the last seat
        ("propose(+3)", 2, "propose(white)"),
        ("propose(all)", 2, "propose(all)"),
        ("confirm_trade(+2)", 1, "confirm_trade(blue)"),
        ("force_trade(+1,wool)", 3, "force_trade(red,wool)"),
        ("choose_player(+2)", 0, "choose_player(orange)"),
        ("roll", 1, "roll"),
    ],
)
def test_other_seats_are_named_by_colour(name, actor, text):
    assert describe(name, actor, COLOURS, LABELS) == (text, "")


def test_three_seats_count_round_three():
    assert describe("steal(+2)", 2, COLOURS[:3])[0] == "steal(white)"


def test_no_action_of_any_variant_keeps_a_relative_seat():
    for table in (BASE_ACTIONS, CK_ACTIONS, EP_ACTIONS):
        for name in table.names:
            for actor in range(4):
                text, _ = describe(name, actor, COLOURS, LABELS)
                assert "+" not in text, (name, text)


@pytest.mark.parametrize(
    "name,places",
    [
        ("build_settlement(v31)", "v31"),
        ("build_road(e12)", "e12"),
        ("move_robber(R2c)", f"h{HEX_LABELS.index('R2c')}"),
        ("place_pirate(h35)", "h35"),
        ("maritime(wool->ore)", ""),
        ("discard(lumber)", ""),
    ],
)
def test_places_of_the_standard_names(name, places):
    assert describe(name, 0, COLOURS, LABELS) == (name, places)


def test_a_ship_is_the_path_it_lies_on_and_its_end_an_intersection():
    paths = {0: 40, 1: -1, 2: 7}  # ship 1 is in the supply

    def ends(e):
        return {40: (77, 78), 7: (3, 9)}[e]

    def ship(k):
        return paths[k]

    assert describe("load(s0,settler)", 1, COLOURS, None, ship, ends) == ("load(s0,settler)", "e40")
    assert describe("found_settlement(s0,end1)", 1, COLOURS, None, ship, ends)[1] == "e40 v78"
    assert describe("found_settlement(s2,end0)", 1, COLOURS, None, ship, ends)[1] == "e7 v3"
    assert describe("crew_to_lair(s2,h5)", 1, COLOURS, None, ship, ends)[1] == "e7 h5"
    assert describe("rebuild_ship(s1)", 1, COLOURS, None, ship, ends)[1] == ""
    assert describe("sail(e41)", 1, COLOURS, None, ship, ends)[1] == "e41"
