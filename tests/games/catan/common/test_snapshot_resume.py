"""Snapshots: ``turn.resume_phase`` must be a phase the card's phase returns to.

Road Building returns to the phase it was played in (base §8.3: before the roll
or in the action phase; C&K §4.1.9: the action phase). A snapshot in
``road_building`` that resumes ``road_building`` would never end its free roads:
the counts went negative and the 41st road wrote out of bounds.
"""

from __future__ import annotations

import pytest
from ck_helpers import ck_blank
from helpers import blank, corner, settle

from catan_env import Game, SnapshotError

CK = "cities_and_knights"


def _road_building(d: dict, resume: str) -> dict:
    settle(d, corner("R3c", "N"), 0)
    d["turn"].update(phase="road_building", resume_phase=resume, free_roads_left=2,
                     free_roads_placed=0)  # fmt: skip
    return d


@pytest.mark.parametrize(
    "variant, resumes, refused",
    [
        ("base", ["pre_roll", "action"], ["road_building", "year_of_plenty", "discard"]),
        (CK, ["action"], ["road_building", "pre_roll", "discard"]),
    ],
)
def test_road_building_resumes_only_where_the_card_is_played(variant, resumes, refused):
    """base §8.3, C&K §4.1.9: the free roads end in the phase the card was played in;
    a snapshot naming another ``resume_phase`` is refused in one line naming the field."""
    make = blank if variant == "base" else ck_blank
    for resume in resumes:
        g = Game.from_dict(_road_building(make(), resume))
        assert g.to_dict()["turn"]["resume_phase"] == resume
    for resume in refused:
        with pytest.raises(SnapshotError, match=f"turn.resume_phase '{resume}'") as err:
            Game.from_dict(_road_building(make(), resume))
        assert "\n" not in str(err.value) and "road_building" in str(err.value)


def test_a_resumed_road_building_still_ends():
    """base §8.3: from an accepted snapshot the two free roads end the card, back in
    the phase it resumes."""
    g = Game.from_dict(_road_building(blank(), "pre_roll"))
    for _ in range(2):
        assert g.phase == "road_building"
        g.step(next(a for a in g.legal_action_names() if "road" in a))
    assert g.phase == "pre_roll"
