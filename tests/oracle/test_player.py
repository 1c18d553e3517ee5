"""Our agents inside catanatron's loop (``catan_env.oracle.player``) and the reverse converter
(``catan_env.oracle.reverse``): round trip, legal-action mapping, no peeking, whole games.

catanatron is the ``oracle`` extra: without it these tests are skipped, unless
``CATAN_ENV_REQUIRE_ORACLE=1``. Only catanatron 3.2.1 from PyPI is needed
(``RandomPlayer``, ``WeightedRandomPlayer``); the ``ValueFunctionPlayer`` check
is skipped without ``catanatron_experimental``.
"""

import os
import re

import numpy as np
import pytest

if os.environ.get("CATAN_ENV_REQUIRE_ORACLE") == "1":
    import catanatron  # noqa: F401  (fail loudly in CI)
else:
    pytest.importorskip("catanatron", reason="the oracle extra (catanatron) is not installed")

from catanatron.game import TURNS_LIMIT
from catanatron.game import Game as CGame
from catanatron.models.enums import DEVELOPMENT_CARDS, RESOURCES
from catanatron.models.player import Color, RandomPlayer

from agents import make_agent
from catan_env import Game
from catan_env.determinize import determinize_state
from catan_env.games.catan.base import observe as OBS
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.oracle import CatanEnvPlayer
from catan_env.oracle.convert import _PROMPT, to_catanatron
from catan_env.oracle.reverse import from_catanatron
from catan_env.oracle.validate import RULES, run
from catan_env.snapshot import state_to_dict

try:
    from catanatron_experimental.machine_learning.players import minimax  # noqa: F401

    HAVE_SEARCH_BOTS = True
except ImportError:
    HAVE_SEARCH_BOTS = False

#: Fields no catanatron state holds (or that only mean something in another phase).
_UNKEPT = ("rng", "decisions", "turn.built", "dev_deck.order")
_STALE_OUTSIDE = {
    "turn.resume_phase": (P.MOVE_ROBBER, P.ROAD_BUILDING),
    "turn.free_roads_left": (P.ROAD_BUILDING,),
    "turn.free_roads_placed": (P.ROAD_BUILDING,),
}


def _flat(d: dict, pre: str = "") -> dict:
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flat(v, f"{pre}{k}."))
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            for i, x in enumerate(v):
                out.update(_flat(x, f"{pre}{k}.{i}."))
        else:
            out[pre + k] = v
    return out


def _known(state: np.ndarray, seat: int | None) -> dict:
    """The snapshot's facts ``seat`` knows (every fact with ``None``): the others' hands and
    development cards as counts; the fields catanatron does not keep left out."""
    phase = int(state[L.PHASE])
    out = {}
    for k, v in _flat(state_to_dict(state)).items():
        m = re.match(r"players\.(\d)\.(hand|dev_cards|dev_cards_bought_this_turn)\.", k)
        if seat is not None and m and int(m.group(1)) != seat:
            total = f"players.{m.group(1)}.{m.group(2)}"
            out[total] = out.get(total, 0) + v
        elif k in _UNKEPT or phase not in _STALE_OUTSIDE.get(k, (phase,)):
            continue
        elif phase == P.DISCARD and k.endswith("discards_owed"):
            continue  # catanatron discards half at once: only the discarder's count
        else:
            out[k] = v
    return out


def _positions(games: int, every: int):
    """Positions of random games in our engine (4 and 3 players) that catanatron can express."""
    for k in range(games):
        g = Game(num_players=4 - k % 2, seed=100 + k, domestic_trade=False)
        agent = make_agent("random", seed=k)
        i = 0
        while not g.done:
            if int(g.state[L.PHASE]) in _PROMPT and i % every == 0:
                yield g
            i += 1
            g.step(agent.act(g))


def test_round_trip_keeps_public_facts_and_own_cards():
    """ours -> catanatron -> ours: what the deciding seat knows is unchanged."""
    count = 0
    for g in _positions(games=4, every=7):
        conv = to_catanatron(g.state, log=True)
        seat = g.current_player
        back, config = from_catanatron(conv.game, viewer=conv.color_of[seat], seats=conv.seats)
        assert config.domestic_trade is False and config.num_players == g.num_players
        assert _known(back, seat) == _known(g.state, seat), (g.phase, count)
        full, _ = from_catanatron(conv.game, seats=conv.seats)  # every card read
        assert _known(full, None) == _known(g.state, None), (g.phase, count)
        pos = int(g.state[L.DECK_POS])
        assert (full[L.DECK + pos : L.DECK + 25] == g.state[L.DECK + pos : L.DECK + 25]).all()
        count += 1
    assert count > 200


def test_round_trip_keeps_the_seats_observation_and_the_heuristics_choice():
    """What our agents read is unchanged by ours -> catanatron -> ours (determinized for the
    seat): the observation (but the built-this-turn flag, which this synthetic log does not
    record; catanatron's own log does; and a stale free-road count) and the heuristic's
    choice. Discards are left out:
    catanatron has no partial discard (and asks our agent none)."""
    built, free = OBS.O_FLAGS + 1, OBS.O_FLAGS + 3
    count = 0
    for g in _positions(games=2, every=3):
        if int(g.state[L.PHASE]) == P.DISCARD:
            continue  # catanatron discards half at once, at random: our agent is not asked
        seat = g.current_player
        conv = to_catanatron(g.state, log=True)
        back, config = from_catanatron(conv.game, viewer=conv.color_of[seat], seats=conv.seats)
        back = determinize_state(g.variant, back, g.tables, seat, np.random.default_rng(count))
        h = Game._from_state(back, config)
        mine, theirs = g.observe(seat), h.observe(seat)
        mine[built] = theirs[built] = 0
        if int(g.state[L.PHASE]) != P.ROAD_BUILDING:
            # Our engine leaves free_roads_left at 1 after Road Building ends on its first
            # road; the observation shows it until the next card. Read back, it is 0.
            mine[free] = theirs[free] = 0
        assert (mine == theirs).all(), (g.phase, count)
        a = make_agent("heuristic", seed=1).act(g.copy())
        assert make_agent("heuristic", seed=1).act(h) == a, (g.phase, count)
        count += 1
    assert count > 100


def test_legal_actions_map_onto_catanatrons():
    """At every decision of catanatron's own games, our legal actions are catanatron's
    playable ones, but for the differences listed in the README."""
    report = run(games=3, bots=["random", "weighted"], seed=11, limit=300)
    report3 = run(games=1, bots=["weighted"], seed=21, players=3, limit=150)
    assert report.unexplained == [] and report3.unexplained == []
    assert report.positions + report3.positions >= 400
    assert set(report.explained) <= set(RULES)
    assert {"setup_settlement", "pre_roll", "action", "move_robber"} <= set(report.by_phase)


@pytest.mark.skipif(not HAVE_SEARCH_BOTS, reason="catanatron_experimental is not installed")
def test_legal_actions_in_value_function_games():
    report = run(games=1, bots=["value"], seed=31, limit=200)
    assert report.unexplained == []


def _scramble(cgame, keep, rng) -> None:
    """Swap the hidden cards of every colour but ``keep``: resource cards between the
    opponents (sizes kept), their development cards and the deck dealt anew."""
    cs = cgame.state
    ps = cs.player_state
    others = [f"P{j}_" for j, c in enumerate(cs.colors) if c != keep]
    for _ in range(30):
        a, b = rng.choice(others, 2, replace=False)
        ra = [r for r in RESOURCES if ps[f"{a}{r}_IN_HAND"]]
        rb = [r for r in RESOURCES if ps[f"{b}{r}_IN_HAND"]]
        if ra and rb:
            x, y = rng.choice(ra), rng.choice(rb)
            ps[f"{a}{x}_IN_HAND"] -= 1
            ps[f"{b}{x}_IN_HAND"] += 1
            ps[f"{b}{y}_IN_HAND"] -= 1
            ps[f"{a}{y}_IN_HAND"] += 1
    pool = list(cs.development_listdeck)
    counts = {}
    for k in others:
        counts[k] = sum(ps[f"{k}{d}_IN_HAND"] for d in DEVELOPMENT_CARDS)
        for d in DEVELOPMENT_CARDS:
            pool += [d] * ps[f"{k}{d}_IN_HAND"]
            ps[f"{k}{d}_IN_HAND"] = 0
        ps[f"{k}ACTUAL_VICTORY_POINTS"] = ps[f"{k}VICTORY_POINTS"]
    pool = [str(x) for x in rng.permutation(pool)]
    for k in others:
        for _ in range(counts[k]):
            d = pool.pop()
            ps[f"{k}{d}_IN_HAND"] += 1
            ps[f"{k}ACTUAL_VICTORY_POINTS"] += d == "VICTORY_POINT"
    cs.development_listdeck = pool


class Peeker:
    """An agent whose choice depends on every card in the state it is given: the hands,
    the development cards and the deck (what a leak would show)."""

    name = "peeker"
    kernel_kind = None

    def act(self, game) -> int:
        s = game.state
        hidden = np.concatenate(
            [s[L.HAND : L.HAND + 32], s[L.DEV_HAND : L.DEV_HAND + 20], s[L.DECK : L.DECK + 25]]
        )
        legal = game.legal_actions()
        return int(legal[hash(hidden.tobytes()) % len(legal)])


@pytest.mark.parametrize("agent", ["peeker", "heuristic"])
def test_choice_does_not_depend_on_hidden_cards(agent):
    """Opponents' hands, development cards and the deck order never reach our agent: an
    agent that reads every card of the state it is given chooses the same."""
    if agent == "peeker":
        agent = Peeker()
    rng = np.random.default_rng(5)
    colors = list(Color)
    me = CatanEnvPlayer(agent, colors[0], seed=3)
    cgame = CGame([me] + [RandomPlayer(c) for c in colors[1:]], seed=7)
    checked = 0
    while cgame.winning_color() is None and checked < 40:
        cs = cgame.state
        if cs.current_color() == me.color and len(cs.playable_actions) > 1:
            choices = []
            for trial in range(3):
                copy = cgame.copy()
                if trial:
                    _scramble(copy, me.color, rng)
                player = CatanEnvPlayer(agent, me.color, seed=checked)
                choices.append(player.decide(copy, copy.state.playable_actions))
            assert choices[0] == choices[1] == choices[2], (checked, choices)
            checked += 1
        cgame.play_tick()
    assert checked >= 20


@pytest.mark.parametrize("agent, players", [("random", 4), ("heuristic", 4), ("heuristic", 3)])
def test_whole_game_against_random_players(agent, players):
    colors = list(Color)[:players]
    me = CatanEnvPlayer(agent, colors[1], seed=1)
    others = [RandomPlayer(c) for c in colors if c != me.color]
    cgame = CGame([others[0], me, *others[1:]], seed=3)
    winner = cgame.play()
    assert winner is not None or cgame.state.num_turns >= TURNS_LIMIT
    assert me.decisions > 20
    assert not me.fallbacks
    if agent == "heuristic":
        assert winner == me.color  # against random players it wins
