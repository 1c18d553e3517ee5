"""Whole games inside numba for one game: self-play, rollouts, batches, datasets and the soak.

Every loop calls only the contract (:mod:`catan_env.core.contract`) through
``R``, the game's ``rules`` module. Jitted agents choose every move; nothing
returns to Python until a batch is done. Results depend only on the seeds,
never on how games are batched or how many threads run them. The loops hand
the rules borrowed views of their arrays (:mod:`catan_env.core.borrow`), so that
numba counts no references in the calls a decision makes.
"""

import numpy as np
from numba import njit, prange

from catan_env.core import contract as R  # <rules>
from catan_env.core.arrays import copy_into
from catan_env.core.borrow import borrow
from catan_env.core.policy import POLICY_KIND, policy_choose, policy_logits
from catan_env.core.rng import below_at, episode_seed, next32_at, seed_at


@njit(cache=True, inline="always")
def _buffers():
    """One game's scratch: legal ids, step scratch, agents' generator, agents' work."""
    return (
        np.zeros(R.LEGAL_SIZE, np.int32),
        np.zeros(R.SCRATCH_SIZE, np.int32),
        np.zeros(R.RNG_WORDS, np.int32),
        np.zeros(R.WORK_SIZE, np.int32),
    )


@njit(cache=True)
def choose_action(kind, state, tb, rng, legal, work):
    """A jitted agent's choice for the current decision of one game.

    ``rng`` holds the agents' generator words, ``legal`` is scratch of
    ``LEGAL_SIZE`` words and ``work`` of ``WORK_SIZE``.
    """
    count = R.legal_actions(state, tb, legal)
    return R.choose(kind, state, tb, legal, count, rng, R.rng_offset(state), work)


@njit(cache=True, inline="always")
def _pick(kind, state, tb, legal, count, rng, work):
    """The choice of an agent of ``kind`` (the soak's; :func:`play_until` writes
    the same lines out, for speed).

    The uniform agent is picked here rather than through ``R.choose``: a call
    into a game's ``choose`` costs the prologue of its heaviest agent on every
    decision (measured: 26% of a random base game), and it draws the same
    number the same way.
    """
    at = R.rng_offset(state)
    if kind == R.UNIFORM_KIND:
        return legal[below_at(rng, at, count)]
    return R.choose(kind, state, tb, legal, count, rng, at, work)


@njit(cache=True)
def play_until(state, tb, kinds, stop_seat, max_decisions, out_actions, legal, scratch, rng, work):
    """Let the jitted agents of ``kinds`` decide in ``state`` until the game ends,
    seat ``stop_seat`` must act (-1: none), ``max_decisions`` were made or
    ``out_actions`` is full; returns the number of decisions played.

    ``out_actions`` receives the ids played (an empty array records nothing and
    never stops the loop). Every game loop of this module runs its decisions
    here, in one function whose loop body is written out: the same body as an
    inlined helper costs numba a reference-count pair per array argument per
    decision (measured: 22% of a random base game), and as a call more.
    """
    # Borrowed views (catan_env.core.borrow): the rules' calls then count no references.
    state, tb, kinds, out_actions = borrow(state), borrow(tb), borrow(kinds), borrow(out_actions)
    legal, scratch, rng, work = borrow(legal), borrow(scratch), borrow(rng), borrow(work)
    record = out_actions.shape[0] > 0
    played = 0
    while not R.is_over(state) and played < max_decisions:
        seat = R.current(state)
        if seat == stop_seat or (record and played == out_actions.shape[0]):
            break
        count = R.legal_actions(state, tb, legal)
        kind = kinds[seat]
        if kind == R.UNIFORM_KIND:
            # Not through R.choose, for the reason given in _pick.
            a = legal[below_at(rng, R.rng_offset(state), count)]
        else:
            a = R.choose(kind, state, tb, legal, count, rng, R.rng_offset(state), work)
        R.step(state, tb, a, scratch)
        if record:
            out_actions[played] = a
        played += 1
    return played


@njit(cache=True, inline="always")
def _play_one(state, tb, config, template, seed, kinds, agent_seed, legal, scratch, rng, work):
    R.reset(state, tb, seed, config, template)
    R.seed_agents(rng, agent_seed * 1000003 + seed)
    no_record = np.empty(0, np.int32)
    play_until(state, tb, kinds, -1, R.MAX_DECISIONS, no_record, legal, scratch, rng, work)


@njit(cache=True)
def play_games(tb, config, template, seeds, kinds, agent_seed, out_winner, out_turns,
               out_decisions, out_vp, out_stats):  # fmt: skip
    """Play ``len(seeds)`` games one after another; seat ``p`` is the jitted agent
    of kind ``kinds[p]``.

    Game ``i`` uses seed ``seeds[i]``; the agents' generator is seeded from
    ``agent_seed`` and ``seeds[i]``, so a game's result does not depend on how
    the games are batched. Writes row ``i`` of the outputs (``R.record``).
    """
    state = np.zeros(R.STATE_SIZE, np.int32)
    legal, scratch, rng, work = _buffers()
    for i in range(seeds.shape[0]):
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        R.record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True, parallel=True)
def play_games_parallel(tb, config, template, seeds, kinds, agent_seed, out_winner, out_turns,
                        out_decisions, out_vp, out_stats):  # fmt: skip
    """:func:`play_games` with the games spread over numba's threads."""
    for i in prange(seeds.shape[0]):
        state = np.zeros(R.STATE_SIZE, np.int32)
        legal, scratch, rng, work = _buffers()
        _play_one(state, tb, config, template, seeds[i], kinds, agent_seed,
                  legal, scratch, rng, work)  # fmt: skip
        R.record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True)
def play_out(state, tb, kinds, agent_seed, max_decisions):
    """Continue the game in ``state`` with jitted agents (rollouts for search).

    Plays until the game ends or ``max_decisions`` decisions were made (0: no
    limit) and returns the number played. ``state`` is changed in place.
    """
    legal, scratch, rng, work = _buffers()
    R.seed_agents(rng, agent_seed)
    limit = max_decisions if max_decisions > 0 else R.MAX_DECISIONS
    no_record = np.empty(0, np.int32)
    return play_until(state, tb, kinds, -1, limit, no_record, legal, scratch, rng, work)


@njit(cache=True, parallel=True)
def play_out_many(states, tb, kinds, agent_seeds, max_decisions, out_played):
    """:func:`play_out` on every row of ``states``, spread over numba's threads."""
    for i in prange(states.shape[0]):
        out_played[i] = play_out(states[i], tb, kinds, agent_seeds[i], max_decisions)


@njit(cache=True)
def record_many(states, out_winner, out_turns, out_decisions, out_vp, out_stats):
    """The per-game outputs of :func:`play_games` for finished games in ``states``."""
    for i in range(states.shape[0]):
        R.record(states[i], i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True)
def record_decisions(state, tb, kinds, rng, legal, scratch, work, out_states, out_masks,
                     out_seats, out_actions, row, end):  # fmt: skip
    """Continue the game in ``state`` with jitted agents, keeping every decision.

    Before each decision, row ``row`` of the outputs gets the state, the legal
    mask of the seat that must decide, that seat, and then the action its agent
    chose; the agents draw from ``rng`` exactly as in :func:`play_out`. Stops
    when the game is over or row ``end`` is reached, and returns the next free
    row (the caller grows the outputs and calls again to go on). A dataset of
    observations (:mod:`catan_env.dataset`) is made from these rows.
    """
    # Borrowed (catan_env.core.borrow), as in play_until.
    state, tb, rng = borrow(state), borrow(tb), borrow(rng)
    legal, scratch, work = borrow(legal), borrow(scratch), borrow(work)
    while not R.is_over(state) and row < end:
        count = R.legal_actions(state, tb, legal)
        seat = R.current(state)
        copy_into(out_states[row], state, state.size)
        mask = out_masks[row]
        mask[:] = False
        for j in range(count):
            mask[legal[j]] = True
        a = _pick(kinds[seat], state, tb, legal, count, rng, work)
        out_seats[row] = seat
        out_actions[row] = a
        R.step(state, tb, a, scratch)
        row += 1
    return row


@njit(cache=True, parallel=True)
def observe_many(states, tb, seats, out):
    """Row ``i`` of ``out`` gets seat ``seats[i]``'s observation of ``states[i]``."""
    for i in prange(states.shape[0]):
        R.observe_into(borrow(states[i]), borrow(tb), seats[i], borrow(out[i]))


@njit(cache=True)
def play_until_seat(state, tb, kinds, rng, seat, legal, scratch, out_actions):
    """Let jitted agents decide until seat ``seat`` must act or the game ends.

    The opponents' half of a single-agent environment: ``rng`` is the agents'
    generator, kept by the caller between calls. Returns the number of
    decisions played, whose ids are in ``out_actions``; stops early when
    ``out_actions`` is full (the caller records them and calls again).
    """
    work = np.zeros(R.WORK_SIZE, np.int32)
    return play_until(state, tb, kinds, seat, R.MAX_DECISIONS, out_actions, legal, scratch, rng,
                      work)  # fmt: skip


@njit(cache=True, parallel=True)
def batch_reset(states, tb, config, template, base_seed, episodes):
    """Start episode ``episodes[i]`` of game ``i`` in each row (seeded by ``episode_seed``)."""
    for i in prange(states.shape[0]):
        R.reset(states[i], tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def batch_legal(states, tb, lists, counts):
    """Each row's legal action ids (ascending) into ``lists[i, :counts[i]]``."""
    for i in prange(states.shape[0]):
        counts[i] = R.legal_actions(borrow(states[i]), borrow(tb), borrow(lists[i]))


@njit(cache=True, parallel=True)
def batch_step(states, tb, actions, config, template, base_seed, episodes, scratch, rewards,
               terminated, truncated, final_states):  # fmt: skip
    """Apply one action per game; finished games are recorded and restarted.

    Writes per game: ``rewards[i, p]`` (+1 winner, -1 other seats, 0 if the game
    goes on or was truncated), ``terminated[i]``, ``truncated[i]``, and the final
    state into ``final_states[i]`` when the game ended.
    """
    for i in prange(states.shape[0]):
        s = borrow(states[i])
        R.step(s, borrow(tb), actions[i], borrow(scratch[i]))
        for p in range(R.MAX_SEATS):
            rewards[i, p] = 0.0
        terminated[i] = False
        truncated[i] = False
        if R.is_over(s):
            copy_into(final_states[i], s, s.size)
            w = R.winner(s)
            if w >= 0:
                terminated[i] = True
                for p in range(R.num_seats(s)):
                    rewards[i, p] = 1.0 if p == w else -1.0
            else:
                truncated[i] = R.truncated(s)
            episodes[i] += 1
            R.reset(s, tb, episode_seed(base_seed, i, episodes[i]), config, template)


@njit(cache=True, parallel=True)
def batch_current_players(states, out):
    """The seat that must decide in each row."""
    for i in prange(states.shape[0]):
        out[i] = R.current(states[i])


@njit(cache=True)
def _soak_one(i, tb, config, template, seeds, kinds, agent_seed, max_decisions, out_code,
              out_winner, out_decisions, out_states, legal, scratch, rng, work, memo):  # fmt: skip
    """Soak game ``i`` in ``out_states[i]`` and write its row of the outputs."""
    # Borrowed (catan_env.core.borrow): arguments, and a row of one, which the caller holds.
    state, tb, memo = borrow(out_states[i]), borrow(tb), borrow(memo)
    legal, scratch, rng, work = borrow(legal), borrow(scratch), borrow(rng), borrow(work)
    R.reset(state, tb, seeds[i], config, template)
    R.seed_agents(rng, agent_seed * 1000003 + i)
    code = R.check(state, tb, memo, True)
    decisions = 0
    while code == 0 and not R.is_over(state):
        count = R.legal_actions(state, tb, legal)
        if count == 0:
            code = R.SOAK_NO_LEGAL
            break
        a = _pick(kinds[R.current(state)], state, tb, legal, count, rng, work)
        R.step(state, tb, a, scratch)
        decisions += 1
        code = R.check(state, tb, memo, False)
        if decisions > max_decisions:
            code = R.SOAK_TOO_LONG
    out_code[i] = code
    out_winner[i] = R.winner(state)
    out_decisions[i] = decisions


@njit(cache=True)
def soak(tb, config, template, seeds, kinds, agent_seed, max_decisions, out_code, out_winner,
         out_decisions, out_states):  # fmt: skip
    """Play games checking every invariant after every step.

    Game ``i`` starts from ``seeds[i]`` in ``out_states[i]`` (which keeps its
    final state); its agents' generator from ``agent_seed`` and ``i``. Writes
    the first broken invariant's code to ``out_code[i]`` (0 if none; also
    ``R.SOAK_NO_LEGAL`` when a running game has no legal action and
    ``R.SOAK_TOO_LONG`` past ``max_decisions``), the winner and the decisions.
    """
    legal, scratch, rng, work = _buffers()
    memo = np.zeros(max(R.MEMO_SIZE, 1), np.int32)
    for i in range(seeds.shape[0]):
        _soak_one(i, tb, config, template, seeds, kinds, agent_seed, max_decisions,
                  out_code, out_winner, out_decisions, out_states,
                  legal, scratch, rng, work, memo)  # fmt: skip


@njit(cache=True, parallel=True)
def soak_parallel(tb, config, template, seeds, kinds, agent_seed, max_decisions, out_code,
                  out_winner, out_decisions, out_states):  # fmt: skip
    """:func:`soak` with the games spread over numba's threads; same result per game."""
    for i in prange(seeds.shape[0]):
        legal, scratch, rng, work = _buffers()
        memo = np.zeros(max(R.MEMO_SIZE, 1), np.int32)
        _soak_one(i, tb, config, template, seeds, kinds, agent_seed, max_decisions,
                  out_code, out_winner, out_decisions, out_states,
                  legal, scratch, rng, work, memo)  # fmt: skip


# --- trained policies among the agents -------------------------------------------------------


@njit(cache=True, inline="always")
def _agent_pick(kind, state, tb, legal, count, rng, work, params, meta, obs, act):
    """:func:`_pick`, where a kind from ``POLICY_KIND`` on is actor ``kind - POLICY_KIND``
    of the policy table ``(params, meta)`` (:mod:`catan_env.core.policy`), which
    sees the deciding seat's observation (written to ``obs``; ``act`` is its scratch)."""
    if kind >= POLICY_KIND:
        R.observe_into(state, tb, R.current(state), obs)
        return policy_choose(params, meta, kind - POLICY_KIND, obs, legal, count, act, rng,
                             R.rng_offset(state))  # fmt: skip
    return _pick(kind, state, tb, legal, count, rng, work)


@njit(cache=True)
def choose_action_with(kind, state, tb, rng, legal, work, params, meta, obs, act):
    """:func:`choose_action` for any kind, policy-table actors included (``obs``:
    ``OBS_SIZE`` float32 scratch, ``act``: the table's scratch)."""
    count = R.legal_actions(state, tb, legal)
    return _agent_pick(kind, state, tb, legal, count, rng, work, params, meta, obs, act)


@njit(cache=True)
def play_games_with(tb, config, template, seeds, kinds, agent_seed, params, meta, act_size,
                    max_decisions, out_winner, out_turns, out_decisions, out_vp,
                    out_stats):  # fmt: skip
    """:func:`play_games` where seats may be policy-table actors (kinds from
    ``POLICY_KIND``; ``act_size``: :func:`catan_env.core.policy.scratch_size`).

    A game stops after ``max_decisions`` decisions when that is > 0 (a
    deterministic actor may cycle where no turn limit comes; the game is then
    recorded unfinished, winner -1). Same games as :func:`play_games` when no
    seat is an actor and no game reaches the bound."""
    state = np.zeros(R.STATE_SIZE, np.int32)
    legal, scratch, rng, work = _buffers()
    obs = np.zeros(R.OBS_SIZE, np.float32)
    act = np.zeros(act_size, np.float32)
    limit = max_decisions if 0 < max_decisions < R.MAX_DECISIONS else R.MAX_DECISIONS
    for i in range(seeds.shape[0]):
        R.reset(state, tb, seeds[i], config, template)
        R.seed_agents(rng, agent_seed * 1000003 + seeds[i])
        _play_with(state, tb, kinds, limit, legal, scratch, rng, work, params, meta, obs, act)
        R.record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats)


@njit(cache=True)
def _play_with(state, tb, kinds, limit, legal, scratch, rng, work, params, meta, obs, act):
    """One game of :func:`play_games_with`, from its first decision to the end or
    ``limit`` decisions."""
    # Borrowed (catan_env.core.borrow): arguments, which the caller holds.
    state, tb, kinds = borrow(state), borrow(tb), borrow(kinds)
    legal, scratch, rng, work = borrow(legal), borrow(scratch), borrow(rng), borrow(work)
    obs, act = borrow(obs), borrow(act)
    n = 0
    while not R.is_over(state) and n < limit:
        count = R.legal_actions(state, tb, legal)
        a = _agent_pick(kinds[R.current(state)], state, tb, legal, count, rng, work, params,
                        meta, obs, act)  # fmt: skip
        R.step(state, tb, a, scratch)
        n += 1


# --- the learner's env: one seat learns, the others are agents inside the kernel --------------
#
# One row per game. Per row: ``seats[i]`` (the learner's seat this episode),
# ``kinds[i, p]`` (the agent kind of every other seat, drawn at each episode's
# start), ``episodes[i]``, ``ep_steps[i]`` (learner steps this episode) and
# ``auto[i]`` (learner decisions with one legal action applied for it, in all).
# Episode ``k`` of row ``i`` is the game seeded ``g = episode_seed(base_seed, i, k)``;
# its agents' generator is seeded ``episode_seed(g, 1, 0)`` and the draws of
# the learner's seat and the opponents use a generator seeded
# ``episode_seed(g, 2, 0)``: the seat (``below(num_seats)``) first, then one
# draw per opponent seat in seat order. ``pool_kinds`` / ``pool_cum`` is the
# opponent pool: with ``pool_by_weight`` each opponent draws kind ``k`` with
# probability ``pool_cum[k] - pool_cum[k - 1]`` (``pool_cum`` cumulative, last
# 1.0; a pool of one kind draws nothing), else the opponent ``j`` seats after
# the learner is ``pool_kinds[j - 1]``.


@njit(cache=True, inline="always")
def _learner_start(i, states, tb, config, template, base_seed, episodes, seats, kinds, rngs,
                   fixed_seat, pool_kinds, pool_cum, pool_by_weight):  # fmt: skip
    """Start row ``i``'s current episode: reset, seed the agents, draw seat and opponents."""
    s = states[i]
    g = episode_seed(base_seed, i, episodes[i])
    R.reset(s, tb, g, config, template)
    R.seed_agents(rngs[i], episode_seed(g, 1, 0))
    draw = np.zeros(2, np.int32)
    seed_at(draw, 0, episode_seed(g, 2, 0))
    n = R.num_seats(s)
    seat = below_at(draw, 0, n)
    if fixed_seat >= 0:
        seat = fixed_seat
    seats[i] = seat
    for p in range(R.MAX_SEATS):
        kinds[i, p] = -1
    for p in range(n):
        if p == seat:
            continue
        if not pool_by_weight:
            kinds[i, p] = pool_kinds[(p - seat - 1) % n]
        elif pool_kinds.shape[0] == 1:
            kinds[i, p] = pool_kinds[0]
        else:
            u = next32_at(draw, 0) / 4294967296.0
            k = 0
            while k < pool_kinds.shape[0] - 1 and u >= pool_cum[k]:
                k += 1
            kinds[i, p] = pool_kinds[k]


@njit(cache=True, inline="always")
def _learner_advance(i, states, tb, seats, kinds, rngs, legal, scratch, work, auto, auto_single,
                     params, meta, obs, act, max_decisions):  # fmt: skip
    """Agents play row ``i`` until its learner must choose among several actions.

    Returns the learner's legal count (ids in ``legal[i]``), or 0 once the game
    is over or the agents made ``max_decisions`` decisions in this call (> 0;
    a cycling deterministic actor), which ends the episode without a winner.
    """
    # Borrowed (catan_env.core.borrow): rows of the kernel's arguments.
    s = borrow(states[i])
    tbl = borrow(tb)
    seat = seats[i]
    lg = borrow(legal[i])
    sc = borrow(scratch[i])
    rg = borrow(rngs[i])
    wk = borrow(work[i])
    ob = borrow(obs[i])
    ac = borrow(act[i])
    pm, mt = borrow(params), borrow(meta)
    limit = max_decisions if 0 < max_decisions < R.MAX_DECISIONS else R.MAX_DECISIONS
    n = 0
    while n < limit:
        while not R.is_over(s) and R.current(s) != seat and n < limit:
            count = R.legal_actions(s, tbl, lg)
            a = _agent_pick(kinds[i, R.current(s)], s, tbl, lg, count, rg, wk, pm, mt, ob,
                            ac)  # fmt: skip
            R.step(s, tbl, a, sc)
            n += 1
        if R.is_over(s) or n >= limit:
            return 0
        count = R.legal_actions(s, tbl, lg)
        if not (auto_single and count == 1):
            return count
        R.step(s, tbl, lg[0], sc)
        auto[i] += 1
        n += 1
    return 0


@njit(cache=True, inline="always")
def _learner_write(i, states, tb, seats, legal, count, counts, obs, masks):
    """Row ``i``'s learner observation and mask (its ``count`` legal ids in ``legal[i]``,
    kept in ``counts[i]``)."""
    counts[i] = count
    R.observe_into(borrow(states[i]), borrow(tb), seats[i], borrow(obs[i]))
    row = masks[i]
    row[:] = False
    for j in range(count):
        row[legal[i, j]] = True


@njit(cache=True, inline="always")
def _learner_begin(i, states, tb, config, template, base_seed, episodes, seats, kinds, rngs,
                   fixed_seat, pool_kinds, pool_cum, pool_by_weight, legal, scratch, work, auto,
                   auto_single, params, meta, obs, act, ep_steps, max_decisions):  # fmt: skip
    """Start row ``i``'s episode and play to the learner's first real decision.

    An episode the agents finish before the learner decides is skipped (the
    next one starts); returns the learner's legal count.
    """
    ep_steps[i] = 0
    while True:
        _learner_start(i, states, tb, config, template, base_seed, episodes, seats, kinds, rngs,
                       fixed_seat, pool_kinds, pool_cum, pool_by_weight)  # fmt: skip
        count = _learner_advance(i, states, tb, seats, kinds, rngs, legal, scratch, work, auto,
                                 auto_single, params, meta, obs, act, max_decisions)  # fmt: skip
        if count > 0:
            return count
        episodes[i] += 1


@njit(cache=True, parallel=True)
def learner_reset(states, tb, config, template, base_seed, episodes, seats, kinds, rngs,
                  fixed_seat, pool_kinds, pool_cum, pool_by_weight, legal, scratch, work, auto,
                  auto_single, params, meta, act, ep_steps, max_decisions, counts, obs,
                  masks):  # fmt: skip
    """Start episode ``episodes[i]`` of every row and write each learner's first
    observation and mask (the layout of the rows: the comment above)."""
    for i in prange(states.shape[0]):
        count = _learner_begin(i, states, tb, config, template, base_seed, episodes, seats, kinds,
                               rngs, fixed_seat, pool_kinds, pool_cum, pool_by_weight, legal,
                               scratch, work, auto, auto_single, params, meta, obs, act,
                               ep_steps, max_decisions)  # fmt: skip
        _learner_write(i, states, tb, seats, legal, count, counts, obs, masks)


@njit(cache=True, parallel=True)
def learner_step(actions, states, tb, config, template, base_seed, episodes, seats, kinds, rngs,
                 fixed_seat, pool_kinds, pool_cum, pool_by_weight, legal, scratch, work, auto,
                 auto_single, params, meta, act, ep_steps, max_decisions, counts, max_steps,
                 win_reward, score_reward, obs, masks, rewards, dones, truncs, term_obs,
                 out_winner, out_seat, out_score, out_steps):  # fmt: skip
    """Apply each row's learner action, let the agents play, restart finished games.

    Row ``i`` gets ``rewards[i]``: ``score_reward`` times the learner's score
    change (:func:`R.score`) over the step, plus ``+win_reward`` / ``-win_reward``
    when the game ends with the learner / another seat winning. ``dones[i]``:
    the episode ended (``truncs[i]``: without a winner, or after ``max_steps``
    learner steps when that is > 0). A finished episode leaves its learner's
    last observation in ``term_obs[i]``, the winner (-1 none), the learner's
    seat, final score and steps in ``out_*[i]``; the row already holds the next
    episode, whose first observation and mask are in ``obs[i]`` / ``masks[i]``.
    """
    for i in prange(states.shape[0]):
        s = states[i]
        seat = seats[i]
        before = R.score(s, seat)
        R.step(borrow(s), borrow(tb), actions[i], borrow(scratch[i]))
        ep_steps[i] += 1
        count = _learner_advance(i, states, tb, seats, kinds, rngs, legal, scratch, work, auto,
                                 auto_single, params, meta, obs, act, max_decisions)  # fmt: skip
        r = score_reward * (R.score(s, seat) - before)
        done = False
        trunc = False
        if count == 0:
            done = True
            w = R.winner(s)
            if w >= 0:
                r += win_reward if w == seat else -win_reward
            else:
                trunc = True
        elif max_steps > 0 and ep_steps[i] >= max_steps:
            done = True
            trunc = True
        rewards[i] = r
        dones[i] = done
        truncs[i] = trunc
        if done:
            R.observe_into(borrow(s), borrow(tb), seat, borrow(term_obs[i]))
            out_winner[i] = R.winner(s)
            out_seat[i] = seat
            out_score[i] = R.score(s, seat)
            out_steps[i] = ep_steps[i]
            episodes[i] += 1
            count = _learner_begin(i, states, tb, config, template, base_seed, episodes, seats,
                                   kinds, rngs, fixed_seat, pool_kinds, pool_cum, pool_by_weight,
                                   legal, scratch, work, auto, auto_single, params, meta, obs,
                                   act, ep_steps, max_decisions)  # fmt: skip
        _learner_write(i, states, tb, seats, legal, count, counts, obs, masks)


# --- search with a learned value -------------------------------------------------------------


@njit(cache=True)
def value_of(state, tb, seat, params, meta, k, obs, act, seats):
    """Seat ``seat``'s chance of winning ``state``: 1 or 0 once the game is won, an even
    share once it ended without a winner, else the softmax of value actor ``k``'s seat
    logits (:mod:`agents.value_net`: the observer's logit first) from ``seat``'s
    observation. ``seats`` holds ``0 .. MAX_SEATS - 1`` (the head's rows)."""
    if R.is_over(state):
        w = R.winner(state)
        if w < 0:
            return 1.0 / R.num_seats(state)
        return 1.0 if w == seat else 0.0
    R.observe_into(state, tb, seat, obs)
    n = R.num_seats(state)
    at = policy_logits(params, meta, k, obs, seats, n, act)
    top = act[at]
    for j in range(1, n):
        top = max(top, act[at + j])
    total = 0.0
    for j in range(n):
        total += np.exp(act[at + j] - top)
    return np.exp(act[at] - top) / total


@njit(cache=True)
def search_values(roots, tb, seat, actions, depth, params, meta, k, out, scratch, legal, obs,
                  act, seats, s1, s2):  # fmt: skip
    """Add to ``out[i]`` the value for ``seat`` of playing ``actions[i]``, summed over the
    determinizations ``roots`` (one state a row, each a guess of the hidden cards and of
    the generator, so chance after the action is sampled once a row); returns the
    number of positions scored.

    ``depth`` 1 scores the position after the action with :func:`value_of`; ``depth``
    2 also plays, where ``seat`` decides again right after, its best next action
    (the maximum of the values after each of its legal actions), so a purchase is
    judged with what it allows. ``s1`` and ``s2`` are state scratch, ``legal``
    ``LEGAL_SIZE`` words, ``obs`` and ``act`` the observation and the value table's
    scratch.
    """
    size = roots.shape[1]
    scored = 0
    for i in range(actions.shape[0]):
        total = 0.0
        for d in range(roots.shape[0]):
            copy_into(s1, roots[d], size)
            R.step(s1, tb, actions[i], scratch)
            if depth > 1 and not R.is_over(s1) and R.current(s1) == seat:
                count = R.legal_actions(s1, tb, legal)
                best = 0.0
                for j in range(count):
                    copy_into(s2, s1, size)
                    R.step(s2, tb, legal[j], scratch)
                    v = value_of(s2, tb, seat, params, meta, k, obs, act, seats)
                    best = max(best, v)
                scored += count
                total += best
            else:
                total += value_of(s1, tb, seat, params, meta, k, obs, act, seats)
                scored += 1
        out[i] += total
    return scored
