"""The contract: the names every game's ``rules`` module exports.

A game is one package under :mod:`catan_env.games`; its ``rules.py`` exports
the constants and jitted functions declared below, under these names and with
these parameters. The whole-game loops (:mod:`catan_env.core.kernels.template`)
call nothing else, so a game that honours the contract gets self-play, the
batched simulator, the invariant soak, rollouts for search, the opponents'
half of single-agent envs, the batched learner env and datasets of decisions
(observed inside numba by :func:`observe_into`) without writing a loop.
:func:`check_rules` verifies
a module against the declarations; ``tests/core/test_contract.py`` runs it and a
random playthrough on every registered game.

Conventions shared by every function:

* ``state`` is one game's flat int32 array (``STATE_SIZE`` words); ``tb`` the
  game's static tables (an empty array for a game that has none).
* ``legal`` is scratch of ``LEGAL_SIZE`` int32 words; :func:`legal_actions`
  writes the legal ids, ascending, to ``legal[:count]`` (a game may keep its
  own data after them, for :func:`choose`).
* Jitted agents are numbered *kinds* (``AGENT_KINDS`` names them). Their
  generator lives in ``rng`` (``RNG_WORDS`` int32 words); the seat that must
  decide uses the words from :func:`rng_offset` on.

The functions below are the declarations: their bodies describe, they are never
called. The template is linted and read against them.
"""

from __future__ import annotations

import inspect

#: Constants every rules module defines.
CONSTANTS = (
    "STATE_SIZE",  # words in one state
    "NUM_ACTIONS",  # size of the fixed Discrete action space
    "LEGAL_SIZE",  # words of the ``legal`` scratch (>= NUM_ACTIONS)
    "SCRATCH_SIZE",  # words of the ``scratch`` buffer step may use
    "WORK_SIZE",  # words of the jitted agents' ``work`` buffer
    "RNG_WORDS",  # words of the agents' generator
    "MAX_SEATS",  # seats of the largest game (columns of per-seat outputs)
    "NUM_STATS",  # game-specific statistics per game (columns of ``out_stats``)
    "MEMO_SIZE",  # words the invariant check may memoise between calls
    "MAX_DECISIONS",  # a bound no sound game reaches (loops stop there)
    "SOAK_NO_LEGAL",  # soak code: a running game has no legal action
    "SOAK_TOO_LONG",  # soak code: a game exceeded the soak's decision bound
    "AGENT_KINDS",  # names of the jitted agent kinds, by kind number
    "UNIFORM_KIND",  # the kind whose choice is legal[below_at(rng, at, count)], or -1
    "OBS_SIZE",  # float32 words of one seat's observation (observe_into)
)


def reset(state, tb, seed, config, template):
    """Start a new game in ``state`` from ``seed``; ``config`` and ``template`` are
    the game's option vector and board template (see its options)."""


def legal_actions(state, tb, legal):
    """Write the legal action ids, ascending, to ``legal[:count]``; return ``count``."""


def legal_mask(state, tb, mask):
    """Set ``mask[a]`` to 1 for every legal action and 0 for every other one."""


def step(state, tb, action, scratch):
    """Apply a legal ``action`` of the seat that must decide (``scratch``: SCRATCH_SIZE)."""


def is_over(state):
    """True once the game has ended (won or truncated)."""


def current(state):
    """The seat that must make the next decision."""


def winner(state):
    """The winning seat, or -1 (game running, or ended without a winner)."""


def truncated(state):
    """True if the game ended without a winner (a turn or decision limit)."""


def num_seats(state):
    """The seats in play in this game (<= MAX_SEATS)."""


def choose(kind, state, tb, legal, count, rng, at, work):
    """The action a jitted agent of ``kind`` takes; ``legal[:count]`` from
    :func:`legal_actions`, its generator at ``rng[at:]``, scratch ``work``."""


def rng_offset(state):
    """Where in ``rng`` the generator of the seat that must decide starts."""


def seed_agents(rng, seed):
    """Seed every generator in ``rng`` (all seats' agents) from one integer."""


def record(state, i, out_winner, out_turns, out_decisions, out_vp, out_stats):
    """Write row ``i`` of the per-game outputs from a finished game: winner (-1
    none), turns, decisions, each seat's score (0 for seats not in play) and the
    game's ``NUM_STATS`` statistics."""


def check(state, tb, memo, fresh):
    """0 if every invariant holds, else the code of the first one broken.
    ``memo`` (MEMO_SIZE words) may carry work between calls on one game;
    ``fresh`` is true on a game's first call."""


def observe_into(state, tb, seat, out):
    """Write seat ``seat``'s observation of ``state`` into ``out`` (``OBS_SIZE``
    float32 words; every word is written)."""


def score(state, seat):
    """Seat ``seat``'s score now (the figure ``record`` writes as its ``out_vp``):
    what reward shaping by score differences measures."""


FUNCTIONS = (
    reset,
    legal_actions,
    legal_mask,
    step,
    is_over,
    current,
    winner,
    truncated,
    num_seats,
    choose,
    rng_offset,
    seed_agents,
    record,
    check,
    observe_into,
    score,
)


class ContractError(TypeError):
    """A rules module does not honour the contract."""


def _parameters(fn) -> list[str]:
    py = getattr(fn, "py_func", fn)  # a numba dispatcher keeps the Python function
    return list(inspect.signature(py).parameters)


def check_rules(module) -> None:
    """Raise :class:`ContractError` naming the first name ``module`` lacks or
    declares with other parameters than the contract's."""
    name = getattr(module, "__name__", repr(module))
    for const in CONSTANTS:
        if not hasattr(module, const):
            raise ContractError(f"{name} lacks the contract constant {const}")
    if module.LEGAL_SIZE < module.NUM_ACTIONS:
        raise ContractError(f"{name}: LEGAL_SIZE {module.LEGAL_SIZE} < NUM_ACTIONS")
    for decl in FUNCTIONS:
        fn = getattr(module, decl.__name__, None)
        if fn is None:
            raise ContractError(f"{name} lacks the contract function {decl.__name__}")
        if not hasattr(fn, "py_func"):
            raise ContractError(f"{name}.{decl.__name__} is not a jitted function")
        want, got = _parameters(decl), _parameters(fn)
        if len(want) != len(got):
            raise ContractError(
                f"{name}.{decl.__name__} takes ({', '.join(got)}); "
                f"the contract declares ({', '.join(want)})"
            )
