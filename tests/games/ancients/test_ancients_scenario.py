"""Scenarios as data (CCA §5): the format, its errors, Akragas."""

import json

import pytest

from catan_env.games.ancients import (
    Game,
    Scenario,
    ScenarioError,
    available_scenarios,
    load_scenario,
)
from catan_env.games.ancients.board import hex_label
from catan_env.games.ancients.units import UNIT_BLOCKS, UNIT_CODES


def base():
    return json.loads(json.dumps(load_scenario("akragas").source))


def test_akragas_is_shipped_with_its_war_council_and_units():
    """CCA §5.2: Akragas: Carthaginians on top with 5 cards, Syracusans at the bottom with 6 cards moving first, 5 banners, no terrain, 12 units and 2 leaders a side."""
    assert "akragas" in available_scenarios()
    sc = load_scenario("akragas")
    assert sc.side_names == ("syracusan", "carthaginian")
    assert sc.command == (6, 5) and sc.first == 0 and sc.banners_to_win == 5
    assert not sc.terrain.any()
    for side in (0, 1):
        assert sum(1 for u in sc.units if u[0] == side) == 12
        assert sum(1 for ld in sc.leaders if ld[0] == side) == 2
    top = sorted(UNIT_CODES[t] for s, t, _, _ in sc.units if s == 1)
    assert top == sorted(["MI", "MI", "AX", "AX", "AX", "AX", "HI", "HCH", "HCH", "LB", "LI", "LC"])
    leaders = {name: hex_label(h) for _, name, h in sc.leaders}
    assert leaders == {"Mago": "r1c3", "Himilco": "r1c7", "Daphnaeus": "r7c7", "Dionysius": "r7c10"}


def test_units_start_at_full_strength():
    """CCA §1.2, CCA §5.1: every unit starts with its full blocks unless the scenario says otherwise (foot 4, cavalry 3, heavy chariot 2)."""
    g = Game("akragas")
    for u in g.units():
        assert u["blocks"] == UNIT_BLOCKS[UNIT_CODES.index(u["type"])]
    d = base()
    d["units"][0]["blocks"] = 2
    assert Scenario.from_dict(d).units[0][3] == 2


@pytest.mark.parametrize(
    "edit,field",
    [
        (lambda d: d.pop("units"), "units"),
        (lambda d: d["units"][3].update(type="XX"), "units[3].type"),
        (lambda d: d["units"][0].update(r=9), "units[0].r/c"),
        (lambda d: d["units"][1].update(side="left"), "units[1].side"),
        (lambda d: d["units"][1].update(r=1, c=1), "units[1].r/c"),
        (lambda d: d["units"][2].update(blocks=7), "units[2].blocks"),
        (lambda d: d["war_council"].pop("first"), "war_council.first"),
        (
            lambda d: d["war_council"]["top"].update(command_cards="five"),
            "war_council.top.command_cards",
        ),
        (lambda d: d["war_council"].update(banners_to_win=0), "war_council.banners_to_win"),
        (lambda d: d.update(terrain=[{"r": 4, "c": 4, "type": "swamp"}]), "terrain[0].type"),
        (lambda d: d["leaders"][0].update(c=99), "leaders[0].r/c"),
        (lambda d: d.update(special_rules=["banner for hex r4c6"]), "special_rules"),
    ],
)
def test_malformed_scenario_names_the_field(edit, field):
    """CCA §5.1: a malformed scenario raises an error naming the field."""
    d = base()
    edit(d)
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Scenario.from_dict(d)


def test_every_terrain_of_the_rules_is_accepted():
    """CCA §3.13, CCA §1.7: fordable rivers, fortified camps, marshes and towns are played now (tests/test_ancients_terrain.py), so a scenario may name them; an unknown name is still refused."""
    for kind in ("fordable_river", "fortified_camp", "marsh", "town"):
        d = base()
        d["terrain"] = [{"r": 4, "c": 4, "type": kind}]
        assert Scenario.from_dict(d).terrain.any()
    d = base()
    d["terrain"] = [{"r": 4, "c": 4, "type": "swamp"}]
    with pytest.raises(ScenarioError, match="not a terrain the engine plays"):
        Scenario.from_dict(d)


def test_elephants_are_accepted():
    """CCA §3.9.7: every unit type of the rules file, elephants included, can be set up."""
    d = base()
    d["units"][0]["type"] = "EL"
    assert UNIT_CODES[Scenario.from_dict(d).units[0][1]] == "EL"


def test_scenario_from_a_file(tmp_path):
    """CCA §5.1: users add scenarios as JSON files without code."""
    d = base()
    d["id"] = "mine"
    d["terrain"] = [{"r": 4, "c": 6, "type": "forest"}, {"r": 4, "c": 7, "type": "hill"}]
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(d))
    g = Game(str(p), seed=1)
    assert g.scenario.id == "mine" and g.scenario.terrain.sum() == 3
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ScenarioError, match="bad.json"):
        load_scenario(str(tmp_path / "bad.json"))
    with pytest.raises(ScenarioError, match="unknown scenario"):
        load_scenario("cannae")


def test_options_are_checked():
    """CCA §8: the open points are options with the rules file's default; a bad option is refused."""
    from catan_env.games.ancients.setup import DEFAULT_OPTIONS

    assert DEFAULT_OPTIONS["lone_leader_support"] is False
    assert DEFAULT_OPTIONS["momentum_after_lone_leader"] is False
    with pytest.raises(ValueError, match="unknown option"):
        Game("akragas", rules="old")
    with pytest.raises(ValueError, match="max_turns"):
        Game("akragas", max_turns=-1)


def test_lone_leader_support_option():
    """CCA §3.11.2 [verify], option lone_leader_support: a lone friendly leader counts toward support only when the option is on."""
    from ancients_helpers import attack, make, to_battle

    for on in (False, True):
        g = make([("bottom", "HI", 5, 5), ("top", "MI", 4, 5), ("top", "MI", 4, 4)],
                 leaders=[("top", 4, 6)], lone_leader_support=on)  # fmt: skip
        to_battle(g, (5, 5))
        attack(g, (5, 5), (4, 5), ["flag", "light", "light", "light", "light"])
        assert (g.phase == "ignore flags") == on
