"""Cities & Knights kernels: whole games in numba, batched steps, the invariant soak.

The same loops as the base game's :mod:`~catan_env.engine.selfplay` and
:mod:`~catan_env.engine.batch`, over the C&K reset, legal actions and step
(numba caches a kernel only when the functions it calls are fixed, so each
variant has its own).
"""

import numpy as np
from numba import njit, prange

from ...constants import MAX_PLAYERS
from ..batch import episode_seed
from ..invariants import NETWORK_MEMO_SIZE, network_changed
from ..layout import CURRENT_PLAYER, DECISIONS, NUM_PLAYERS, PHASE, TRUNCATED, TURN, WINNER
from ..phases import GAME_OVER
from ..rng import below_at, seed_at
from ..scoring import total_vp
from . import action_ids as A
from .heuristic import CK_WORK_SIZE, ck_choose
from .invariants import ck_check_state_memo
from .layout import BARBARIAN_ATTACKS, BARBARIAN_WINS, CK_STATE_SIZE
from .masks import ck_legal_actions
from .setup import ck_reset
from .step import ck_step


@njit(cache=True, inline="always")
def _play_one(state, tb, config, template, seed, kinds, agent_seed, legal, scratch, rng, work):
    ck_reset(state, tb, seed, config, template)
    seed_at(rng, 0, agent_seed * 1000003 + seed)
    while state[PHASE] != GAME_OVER:
        count = ck_legal_actions(state, tb, legal)
        a = ck_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ck_step(state, tb, a, scratch)


@njit(cache=True)
def ck_choose_action(kind, state, tb, rng, legal, work):
    """A jitted agent's choice in a C&K game (see ``selfplay.choose_action``)."""
    count = ck_legal_actions(state, tb, legal)
    return ck_choose(kind, state, tb, legal, count, rng, 0, work)


@njit(cache=True)
def _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    out_winner[i] = state[WINNER]
    out_turns[i] = state[TURN]
    out_decisions[i] = state[DECISIONS]
    for p in range(MAX_PLAYERS):
        out_vp[i, p] = total_vp(state, p) if p < state[NUM_PLAYERS] else 0
    out_stats[i, 0] = state[BARBARIAN_ATTACKS]
    out_stats[i, 1] = state[BARBARIAN_WINS]


@njit(cache=True)
def ck_play_games(
    tb,
    config,
    template,
    seeds,
    kinds,
    agent_seed,
    out_winner,
    out_turns,
    out_decisions,
    out_vp,
    out_stats,
):
    """C&K games one after another (see ``selfplay.play_games``)."""
    state = np.zeros(CK_STATE_SIZE, np.int32)
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(CK_WORK_SIZE, np.int32)
    for i in range(seeds.shape[0]):
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True, parallel=True)
def ck_play_games_parallel(
    tb,
    config,
    template,
    seeds,
    kinds,
    agent_seed,
    out_winner,
    out_turns,
    out_decisions,
    out_vp,
    out_stats,
):
    """C&K games spread over numba's threads; same result per game."""
    for i in prange(seeds.shape[0]):
        state = np.zeros(CK_STATE_SIZE, np.int32)
        legal = np.zeros(A.NUM_ACTIONS, np.int32)
        scratch = np.zeros(A.NUM_ACTIONS, np.int32)
        rng = np.zeros(2, np.int32)
        work = np.zeros(CK_WORK_SIZE, np.int32)
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True, parallel=True)
def ck_batch_reset(states, tb, config, template, base_seed, episodes):
    for i in prange(states.shape[0]):
        ck_reset(states[i], tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def ck_batch_legal(states, tb, lists, counts):
    for i in prange(states.shape[0]):
        counts[i] = ck_legal_actions(states[i], tb, lists[i])


@njit(cache=True, parallel=True)
def ck_batch_step(
    states,
    tb,
    actions,
    config,
    template,
    base_seed,
    episodes,
    scratch,
    rewards,
    terminated,
    truncated,
    final_states,
):
    """See ``batch.batch_step``: one action per game, finished games restart."""
    for i in prange(states.shape[0]):
        s = states[i]
        ck_step(s, tb, actions[i], scratch[i])
        for p in range(MAX_PLAYERS):
            rewards[i, p] = 0.0
        terminated[i] = False
        truncated[i] = False
        if s[PHASE] == GAME_OVER:
            final_states[i] = s
            w = s[WINNER]
            if w >= 0:
                terminated[i] = True
                for p in range(s[NUM_PLAYERS]):
                    rewards[i, p] = 1.0 if p == w else -1.0
            else:
                truncated[i] = s[TRUNCATED] != 0
            episodes[i] += 1
            ck_reset(s, tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True)
def ck_soak_random_games(
    tb,
    config,
    template,
    seeds,
    agent_seed,
    max_decisions,
    out_code,
    out_winner,
    out_decisions,
    out_states,
):
    """Random C&K games with every invariant checked after every step
    (codes as in ``invariants.soak_random_games``; 15 no legal action, 16 too long)."""
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    memo = np.empty(NETWORK_MEMO_SIZE, np.int32)
    for i in range(seeds.shape[0]):
        state = out_states[i]
        ck_reset(state, tb, seeds[i], config, template)
        seed_at(rng, 0, agent_seed * 1000003 + i)
        memo[:] = -2
        code = ck_check_state_memo(state, tb, network_changed(state, memo))
        decisions = 0
        while code == 0 and state[PHASE] != GAME_OVER:
            count = ck_legal_actions(state, tb, legal)
            if count == 0:
                code = 15
                break
            ck_step(state, tb, legal[below_at(rng, 0, count)], scratch)
            decisions += 1
            code = ck_check_state_memo(state, tb, network_changed(state, memo))
            if decisions > max_decisions:
                code = 16
        out_code[i] = code
        out_winner[i] = state[WINNER]
        out_decisions[i] = decisions


@njit(cache=True)
def ck_play_out(state, tb, kinds, agent_seed, max_decisions):
    """Continue a C&K game with jitted agents (see ``selfplay.play_out``)."""
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(CK_WORK_SIZE, np.int32)
    seed_at(rng, 0, agent_seed)
    played = 0
    while state[PHASE] != GAME_OVER and (max_decisions <= 0 or played < max_decisions):
        count = ck_legal_actions(state, tb, legal)
        a = ck_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ck_step(state, tb, a, scratch)
        played += 1
    return played


@njit(cache=True, parallel=True)
def ck_play_out_many(states, tb, kinds, agent_seeds, max_decisions, out_played):
    """:func:`ck_play_out` on every row of ``states``, spread over numba's threads."""
    for i in prange(states.shape[0]):
        out_played[i] = ck_play_out(states[i], tb, kinds, agent_seeds[i], max_decisions)


@njit(cache=True)
def ck_play_until_seat(state, tb, kinds, rng, seat, legal, scratch, out_actions):
    """Jitted agents decide until ``seat`` must act (see ``selfplay.play_until_seat``)."""
    played = 0
    work = np.zeros(CK_WORK_SIZE, np.int32)
    while state[PHASE] != GAME_OVER and state[CURRENT_PLAYER] != seat:
        if played == out_actions.shape[0]:
            break
        count = ck_legal_actions(state, tb, legal)
        a = ck_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ck_step(state, tb, a, scratch)
        out_actions[played] = a
        played += 1
    return played
