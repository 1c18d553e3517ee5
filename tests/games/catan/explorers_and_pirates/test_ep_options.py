"""The rules file's alternative readings as options (E&P §14): each default is pinned
by the scenario tests of its section; these tests pin each alternative."""

import pytest
from ep_helpers import EP, build, ep_blank, give, ship

from catan_env import ConfigError, Game, GameConfig
from catan_env.games.catan.board.ep_frame import load_frame

S2, S4 = "pirate_lairs", "spices_for_catan"
B2, B4 = load_frame(S2), load_frame(S4)


def _blank(scenario, phase="movement", **options):
    d = ep_blank(4, phase, 0, scenario=scenario)
    d["options"].update(options)
    return d


def _lair(d, label, crews, state="lair", token=4):
    d["board"]["hexes"][label].update(kind="gold", revealed=True, number=0)
    d["lairs"][label] = {"state": state, "token": token, "crews": list(crews)}


def _gold(g, seat):
    return g.to_dict()["players"][seat]["gold"]


def test_defaults_and_bad_values():
    """E&P §14: the defaults are the rules file's; a wrong value or use outside E&P
    is a clear error."""
    c = GameConfig.make(variant=EP, scenario=S2)
    assert (c.steal_optional, c.recover_crews_from_active_lair) == (True, False)
    assert (c.spice_crew_limit, c.capture_gold_timing) == ("per_player", "immediate")
    assert (c.mission_track_vp, c.s2_win_check) == ("capped", "any_time")
    with pytest.raises(ConfigError, match="spice_crew_limit='both' is not one of"):
        GameConfig.make(variant=EP, spice_crew_limit="both")
    with pytest.raises(ConfigError, match="steal_optional"):
        GameConfig.make(variant=EP, steal_optional="no")
    with pytest.raises(ConfigError, match="belongs to variant='explorers_and_pirates'"):
        GameConfig.make(variant="base", mission_track_vp="uncapped")
    assert "s2_win_check" not in GameConfig().to_dict()
    g = Game(variant=EP, scenario=S2, seed=1, capture_gold_timing="end_of_movement")
    again = Game.from_dict(g.to_dict())
    assert again.config.capture_gold_timing == "end_of_movement"
    assert again.config == g.config


def test_compulsory_steal():
    """E&P §5.2, §14 steal_optional=False: with a victim beside the pirate, declining
    the theft is not offered; with nobody to rob it is the only choice."""
    d = _blank(S2, phase="place_pirate", steal_optional=False)
    ship(d, 1, 0, "(2,9)|(2,11)")
    d["players"][1]["gold"] = 1
    g = Game.from_dict(d)
    g.step(f"place_pirate(h{B2.hex_id('(2,11)')})")
    assert g.legal_action_names() == ["steal(+1)"]
    d["options"]["steal_optional"] = True
    g = Game.from_dict(d)
    g.step(f"place_pirate(h{B2.hex_id('(2,11)')})")
    assert g.legal_action_names() == ["steal(+1)", "no_steal"]


def test_recovering_crews_from_an_active_lair():
    """E&P §7.3, §14 recover_crews_from_active_lair=True: a ship at the lair takes its
    owner's crew back before the capture (never an opponent's)."""
    d = _blank(S2, recover_crews_from_active_lair=True)
    _lair(d, "(2,13)", crews=(1, 1, 0, 0))
    ship(d, 0, 0, "(1,12)|(2,11)", mp=4)
    g = Game.from_dict(d)
    g.step(f"pick_up_crew(s0,h{B2.hex_id('(2,13)')})")
    assert g.to_dict()["lairs"]["(2,13)"]["crews"] == [0, 1, 0, 0]
    assert not any(n.startswith("pick_up_crew") for n in g.legal_action_names())


def test_capture_gold_at_the_end_of_movement():
    """E&P §7.4, §14 capture_gold_timing="end_of_movement": the third crew captures
    but pays nothing; the 2 gold each come with the end-of-movement resolution."""
    d = _blank(S2, capture_gold_timing="end_of_movement")
    _lair(d, "(2,13)", crews=(0, 2, 0, 0))
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 1}, mp=4)
    g = Game.from_dict(d)
    g.step(f"crew_to_lair(s0,h{B2.hex_id('(2,13)')})")
    assert g.to_dict()["lairs"]["(2,13)"]["state"] == "captured"
    assert (_gold(g, 0), _gold(g, 1)) == (0, 0)
    for outcome in g.chance_outcomes("end_turn"):
        assert (_gold(outcome.game, 0), _gold(outcome.game, 1)) == (2, 2)


def test_one_crew_per_village_in_all():
    """E&P §9.2, §14 spice_crew_limit="per_hex": once any player's crew is on a
    village, nobody else may befriend it."""
    d = _blank(S4, spice_crew_limit="per_hex")
    d["board"]["hexes"]["(2,13)"].update(kind="spice", revealed=True, number=0)
    d["spices"]["villages"]["(2,13)"] = {
        "advantage": "fast_gold", "face": 0, "sacks": 3, "crews": [0, 1, 0, 0],
    }  # fmt: skip
    ship(d, 0, 0, "(1,12)|(2,11)", {"crew": 2}, mp=4)
    name = f"befriend_village(s0,h{B4.hex_id('(2,13)')})"
    assert name not in Game.from_dict(d).legal_action_names()
    d["options"]["spice_crew_limit"] = "per_player"
    assert name in Game.from_dict(d).legal_action_names()


def test_uncapped_mission_tracks():
    """E&P §6.2, §14 mission_track_vp="uncapped": a marker is worth 1 VP per space
    (the printed track gives 2 at space 4), the VP card still adds 1."""
    for reading, track_vp in (("capped", 2), ("uncapped", 4)):
        d = _blank(S2, mission_track_vp=reading)
        d["missions"]["positions"] = [[4, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        d["missions"]["stamps"] = [[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        d["missions"]["clock"] = 1
        d["missions"]["vp_cards"] = [0, None, None]
        assert Game.from_dict(d).public_vp(0) == track_vp + 1


def test_pirate_lairs_win_only_at_the_end_of_the_turn():
    """E&P §4.13, §14 s2_win_check="end_of_turn": reaching 12 VP mid-turn in Pirate
    Lairs does not end the game; the end of that player's turn does."""
    for reading in ("any_time", "end_of_turn"):
        d = _blank(S2, phase="action", s2_win_check=reading)
        for v in ("(1,6).S", "(3,4).N", "(5,4).S"):
            build(d, 0, v, "harbor_settlement")
        build(d, 0, "(1,8).S")
        d["missions"]["positions"] = [[7, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        d["missions"]["stamps"] = [[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        d["missions"]["clock"] = 1
        d["missions"]["vp_cards"] = [0, None, None]
        give(d, 0, grain=2, ore=2)
        g = Game.from_dict(d)
        assert g.public_vp(0) == 6 + 1 + 3 + 1 and not g.done
        g.step(f"build_harbor(v{B2.vertex('(1,8).S')})")
        assert g.public_vp(0) == 12
        if reading == "any_time":
            assert g.done and g.winner == 0
            continue
        assert not g.done
        g.step("start_movement")
        assert not g.done
        g.step("end_turn")
        assert g.done and g.winner == 0
