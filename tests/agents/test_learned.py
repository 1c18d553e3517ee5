"""The shipped trained agents: ``learned`` (jitted policy) and ``learned-search``."""

import numpy as np
import pytest
from scramble import scramble
from test_learner_env import random_net

from agents import PolicyAgent, make_agent
from agents.learned import (
    SEARCH_PRIOR,
    SHIPPED,
    LearnedAgent,
    LearnedSearchAgent,
    search_prior,
    shipped_policy,
)
from agents.policy_agent import load_policy
from catan_env import Game, hooks

CK = "cities_and_knights"


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_a_checkpoint_ships_for_each_game_and_fits_it(game):
    net = shipped_policy(game)
    spec = hooks.get(game)
    assert net.variant == game
    assert net.meta["obs_size"] == spec.rules.OBS_SIZE
    assert net.meta["num_actions"] == spec.rules.NUM_ACTIONS


@pytest.mark.parametrize("game", ["base", CK])
def test_learned_chooses_as_its_python_twin(game):
    """The jitted forward pass picks what PolicyAgent's numpy pass picks, on the same
    observations, for the shipped network and for a random one of other shapes."""
    nets = [shipped_policy(game), random_net(game, (48, 24), "tanh", seed=3)]
    rng = np.random.default_rng(0)
    for net in nets:
        jitted, twin = LearnedAgent(net), PolicyAgent(net)
        g = Game(variant=game, seed=5)
        checked = 0
        while not g.done and checked < 300:
            assert jitted.act(g) == twin.act(g), (checked, g.legal_action_names())
            g.step(int(rng.choice(g.legal_actions())))
            checked += 1
        assert checked == 300


def test_learned_by_name_plays_the_shipped_policy_and_whole_games():
    agent = make_agent("learned", seed=0)
    assert agent.name == "learned"
    g = Game(seed=2)
    heuristic = make_agent("heuristic", seed=1)
    while not g.done:
        # Game.step raises on an illegal choice.
        g.step(agent.act(g) if g.current_player == 0 else heuristic.act(g))
    assert agent.policy_for(g).variant == "base"


def test_learned_path_argument_and_its_errors(tmp_path):
    net = random_net("base")
    path = tmp_path / "net.npz"
    net.save(path)
    agent = make_agent(f"learned:{path}")
    g = Game(seed=1)
    assert agent.act(g) == PolicyAgent(load_policy(path)).act(g)
    with pytest.raises(ValueError, match="trained for base, not cities_and_knights"):
        agent.act(Game(variant=CK, seed=1))
    with pytest.raises(ValueError, match="no learned checkpoint ships for 'explorers_and_pirates'"):
        make_agent("learned").act(Game(variant="explorers_and_pirates", seed=1))
    three = LearnedAgent(_with_meta(net, num_players=3))
    with pytest.raises(ValueError, match="trained for 3 players, not 4"):
        three.act(Game(seed=1))
    with pytest.raises(FileNotFoundError):
        make_agent(f"learned:{tmp_path / 'missing.npz'}")


def _with_meta(net, **meta):
    from agents.policy_agent import PolicyNet

    return PolicyNet(net.layers, net.head, {**net.meta, **meta})


@pytest.mark.parametrize("game", ["base", CK])
def test_learned_never_peeks(game):
    """Same observation, other hidden cards, decks and generator: same choice."""
    rng = np.random.default_rng(4)
    driver = make_agent("weighted", seed=2)
    checked = 0
    g = Game(variant=game, seed=7)
    while not g.done and checked < 60:
        if g.legal_actions().size > 1 and rng.random() < 0.3:
            other = Game.from_dict(g.to_dict())
            other.state[:] = scramble(g, rng)
            other._mask_valid = False
            assert make_agent("learned", seed=1).act(g) == make_agent("learned", seed=1).act(other)
            checked += 1
        g.step(driver.act(g))
    assert checked >= 30


def _midgame(seed: int, stop: int) -> Game:
    g = Game(seed=seed)
    heuristic = make_agent("heuristic", seed=seed)
    while not g.done and (len(g.actions) < stop or g.legal_actions().size < 6):
        g.step(heuristic.act(g))
    return g


def test_learned_search_compares_the_policys_choices():
    """Its candidates hold the heuristic's choice and the policy's most likely legal moves."""
    g = _midgame(3, 200)
    agent = LearnedSearchAgent(seed=0, time_budget=None, playouts=40, policy_candidates=2)
    seen = {}
    original = LearnedSearchAgent._candidates

    def spy(self, kit, state, tb, seat, legal, heuristic, v_root):
        seen["c"] = original(self, kit, state, tb, seat, legal, heuristic, v_root)
        seen["h"] = heuristic
        return seen["c"]

    agent._candidates = spy.__get__(agent)
    choice = agent.act(g)
    assert choice in g.legal_actions()
    net = agent._policy.policy_for(g)
    legal = g.legal_actions()
    logits = net.logits(g.observe(g.current_player)[None])[0][legal]
    top = [int(a) for a in legal[np.argsort(-logits, kind="stable")]]
    assert seen["c"][:3] == [seen["h"], *[a for a in top if a != seen["h"]][:2]]
    assert len(seen["c"]) == agent.candidates < len(legal)
    assert len(set(seen["c"])) == len(seen["c"])


def test_learned_search_repeats_with_a_playout_budget_and_never_peeks():
    g = _midgame(5, 150)
    rng = np.random.default_rng(1)
    first = LearnedSearchAgent(seed=11, time_budget=None, playouts=24).act(g)
    assert LearnedSearchAgent(seed=11, time_budget=None, playouts=24).act(g) == first
    other = Game.from_dict(g.to_dict())
    other.state[:] = scramble(g, rng)
    other._mask_valid = False
    assert LearnedSearchAgent(seed=11, time_budget=None, playouts=24).act(other) == first


def test_learned_search_by_name_and_its_argument():
    assert make_agent("learned-search").time_budget == 0.1
    assert make_agent("learned-search:0.25").time_budget == 0.25
    for bad in ("fast", "0", "inf"):
        with pytest.raises(ValueError, match=f"learned-search:SECONDS takes .* got '{bad}'"):
            make_agent(f"learned-search:{bad}")
    with pytest.raises(ValueError, match="policy_candidates must be >= 0"):
        LearnedSearchAgent(policy_candidates=-1)


def test_learned_search_plays_its_own_prior_where_one_ships():
    """In the base game the search's prior is its own checkpoint, not the one
    ``learned`` plays; in C&K, with no prior of its own, it is ``learned``'s."""
    base, ck = Game(seed=3), Game(variant=CK, seed=3)
    search, alone = make_agent("learned-search"), make_agent("learned")
    assert "base" in SEARCH_PRIOR and CK not in SEARCH_PRIOR
    prior, shipped = search._policy.policy_for(base), alone.policy_for(base)
    assert prior.variant == "base"
    obs = base.observe(base.current_player)[None]
    assert np.array_equal(prior.logits(obs), search_prior("base").logits(obs))
    assert not np.array_equal(prior.logits(obs), shipped.logits(obs))
    obs = ck.observe(ck.current_player)[None]
    assert np.array_equal(
        search._policy.policy_for(ck).logits(obs), alone.policy_for(ck).logits(obs)
    )
