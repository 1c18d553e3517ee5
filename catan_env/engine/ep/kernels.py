"""E&P kernels: whole games in numba, batched steps, the invariant soak, jitted agents.

The same loops as the C&K kernels (:mod:`..ck.kernels`) over the E&P reset,
legal actions and step. The jitted agents are ``random`` (uniform over the
legal actions), ``weighted`` (building and founding favoured) and
``heuristic`` (:mod:`.heuristic`).
"""

import numpy as np
from numba import njit, prange

from ...constants import MAX_PLAYERS
from ..batch import episode_seed
from ..layout import (
    CURRENT_PLAYER,
    DECISIONS,
    NUM_PLAYERS,
    PHASE,
    TRUNCATED,
    TURN,
    WINNER,
)
from ..phases import GAME_OVER
from ..rng import below_at, seed_at
from ..scoring import total_vp
from . import action_ids as A
from .heuristic import EP_HEURISTIC_WORK_SIZE, ep_heuristic_action
from .invariants import ep_check_state
from .layout import DISCOVERED, EP_STATE_SIZE
from .masks import ep_legal_actions
from .setup import ep_reset
from .step import ep_step

KIND_RANDOM, KIND_WEIGHTED, KIND_HEURISTIC = 0, 1, 2
EP_WORK_SIZE = EP_HEURISTIC_WORK_SIZE


@njit(cache=True)
def _weight(a):
    """Weighted agent: found, build and advance missions first, then ships, crews and
    roads; rarely throw cargo away or offer trades."""
    if A.CREW_TO_LAIR <= a < A.PICK_UP_CREW or A.DELIVER <= a < A.FAST_GOLD_SALE:
        return 60
    if A.CATCH_FISH <= a < A.DELIVER:
        return 30
    if A.FOUND <= a < A.TRADE_ADD_GIVE:
        return 40
    if A.BUILD_SETTLEMENT <= a < A.BUILD_ROAD or A.BUILD_HARBOR <= a < A.BUILD_SHIP:
        return 40
    if A.SETTLER_TO_STORAGE <= a < A.DROP_SHIP or A.CREW_TO_STORAGE <= a < A.PLACE_PIRATE:
        return 15
    if A.BUILD_ROAD <= a < A.BUILD_HARBOR or A.BUILD_SHIP <= a < A.SETTLER_TO_STORAGE:
        return 4
    if A.DROP_SHIP <= a < A.MARITIME or A.TRADE_ADD_GIVE <= a < A.TRADE_CANCEL:
        return 0
    if A.SAIL <= a < A.BOOST:
        return 6
    if A.LOAD <= a < A.FOUND or A.FISHING_ROLL == a or A.STEAL <= a < A.NO_STEAL:
        return 10
    if A.CHASE <= a < A.CREW_TO_LAIR:
        return 5
    return 1


@njit(cache=True)
def ep_weighted_action(state, legal, count, rng, at):
    total = 0
    for i in range(count):
        total += _weight(legal[i])
    if total == 0:
        return legal[below_at(rng, at, count)]
    pick = below_at(rng, at, total)
    for i in range(count):
        pick -= _weight(legal[i])
        if pick < 0:
            return legal[i]
    return legal[count - 1]


@njit(cache=True)
def ep_choose(kind, state, tb, legal, count, rng, at, work):
    """The action of a jitted agent of ``kind`` (0 random, 1 weighted, 2 heuristic)."""
    if kind == KIND_HEURISTIC:
        return ep_heuristic_action(state, tb, legal, count, rng, at, work)
    if kind == KIND_WEIGHTED:
        return ep_weighted_action(state, legal, count, rng, at)
    return legal[below_at(rng, at, count)]


@njit(cache=True)
def ep_choose_action(kind, state, tb, rng, legal, work):
    """A jitted agent's choice in an E&P game (see ``selfplay.choose_action``)."""
    count = ep_legal_actions(state, tb, legal)
    return ep_choose(kind, state, tb, legal, count, rng, 0, work)


@njit(cache=True)
def _play_one(state, tb, config, template, seed, kinds, agent_seed, legal, scratch, rng, work):
    ep_reset(state, tb, seed, config, template)
    seed_at(rng, 0, agent_seed * 1000003 + seed)
    while state[PHASE] != GAME_OVER:
        count = ep_legal_actions(state, tb, legal)
        a = ep_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ep_step(state, tb, a, scratch)


@njit(cache=True)
def _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    out_winner[i] = state[WINNER]
    out_turns[i] = state[TURN]
    out_decisions[i] = state[DECISIONS]
    for p in range(MAX_PLAYERS):
        out_vp[i, p] = total_vp(state, p) if p < state[NUM_PLAYERS] else 0
    out_stats[i, 0] = state[DISCOVERED]


@njit(cache=True)
def ep_play_games(tb, config, template, seeds, kinds, agent_seed, out_winner, out_turns,
                  out_decisions, out_vp, out_stats):  # fmt: skip
    """E&P games one after another (see ``selfplay.play_games``)."""
    state = np.zeros(EP_STATE_SIZE, np.int32)
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(EP_WORK_SIZE, np.int32)
    for i in range(seeds.shape[0]):
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True, parallel=True)
def ep_play_games_parallel(tb, config, template, seeds, kinds, agent_seed, out_winner,
                           out_turns, out_decisions, out_vp, out_stats):  # fmt: skip
    """E&P games spread over numba's threads; same result per game."""
    for i in prange(seeds.shape[0]):
        state = np.zeros(EP_STATE_SIZE, np.int32)
        legal = np.zeros(A.NUM_ACTIONS, np.int32)
        scratch = np.zeros(A.NUM_ACTIONS, np.int32)
        rng = np.zeros(2, np.int32)
        work = np.zeros(EP_WORK_SIZE, np.int32)
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True, parallel=True)
def ep_batch_reset(states, tb, config, template, base_seed, episodes):
    for i in prange(states.shape[0]):
        ep_reset(states[i], tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def ep_batch_legal(states, tb, lists, counts):
    for i in prange(states.shape[0]):
        counts[i] = ep_legal_actions(states[i], tb, lists[i])


@njit(cache=True, parallel=True)
def ep_batch_step(states, tb, actions, config, template, base_seed, episodes, scratch,
                  rewards, terminated, truncated, final_states):  # fmt: skip
    """See ``batch.batch_step``: one action per game, finished games restart."""
    for i in prange(states.shape[0]):
        s = states[i]
        ep_step(s, tb, actions[i], scratch[i])
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
            ep_reset(s, tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True)
def ep_soak_random_games(tb, config, template, seeds, agent_seed, max_decisions, out_code,
                         out_winner, out_decisions, out_states):  # fmt: skip
    """Random E&P games with every invariant checked after every step
    (codes of ``EP_INVARIANT_NAMES``; 15 no legal action, 16 too long)."""
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    for i in range(seeds.shape[0]):
        state = out_states[i]
        ep_reset(state, tb, seeds[i], config, template)
        seed_at(rng, 0, agent_seed * 1000003 + i)
        code = ep_check_state(state, tb)
        decisions = 0
        while code == 0 and state[PHASE] != GAME_OVER:
            count = ep_legal_actions(state, tb, legal)
            if count == 0:
                code = 15
                break
            ep_step(state, tb, legal[below_at(rng, 0, count)], scratch)
            decisions += 1
            code = ep_check_state(state, tb)
            if decisions > max_decisions:
                code = 16
        out_code[i] = code
        out_winner[i] = state[WINNER]
        out_decisions[i] = decisions


@njit(cache=True)
def ep_play_out(state, tb, kinds, agent_seed, max_decisions):
    """Continue an E&P game with jitted agents (see ``selfplay.play_out``)."""
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(EP_WORK_SIZE, np.int32)
    seed_at(rng, 0, agent_seed)
    played = 0
    while state[PHASE] != GAME_OVER and (max_decisions <= 0 or played < max_decisions):
        count = ep_legal_actions(state, tb, legal)
        a = ep_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ep_step(state, tb, a, scratch)
        played += 1
    return played


@njit(cache=True, parallel=True)
def ep_play_out_many(states, tb, kinds, agent_seeds, max_decisions, out_played):
    for i in prange(states.shape[0]):
        out_played[i] = ep_play_out(states[i], tb, kinds, agent_seeds[i], max_decisions)


@njit(cache=True)
def ep_play_until_seat(state, tb, kinds, rng, seat, legal, scratch, out_actions):
    """Jitted agents decide until ``seat`` must act (see ``selfplay.play_until_seat``)."""
    played = 0
    work = np.zeros(EP_WORK_SIZE, np.int32)
    while state[PHASE] != GAME_OVER and state[CURRENT_PLAYER] != seat:
        if played == out_actions.shape[0]:
            break
        count = ep_legal_actions(state, tb, legal)
        a = ep_choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        ep_step(state, tb, a, scratch)
        out_actions[played] = a
        played += 1
    return played
