"""Every registered game honours the contract and plays through the generated kernels.

One test for all games (as pgx's ``api_test`` and OpenSpiel's
``random_sim_test``): a fifth game added to the registry is checked here
without a line of test code.
"""

import types

import numpy as np
import pytest

from catan_env.core import contract, registry
from catan_env.core.contract import ContractError, check_rules

GAMES = registry.names()


def _start(name, seed):
    """A fresh state of game ``name`` and the arrays its kernels take."""
    spec = registry.get(name)
    if name == "ancients":
        from catan_env.games.ancients.scenario import load_scenario
        from catan_env.games.ancients.setup import check_options, place_scenario

        tb = cfg = np.zeros(1, np.int32)
        tmpl = place_scenario(load_scenario("akragas"), check_options({}))
    else:
        from catan_env import GameConfig

        config = GameConfig(variant=name)
        tb, cfg, tmpl = spec.tables(config), config.config_vector(), config.board_template()
    state = np.zeros(spec.state_size, np.int32)
    spec.reset(state, tb, seed, cfg, tmpl)
    return spec, state, tb, cfg, tmpl


@pytest.mark.parametrize("name", GAMES)
def test_rules_module_honours_the_contract(name):
    check_rules(registry.rules(name))


@pytest.mark.parametrize("name", GAMES)
def test_the_soak_codes_read_as_themselves(name):
    """No broken invariant shares a code with the soak's 'no legal action' and
    'too long': where a game's invariant names reach those codes, they name them."""
    spec = registry.get(name)
    names = spec.invariant_names
    for code, words in ((spec.rules.SOAK_NO_LEGAL, "no legal action"),
                        (spec.rules.SOAK_TOO_LONG, "decision cap")):  # fmt: skip
        assert code >= len(names) or words in names[code], (code, names[code])


def test_check_rules_names_what_is_missing_or_wrong():
    partial = types.ModuleType("partial")
    for const in contract.CONSTANTS:
        setattr(partial, const, 1)
    with pytest.raises(ContractError, match="lacks the contract function reset"):
        check_rules(partial)
    base = registry.rules("base")
    partial.reset = base.step  # four parameters where reset declares five
    with pytest.raises(ContractError, match=r"partial.reset takes \(state, tb, action, scratch\)"):
        check_rules(partial)
    del partial.STATE_SIZE
    with pytest.raises(ContractError, match="lacks the contract constant STATE_SIZE"):
        check_rules(partial)


@pytest.mark.parametrize("name", GAMES)
def test_random_playthrough_masks_agree_and_invariants_hold(name):
    """Random legal moves from a fresh state: the mask and the id list agree, every
    state passes the game's check, and the game ends."""
    spec, state, tb, _, _ = _start(name, seed=3)
    R = spec.rules
    legal = np.zeros(R.LEGAL_SIZE, np.int32)
    mask = np.zeros(R.NUM_ACTIONS, np.int8)
    scratch = np.zeros(R.SCRATCH_SIZE, np.int32)
    memo = np.zeros(max(R.MEMO_SIZE, 1), np.int32)
    rng = np.random.default_rng(0)
    assert R.check(state, tb, memo, True) == 0
    for _ in range(200_000):
        if R.is_over(state):
            break
        count = R.legal_actions(state, tb, legal)
        R.legal_mask(state, tb, mask)
        assert count > 0
        assert np.array_equal(np.flatnonzero(mask), legal[:count])
        assert 0 <= R.current(state) < R.num_seats(state) <= R.MAX_SEATS
        R.step(state, tb, int(legal[rng.integers(count)]), scratch)
        assert R.check(state, tb, memo, False) == 0
    assert R.is_over(state)
    assert R.winner(state) >= 0 or R.truncated(state)


@pytest.mark.parametrize("name", GAMES)
def test_kernels_play_the_same_game_serial_parallel_and_one_by_one(name):
    """play_games, play_games_parallel and play_out from a fresh state play the same
    games; soak plays them with every invariant intact."""
    spec, _, tb, cfg, tmpl = _start(name, seed=0)
    K, R = spec.kernels, spec.rules
    seeds = np.arange(5, 9, dtype=np.int64)
    kinds = np.full(R.MAX_SEATS, len(R.AGENT_KINDS) - 1, np.int64)  # the strongest kind
    outs = []
    for kernel in (K.play_games, K.play_games_parallel):
        n = len(seeds)
        out = (np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int64),
               np.zeros((n, R.MAX_SEATS), np.int32), np.zeros((n, R.NUM_STATS), np.int32))  # fmt: skip
        kernel(tb, cfg, tmpl, seeds, kinds, 11, *out)
        outs.append(out)
    for a, b in zip(*outs, strict=True):
        assert np.array_equal(a, b)
    # the same first game, played on from a fresh state by play_out
    state = np.zeros(spec.state_size, np.int32)
    R.reset(state, tb, seeds[0], cfg, tmpl)
    assert K.play_out(state, tb, kinds, 11 * 1000003 + seeds[0], 0) > 0
    assert R.is_over(state)
    one = tuple(np.zeros((1,) + a.shape[1:], a.dtype) for a in outs[0])
    K.record_many(state[None, :], *one)
    for a, b in zip(one, outs[0], strict=True):
        assert np.array_equal(a[0], b[0])
    n = len(seeds)
    code, winner = np.zeros(n, np.int32), np.zeros(n, np.int32)
    decisions, states = np.zeros(n, np.int64), np.zeros((n, spec.state_size), np.int32)
    K.soak(tb, cfg, tmpl, seeds, kinds, 1, 1_000_000, code, winner, decisions, states)
    assert not code.any() and all(R.is_over(s) for s in states)


def test_observe_into_is_part_of_the_contract():
    """Every game observes inside numba (learner env, datasets): a rules module
    without a jitted observe_into of the declared parameters is refused."""
    base = registry.rules("base")
    assert base.OBS_SIZE == registry.get("base").obs_size
    partial = types.ModuleType("partial")
    for name in (*contract.CONSTANTS, *(f.__name__ for f in contract.FUNCTIONS)):
        setattr(partial, name, getattr(base, name))
    check_rules(partial)
    del partial.observe_into
    with pytest.raises(ContractError, match="lacks the contract function observe_into"):
        check_rules(partial)
    partial.observe_into = base.reset  # five parameters
    with pytest.raises(ContractError, match=r"partial.observe_into takes"):
        check_rules(partial)
