"""catanatron's bots as agents (``catan_env.oracle.bridge``): the action map, games, errors,
no peeking.

catanatron is the ``oracle`` extra: without it these tests are skipped, unless
``CATAN_ENV_REQUIRE_ORACLE=1``. ``catanatron:value`` and ``catanatron:alphabeta``
also need ``catanatron_experimental`` (not on PyPI; see the oracle README):
their tests are skipped without it.
"""

import os
import sys

import numpy as np
import pytest

if os.environ.get("CATAN_ENV_REQUIRE_ORACLE") == "1":
    import catanatron  # noqa: F401  (fail loudly in CI)
else:
    pytest.importorskip("catanatron", reason="the oracle extra (catanatron) is not installed")

from catanatron.models.enums import ActionType
from catanatron.state import apply_action
from scramble import scramble

from agents import make_agent
from catan_env import Game, GameConfig
from catan_env.games.catan.base import action_ids as A
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import (
    MONOPOLY,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
)
from catan_env.oracle.bridge import choices
from catan_env.oracle.convert import RESOURCE, to_catanatron
from catan_env.simulate import simulate

try:
    from catanatron_experimental.machine_learning.players import minimax  # noqa: F401

    HAVE_SEARCH_BOTS = True
except ImportError:
    HAVE_SEARCH_BOTS = False
needs_search_bots = pytest.mark.skipif(
    not HAVE_SEARCH_BOTS, reason="catanatron_experimental (value, alphabeta) is not installed"
)

NO_TRADE = {"domestic_trade": False}


def _normal(action):
    """catanatron's action with an edge as a sorted pair (its own edges come either way)."""
    if action.action_type == ActionType.BUILD_ROAD:
        return action._replace(value=tuple(sorted(action.value)))
    return action


def _hand(state, seat):
    return state[L.HAND + seat * NUM_CARD_TYPES : L.HAND + seat * NUM_CARD_TYPES + NUM_RESOURCES]


def _check_position(g: Game) -> list:
    """The map at ``g``'s position, both ways; the catanatron actions checked."""
    state = g.state
    conv = to_catanatron(state)
    options = choices(g.variant, g.tables, state, conv)
    legal = set(int(a) for a in g.legal_actions())
    phase = int(state[L.PHASE])
    # Ours -> theirs: every legal action is offered, but for the decisions catanatron lacks.
    dropped = {A.STOP} if phase == P.ROAD_BUILDING else set()
    if phase == P.PRE_ROLL:
        dropped |= {A.PLAY_ROAD_BUILDING, A.PLAY_YEAR_OF_PLENTY, A.PLAY_MONOPOLY}
    assert {a for a, _ in options.values()} == legal - dropped, g.phase
    # The same actions catanatron generates itself (where its rules agree: oracle README).
    ours = {_normal(x) for x in options}
    theirs = {_normal(x) for x in conv.state.playable_actions}
    if phase == P.ROAD_BUILDING:
        pass  # catanatron's free roads also demand a road's cost (oracle README #6)
    elif phase == P.ACTION:
        rb = {x for x in ours | theirs if x.action_type == ActionType.PLAY_ROAD_BUILDING}
        assert ours - rb == theirs - rb, g.phase
    else:
        assert ours == theirs, g.phase
    # Theirs -> ours: each action, applied by catanatron and as our action plus its plan,
    # has the same meaning.
    seat = g.current_player
    for action, (a, plan) in options.items():
        cs = conv.state.copy()
        if action.action_type not in (ActionType.ROLL, ActionType.DISCARD):
            apply_action(cs, action)  # catanatron accepts it
        trial = Game.from_dict(g.to_dict())
        trial.step(a)
        for b in plan:
            trial.step(b)
        t = action.action_type
        if t == ActionType.MOVE_ROBBER:
            coord, victim, _ = action.value
            assert int(trial.state[L.ROBBER_HEX]) == a - A.MOVE_ROBBER
            lost = [
                s
                for s in range(g.num_players)
                if _hand(trial.state, s).sum() < _hand(state, s).sum()
            ]
            assert lost == ([] if victim is None else [conv.seat_of[victim]])
        elif t in (ActionType.PLAY_YEAR_OF_PLENTY, ActionType.PLAY_MONOPOLY):
            got = _hand(trial.state, seat) - _hand(state, seat)
            if t == ActionType.PLAY_YEAR_OF_PLENTY:
                want = np.zeros(NUM_RESOURCES, int)
                for r in action.value:
                    want[RESOURCE.index(r)] += 1
                assert got.tolist() == want.tolist()
            else:
                r = RESOURCE.index(action.value)
                assert got[r] >= 0 and got.sum() == got[r]
            assert trial.phase not in ("year_of_plenty", "monopoly")
        elif t == ActionType.MARITIME_TRADE:
            got = _hand(trial.state, seat) - _hand(state, seat)
            give, get = RESOURCE.index(action.value[0]), RESOURCE.index(action.value[-1])
            assert got[get] == 1 and got[give] == -sum(
                v == action.value[0] for v in action.value[:4]
            )
        else:
            assert not plan
    return list(options)


def _draw(g: Game, cards) -> None:
    """The active player draws ``cards`` (old enough to play) from the deck, if it has them."""
    s = g.state
    for card in cards:
        pos = int(s[L.DECK_POS])
        rest = np.flatnonzero(s[L.DECK + pos : L.DECK + L.DEV_DECK_SIZE] == card)
        if rest.size:
            j = L.DECK + pos + int(rest[0])
            s[j], s[L.DECK + pos] = s[L.DECK + pos], s[j]
            s[L.DECK_POS] += 1
            s[L.DEV_HAND + g.current_player * NUM_DEV_TYPES + card] += 1
    g._mask_valid = False


def test_action_map_both_ways_on_random_positions():
    """Over random games (4 and 3 players): our legal actions are exactly catanatron's own,
    and each catanatron action maps back to our action (and its follow-ups) with its meaning."""
    rng = np.random.default_rng(3)
    checked, kinds = [], set()
    for seed, players in ((21, 4), (22, 3)):
        g = Game(seed=seed, num_players=players, **NO_TRADE)
        planted = False
        while not g.done and len(g.actions) < 700:
            if not planted and g.phase == "action" and g.turn >= 12:
                _draw(g, (ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY))
                planted = True
            legal = g.legal_actions()
            # Favour card plays and trades so that every family shows up.
            rare = [a for a in legal if a in (A.PLAY_YEAR_OF_PLENTY, A.PLAY_MONOPOLY,
                    A.PLAY_ROAD_BUILDING, A.PLAY_KNIGHT, A.BUY_DEV) or a >= A.MARITIME]  # fmt: skip
            if g.phase not in ("steal", "year_of_plenty", "monopoly", "discard"):
                if rng.random() < 0.2 or rare or g.phase in ("move_robber", "road_building"):
                    checked += _check_position(g)
                    kinds.add(g.phase)
            pick = rare if rare and rng.random() < 0.5 else legal
            g.step(int(pick[rng.integers(len(pick))]))
    assert {"setup_settlement", "setup_road", "pre_roll", "action", "move_robber"} <= kinds
    assert len(checked) > 2000
    # Every kind of catanatron action but the discard (not asked: a random card, as
    # catanatron discards).
    assert {x.action_type for x in checked} == set(ActionType) - {ActionType.DISCARD}
    assert any(x.action_type == ActionType.MOVE_ROBBER and x.value[1] for x in checked)


@pytest.mark.parametrize(
    "bot, players",
    [("random", 4), ("weighted", 3)] + [pytest.param("value", 4, marks=needs_search_bots)],
)
def test_a_whole_game_through_simulate(bot, players):
    """catanatron's bot against our random agents finishes a game through simulate, legally."""
    finished = []

    def keep(i, g):
        assert g.variant.check_state(g.state, g.tables) == 0
        finished.append(g)

    agents = [f"catanatron:{bot}"] + ["random"] * (players - 1)
    config = GameConfig(num_players=players, **NO_TRADE)
    r = simulate(1, agents, config, seed=4, progress=False, on_game=keep)
    assert r.engine == "python loop" and r.games == 1
    assert finished and finished[0].done
    # The record replays: every action was legal.
    Game.from_record(finished[0].record())


def test_errors_are_one_line(monkeypatch):
    with pytest.raises(ValueError, match="needs a bot"):
        make_agent("catanatron")
    with pytest.raises(ValueError, match="unknown catanatron bot 'foo'"):
        make_agent("catanatron:foo")
    agent = make_agent("catanatron:random", seed=0)
    for game, why in (
        (Game(variant="cities_and_knights"), "base game only, not cities_and_knights"),
        (Game(), "without domestic trade .*domestic_trade=false"),
        (Game(num_players=2, **NO_TRADE), "3 or 4 players, not 2"),
    ):
        with pytest.raises(ValueError, match=why) as info:
            agent.act(game)
        assert "\n" not in str(info.value)
    monkeypatch.setitem(sys.modules, "catan_env.oracle.bridge", None)  # catanatron missing
    with pytest.raises(ValueError, match=r"needs catanatron 3\.2\.1, the oracle extra"):
        make_agent("catanatron:value")


def test_missing_search_bots_are_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "catanatron_experimental.machine_learning.players", None)
    with pytest.raises(ValueError, match="AlphaBetaPlayer, which is in catanatron_experimental"):
        make_agent("catanatron:alphabeta")


def test_cli_simulate_names_the_problem(capsys):
    from catan_env.cli import main

    code = main(["simulate", "--games", "1", "--agents", "catanatron:random,random,random,random"])
    err = capsys.readouterr().err.strip()
    assert code != 0 and "without domestic trade" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "bot, every",
    [("random", 1), ("weighted", 1)]
    + [
        pytest.param("value", 3, marks=needs_search_bots),
        pytest.param("alphabeta", 10, marks=needs_search_bots),
    ],
)
def test_choice_ignores_hidden_information(bot, every):
    """Same observation, other seats' hands, development cards and deck order scrambled:
    the bot's choice (and its plan) does not change."""
    rng = np.random.default_rng(1)
    driver = make_agent("weighted", seed=1)
    checked = 0
    for seed in range(2):
        g = Game(num_players=4, seed=seed, **NO_TRADE)
        while not g.done:
            if g.legal_actions().size > 1 and rng.random() < 0.3 / every:
                seat = g.current_player
                other = Game.from_dict(g.to_dict())
                other.state[:] = scramble(g, rng)
                other._mask_valid = False
                assert np.array_equal(other.observe(seat), g.observe(seat))
                a, b = (
                    make_agent(f"catanatron:{bot}", seed=seed),
                    make_agent(f"catanatron:{bot}", seed=seed),
                )
                assert a.act(g) == b.act(other), g.legal_action_names()
                assert a._plan == b._plan
                checked += 1
            g.step(driver.act(g))
    assert checked > (200 // every)


def test_gym_opponents():
    """catanatron's bots as the Gymnasium env's opponents: a game against them to its end."""
    from catan_env.gym_env import CatanEnv

    env = CatanEnv(opponents=["catanatron:weighted", "catanatron:random", "random"], **NO_TRADE)
    obs, info = env.reset(seed=2)
    done, steps = False, 0
    while not done:
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        done, steps = terminated or truncated, steps + 1
    assert steps > 10
