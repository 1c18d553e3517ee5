"""The Explorers & Pirates heuristic agent: it finishes every scenario, plays only
legal actions, beats random agents, and never looks at anything face down.

Uniformly random agents alone almost never reach a mission scenario's VP target
(they spend their 15 roads and then hardly ever carry a settler to a founding
spot or three crews to a lair), so "plays to a winner" is asserted for tables of
heuristic agents and of one heuristic agent against random ones.
"""

from __future__ import annotations

import numpy as np
import pytest
from ep_helpers import EP, ep_blank, give, scramble_face_down, scramble_hands

from agents import make_agent
from benchmarks.agent_coverage import explorers_and_pirates as coverage
from catan_env import Game, GameConfig
from catan_env.games.catan.base.agents import KIND_HEURISTIC
from catan_env.games.catan.common.layout import OPT_VP_TO_WIN, PUBLIC_VP
from catan_env.games.catan.explorers_and_pirates.action_ids import TRADE_PROPOSE
from catan_env.games.catan.explorers_and_pirates.heuristic import (
    GOAL_COUNCIL,
    GOAL_EXPLORE,
    GOAL_FOUND,
    ship_goal,
)
from catan_env.games.catan.explorers_and_pirates.tables import T_NUM_VERTICES
from catan_env.simulate import play_jitted

SCENARIOS = ("land_ho", "pirate_lairs", "fish_for_catan", "spices_for_catan",
             "explorers_and_pirates")  # fmt: skip


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_heuristic_tables_play_to_a_winner(scenario):
    """E&P §4.13, §10: four heuristic agents, and one against three random agents,
    finish every game with a winner who holds the scenario's VP target."""
    config = GameConfig.make(variant=EP, scenario=scenario, max_turns=600)
    seeds = np.arange(6, dtype=np.int64)
    for kinds in ([KIND_HEURISTIC] * 4, [KIND_HEURISTIC, 0, 0, 0]):
        rec = play_jitted(config, np.array(kinds, np.int64), seeds, agent_seed=3)
        assert (rec.winners >= 0).all(), (kinds, rec.winners, rec.turns)
        for i, w in enumerate(rec.winners):
            assert rec.vps[i, w] >= config.vp_to_win
        if kinds[1] == 0:
            assert (rec.winners == 0).sum() >= 5, rec.winners


@pytest.mark.parametrize("scenario", ["land_ho", "explorers_and_pirates"])
def test_act_plays_the_kernel_policy_legally(scenario):
    """E&P §12: ``act(game)`` through Game (which rejects any illegal action) plays a
    whole game, the same one the kernel plays for the same seeds."""
    agents = [make_agent("heuristic", seed=0) for _ in range(2)] + [
        make_agent("random", seed=1),
        make_agent("weighted", seed=2),
    ]
    g = Game(variant=EP, scenario=scenario, seed=11)
    while not g.done:
        g.step(agents[g.current_player].act(g))
    assert g.winner is not None
    assert g.variant.check_state(g.state, g.tables) == 0


def test_ship_goals_follow_the_hold():
    """E&P §4.10, §7.3, §8.4: a settler ship heads for a founding spot, a crew ship
    for a lair or village when one is known, a fish ship for the Council, an empty
    ship out to explore."""
    g = Game(variant=EP, scenario="land_ho", seed=2)  # ships placed by the fixed start
    d = g.to_dict()
    ship = next(s for s in d["players"][0]["ships"] if s["path"] is not None)
    k = d["players"][0]["ships"].index(ship)
    for cargo, goal in (
        ({"settler": 1}, GOAL_FOUND),
        ({"fish": 1}, GOAL_COUNCIL),
        ({}, GOAL_EXPLORE),
    ):
        ship["cargo"] = cargo
        state = Game.from_dict(d).state
        assert ship_goal(state, g.tables, 0, k) == goal
    ship["cargo"] = {"crew": 1}  # Land Ho! has no lair or village to take it
    assert ship_goal(Game.from_dict(d).state, g.tables, 0, k) == GOAL_EXPLORE


@pytest.mark.parametrize("scenario", ["pirate_lairs", "spices_for_catan"])
def test_choice_ignores_what_is_face_down(scenario):
    """E&P §12.7: the same observation with other face-down hexes, token stacks,
    lair tokens, opponents' hands and RNG gives the same choice."""
    rng = np.random.default_rng(1)
    driver = make_agent("heuristic", seed=5)
    checked = 0
    for seed in range(2):
        g = Game(variant=EP, scenario=scenario, seed=seed)
        while not g.done and g.turn < 120:
            if g.legal_actions().size > 1 and rng.random() < 0.15:
                seat = g.current_player
                d = scramble_face_down(g.to_dict(), rng)
                d = scramble_hands(d, [q for q in range(g.num_players) if q != seat], rng)
                d["rng"] = [int(x) for x in rng.integers(-(2**31), 2**31, 2)]
                other = Game.from_dict(d)
                assert np.array_equal(other.observe(seat), g.observe(seat))
                a, b = make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed)
                assert a.act(g) == b.act(other), g.legal_action_names()
                checked += 1
            g.step(driver.act(g))
    assert checked > 100


def _coastal_vertex(g, avoid=()):
    """An intersection of the board in play that is coastal and free."""
    from catan_env.games.catan.explorers_and_pirates.board import (
        settlement_spot_ok,
        vertex_coastal,
    )

    for v in range(int(g.tables[T_NUM_VERTICES])):
        if v in avoid or not vertex_coastal(g.state, g.tables, v):
            continue
        if settlement_spot_ok(g.state, g.tables, v, 1):
            return v
    raise AssertionError("no coastal spot")


def _trade_position(seat1_needs_ore: bool):
    """Seat 0's next build (a settlement) lacks 1 wool and it holds 3 ore; seat 1 holds
    2 wool and, with ``seat1_needs_ore``, a coastal settlement whose harbor lacks 1 ore."""
    d = ep_blank()
    give(d, 0, lumber=1, brick=1, grain=1, ore=3)
    if seat1_needs_ore:
        v = _coastal_vertex(Game.from_dict(d))
        d["buildings"][f"v{v}"] = {"owner": 1, "kind": "settlement"}
        give(d, 1, wool=2, grain=2, ore=1)
    else:
        give(d, 1, wool=2, lumber=1, brick=1)
    return Game.from_dict(d)


def _names(g, agent, n):
    out = []
    for _ in range(n):
        name = g.action_names[agent.act(g)]
        out.append(name)
        g.step(name)
    return out


def test_heuristic_offers_a_surplus_card_for_the_one_its_build_lacks():
    """E&P §4.5 (base §6.3): with 3 ore spare and 1 wool short of a settlement, the
    heuristic offers every opponent 1 ore for 1 wool before trading 3:1 at the bank."""
    g = _trade_position(seat1_needs_ore=False)
    agent = make_agent("heuristic", seed=1)
    names = _names(g, agent, 2)
    assert names[0] == "offer(ore->wool)"  # the offer opens with its pair
    assert names[1] == g.action_names[TRADE_PROPOSE]  # to every opponent
    assert g.phase == "trade_respond"


def test_heuristic_accepts_only_an_offer_its_build_needs():
    """Seat 1 accepts 1 ore for 1 wool when its harbor settlement lacks ore and the wool is
    spare; the proposer confirms the trade. Without a use for the ore it declines."""
    for needs in (True, False):
        g = _trade_position(seat1_needs_ore=needs)
        agents = [make_agent("heuristic", seed=s) for s in range(4)]
        while g.phase != "trade_respond":
            g.step(agents[g.current_player].act(g))
        assert g.current_player == 1
        answer = g.action_names[agents[1].act(g)]
        assert answer == ("accept" if needs else "decline")
        if needs:
            g.step(answer)
            while g.phase == "trade_respond":
                g.step(agents[g.current_player].act(g))
            assert g.action_names[agents[0].act(g)].startswith("confirm_trade")


def test_heuristic_declines_an_offer_from_a_seat_about_to_win():
    """The common rule of the Catan heuristics: never trade with a seat within 2 VP of
    winning (proposer_near_win)."""
    g = _trade_position(seat1_needs_ore=True)
    agents = [make_agent("heuristic", seed=s) for s in range(4)]
    while g.phase != "trade_respond":
        g.step(agents[g.current_player].act(g))
    g.state[PUBLIC_VP + 0] = g.state[OPT_VP_TO_WIN] - 2
    assert g.action_names[agents[1].act(g)] == "decline"


def test_self_play_trades_with_players():
    """Heuristic self-play (3 seeded Land Ho! games) makes domestic offers and some are
    accepted and confirmed."""
    per = coverage(3, seed=0)["per_game"]
    assert per.get("offers_proposed", 0) > 0
    assert per.get("trades_confirmed", 0) > 0
