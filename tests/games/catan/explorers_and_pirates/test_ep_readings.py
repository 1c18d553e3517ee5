"""Explorers & Pirates: Swift Voyage for new ships, the Greek rulebook's readings as
options, cargo transfer while another ship is mid-move (E&P §1.6, §4.8, §9.4)."""

import pytest
from ep_helpers import EP, build, ep_blank, give, ship

from catan_env import Game, GameConfig, IllegalActionError
from catan_env.config import ConfigError
from catan_env.games.catan.board.ep_frame import load_frame

S4 = "spices_for_catan"
B4 = load_frame(S4)


def H(label):  # noqa: N802
    return B4.hex_id(label)


def village(d, label, advantage, sacks=4, crews=(0, 0, 0, 0), revealed=True):
    d["board"]["hexes"][label].update(kind="spice", revealed=revealed, number=0)
    d["spices"]["villages"][label] = {
        "advantage": advantage,
        "face": 0,
        "sacks": sacks if revealed else 0,
        "crews": list(crews),
    }


def mps(g, seat=0):
    return [s["mp"] for s in g.to_dict()["players"][seat]["ships"]]


# ---------------------------------------------------------------- item: new ships


@pytest.mark.parametrize("villages", [1, 2])
def test_ship_built_this_turn_gets_swift_voyage(villages):
    """E&P §9.4, E&P §4.6.4, E&P §4.8: "all your ships now have 5 movement points" (6 with both villages): a ship built this turn has the same allowance as the others."""
    d = ep_blank(4, "action", scenario=S4)
    village(d, "(2,13)", "swift_voyage", crews=(1, 0, 0, 0), sacks=3)
    if villages == 2:
        village(d, "(6,13)", "swift_voyage", crews=(1, 0, 0, 0), sacks=3)
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 0, 0, "(2,7)|(2,9)", mp=4 + villages)
    give(d, 0, lumber=1, wool=1)
    g = Game.from_dict(d)
    g.step(f"build_ship(e{B4.edge('(1,8)|(2,9)')})")
    assert mps(g)[:2] == [4 + villages, 4 + villages]


def test_rebuilt_ship_gets_swift_voyage():
    """E&P §9.4, E&P §4.6.4: a ship taken off and built again this turn also moves 5 with one Swift Voyage village."""
    d = ep_blank(4, "action", scenario=S4)
    village(d, "(2,13)", "swift_voyage", crews=(1, 0, 0, 0), sacks=3)
    build(d, 0, "(1,8).S", "harbor_settlement")
    ship(d, 0, 0, "(2,9)|(2,11)", mp=5)
    ship(d, 0, 1, "(1,10)|(2,11)", mp=5)
    ship(d, 0, 2, "(1,10)|(1,12)", mp=5)
    give(d, 0, lumber=1, wool=1)
    g = Game.from_dict(d)
    g.step("rebuild_ship(s0)")
    g.step(f"build_ship(e{B4.edge('(2,7)|(2,9)')})")
    assert mps(g) == [5, 5, 5]


def test_ship_built_without_swift_voyage_keeps_four():
    """E&P §4.8, E&P §9.4: without a befriended Swift Voyage village a new ship has 4 movement points; another player's village does not count."""
    d = ep_blank(4, "action", scenario=S4)
    village(d, "(2,13)", "swift_voyage", crews=(0, 1, 0, 0), sacks=3)
    build(d, 0, "(1,8).S", "harbor_settlement")
    give(d, 0, lumber=1, wool=1)
    g = Game.from_dict(d)
    g.step(f"build_ship(e{B4.edge('(1,8)|(2,9)')})")
    assert mps(g)[0] == 4


# ---------------------------------------------------------------- Greek readings (options)


def _discover_village(**options):
    """Seat 0's ship with a crew sails onto (1,12)|(2,11), revealing the Swift Voyage
    village at (2,13); it has 2 movement points left when it stops."""
    d = ep_blank(4, "movement", scenario=S4)
    village(d, "(2,13)", "swift_voyage", revealed=False)
    d["options"].update(options)
    ship(d, 0, 0, "(1,10)|(2,11)", {"crew": 1}, mp=3)
    ship(d, 0, 1, "(5,8)|(5,10)", mp=4)
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step(f"sail(e{B4.edge('(1,12)|(2,11)')})")
    assert g.to_dict()["players"][0]["ships"][0]["finished"]  # the discovery stopped it
    return g


def test_swift_voyage_gives_the_discovering_ship_nothing_by_default():
    """E&P §9.4, E&P §13 (item 9): by default a ship whose discovery revealed the village stays stopped when it befriends it; the player's other ships get +1."""
    g = _discover_village()
    g.step(f"befriend_village(s0,h{H('(2,13)')})")
    assert mps(g)[:2] == [0, 5]
    assert not any(n.startswith("sail") for n in g.legal_action_names())


def test_swift_voyage_discoverer_option_moves_the_discovering_ship_on():
    """E&P §9.4 (option swift_voyage_discoverer, the Greek rulebook's note): the ship that has just discovered the village gets its Swift Voyage point at once and may sail on."""
    g = _discover_village(swift_voyage_discoverer=True)
    g.step(f"befriend_village(s0,h{H('(2,13)')})")
    d = g.to_dict()
    assert mps(g)[:2] == [1, 5] and d["turn"]["moving_ship"] == "s0"
    assert not d["players"][0]["ships"][0]["finished"]
    sails = [n for n in g.legal_action_names() if n.startswith("sail")]
    assert sails
    g.step(sails[0])
    assert mps(g)[0] == 0


def test_swift_voyage_discoverer_option_needs_the_same_ship_and_no_move_since():
    """E&P §9.4, E&P §4.8 (option swift_voyage_discoverer): once another ship has started moving, the discovering ship's movement is over for good and it gains nothing."""
    g = _discover_village(swift_voyage_discoverer=True)
    g.step("select_ship(s1)")
    g.step("stop_ship")
    g.step(f"befriend_village(s0,h{H('(2,13)')})")
    assert mps(g)[0] == 0 and g.to_dict()["turn"]["moving_ship"] is None


def test_fast_gold_buy_option():
    """E&P §9.4 (option fast_gold="buy", the Greek wording): with a Fast Gold village, once per trade/build phase, buy 1 resource of one's choice for 1 gold; the default sells 1 card for 1 gold."""
    d = ep_blank(4, "action", scenario=S4)
    village(d, "(2,13)", "fast_gold", crews=(1, 0, 0, 0), sacks=3)
    d["players"][0]["gold"] = 2
    d["options"]["fast_gold"] = "buy"
    g = Game.from_dict(d)
    assert "fast_gold(ore)" in g.legal_action_names()  # no card needed
    g.step("fast_gold(ore)")
    after = g.to_dict()
    assert after["players"][0]["gold"] == 1 and after["players"][0]["hand"]["ore"] == 1
    assert after["bank"]["ore"] == 18
    with pytest.raises(IllegalActionError, match="Fast Gold purchase"):
        g.step("fast_gold(wool)")
    d["players"][0]["gold"] = 0
    assert not any(n.startswith("fast_gold") for n in Game.from_dict(d).legal_action_names())
    d["options"]["fast_gold"] = "sell"
    assert not any(n.startswith("fast_gold") for n in Game.from_dict(d).legal_action_names())


@pytest.mark.parametrize(
    "option,numbers", [(None, [2, 3, 4, 5, 11, 12]), ("4_5_6_8_9_10", [4, 5, 6, 8, 9, 10])]
)
def test_lair_token_numbers_option(option, numbers):
    """E&P §1.6, E&P §14 (option lair_token_numbers): the lair tokens are {2,3,4,5,11,12} by default (the rules file's unverified choice); the option plays the other guess {4,5,6,8,9,10}; either way they are shuffled face down."""
    extra = {} if option is None else {"lair_token_numbers": option}
    stacks = set()
    for seed in range(6):
        g = Game(variant=EP, scenario="pirate_lairs", seed=seed, **extra)
        stack = g.to_dict()["lair_stack"]
        assert sorted(stack) == numbers
        stacks.add(tuple(stack))
    assert len(stacks) > 1


def test_reading_options_are_checked():
    """E&P §14: each new option takes only its listed values, with a one-line error, and only in E&P."""
    with pytest.raises(ConfigError, match="fast_gold='swap' is not one of"):
        GameConfig(variant=EP, fast_gold="swap")
    with pytest.raises(ConfigError, match="lair_token_numbers"):
        GameConfig(variant=EP, lair_token_numbers="1_2_3")
    with pytest.raises(ConfigError, match="swift_voyage_discoverer must be True or False"):
        GameConfig(variant=EP, swift_voyage_discoverer="yes")
    with pytest.raises(ConfigError, match="belongs to variant='explorers_and_pirates'"):
        GameConfig(post_movement_ship_actions="any_time")


def test_default_readings_keep_existing_games():
    """E&P §14: the readings' defaults are the rules file's; the config vector holds them as 0, so a game with them spelt out equals the default game."""
    options = dict(swift_voyage_discoverer=False, fast_gold="sell",
                   lair_token_numbers="2_3_4_5_11_12")  # fmt: skip
    a = Game(variant=EP, scenario="explorers_and_pirates", seed=5)
    b = Game(variant=EP, scenario="explorers_and_pirates", seed=5, **options)
    assert (a.state == b.state).all()


# ---------------------------------------------------------------- cargo while mid-move


def _relay():
    """Example 5's relay: ship s0 with 2 crews and ship s1 (empty) both point at the
    harbor settlement at (1,8).S, which stores a settler."""
    d = ep_blank(4, "movement", scenario="pirate_lairs")
    build(d, 0, "(1,8).S", "harbor_settlement", storage={"settler": 1})
    ship(d, 0, 0, "(1,8)|(2,9)", {"crew": 2}, mp=4)
    ship(d, 0, 1, "(2,7)|(2,9)", mp=4)
    return d


def test_other_ships_load_and_unload_while_one_is_mid_move():
    """E&P §4.8, E&P §4.11 (Example 5): only a ship's movement must be finished before the next ship moves; another ship may load, unload and swap while one is mid-move, and the moving ship then sails on."""
    g = Game.from_dict(_relay())
    g.step("select_ship(s0)")
    g.step("swap_cargo(s0)")  # 2 crews into storage, the settler aboard
    g.step("load(s1,crew)")
    g.step("load(s1,crew)")
    d = g.to_dict()
    assert d["turn"]["moving_ship"] == "s0"
    assert d["players"][0]["ships"][1]["cargo"] == {"crew": 2}
    g.step("unload(s1,crew)")
    assert any(n.startswith("sail") for n in g.legal_action_names())
    assert not any(n.startswith("select_ship") for n in g.legal_action_names())


def test_no_ship_mid_move_option_keeps_other_ships_waiting():
    """E&P §4.8, E&P §14 (option post_movement_ship_actions="no_ship_mid_move", the rules file's reading): while a ship is mid-move no other ship loads or unloads."""
    d = _relay()
    d["options"]["post_movement_ship_actions"] = "no_ship_mid_move"
    g = Game.from_dict(d)
    g.step("select_ship(s0)")
    g.step("swap_cargo(s0)")
    with pytest.raises(IllegalActionError, match="is moving: stop it"):
        g.step("load(s1,crew)")
    g.step("stop_ship")
    g.step("load(s1,crew)")
    assert g.to_dict()["players"][0]["ships"][1]["cargo"] == {"crew": 1}


def test_founding_still_waits_for_the_moving_ship():
    """E&P §4.8, E&P §4.10: the cargo rule does not open founding: a settler ship may not found a settlement while another ship is mid-move."""
    d = ep_blank(4, "movement")
    ship(d, 0, 0, "(2,7)|(2,9)", mp=4)
    ship(d, 0, 1, "(1,12)|(2,13)", {"settler": 1}, mp=4)
    d["board"]["hexes"]["(2,13)"].update(kind="hills", revealed=True, number=5)
    d["board"]["tokens_drawn"]["north"] = 1
    g = Game.from_dict(d)
    assert any(n.startswith("found_settlement(s1") for n in g.legal_action_names())
    g.step("select_ship(s0)")
    assert not any(n.startswith("found_settlement") for n in g.legal_action_names())
