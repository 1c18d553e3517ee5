"""Explorers & Pirates (Land Ho!) over many random games: invariants, masks,
replays, hidden information, and the APIs (E&P §4, §10.1, §12)."""

import json

import numpy as np
import pytest
from ep_helpers import scramble_face_down
from pettingzoo.test import api_test, seed_test

import catan_env
from catan_env import Game, GameConfig, IllegalActionError
from catan_env.games.catan.explorers_and_pirates.layout import EP_STATE_SIZE
from catan_env.variants import get_variant
from catan_env.vector import VectorCatan

EP = "explorers_and_pirates"
SCENARIOS = ("land_ho", "pirate_lairs", "fish_for_catan", "spices_for_catan", EP)


def _soak(n_games, seed0=0, **options):
    c = GameConfig.make(variant=EP, **options)
    v = get_variant(EP)
    code = np.zeros(n_games, np.int32)
    winner = np.zeros(n_games, np.int32)
    decisions = np.zeros(n_games, np.int64)
    states = np.zeros((n_games, EP_STATE_SIZE), np.int32)
    seeds = np.arange(seed0, seed0 + n_games, dtype=np.int64)
    v.soak(v.tables(c), c.config_vector(), c.board_template(), seeds, np.zeros(4, np.int64),
           seed0, 2_000_000,
           code, winner, decisions, states)  # fmt: skip
    bad = {
        v.invariant_names[k] if k < len(v.invariant_names) else int(k): int((code == k).sum())
        for k in np.unique(code)
        if k
    }
    assert not bad, f"invariants broken: {bad}"
    return winner, decisions, states


def test_invariants_over_random_games():
    """E&P §1.8, E&P §4.7, E&P §4.8, E&P §4.13, E&P §10.1: 400 random 4-player Land Ho!
    games, every invariant after every step (cards conserved, pieces and
    settlers conserved, VP match the board, holds within capacity, at most 2
    ships per route, ships on sea routes, distance rule, one token per face-up
    terrain hex); every game ends, almost always with a winner."""
    winner, decisions, states = _soak(400)
    assert (winner >= 0).mean() > 0.95
    assert decisions.min() > 50
    v = get_variant(EP)
    discovered = v.layout.view(states, "hexes_discovered")
    assert discovered.mean() > 2


@pytest.mark.parametrize("num_players", [2, 3])
def test_invariants_two_and_three_players(num_players):
    """E&P §10.1, E&P §3: Land Ho! with 2 (neutral obstacles) and 3 players. With 2
    the seats' colours decide which two starts stay as obstacles; when white and
    orange (who share the pasture tip) play, random players often run out of room
    on the island and a third of those games reach the turn limit."""
    winner, _, _ = _soak(150, seed0=1000, num_players=num_players)
    assert (winner >= 0).mean() > (0.85 if num_players == 2 else 0.95)
    assert winner.max() < num_players


@pytest.mark.parametrize(
    "scenario,num_players",
    [
        ("pirate_lairs", 4),
        ("pirate_lairs", 2),
        ("fish_for_catan", 4),
        ("fish_for_catan", 3),
        ("spices_for_catan", 4),
        ("explorers_and_pirates", 4),
        ("explorers_and_pirates", 2),
    ],
)
def test_mission_scenarios_invariants(scenario, num_players):
    """E&P §5, E&P §6.2, E&P §7, E&P §8, E&P §9, E&P §10.2-§10.6: 300 random games of
    each mission scenario (free set-up, crews, pirates, tribute, chases, lairs,
    fish, spices) with every invariant after every step, crews, fish and spice
    sacks conserved; every game ends (a winner or the turn limit)."""
    winner, decisions, states = _soak(
        300 if num_players == 4 else 100, seed0=7, scenario=scenario,
        num_players=num_players, max_turns=300,
    )  # fmt: skip
    v = get_variant(EP)
    assert (v.layout.view(states, "pirate_owner") >= 0).mean() > 0.5
    assert decisions.min() > 100


def _random_game(seed, steps=None, scenario="land_ho"):
    g = Game(variant=EP, seed=seed, scenario=scenario)
    rng = np.random.default_rng(seed)
    n = 0
    while not g.done and (steps is None or n < steps):
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
        n += 1
    return g


@pytest.mark.parametrize("scenario", ["land_ho", "pirate_lairs"])
def test_replay_is_identical(scenario):
    """E&P §12.7: a record (seed + actions) replays to the identical final state."""
    g = _random_game(3, steps=None if scenario == "land_ho" else 3000, scenario=scenario)
    record = json.loads(json.dumps(g.record()))
    again = Game.from_record(record)
    assert (again.state == g.state).all()


def test_masks_and_explanations_agree():
    """E&P §12: every action the mask allows applies; every other id raises an
    error naming a reason, with the state unchanged."""
    rng = np.random.default_rng(1)
    g = Game(variant=EP, seed=21)
    checked = 0
    while not g.done and checked < 300:
        mask = g.action_mask()
        for a in rng.choice(np.flatnonzero(~mask), 5, replace=False):
            before = g.state.copy()
            with pytest.raises(IllegalActionError, match="illegal|only possible"):
                g.step(int(a))
            assert (g.state == before).all()
        legal = np.flatnonzero(mask)
        g.step(int(legal[rng.integers(len(legal))]))
        checked += 1


def test_observations_never_show_face_down_hexes():
    """E&P §12.7: along random games, scrambling what every face-down hex is and the
    token stacks' order leaves every seat's observation unchanged."""
    rng = np.random.default_rng(5)
    for seed in range(10):
        scenario = SCENARIOS[seed % 5]
        g = _random_game(seed, steps=int(rng.integers(50, 900)), scenario=scenario)
        d = scramble_face_down(g.to_dict(), rng, gold=seed % 5 != 0)
        g2 = Game.from_dict(d)
        for p in range(4):
            assert (g2.observe(p) == g.observe(p)).all()


@pytest.mark.parametrize(
    "scenario,num_players",
    [
        ("land_ho", 2),
        ("land_ho", 4),
        ("pirate_lairs", 3),
        ("fish_for_catan", 4),
        ("spices_for_catan", 4),
        ("explorers_and_pirates", 2),
    ],
)
def test_api_test(scenario, num_players):
    """E&P §12: the PettingZoo AEC env passes api_test."""
    api_test(catan_env.env(variant=EP, scenario=scenario, num_players=num_players), num_cycles=1000)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_seed_test(scenario):
    """E&P §12.7: the AEC env is reproducible from its seed."""
    seed_test(lambda: catan_env.env(variant=EP, scenario=scenario), num_cycles=500)


def test_vector_and_simulate():
    """E&P §10.1: the batched simulator and ``catan-env simulate`` play Land Ho!."""
    v = VectorCatan(8, variant=EP, seed=0, max_turns=40)
    for _ in range(300):
        v.step(v.random_actions())
    from catan_env.cli import main

    assert main(["simulate", "--games", "20", "--variant", EP, "--scenario", "land_ho",
                 "--json", "-q", "--threads", "1"]) == 0  # fmt: skip
    assert main(["simulate", "--games", "2", "--variant", EP, "--agents", "heuristic",
                 "--json", "-q", "--threads", "1"]) == 0  # fmt: skip
    assert main(["simulate", "--games", "2", "--variant", EP, "--agents", "nobody",
                 "--json", "-q"]) != 0  # fmt: skip


def test_weighted_agent_beats_random():
    """E&P §4.13: the jitted weighted agent (founding and building first) wins more
    than its seat share against random agents."""
    from agents import make_agent
    from catan_env.simulate import simulate

    config = GameConfig.make(variant=EP)
    agents = [make_agent("weighted", seed=0)] + [make_agent("random", seed=i) for i in (1, 2, 3)]
    result = simulate(200, agents, config, seed=0, progress=False, threads=1)
    assert result.wins[0] > 200 * 0.3, result.wins
