"""Ancients game records: the game's record hooks (:class:`~catan_env.core.spec.RecordHooks`).

An Ancients record is a catan_env record (:mod:`catan_env.replay`: same
``format``, ``version`` and ``engine_version`` checks, same files, same
``catan-env replay`` / ``render``) whose ``"game"`` is ``"ancients"``::

    {"format": "catan_env/record", "version": 1, "engine_version": "0.1.0",
     "game": "ancients", "scenario": {...the scenario JSON...}, "options": {...},
     "seed": 123, "agents": ["heuristic", "random"],
     "start_sha256": "...", "actions": [3, 57, ...], "action_names": ["play(...)", ...],
     "result": {"winner": 0, "truncated": false, "done": true, "turns": 31,
                "decisions": 402, "banners": [5, 2], "state_sha256": "..."}}

The whole scenario is kept (not only its id), so a record replays even if a
shipped scenario file changes. ``start_sha256`` plays the part of a Catan
record's ``board``: the seed must deal the same start (deck order included).
This module gives the keys after the version header (:func:`header`), the
start (:func:`start`), the ``result`` and the summary; :mod:`catan_env.replay`
writes, checks and replays the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from catan_env.replay import RecordError, result_facts, state_digest, summary_facts

from .options import GAME_NAME, AncientsConfig
from .rules import MAX_DECISIONS
from .scenario import Scenario, ScenarioError
from .setup import check_options

if TYPE_CHECKING:
    from .game import Game

#: Header keys of an Ancients record besides options, seed and actions.
REQUIRED = ("scenario",)
#: What :func:`start` pins, for the mismatch message.
START = "start"


def header(game: Game) -> dict[str, Any]:
    """The keys that make the game again: the game, its scenario, options and seed."""
    return {
        "game": GAME_NAME,
        "scenario": dict(game.scenario.source),
        "options": dict(game.options),
        "seed": game.seed,
    }


def start(state: np.ndarray) -> dict[str, Any]:
    """The start a replay must deal again: a digest of the whole state (deck included)."""
    return {"start_sha256": state_digest(state)}


def new_game(record: dict) -> Game:
    """The game of a checked record before its first action.

    Raises:
        RecordError: the scenario does not load.
        ValueError, TypeError: the options or seed do not make a game.
    """
    from .game import Game

    try:
        scenario = Scenario.from_dict(record["scenario"])
    except ScenarioError as exc:
        raise RecordError(f"record scenario: {exc}") from None
    return Game(scenario, seed=record["seed"], **record["options"])


def result(game: Game) -> dict[str, Any]:
    """The end facts a replay must reach (``record["result"]``)."""
    return {**result_facts(game), "banners": list(game.banners)}


def summary(record: dict, game: Game) -> dict[str, Any]:
    """A short JSON-able description of a replayed record (``game``: its final game)."""
    return {
        "game": GAME_NAME,
        "scenario": game.scenario.id,
        "scenario_name": game.scenario.name,
        "sides": list(game.side_names),
        **summary_facts(record, game),
        "banners": list(game.banners),
        "banners_to_win": int(game.field("banners_to_win")),
    }


def summary_lines(info: dict, file: str) -> list[str]:
    """``catan-env replay``'s text for an Ancients record (``info``: :func:`summary`)."""
    lines = [f"{file}: Command & Colors: Ancients, {info['scenario_name']}, seed {info['seed']}"]
    agents = info["agents"] or ["?", "?"]
    lines.append(f"  {'side':<8}{'army':<16}{'agent':<14}{'banners':>8}")
    for side, where in enumerate(("bottom", "top")):
        mark = "  winner" if info["winner"] == side else ""
        lines.append(
            f"  {where:<8}{info['sides'][side]:<16}{agents[side]:<14}"
            f"{info['banners'][side]:>8}{mark}"
        )
    end = (
        "truncated by the turn limit"
        if info["truncated"]
        else "unfinished"
        if not info["finished"]
        else f"won by the {info['sides'][info['winner']]}"
    )
    lines.append(
        f"  {info['decisions']} decisions, {info['turns']} turns, {end} "
        f"({info['banners_to_win']} banners to win)"
    )
    return lines


def record_jitted_game(
    scenario: Scenario, options: dict, kinds: Sequence[int], game_seed: int, agent_seed: int
) -> Game:
    """The game the batch kernels play for ``(game_seed, agent_seed)``, with its actions.

    :func:`catan_env.replay.record_jitted_game` for one Ancients seed row: the
    state's seed and the agents' seed of one kernel game (a row of
    :func:`~catan_env.games.ancients.batch.simulate_seeds` or ``tournament_seeds``).

    Args:
        scenario: the batch's scenario.
        options: its rule options.
        kinds: the jitted agent kind of each side (bottom, top).
        game_seed: the game's seed (``new_state(scenario, game_seed, options)``).
        agent_seed: the agents' seed for this game.
    """
    from catan_env.replay import record_jitted_game as record_game

    config = AncientsConfig(scenario, check_options(options))
    return record_game(config, kinds, np.array([game_seed, agent_seed], np.int64), 0)


__all__ = [
    "MAX_DECISIONS",
    "REQUIRED",
    "START",
    "header",
    "new_game",
    "record_jitted_game",
    "result",
    "start",
    "summary",
    "summary_lines",
]
