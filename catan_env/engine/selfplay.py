"""Whole games played inside numba by jitted agents (batch self-play).

Each seat is played by a jitted policy chosen by an integer *kind*; the kernel
loops legal actions -> choose -> step with no Python in between. New jitted
agents add a kind and a branch in :func:`choose`. ``play_games`` runs the games
one after another on one core, ``play_games_parallel`` spreads them over
numba's threads; both give the same result for each game.
"""

import numpy as np
from numba import njit, prange

from ..constants import MAX_PLAYERS
from . import action_ids as A
from .heuristic import WORK_SIZE, heuristic_action, weighted_action
from .layout import CURRENT_PLAYER, DECISIONS, NUM_PLAYERS, PHASE, STATE_SIZE, TURN, WINNER
from .masks import legal_actions
from .phases import GAME_OVER
from .rng import below_at, seed_at
from .scoring import total_vp
from .setup import reset_state
from .step import step

KIND_RANDOM = 0
KIND_WEIGHTED = 1
KIND_HEURISTIC = 2
KIND_NAMES = ("random", "weighted", "heuristic")


@njit(cache=True)
def pick_uniform(legal, count, buf, at):
    """A uniformly random entry of ``legal[:count]`` (the legal action ids)."""
    return legal[below_at(buf, at, count)]


@njit(cache=True)
def choose(kind, state, tb, legal, count, rng, at, work):
    """The action of a jitted agent of ``kind`` for the current decision.

    ``legal[:count]`` are the legal ids, ascending; ``rng[at:at+2]`` is the
    agents' generator; ``work`` is scratch space of :data:`WORK_SIZE` words.
    """
    if kind == KIND_HEURISTIC:
        return heuristic_action(state, tb, legal, count, rng, at, work)
    if kind == KIND_WEIGHTED:
        return weighted_action(state, legal, count, rng, at)
    return pick_uniform(legal, count, rng, at)


@njit(cache=True)
def choose_action(kind, state, tb, rng, legal, work):
    """A jitted agent's choice for the current decision of one game.

    The entry point of :class:`agents.jitted.JittedAgent`: ``rng`` holds the
    agent's two generator words, ``legal`` is scratch of ``NUM_ACTIONS`` words
    and ``work`` of :data:`WORK_SIZE`.
    """
    count = legal_actions(state, tb, legal)
    return choose(kind, state, tb, legal, count, rng, 0, work)


@njit(cache=True)
def _play_one(state, tb, config, template, seed, kinds, agent_seed, legal, scratch, rng, work):
    """Play one game to the end in ``state`` (the buffers are scratch space)."""
    reset_state(state, tb, seed, config, template)
    seed_at(rng, 0, agent_seed * 1000003 + seed)
    while state[PHASE] != GAME_OVER:
        count = legal_actions(state, tb, legal)
        a = choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        step(state, tb, a, scratch)


@njit(cache=True)
def _record(state, i, out_winner, out_turns, out_decisions, out_vp):
    out_winner[i] = state[WINNER]
    out_turns[i] = state[TURN]
    out_decisions[i] = state[DECISIONS]
    for p in range(MAX_PLAYERS):
        out_vp[i, p] = total_vp(state, p) if p < state[NUM_PLAYERS] else 0


@njit(cache=True)
def play_games(
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
    """Play ``len(seeds)`` games; seat ``p`` is played by a jitted agent of ``kinds[p]``.

    Game ``i`` uses seed ``seeds[i]``; the agents' generator is seeded from
    ``agent_seed`` and ``seeds[i]``, so a game's result does not depend on how
    the games are batched. Writes the winner (-1: truncated), the turns, the
    decisions and each seat's total VP per game; ``out_stats`` (one column per
    name in the variant's ``stat_names``) has none for the base game.
    """
    state = np.zeros(STATE_SIZE, np.int32)
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(WORK_SIZE, np.int32)
    for i in range(seeds.shape[0]):
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp)


@njit(cache=True, parallel=True)
def play_games_parallel(
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
    """:func:`play_games` with the games spread over numba's threads."""
    for i in prange(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, np.int32)
        legal = np.zeros(A.NUM_ACTIONS, np.int32)
        scratch = np.zeros(A.NUM_ACTIONS, np.int32)
        rng = np.zeros(2, np.int32)
        work = np.zeros(WORK_SIZE, np.int32)
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        _record(state, i, out_winner, out_turns, out_decisions, out_vp)


@njit(cache=True)
def play_out(state, tb, kinds, agent_seed, max_decisions):
    """Continue the game in ``state`` with jitted agents (rollouts for search).

    Plays until the game ends or ``max_decisions`` decisions were made (0: no
    limit) and returns the number played. ``state`` is changed in place.
    """
    legal = np.zeros(A.NUM_ACTIONS, np.int32)
    scratch = np.zeros(A.NUM_ACTIONS, np.int32)
    rng = np.zeros(2, np.int32)
    work = np.zeros(WORK_SIZE, np.int32)
    seed_at(rng, 0, agent_seed)
    played = 0
    while state[PHASE] != GAME_OVER and (max_decisions <= 0 or played < max_decisions):
        count = legal_actions(state, tb, legal)
        a = choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        step(state, tb, a, scratch)
        played += 1
    return played


@njit(cache=True, parallel=True)
def play_out_many(states, tb, kinds, agent_seeds, max_decisions, out_played):
    """:func:`play_out` on every row of ``states``, spread over numba's threads."""
    for i in prange(states.shape[0]):
        out_played[i] = play_out(states[i], tb, kinds, agent_seeds[i], max_decisions)


@njit(cache=True)
def play_until_seat(state, tb, kinds, rng, seat, legal, scratch, out_actions):
    """Let jitted agents decide until seat ``seat`` must act or the game ends.

    The opponents' half of a single-agent environment: ``rng`` (two int32
    words) is the agents' generator, kept by the caller between calls. Returns
    the number of decisions played, whose ids are in ``out_actions``; stops
    early when ``out_actions`` is full.
    """
    played = 0
    work = np.zeros(WORK_SIZE, np.int32)
    while state[PHASE] != GAME_OVER and state[CURRENT_PLAYER] != seat:
        if played == out_actions.shape[0]:
            break  # the caller records these and calls again
        count = legal_actions(state, tb, legal)
        a = choose(kinds[state[CURRENT_PLAYER]], state, tb, legal, count, rng, 0, work)
        step(state, tb, a, scratch)
        out_actions[played] = a
        played += 1
    return played
