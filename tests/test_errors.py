"""Bad input gets a clear error and leaves the state unchanged."""

import copy
import json

import numpy as np
import pytest
from helpers import blank, corner, game, give, settle

import catan_env
from catan_env import ConfigError, Game, IllegalActionError, SnapshotError, WrongPlayerError


def _frozen(g):
    return g.state.copy(), list(g.actions)


def _unchanged(g, before):
    state, acts = before
    assert np.array_equal(g.state, state) and g.actions == acts


@pytest.mark.parametrize(
    "action, error, match",
    [
        (280, ValueError, "out of range"),
        (-1, ValueError, "out of range"),
        (3.0, TypeError, "integer id or a name"),
        (True, TypeError, "integer id or a name"),
        (None, TypeError, "integer id or a name"),
        ("fly_to_the_moon", ValueError, "unknown action name"),
        ("build_road(e5", ValueError, "unknown action name"),
        (np.int64(0), IllegalActionError, "'roll' is illegal now"),
        # stable-baselines3's predict() returns a 0-d array: an action id like any other.
        (np.array(0), IllegalActionError, "'roll' is illegal now"),
        (np.array([0], np.uint8), IllegalActionError, "'roll' is illegal now"),
        (np.array([0, 1]), TypeError, r"not ndarray of shape \(2,\)"),
        (np.array(0.0), TypeError, "integer id or a name"),
    ],
)
def test_malformed_actions(action, error, match):
    g = Game(seed=0)
    before = _frozen(g)
    with pytest.raises(error, match=match):
        g.step(action)
    _unchanged(g, before)


def test_illegal_action_names_rule_and_keeps_state():
    d = blank()
    give(d, 0, lumber=1)
    g = game(d)
    before = _frozen(g)
    with pytest.raises(
        IllegalActionError, match="costs 1 lumber \\+ 1 brick and seat 0 holds 1 lumber, 0 brick"
    ):
        g.step("build_road(e3)")
    with pytest.raises(IllegalActionError, match="phase 'action'.*legal families: end_turn"):
        g.step("discard(ore)")
    _unchanged(g, before)


def test_wrong_player():
    g = Game(seed=0)
    before = _frozen(g)
    other = (g.current_player + 1) % 4
    with pytest.raises(WrongPlayerError, match=f"seat {other} submitted"):
        g.step(int(g.legal_actions()[0]), player=other)
    with pytest.raises(ValueError, match="seat 7 does not exist"):
        g.step(int(g.legal_actions()[0]), player=7)
    _unchanged(g, before)
    g.step(int(g.legal_actions()[0]), player=g.current_player)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(variant="seafarers"), "variant='seafarers' is not one of"),
        (dict(colour="red"), "unknown option\\(s\\) 'colour'"),
        (dict(num_players="4"), "num_players must be an integer"),
        (dict(vp_to_win=0), "vp_to_win=0 is out of range"),
        (dict(friendly_robber=1), "friendly_robber must be True or False"),
        (dict(board="random"), "board='random' is not one of"),
        (dict(fixed_board={"terrain": ["desert"] * 19}), "exactly one desert"),
        (dict(fixed_board={"numbers": [0] * 19}), "need the terrain"),
        (dict(fixed_board={"harbors": ["gold"] * 9}), "harbor H1: 'gold'"),
        (dict(fixed_board=[1, 2]), "fixed_board must be a dict"),
    ],
)
def test_bad_configuration(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        Game(**kwargs)


def test_bad_seed():
    for seed in (-1, 2**63, 1.5, "7"):
        with pytest.raises(ValueError, match="seed must be an integer"):
            Game(seed=seed)


def _mutated(path, value=None, delete=False):
    d = blank()
    settle(d, corner("R2b", "N"), 0)
    node = d
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


@pytest.mark.parametrize(
    "path, value, delete, match",
    [
        (["format"], "other", False, "not a catan_env state snapshot"),
        (["version"], 99, False, "version 99 is not supported"),
        (["bank"], None, True, "missing 'bank'"),
        (["bank", "ore"], "19", False, "'bank.ore' must be an integer"),
        (["bank", "ore"], 18, False, "ore cards: bank 18 \\+ hands 0 = 18"),
        (["bank", "gold"], 3, False, "unknown keys \\['gold'\\]"),
        (["players", 0, "hand", "ore"], -1, False, "out of range"),
        (["board", "robber"], "R9z", False, "board.robber"),
        (["board", "hexes", "R1a", "number"], 7, False, "number 7 does not fit"),
        (["buildings", "v99"], {"owner": 0, "kind": "city"}, False, "'v99' does not exist"),
        (["buildings", "v13"], {"owner": 1, "kind": "settlement"}, False, "distance rule"),
        (["buildings", "v30"], {"owner": 5, "kind": "settlement"}, False, "not a seat"),
        (["roads", "e60"], 2, False, "not connected"),
        (["turn", "phase"], "lunch", False, "'turn.phase' = 'lunch'"),
        (["players"], [], False, "players has 0 entries"),
        (["dev_deck", "next"], 3, False, "held \\+ 0 played != "),
        (["largest_army"], 1, False, "fewer than 3 knights"),
        (["options", "num_players"], 9, False, "num_players=9"),
    ],
)
def test_malformed_snapshots(path, value, delete, match):
    d = _mutated(path, value, delete)
    with pytest.raises(SnapshotError, match=match):
        Game.from_dict(d)


def test_snapshot_piece_limits():
    d = blank()
    spots = [("R1a", "N"), ("R1c", "N"), ("R3a", "SW"), ("R3e", "SE"), ("R5a", "S"), ("R5c", "S")]
    for lab, c in spots:
        settle(d, corner(lab, c), 0)
    with pytest.raises(SnapshotError, match="6 settlements on the board; the limit is 5"):
        Game.from_dict(d)


def test_snapshot_is_json_and_round_trips():
    g = Game(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(300):
        g.step(int(rng.choice(g.legal_actions())))
    d = json.loads(json.dumps(g.to_dict()))
    g2 = Game.from_dict(d)
    assert np.array_equal(g2.state, g.state)
    assert Game.from_dict(copy.deepcopy(d)).to_dict() == d


def test_bad_records():
    g = Game(seed=1)
    g.step(int(g.legal_actions()[0]))
    rec = g.record()
    with pytest.raises(ValueError, match="not a catan_env game record"):
        Game.from_record({"format": "x"})
    bad = dict(rec, actions=[rec["actions"][0], 0], action_names=None)
    with pytest.raises(
        ValueError, match="record action #1 \\(0\\) does not replay.*'roll' is illegal"
    ):
        Game.from_record(bad)
    with pytest.raises(ValueError, match="missing 'seed'"):
        Game.from_record({k: v for k, v in rec.items() if k != "seed"})
    assert np.array_equal(Game.from_record(rec).state, g.state)


def test_env_rejects_bad_construction_and_actions():
    with pytest.raises(ConfigError):
        catan_env.env(num_players=7)
    with pytest.raises(ValueError, match="render_mode"):
        catan_env.raw_env(render_mode="svg")
    e = catan_env.raw_env()
    e.reset(seed=0)
    before = e.game.state.copy()
    with pytest.raises(IllegalActionError):
        e.step(0)  # roll during set-up
    assert np.array_equal(e.game.state, before)
    with pytest.raises(ValueError, match="must act"):
        e.step(None)
