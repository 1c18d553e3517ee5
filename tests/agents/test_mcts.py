"""The determinized MCTS agent: complete games, repeatable with a playout budget, no peeking."""

import numpy as np
import pytest

from agents import make_agent
from agents.mcts import MCTSAgent
from catan_env import Game
from catan_env.determinize import determinize

CK = "cities_and_knights"


def _quick(seed, root="halving"):
    return MCTSAgent(seed=seed, time_budget=None, playouts=6, rollout_decisions=8, root=root)


def _play(variant, seed, agents, max_turns=1000):
    g = Game(variant=variant, seed=seed, max_turns=max_turns)
    while not g.done:
        g.step(agents[g.current_player].act(g))  # raises on an illegal action
    return g


@pytest.mark.parametrize("root", ["halving", "puct"])
@pytest.mark.parametrize("variant", ["base", CK])
def test_plays_complete_games(variant, root):
    agents = [_quick(s, root) for s in range(4)]
    g = _play(variant, 3, agents)
    assert g.done and (g.winner is not None or g.truncated)


def test_registered():
    agent = make_agent("mcts", seed=1)
    assert isinstance(agent, MCTSAgent) and agent.name == "mcts" and agent.kernel_kind is None
    assert agent.time_budget == 0.1


@pytest.mark.parametrize("variant", ["base", CK])
def test_seeded_runs_repeat(variant):
    a = _play(variant, 5, [_quick(s) for s in range(4)], max_turns=25)
    b = _play(variant, 5, [_quick(s) for s in range(4)], max_turns=25)
    assert a.actions == b.actions


def test_the_argument_after_the_colon_is_the_time_budget():
    """``mcts:0.5`` used to land on ``seed`` (TypeError: multiple values for 'seed')."""
    agent = make_agent("mcts:0.5", seed=3)
    assert isinstance(agent, MCTSAgent) and agent.time_budget == 0.5
    assert agent.rng.integers(1 << 30) == np.random.default_rng(3).integers(1 << 30)
    for bad in ("fast", "0", "-1", "nan", "inf"):
        with pytest.raises(ValueError, match=r"mcts:SECONDS takes the search time per move"):
            make_agent(f"mcts:{bad}")


def test_bad_arguments():
    with pytest.raises(ValueError, match="budget"):
        MCTSAgent(time_budget=None)
    with pytest.raises(ValueError, match="root"):
        MCTSAgent(root="minimax")


def test_single_legal_action_is_not_searched():
    g = Game(seed=1)
    rng = np.random.default_rng(0)
    agent = MCTSAgent(seed=0, time_budget=None, playouts=5)
    while len(g.legal_actions()) > 1 or g.phase == "setup_settlement":
        g.step(int(rng.choice(g.legal_actions())))
    assert agent.act(g) == int(g.legal_actions()[0]) and agent.last_iterations == 0


@pytest.mark.parametrize("root", ["halving", "puct"])
@pytest.mark.parametrize("variant", ["base", CK])
def test_never_peeks(variant, root):
    """Scrambling everything the deciding seat cannot see (opponents' cards, decks, the dice to
    come) leaves the choice of a seeded search unchanged: it reads the game only through
    determinizations."""
    rng = np.random.default_rng(2)
    searched = 0
    for seed in range(6):
        g = Game(variant=variant, seed=seed)
        stop = int(rng.integers(30, 700))
        while not g.done and len(g.actions) < stop:
            g.step(int(rng.choice(g.legal_actions())))
        if g.done or len(g.legal_actions()) == 1:
            continue
        seat = g.current_player
        scrambled = determinize(g, seat, rng)
        first = MCTSAgent(seed=11, time_budget=None, playouts=12, root=root)
        second = MCTSAgent(seed=11, time_budget=None, playouts=12, root=root)
        assert first.act(g) == second.act(scrambled)
        searched += 1
    assert searched >= 3


@pytest.mark.parametrize("protocol", ["pairs", "cards"])
def test_offers_searched_as_moves_open_only_where_their_opening_is_legal(protocol):
    """With an offer already being composed, a searched one-for-one offer must not start
    with a pair, which opens offers from the action phase only (base §6.1): the search
    played an illegal action there once. Every macro's opening is legal where it is offered."""
    from agents.mcts import _Kit
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.constants import NUM_CARD_TYPES
    from catan_env.games.catan.common.phases import TRADE_COMPOSE

    agent = MCTSAgent(seed=0, time_budget=None, playouts=30)
    rng = np.random.default_rng(3)
    checked = {"action": 0, "compose": 0}
    for seed in range(40):
        g = Game(seed=seed, trade_protocol=protocol)
        kit = _Kit(g.variant)
        while not g.done and len(g.actions) < 400:
            names = g.legal_action_names()
            if int(g.state[L.PHASE]) == TRADE_COMPOSE or any(n.startswith("offer") for n in names):
                seat = g.current_player
                legal = g.legal_actions()
                v = kit.evaluate(g.state, g.tables, seat)
                for m in agent._trade_macros(kit, g.state, g.tables, seat, legal, v):
                    give, want = divmod(m - g.num_actions, NUM_CARD_TYPES)
                    assert all(a in legal for a in kit.opening(g.state, give, want)), names
                compose = int(g.state[L.PHASE]) == TRADE_COMPOSE
                checked["compose" if compose else "action"] += 1
                if compose:
                    assert agent.act(g) in legal  # the whole search, in the middle of an offer
            g.step(int(rng.choice(g.legal_actions())))
        if min(checked.values()) >= 5:
            break
    assert min(checked.values()) >= 5, checked
