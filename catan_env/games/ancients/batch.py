"""Ancients in the batch layers: the game's batch hooks (:class:`~catan_env.core.spec.BatchHooks`).

``catan-env simulate --game ancients`` and ``catan-env tournament --game
ancients`` (and ``--ray``) run :mod:`catan_env.simulate`,
:mod:`catan_env.tournament` and :mod:`catan_env.distributed` as for Catan; this
module gives what is Ancients' own:

* the seeds: game ``i`` of a simulate batch with seed ``s`` is dealt from
  ``s + i`` and its agents draw from ``s * 1000003 + i``; game ``i`` of a
  tournament uses ``s * 1000003 + i`` for both (:func:`game_seeds`). A seed row
  is ``(state seed, agents' seed)``;
* the kernel call: each row's state is set up from the scenario in Python, then
  the generated kernels' ``play_out_many`` plays them all (``record_many`` writes
  the results: banners are the per-seat score);
* the agents (:data:`~catan_env.games.ancients.agents.AGENT_NAMES`: every one
  jitted), the rule options of ``-o``, and the words of the reports: sides and
  banners; a tournament seats every ordered pairing of agents by default.
"""

from __future__ import annotations

import numpy as np

from catan_env._generated import ancients_kernels as K
from catan_env.agent_spec import is_custom_spec, load_custom_agent

from . import rules as R
from .agents import AGENT_NAMES
from .options import AncientsConfig, parse_option
from .setup import new_state, place_scenario

#: The shared layers' words in Ancients' (table headers and JSON keys).
WORDS = {"seat": "side", "vp": "banners"}
#: Every ordered pairing of distinct agents, each from both sides.
TOURNAMENT_FORM = "pairings"

_NO_TABLES = np.zeros(1, np.int32)  # Ancients has no static tables

__all__ = [
    "TOURNAMENT_FORM",
    "WORDS",
    "AncientsAgent",
    "agent_specs",
    "details",
    "game_seeds",
    "kernel_inputs",
    "make_agent",
    "parse_option",
    "play",
    "scenarios",
    "seat_names",
    "seeds_of",
    "simulate_seeds",
    "title",
    "tournament_seeds",
]


class AncientsAgent:
    """A jitted Ancients agent: the kernels' policy, also for a Python loop.

    Args:
        kind: its kind (index in :data:`AGENT_NAMES`).
        seed: seeds its own generator for :meth:`act` (``None``: from the OS);
            inside the kernels the batch's seeds are used instead.
    """

    def __init__(self, kind: int, seed: int | None = None):
        self.kernel_kind = kind
        self.name = AGENT_NAMES[kind]
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.rng = np.zeros(R.RNG_WORDS, np.int32)
        R.seed_agents(self.rng, int(seed) % 2**62)
        self._legal = np.zeros(R.LEGAL_SIZE, np.int32)
        self._work = np.zeros(R.WORK_SIZE, np.int32)

    def act(self, game) -> int:
        """The policy's action for the side that must decide in ``game``."""
        if game.done:
            raise ValueError("no legal action: the game is over")
        return int(
            K.choose_action(
                self.kernel_kind, game.state, game.tables, self.rng, self._legal, self._work
            )
        )

    def __repr__(self) -> str:
        return f"AncientsAgent({self.name!r})"


def agent_specs() -> list[str]:
    """The agents as ``--agents`` names them."""
    return list(AGENT_NAMES)


def scenarios() -> list[str]:
    """The shipped scenarios, the default (Akragas) first; ``--scenario`` also takes a file."""
    from .scenario import available_scenarios

    return sorted(available_scenarios(), key=lambda s: s != "akragas")


def make_agent(name: str, seed: int | None = None) -> AncientsAgent:
    """The jitted agent called ``name`` (``"random"``, ``"heuristic"``), or your own
    (``module:Class``, ``path/to/file.py:Class``: :mod:`catan_env.agent_spec`)."""
    if name not in AGENT_NAMES:
        if is_custom_spec(name):
            return load_custom_agent(name, seed)
        raise ValueError(
            f"unknown agent {name!r} for ancients (known: {', '.join(AGENT_NAMES)}, "
            "or your own as module:Class or path/to/file.py:Class)"
        )
    return AncientsAgent(AGENT_NAMES.index(name), seed)


def game_seeds(seed: int, games: int) -> tuple[np.ndarray, np.ndarray]:
    """The seeds of a simulate batch's games: (each game's state seed, each game's agent seed)."""
    i = np.arange(games, dtype=np.int64)
    return seed + i, i + seed * 1_000_003


def simulate_seeds(seed: int, games: int) -> np.ndarray:
    """:func:`game_seeds` as one ``(state seed, agents' seed)`` row per game."""
    return np.column_stack(game_seeds(seed, games))


def tournament_seeds(seed: int, games: int) -> np.ndarray:
    """A tournament's seed rows: game ``i`` deals and draws from ``seed * 1000003 + i``."""
    s = seed * 1_000_003 + np.arange(games, dtype=np.int64)
    return np.column_stack((s, s))


def seeds_of(row, agent_seed: int) -> tuple[int, int]:
    """One game's ``(state seed, agents' seed)``: the row itself (the batch seed is in it)."""
    return int(row[0]), int(row[1])


def play(config: AncientsConfig, kinds, seeds, agent_seed: int, out, parallel: bool) -> None:
    """Play one game per seed row in the kernels and write each game's row of ``out``.

    ``play_out_many`` spreads the games over numba's threads whether or not
    ``parallel`` is asked for; a game's result depends only on its row.
    """
    seeds = np.asarray(seeds, np.int64).reshape(-1, 2)
    states = np.stack([new_state(config.scenario, int(s), config.options) for s in seeds[:, 0]])
    played = np.zeros(len(states), np.int64)
    K.play_out_many(states, _NO_TABLES, np.asarray(kinds, np.int64),
                    np.ascontiguousarray(seeds[:, 1]), R.MAX_DECISIONS, played)  # fmt: skip
    K.record_many(states, out.winners, out.turns, out.decisions, out.vps, out.stats)


def kernel_inputs(config: AncientsConfig) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(tables, config vector, template)`` of the kernels' reset: no tables, no
    option vector (the options sit in the template), the scenario's placed board."""
    return _NO_TABLES, np.zeros(1, np.int32), place_scenario(config.scenario, config.options)


def title(config: AncientsConfig) -> str:
    """The batch's game in a report's first line."""
    return f"ancients, scenario {config.scenario.id}"


def seat_names(config: AncientsConfig) -> list[str]:
    """The sides' names (bottom army, top army)."""
    return list(config.scenario.side_names)


def details(config: AncientsConfig) -> dict:
    """The scenario's id and sides, in the JSON results."""
    return {"scenario": config.scenario.id, "sides": list(config.scenario.side_names)}
