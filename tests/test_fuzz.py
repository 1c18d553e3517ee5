"""Fuzzing the public surface with hypothesis (DESIGN: bad input gets a clear error).

``Game``, the AEC env, the gymnasium env and ``VectorCatan`` are driven with
arbitrary action ids (legal, illegal, out of range, wrong types and dtypes),
arbitrary seats and agents, and snapshots and game records mutated at random
(missing fields, wrong types, impossible counts). Every call must either
succeed, leaving a state that passes every invariant, or raise a clear error
(``ValueError``, ``TypeError``, ``KeyError``, ``RuntimeError`` or subclasses) and leave the
state byte-identical. A crash of the process (numba reading out of bounds)
fails the run.

``CATAN_ENV_FUZZ_EXAMPLES`` scales the number of examples (CI: the default).
"""

from __future__ import annotations

import copy
import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import catan_env
from catan_env import Game
from catan_env.games.catan.common.tables import STANDARD_TABLES
from catan_env.replay import replay
from catan_env.vector import VectorCatan

EXAMPLES = int(os.environ.get("CATAN_ENV_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=EXAMPLES <= 40,  # CI: the same examples every run
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CLEAR = (ValueError, TypeError, KeyError, RuntimeError)
VARIANTS = ("base", "cities_and_knights")


def _play(g: Game, n: int, seed: int) -> Game:
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if g.done:
            break
        legal = g.legal_actions()
        g.step(int(legal[rng.integers(len(legal))]))
    return g


_POOL: dict = {}


def _positions(variant: str) -> list[Game]:
    """Positions from set-up to the end of a game, built once per variant."""
    if variant not in _POOL:
        games = []
        for seed, n in enumerate((0, 3, 9, 40, 150, 400, 900, 2000, 5000, 100_000)):
            games.append(_play(Game(variant=variant, seed=seed), n, seed))
        games.append(_play(Game(variant=variant, seed=99, num_players=3), 700, 1))
        _POOL[variant] = games
    return _POOL[variant]


def _position(variant: str, k: int) -> Game:
    pool = _positions(variant)
    return pool[k % len(pool)].copy()


def _sound(g: Game) -> None:
    assert g.variant.check_state(g.state, STANDARD_TABLES) == 0


junk = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-3, 1100),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=24),
    st.sampled_from(
        ["roll", "end_turn", "build_road(e5)", "build_road(e999)", "steal(+9)", "pick(ore)"]
    ),
    st.none(),
    st.booleans(),
    st.binary(max_size=4),
    st.lists(st.integers(0, 5), max_size=3),
    st.tuples(
        st.sampled_from(
            [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64, np.float32]
        ),
        st.integers(0, 300),
    ).map(lambda t: t[0](t[1] % 127)),
    st.builds(lambda x: np.array([x]), st.integers(0, 300)),
    st.builds(lambda x: np.array(x), st.integers(0, 300)),
)
#: ("legal", k) picks the k-th legal action (as id, name or numpy int); else junk.
actions = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10**6), st.sampled_from(["int", "name", "np"])), junk
)


def _resolve(g: Game, a):
    if isinstance(a, tuple) and len(a) == 3 and a[0] == "legal":
        legal = g.legal_actions()
        if len(legal) == 0:
            return 0
        x = int(legal[a[1] % len(legal)])
        return {"int": x, "name": g.action_names[x], "np": np.int16(x)}[a[2]]
    return a


def _try(g: Game, call, *args, **kwargs):
    """Run ``call``; on a clear error the state (and record) must be unchanged."""
    before, acts = g.state.copy(), list(g.actions)
    try:
        return True, call(*args, **kwargs)
    except CLEAR:
        assert g.state.tobytes() == before.tobytes() and g.actions == acts
        return False, None


# --- Game -------------------------------------------------------------------------------


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    k=st.integers(0, 100),
    moves=st.lists(st.tuples(actions, st.one_of(st.none(), st.integers(-2, 5), junk)), max_size=25),
)
def test_game_step_and_seat_fuzz(variant, k, moves):
    g = _position(variant, k)
    for a, player in moves:
        a = _resolve(g, a)
        mask = g.action_mask()
        ok, _ = _try(g, g.step, a, player=player) if player is not None else _try(g, g.step, a)
        if ok:
            assert mask[g.actions[-1]], "an illegal action was applied"
            _sound(g)


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    k=st.integers(0, 100),
    args=st.lists(junk, min_size=1, max_size=8),
)
def test_game_queries_fuzz(variant, k, args):
    g = _position(variant, k)
    for x in args:
        for call in (g.observe, g.is_legal, g.public_vp, g.total_vp, g.field, g.chance_outcomes):
            _try(g, call, x)
    _try(g, g.play_jitted_until, args[0], args[-1], np.zeros(2, np.int32))
    _sound(g)


@FUZZ
@given(
    seat=junk,
    kinds=st.one_of(junk, st.lists(st.integers(-2, 9), max_size=5)),
    rng=st.one_of(junk, st.just(np.zeros(2, np.int32))),
)
def test_play_jitted_until_fuzz(seat, kinds, rng):
    g = _position("base", 4)
    ok, _ = _try(g, g.play_jitted_until, seat, kinds, rng)
    if ok:
        _sound(g)


@FUZZ
@given(variant=st.sampled_from(VARIANTS), k=st.integers(0, 100), pick=st.integers(0, 10**6))
def test_chance_outcomes_of_legal_actions(variant, k, pick):
    """Every outcome of a legal action is a sound position; probabilities sum to 1 exactly;
    the game asked is unchanged."""
    g = _position(variant, k)
    if g.done:
        return
    legal = g.legal_actions()
    a = int(legal[pick % len(legal)])
    before = g.state.copy()
    outcomes = g.chance_outcomes(a)
    assert g.state.tobytes() == before.tobytes()
    assert sum(o.fraction for o in outcomes) == 1
    for o in outcomes:
        _sound(o.game)


# --- snapshots and records -----------------------------------------------------------------


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


replacement = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 25),
    st.integers(-(2**64), 2**64),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(
        ["v3", "e7", "R3c", "ore", "knight", "action", "red", "base", "cities_and_knights"]
    ),
    st.lists(st.integers(-1, 20), max_size=4),
    st.just({}),
    st.just([]),
)
#: A mutation: (which path, what to do, the new value).
mutation = st.tuples(
    st.integers(0, 10**9),
    st.sampled_from(["replace", "delete", "bump", "negate", "extend"]),
    replacement,
)


def _mutate(data, muts):
    data = copy.deepcopy(data)
    for pick, op, value in muts:
        value = copy.deepcopy(value)  # st.just([]) hands out one shared object
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = paths[pick % len(paths)]
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        old = parent[key]
        if op == "delete":
            del parent[key]
        elif op == "bump" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + 1 + abs(value) % 30 if isinstance(value, int) else old + 1
        elif op == "negate" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = -old - 1
        elif op == "extend" and isinstance(old, list):
            old.append(value)
        elif op == "extend" and isinstance(old, dict):
            old[str(value)] = value
        else:
            parent[key] = value
    return data


def _step_a_little(g: Game, seed: int) -> None:
    _sound(g)
    rng = np.random.default_rng(seed)
    for _ in range(30):
        if g.done:
            break
        legal = g.legal_actions()
        assert len(legal) > 0
        g.step(int(legal[rng.integers(len(legal))]))
        _sound(g)


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    k=st.integers(0, 100),
    muts=st.lists(mutation, min_size=1, max_size=4),
)
def test_mutated_snapshots(variant, k, muts):
    g = _position(variant, k)
    data = _mutate(json.loads(json.dumps(g.to_dict())), muts)
    try:
        loaded = Game.from_dict(data)
    except CLEAR:
        return
    _step_a_little(loaded, k)


@FUZZ
@given(k=st.integers(0, 100), muts=st.lists(mutation, min_size=1, max_size=3))
def test_mutated_records(k, muts):
    g = _play(Game(seed=k, domestic_trade=bool(k % 2)), 60 + k, k)
    data = _mutate(json.loads(json.dumps(g.record())), muts)
    try:
        replayed = replay(data)
    except CLEAR:
        return
    _sound(replayed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_snapshot_rejects_impossible_counts(variant):
    """Counts the rules make impossible are refused (not loaded into a corrupt state)."""
    g = _position(variant, 5)
    d = g.to_dict()
    for edit in (
        lambda d: d["players"][0]["hand"].__setitem__("ore", 20),
        lambda d: d["players"][1]["hand"].__setitem__("wool", -1),
        lambda d: d["board"].__setitem__("robber", "R9z"),
    ):
        bad = copy.deepcopy(d)
        try:
            edit(bad)
        except (KeyError, TypeError):
            continue  # that field is named differently in this variant
        with pytest.raises(CLEAR):
            Game.from_dict(bad)


# --- AEC env --------------------------------------------------------------------------------


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    ops=st.lists(
        st.one_of(
            st.tuples(st.just("step"), actions),
            st.tuples(
                st.just("observe"),
                st.one_of(st.sampled_from(["player_0", "player_3", "player_4"]), junk),
            ),
            st.tuples(st.just("last"), st.booleans()),
            st.tuples(st.just("spaces"), st.one_of(st.sampled_from(["player_1", "nobody"]), junk)),
        ),
        max_size=40,
    ),
)
def test_aec_env_fuzz(variant, seed, ops):
    env = catan_env.env(variant=variant, num_players=3)
    env.reset(seed=seed)
    raw = env.unwrapped
    for op, x in ops:
        g = raw.game
        if op == "step":
            if not raw.agents:
                break
            a = _resolve(g, x)
            agent = raw.agent_selection
            dead = raw.terminations[agent] or raw.truncations[agent]
            ok, _ = _try(g, env.step, None if dead else a)
            if ok:
                _sound(raw.game)
                if raw.agents and not raw.game.done:
                    assert raw.agent_selection == f"player_{raw.game.current_player}"
        elif op == "observe":
            ok, obs = _try(g, env.observe, x)
            if ok:
                seat = raw.possible_agents.index(x)
                mask = obs["action_mask"]
                assert mask.any() == (not g.done and g.current_player == seat)
        elif op == "last":
            _try(g, env.last, x)
        else:
            _try(g, env.action_space, x)
            _try(g, env.observation_space, x)


# --- gymnasium env ------------------------------------------------------------------------


@FUZZ
@given(seed=st.integers(0, 2**32), moves=st.lists(actions, max_size=30))
def test_gym_env_fuzz(seed, moves):
    CatanEnv = pytest.importorskip(
        "catan_env.gym_env", reason="gym_env.py not on this branch"
    ).CatanEnv

    env = CatanEnv(num_players=3)
    env.reset(seed=seed)
    for x in moves:
        g = env.game
        a = _resolve(g, x)
        ok, out = _try(g, env.step, a)
        if ok:
            _sound(env.game)
            if out[2] or out[3]:
                env.reset(seed=seed + 1)


# --- VectorCatan -------------------------------------------------------------------------------


_DTYPES = [
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float32,
    np.float64,
    np.bool_,
    object,
]


@FUZZ
@given(
    variant=st.sampled_from(VARIANTS),
    ops=st.lists(
        st.one_of(
            st.tuples(st.just("legal"), st.integers(0, 10**6), st.sampled_from(_DTYPES)),
            st.tuples(
                st.just("mixed"),
                st.lists(st.integers(-(2**33), 2**33), min_size=0, max_size=5),
                st.sampled_from(_DTYPES),
            ),
            st.tuples(
                st.just("observe"),
                st.lists(st.integers(-5, 9), max_size=5),
                st.sampled_from(_DTYPES),
            ),
            st.tuples(st.just("junk"), junk, st.just(None)),
        ),
        max_size=12,
    ),
)
def test_vector_fuzz(variant, ops):
    v = VectorCatan(num_envs=3, num_players=3, variant=variant, seed=1)
    for kind, x, dtype in ops:
        before = v.states.copy()
        try:
            if kind == "legal":
                masks = v.action_masks()
                ids = [np.flatnonzero(m)[(x + i) % m.sum()] for i, m in enumerate(masks)]
                v.step(np.array(ids).astype(dtype))
            elif kind == "mixed":
                v.step(np.array(x).astype(dtype) if x else np.array([], dtype))
            elif kind == "observe":
                v.observe(np.array(x).astype(dtype))
            else:
                v.step(x)
        except CLEAR:
            assert v.states.tobytes() == before.tobytes()
            continue
        for row in v.states:
            assert v.variant.check_state(row, STANDARD_TABLES) == 0


def test_vector_observe_checks_seats():
    """Seats are checked before the jitted observation reads the state."""
    v = VectorCatan(num_envs=2, seed=0)
    for bad in ([9, 0], [-1, 0], [0.5, 1.0], [0], [[0, 1]]):
        with pytest.raises(ValueError):
            v.observe(np.array(bad))
    assert v.observe(np.array([0, 3])).shape == (2, v.variant.obs_size)


# --- construction -----------------------------------------------------------------------------

_OPTION_NAMES = [
    "vp_to_win",
    "discard_limit",
    "domestic_trade",
    "trade_max_cards_per_side",
    "trade_max_proposals_per_turn",
    "max_turns",
    "friendly_robber",
    "strict_trade_build_order",
    "skip_forced",
    "board",
    "number_tokens",
    "random_spiral_start",
    "fixed_board",
    "mean_barbarians",
    "knight_errant",
    "easy_start",
    "no_such_option",
]
_TERRAINS = ["forest", "hills", "pasture", "fields", "mountains", "desert"]
boards = st.fixed_dictionaries(
    {},
    optional={
        "terrain": st.lists(st.sampled_from(_TERRAINS + ["sea"]), min_size=18, max_size=20),
        "numbers": st.lists(st.integers(-1, 13), min_size=18, max_size=20),
        "harbors": st.lists(
            st.sampled_from(["lumber", "brick", "wool", "grain", "ore", "generic", "x"]),
            min_size=8,
            max_size=10,
        ),
    },
)
option_values = st.one_of(junk, boards, st.integers(0, 40), st.sampled_from(["beginner", "random"]))


@FUZZ
@given(
    variant=st.one_of(st.sampled_from(VARIANTS), junk),
    players=st.one_of(st.integers(1, 5), junk),
    seed=st.one_of(st.integers(0, 2**63 - 1), junk),
    options=st.dictionaries(st.sampled_from(_OPTION_NAMES), option_values, max_size=3),
)
def test_construction_fuzz(variant, players, seed, options):
    """Game, the AEC env and VectorCatan refuse bad configurations clearly; good ones play."""
    try:
        g = Game(variant=variant, num_players=players, seed=seed, **options)
    except CLEAR:
        pass
    else:
        _step_a_little(g, 0)
    try:
        v = VectorCatan(num_envs=2, variant=variant, num_players=players, **options)
    except CLEAR:
        pass
    else:
        v.step(v.random_actions())
        for row in v.states:
            assert v.variant.check_state(row, STANDARD_TABLES) == 0
    try:
        env = catan_env.env(variant=variant, num_players=players, **options)
    except CLEAR:
        return
    env.reset(seed=0)
    _sound(env.unwrapped.game)
