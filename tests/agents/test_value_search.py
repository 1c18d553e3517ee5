"""The learned value (``agents.value_net``) and the search that uses it (``agents.value_search``)."""

import numpy as np
import pytest
from scramble import scramble

from agents import make_agent
from agents.learned import CHECKPOINTS, SHIPPED
from agents.policy_agent import load_policy
from agents.value_net import HEAD_SEATS, ValueNet, load_value
from agents.value_search import SHIPPED_VALUE, ValueSearchAgent, shipped_value
from catan_env import Game, hooks
from catan_env.core import policy as P
from catan_env.determinize import determinize_state
from catan_env.games.catan.common import layout as L


def _net(seed=0, hidden=(32, 16)) -> ValueNet:
    spec = hooks.get("base")
    net = ValueNet.random("base", 4, spec.obs_size, hidden, seed=seed)
    # Larger head weights than an untrained net's, so positions get visibly different values.
    w, b = net.head
    return ValueNet(net.layers, (w * 300, b), net.meta)


def _midgame(seed: int, stop: int, trade=False) -> Game:
    g = Game(seed=seed, domestic_trade=trade)
    heuristic = make_agent("heuristic", seed=seed)
    while not g.done and (len(g.actions) < stop or g.legal_actions().size < 4):
        g.step(heuristic.act(g))
    return g


def _kernel_value(net, g, seat):
    spec = g.variant
    params, meta = net.table()
    act = np.zeros(P.scratch_size(meta), np.float32)
    obs = np.zeros(spec.obs_size, np.float32)
    seats = np.arange(HEAD_SEATS, dtype=np.int32)
    return spec.kernels.value_of(g.state, g.tables, seat, params, meta, 0, obs, act, seats)


def test_value_net_saves_loads_and_refuses_a_policy(tmp_path):
    net = _net()
    net.save(tmp_path / "v.npz")
    back = load_value(tmp_path / "v.npz")
    obs = np.random.default_rng(0).random((5, net.obs_size)).astype(np.float32)
    np.testing.assert_array_equal(back.logits(obs), net.logits(obs))
    assert back.meta["kind"] == "value"
    with pytest.raises(ValueError, match="is not a value checkpoint .*kind is 'policy'"):
        load_value(CHECKPOINTS / SHIPPED["base"])
    with pytest.raises(FileNotFoundError, match="no value checkpoint"):
        load_value(tmp_path / "missing.npz")
    with pytest.raises(ValueError, match="head has 3 rows, not one per seat"):
        ValueNet(net.layers, (net.head[0][:3], net.head[1][:3]), net.meta)


def test_kernel_value_is_the_nets_softmax_for_the_observer():
    """value_of is the first entry of the seat softmax of the numpy forward pass, from the
    asking seat's observation, for every seat (whoever is to move)."""
    net = _net(seed=1)
    g = _midgame(3, 90)
    for seat in range(4):
        p = net.win_probabilities(g.observe(seat)[None], 4)[0]
        assert abs(_kernel_value(net, g, seat) - p[0]) < 1e-5
        assert abs(p.sum() - 1) < 1e-9


def test_kernel_value_of_a_finished_game_is_the_result():
    g = Game(seed=2, domestic_trade=False)
    h = make_agent("heuristic", seed=0)
    while not g.done:
        g.step(h.act(g))
    net = _net()
    for seat in range(4):
        assert _kernel_value(net, g, seat) == (1.0 if seat == g.winner else 0.0)


def test_search_samples_the_roll_with_the_engines_chance_outcomes():
    """The searched value of a roll is the expectation over chance_outcomes' exact
    distribution of the dice: the totals the determinizations roll match the outcome
    probabilities, and the mean value matches sum(p * value) within sampling error (base §4)."""
    g = _midgame(11, 60)
    while not g.done and not (g.phase == "pre_roll" and g.current_player is not None):
        g.step(make_agent("heuristic", seed=1).act(g))
    seat = g.current_player
    roll = g.variant.actions.action_id("roll")
    outcomes = g.chance_outcomes(roll)
    assert len(outcomes) == 11 and abs(sum(o.probability for o in outcomes) - 1) < 1e-12
    net = _net(seed=4)
    exact = {}
    expectation = 0.0
    for o in outcomes:
        total = int(o.game.state[L.DICE] + o.game.state[L.DICE + 1])
        exact[total] = exact.get(total, 0.0) + o.probability
        expectation += o.probability * net.win_probabilities(o.game.observe(seat)[None], 4)[0, 0]
    spread = np.std([net.win_probabilities(o.game.observe(seat)[None], 4)[0, 0] for o in outcomes])
    rng = np.random.default_rng(0)
    k = 1200
    counts = {}
    for _ in range(k):
        d = determinize_state(g.variant, g.state, g.tables, seat, rng)
        after = Game._from_state(d, g.config)
        after.step(roll)
        total = int(after.state[L.DICE] + after.state[L.DICE + 1])
        counts[total] = counts.get(total, 0) + 1
    for total, p in exact.items():
        assert abs(counts.get(total, 0) / k - p) < 4 * np.sqrt(p * (1 - p) / k) + 1e-3, total
    agent = ValueSearchAgent(seed=3, time_budget=None, value=net, depth=1, determinizations=k)
    actions, values = agent.search(g)
    searched = float(values[list(actions).index(roll)])
    assert abs(searched - expectation) < 4 * spread / np.sqrt(k) + 1e-6


def test_depth_two_takes_the_best_follow_up():
    """Depth 1 scores the position after each action; depth 2, where the seat decides again
    at once, the best of the positions after its next action: both equal a Python
    recomputation on the same determinization."""
    g = _midgame(5, 150)
    seat = g.current_player
    net = _net(seed=2)

    def v(game):
        return net.win_probabilities(game.observe(seat)[None], 4)[0, 0]

    root = Game._from_state(
        determinize_state(g.variant, g.state, g.tables, seat, np.random.default_rng(1)), g.config
    )
    again = 0
    for depth in (1, 2):
        agent = ValueSearchAgent(seed=1, time_budget=None, value=net, depth=depth,
                                 determinizations=1, min_determinizations=1)  # fmt: skip
        actions, values = agent.search(g)
        assert actions.size >= 2
        for a, got in zip(actions, values, strict=True):
            after = root.copy()
            after.step(int(a))
            if depth == 2 and not after.done and after.current_player == seat:
                best = []
                for b in after.legal_actions():
                    nxt = after.copy()
                    nxt.step(int(b))
                    best.append(v(nxt))
                want = max(best)
                again += 1
            else:
                want = v(after)
            assert abs(got - want) < 1e-5
    assert again >= 1


def test_search_never_peeks_and_repeats_when_seeded():
    """Same observation, other hidden cards, decks and generator: the same values."""
    rng = np.random.default_rng(7)
    net = _net(seed=5)
    checked = 0
    g = Game(seed=21, domestic_trade=True)
    driver = make_agent("weighted", seed=2)
    while not g.done and checked < 12:
        if g.legal_actions().size > 1 and rng.random() < 0.2:
            other = Game.from_dict(g.to_dict())
            other.state[:] = scramble(g, rng)
            other._mask_valid = False
            agent = dict(time_budget=None, value=net, determinizations=4)
            a, v = ValueSearchAgent(seed=9, **agent).search(g)
            b, w = ValueSearchAgent(seed=9, **agent).search(other)
            np.testing.assert_array_equal(a, b)
            np.testing.assert_allclose(v, w, atol=1e-6)
            checked += 1
        g.step(driver.act(g))
    assert checked >= 8


def test_value_search_plays_whole_games_and_spends_its_budget():
    g = Game(seed=4, domestic_trade=False)
    agents = [ValueSearchAgent(seed=1, time_budget=0.005, value=_net())] + [
        make_agent("heuristic", seed=q) for q in range(1, 4)
    ]
    searched = 0
    while not g.done:
        agent = agents[g.current_player]
        g.step(agent.act(g))
        if agent is agents[0] and agents[0].last:
            searched += 1
            assert agents[0].last["determinizations"] >= 2
            agents[0].last = {}
    assert searched > 10


def test_value_search_refuses_what_it_cannot_play():
    with pytest.raises(ValueError, match="depth must be 1 or 2"):
        ValueSearchAgent(depth=3)
    with pytest.raises(ValueError, match="time_budget must be positive"):
        ValueSearchAgent(time_budget=0)
    other = ValueNet.random("cities_and_knights", 4, hooks.get("cities_and_knights").obs_size,
                            (8,))  # fmt: skip
    with pytest.raises(ValueError, match="trained for cities_and_knights, not base"):
        ValueSearchAgent(value=other).act(_midgame(1, 40))


@pytest.mark.parametrize("game", sorted(SHIPPED_VALUE))
def test_a_value_ships_for_each_game_and_fits_it(game):
    net = shipped_value(game)
    assert net.variant == game and net.obs_size == hooks.get(game).obs_size
    # The shipped policy is not a value, and the other way round.
    with pytest.raises(ValueError):
        load_policy(CHECKPOINTS / SHIPPED_VALUE[game])


def test_value_search_by_name():
    assert make_agent("value-search").time_budget == 0.2
    assert make_agent("value-search:0.05").time_budget == 0.05
    with pytest.raises(ValueError, match="value-search:SECONDS takes"):
        make_agent("value-search:0")


def test_mcts_scores_its_horizon_with_the_learned_value():
    """leaf="value": each playout's score is the value net's chance for the seat at the
    horizon (value_of); "mix" the mean of it and the squashed heuristic value."""
    from agents.mcts import MCTSAgent

    net = _net(seed=6)
    g = _midgame(8, 120)
    seen = {}
    for leaf in ("value", "mix"):
        agent = MCTSAgent(seed=2, time_budget=None, playouts=12, leaf=leaf, value=net)
        scores = []
        original = agent._score_after

        def spy(kit, state, tb, seat, kinds, a, turn0, v_root, _orig=original, _s=scores):
            score = _orig(kit, state, tb, seat, kinds, a, turn0, v_root)
            after = Game._from_state(state.copy(), g.config)
            learned = (
                1.0 * (after.winner == seat) if after.done else _kernel_value(net, after, seat)
            )
            _s.append((score, learned))
            return score

        agent._score_after = spy
        assert agent.act(g) in set(g.legal_actions().tolist())
        assert len(scores) >= 4
        seen[leaf] = scores
    assert all(abs(s - v) < 1e-9 for s, v in seen["value"])
    assert any(abs(s - v) > 1e-6 for s, v in seen["mix"])  # the heuristic's half counts
    with pytest.raises(ValueError, match="leaf must be one of heuristic, value, mix"):
        MCTSAgent(leaf="net")
    with pytest.raises(ValueError, match="root='halving'"):
        MCTSAgent(leaf="value", root="puct")
