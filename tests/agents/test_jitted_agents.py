"""The jitted agents (weighted random, heuristic): legal play and no peeking.

The heuristic's strength against random agents is measured by the tournament
(README baselines), not asserted here: a win-rate test would be a timed,
noisy test. What is asserted is that every choice is legal, that ``act``
and the self-play kernel play the same policy, and that a choice never
depends on what the deciding seat cannot see.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from scramble import scramble

from agents import HeuristicAgent, WeightedRandomAgent, make_agent
from catan_env import Game, GameConfig
from catan_env.games.catan.base.agents import KIND_HEURISTIC, KIND_WEIGHTED
from catan_env.simulate import play_jitted

VARIANTS = ("base", "cities_and_knights")


def _play(variant: str, agents: list, seed: int, **options) -> Game:
    g = Game(variant=variant, num_players=len(agents), seed=seed, **options)
    while not g.done:
        # Game.step raises IllegalActionError on an illegal choice.
        g.step(agents[g.current_player].act(g))
    return g


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["weighted", "heuristic"])
def test_plays_complete_games_legally(variant, name):
    for seed in range(3):
        agents = [make_agent(name, seed=seed * 10 + k) for k in range(4)]
        g = _play(variant, agents, seed)
        assert g.winner is not None or g.truncated
        assert g.variant.check_state(g.state, g.tables) == 0


@pytest.mark.parametrize(
    "variant, options",
    [
        ("base", {"num_players": 2, "friendly_robber": True, "domestic_trade": False}),
        ("base", {"num_players": 3, "strict_trade_build_order": True}),
        ("cities_and_knights", {"num_players": 3, "mean_barbarians": True}),
        ("cities_and_knights", {"num_players": 3, "knight_errant": True, "easy_start": True}),
    ],
)
def test_mixed_tables_under_options(variant, options):
    """Fewer players and rule options: still only legal choices, to the end."""
    n = options.pop("num_players")
    agents = [HeuristicAgent(seed=1), WeightedRandomAgent(seed=2), HeuristicAgent(seed=3)][:n]
    g = _play(variant, agents, 5, **options)
    assert g.done


def test_agents_are_registered_with_their_kinds():
    assert make_agent("heuristic").kernel_kind == KIND_HEURISTIC
    assert make_agent("weighted").kernel_kind == KIND_WEIGHTED
    with pytest.raises(ValueError, match="unknown jitted agent kind"):
        from agents import JittedAgent

        JittedAgent(99)


def test_act_refuses_a_finished_game():
    g = _play("base", [HeuristicAgent(seed=k) for k in range(4)], 3)
    with pytest.raises(ValueError, match="game is over"):
        HeuristicAgent(seed=0).act(g)


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_plays_heuristic_games_to_the_end(variant):
    config = GameConfig(variant=variant)
    kinds = np.array([KIND_HEURISTIC, 0, KIND_WEIGHTED, KIND_HEURISTIC], np.int64)
    rec = play_jitted(config, kinds, np.arange(4, dtype=np.int64), agent_seed=7)
    assert (rec.decisions > 0).all()
    # Every game ends with a winner holding the VP target, or truncated.
    for i in range(4):
        w = rec.winners[i]
        assert w == -1 or rec.vps[i, w] >= config.vp_to_win
    again = play_jitted(config, kinds, np.arange(4, dtype=np.int64), agent_seed=7)
    assert (again.winners == rec.winners).all() and (again.decisions == rec.decisions).all()


# --- no peeking ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["heuristic", "weighted"])
def test_choice_ignores_hidden_information(variant, name):
    """Same observation, different hidden cards, deck order and RNG: same choice."""
    rng = np.random.default_rng(0)
    driver = make_agent("weighted", seed=1)
    checked = 0
    for seed in range(4):
        g = Game(variant=variant, num_players=4, seed=seed)
        while not g.done:
            if g.legal_actions().size > 1 and rng.random() < 0.3:
                seat = g.current_player
                obs = g.observe(seat)
                other = Game.from_dict(g.to_dict())
                other.state[:] = scramble(g, rng)
                other._mask_valid = False
                assert np.array_equal(other.observe(seat), obs)
                assert other.variant.check_state(other.state, other.tables) == 0
                a, b = make_agent(name, seed=seed), make_agent(name, seed=seed)
                assert a.act(g) == b.act(other), g.legal_action_names()
                checked += 1
            g.step(driver.act(g))
    assert checked > 200


def test_base_heuristic_memo_scores_equal_a_full_evaluation():
    """The base heuristic's lookahead reuses production, frontier and threat from
    a memo (value_memo); on every decision of random and heuristic games, and for
    every action it looks ahead (robber moves, roads and settlements with their
    frontiers from the memo's distances, cities, trades...), the memo's score is
    the very float value() gives the same state."""
    from catan_env.games.catan.base import heuristic as H
    from catan_env.games.catan.base.step import apply_action
    from catan_env.games.catan.common import layout as L

    work = np.zeros(H.WORK_SIZE, np.int32)
    prods = np.empty(32)
    prod8 = np.empty(8)
    tmp = np.empty(4)
    memo = np.empty(H.MEMO_SIZE)
    keys = work[H._KEYS : H._KEYS + H.NUM_KEYS]
    dist = work[H._DIST : H._DIST + 54]
    before = work[H._BEFORE : H._BEFORE + 54]
    nearer = work[H._NEARER : H._NEARER + H.NEARER_SCRATCH]
    from catan_env.games.catan.base import action_ids as A

    checked = set()
    roads_scored = towns_scored = 0
    for seed in range(4):
        g = Game(num_players=4, seed=seed)
        rng = np.random.default_rng(seed)
        heuristic = make_agent("heuristic")
        while not g.done and g.turn < 150:
            legal = g.legal_actions()
            p = int(g.state[L.CURRENT_PLAYER])
            if len(legal) > 1:
                base = H.value_memo(
                    g.state, g.tables, p, dist, prods, tmp, keys, memo, True, -1, before, nearer
                )
                assert base == H.value(g.state, g.tables, p, dist, prod8, tmp)
                for a in legal:
                    copy = g.state.copy()
                    copy[L.OPT_SKIP_FORCED] = 0
                    apply_action(copy, g.tables, int(a))
                    roads_scored += A.BUILD_ROAD <= a < A.BUILD_ROAD + 72
                    towns_scored += A.BUILD_SETTLEMENT <= a < A.BUILD_SETTLEMENT + 54
                    want = H.value(copy, g.tables, p, dist, prod8, tmp)
                    got = H.value_memo(
                        copy,
                        g.tables,
                        p,
                        dist,
                        prods,
                        tmp,
                        keys,
                        memo,
                        False,
                        int(a),
                        before,
                        nearer,
                    )
                    assert got == want, g.action_name(int(a)) if hasattr(g, "action_name") else a
                    checked.add(g.phase)
            a = heuristic.act(g) if p % 2 else int(legal[rng.integers(len(legal))])
            g.step(int(a))
    # The scores cover the phases where the memo takes different paths.
    assert {"setup_settlement", "action", "move_robber", "discard", "setup_road"} <= checked
    assert roads_scored > 500 and towns_scored > 500


def _reference_frontier(state, tb, p, own):
    """The heuristics' frontier by plain dist arrays (three sweeps of every intersection)."""
    from catan_env.games.catan.board.standard import NUM_VERTICES
    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.evaluation import FRONTIER_REACH, spot_worth
    from catan_env.games.catan.common.tables import (
        T_EDGE_VERTICES,
        T_VERTEX_EDGES,
        T_VERTEX_VERTICES,
    )

    def foreign(v):
        b, k = state[L.VERTEX_OWNER + v], state[L.KNIGHT_OWNER + v]
        return (b >= 0 and b != p) or (k >= 0 and k != p)

    def edges(v):
        return [e for e in tb[T_VERTEX_EDGES + 3 * v : T_VERTEX_EDGES + 3 * v + 3] if e >= 0]

    dist = [99] * NUM_VERTICES
    for v in range(NUM_VERTICES):
        if state[L.VERTEX_OWNER + v] == p:
            dist[v] = 0
        elif not foreign(v) and any(state[L.EDGE_OWNER + e] == p for e in edges(v)):
            dist[v] = 0
    for d in range(2):
        for v in range(NUM_VERTICES):
            if dist[v] != d or foreign(v):
                continue
            for e in edges(v):
                if state[L.EDGE_OWNER + e] < 0:
                    a, b = tb[T_EDGE_VERTICES + 2 * e], tb[T_EDGE_VERTICES + 2 * e + 1]
                    w = b if a == v else a
                    dist[w] = min(dist[w], d + 1)
    if state[L.SETTLEMENTS_LEFT + p] == 0:
        return 0.0, 0, 0
    best, now, later = 0.0, 0, 0
    for v in range(NUM_VERTICES):
        d = dist[v]
        near = [w for w in tb[T_VERTEX_VERTICES + 3 * v : T_VERTEX_VERTICES + 3 * v + 3] if w >= 0]
        free = state[L.VERTEX_OWNER + v] < 0 and all(state[L.VERTEX_OWNER + w] < 0 for w in near)
        if d > 2 or state[L.KNIGHT_OWNER + v] >= 0 or not free:
            continue
        if d > 0 and state[L.ROADS_LEFT + p] < d:
            continue
        now, later = (now + 1, later) if d == 0 else (now, later + 1)
        best = max(best, FRONTIER_REACH[d] * spot_worth(state, tb, v, own))
    return best, now, later


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_frontier_matches_a_plain_search_on_random_positions(variant):
    """The heuristics' frontier (bit-set search) equals the three-sweep reference
    on positions of random games, knights (C&K) included."""
    from helpers import random_positions

    from catan_env.games.catan.common.evaluation import frontier, production

    own = np.empty(8)
    dist = np.zeros(54, np.int32)
    checked = later_seen = 0
    for g in random_positions(variant, range(5), 200, 25):
        for p in range(4):
            production(g.state, g.tables, p, variant != "base", own)
            want = _reference_frontier(g.state, g.tables, p, own)
            got = frontier(g.state, g.tables, p, own, dist)
            assert (got[0], got[1], got[2]) == want
            checked += 1
            later_seen += want[2] > 0
    assert checked > 150 and later_seen > 50


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_frontier_after_one_road_equals_a_full_sweep(variant):
    """frontier_after_road (the lookahead's frontier after one road, from the
    distances before it) gives the very result of frontier on the state with
    the road, for every open path touching a seat's network: the far end
    becomes a place to build from, or not when another player's building or
    knight (C&K) stands there, and spots nearer by one or two roads change
    their count and worth."""
    from helpers import random_positions

    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.evaluation import (
        NEARER_SCRATCH,
        frontier,
        frontier_after_road,
        production,
    )
    from catan_env.games.catan.common.tables import T_EDGE_VERTICES

    own = np.empty(8)
    before = np.zeros(54, np.int32)
    dist = np.zeros(54, np.int32)
    scratch = np.zeros(NEARER_SCRATCH, np.int32)
    checked = improved = blocked = 0
    for g in random_positions(variant, range(6), 200, 40):
        for p in range(4):
            if g.state[L.ROADS_LEFT + p] < 3:
                continue
            production(g.state, g.tables, p, variant != "base", own)
            front = frontier(g.state, g.tables, p, own, before)
            for e in range(72):
                ends = g.tables[T_EDGE_VERTICES + 2 * e : T_EDGE_VERTICES + 2 * e + 2]
                if g.state[L.EDGE_OWNER + e] >= 0 or min(before[ends]) != 0:
                    continue
                after = g.state.copy()
                after[L.EDGE_OWNER + e] = p
                after[L.ROADS_LEFT + p] -= 1
                want = frontier(after, g.tables, p, own, dist)
                got = frontier_after_road(after, g.tables, p, own, before, e, *front, scratch)
                assert (got[0], got[1], got[2]) == (want[0], want[1], want[2]), (p, e)
                checked += 1
                improved += want != front
                far = ends[0] if before[ends[0]] else ends[1]
                blocked += bool(before[far]) and (
                    (0 <= after[L.VERTEX_OWNER + far] != p)
                    or (0 <= after[L.KNIGHT_OWNER + far] != p)
                )
    assert checked > 300 and improved > 100 and blocked > 0, (checked, improved, blocked)


@pytest.mark.parametrize("options", [{}, {"knight_errant": True, "mean_barbarians": True}])
def test_ck_heuristic_memo_scores_equal_a_full_evaluation(options):
    """The C&K heuristic's lookahead reuses productions, frontier, knights and walls
    from a memo of the decision's state (ck_value_memo); for every action of every
    decision of mixed random and heuristic games, and for every move or
    displacement after a knight's selection (the two-step lookahead), the memo's
    score is the very float ck_value gives the same state."""
    from catan_env.games.catan.cities_and_knights import action_ids as A
    from catan_env.games.catan.cities_and_knights import heuristic as H
    from catan_env.games.catan.cities_and_knights.masks import ck_legal_actions
    from catan_env.games.catan.cities_and_knights.step import ck_step
    from catan_env.games.catan.common import layout as L

    work = np.zeros(H.CK_WORK_SIZE, np.int32)
    fl = np.empty(32 + H.MEMO_SIZE)
    prod8, tmp = np.empty(8), np.empty(4)
    dist = np.zeros(64, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    legal2 = np.zeros(A.NUM_ACTIONS, np.int32)
    kinds = Counter()

    def check(state, a, p, g):
        copy = state.copy()
        copy[L.OPT_SKIP_FORCED] = 0
        ck_step(copy, g.tables, int(a), scratch)
        road = int(a) - A.BUILD_ROAD if A.BUILD_ROAD <= a < A.BUILD_ROAD + 72 else -1
        want = H.ck_value(copy, g.tables, p, dist, prod8, tmp)
        got = H.ck_value_memo(copy, g.tables, p, work, fl, tmp, False, road)
        assert got == want, g.action_names[int(a)]
        return copy

    for seed in range(3):
        g = Game(variant="cities_and_knights", num_players=4, seed=seed, **options)
        rng = np.random.default_rng(seed)
        heuristic = make_agent("heuristic", seed=seed)
        while not g.done and g.turn < 120:
            legal = g.legal_actions()
            p = int(g.state[L.CURRENT_PLAYER])
            if len(legal) > 1:
                base = H.ck_value_memo(g.state, g.tables, p, work, fl, tmp, True, -1)
                assert base == H.ck_value(g.state, g.tables, p, dist, prod8, tmp)
                for a in legal:
                    after = check(g.state, a, p, g)
                    kinds[g.action_names[int(a)].split("(")[0]] += 1
                    if A.SELECT_KNIGHT <= a < A.SELECT_KNIGHT + 54:
                        for b in legal2[: ck_legal_actions(after, g.tables, legal2)].copy():
                            if A.KNIGHT_TO <= b < A.KNIGHT_TO + 54:
                                check(after, b, p, g)
                                kinds["knight_to"] += 1
            a = heuristic.act(g) if p % 2 else int(legal[rng.integers(len(legal))])
            g.step(int(a))
    # The scores cover the actions whose memo paths differ: roads (the frontier
    # after one road), buildings, knights (their terms), robber moves (the
    # productions adjusted), trades.
    kinds_seen = ("build_road", "build_settlement", "build_city", "knight_to", "maritime")
    for kind in (*kinds_seen, "move_robber", "activate_knight"):
        assert kinds[kind] > 20, (kind, kinds)


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_frontier_after_one_settlement_equals_a_full_sweep(variant):
    """frontier_after_settlement (the frontier after a new settlement, from the
    distances before it) gives the very result of frontier on the state with
    the settlement, on every intersection the distance rule allows, reached by
    the seat's roads or not (the set-up's placements), knights (C&K) included;
    the last settlement in supply leaves no spot. Only the spots of the set
    before and those the settlement brings near are scored."""
    from helpers import random_positions

    from catan_env.games.catan.common import layout as L
    from catan_env.games.catan.common.building import distance_rule_ok
    from catan_env.games.catan.common.evaluation import (
        NEARER_SCRATCH,
        frontier,
        frontier_after_settlement,
        production,
    )

    own = np.empty(8)
    before = np.zeros(54, np.int32)
    dist = np.zeros(54, np.int32)
    scratch = np.zeros(NEARER_SCRATCH, np.int32)
    checked = nearer = emptied = 0
    for g in random_positions(variant, range(6), 200, 40):
        for p in range(4):
            front = frontier(g.state, g.tables, p, own, before)
            spots = np.uint64(sum(1 << x for x in range(54) if before[x] <= 2))
            for v in range(54):
                if not distance_rule_ok(g.state, g.tables, v):
                    continue
                after = g.state.copy()
                after[L.VERTEX_OWNER + v] = p
                after[L.VERTEX_BUILDING + v] = 1
                after[L.SETTLEMENTS_LEFT + p] -= 1
                production(after, g.tables, p, variant != "base", own)
                want = frontier(after, g.tables, p, own, dist)
                got = frontier_after_settlement(
                    after, g.tables, p, own, before, spots, v, dist, scratch
                )
                assert (got[0], got[1], got[2]) == (want[0], want[1], want[2]), (p, v)
                checked += 1
                nearer += want[1] + want[2] > front[1] + front[2]
                emptied += after[L.SETTLEMENTS_LEFT + p] == 0
    assert checked > 1000 and nearer > 100 and emptied > 0, (checked, nearer, emptied)
