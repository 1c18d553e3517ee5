"""Ancients game records: the Ancients half of :mod:`catan_env.replay`.

An Ancients record is a catan_env record (same ``format``, ``version`` and
``engine_version`` checks, same files, same ``catan-env replay`` / ``render``)
whose ``"game"`` is ``"ancients"``::

    {"format": "catan_env/record", "version": 1, "engine_version": "0.1.0",
     "game": "ancients", "scenario": {...the scenario JSON...}, "options": {...},
     "seed": 123, "agents": ["heuristic", "random"],
     "start_sha256": "...", "actions": [3, 57, ...], "action_names": ["play(...)", ...],
     "result": {"winner": 0, "truncated": false, "done": true, "turns": 31,
                "decisions": 402, "banners": [5, 2], "state_sha256": "..."}}

The whole scenario is kept (not only its id), so a record replays even if a
shipped scenario file changes. ``start_sha256`` plays the part of a Catan
record's ``board``: the seed must deal the same start (deck order included).
:mod:`catan_env.replay` calls the functions here when a record says
``"game": "ancients"``; nothing here is Catan-specific.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .scenario import Scenario, ScenarioError

if TYPE_CHECKING:
    from .game import Game

GAME_NAME = "ancients"
MAX_DECISIONS = 100_000
"""The batched kernel's decision limit (:func:`~catan_env.games.ancients.simulate.simulate`)."""


def _digest(state: np.ndarray) -> str:
    from catan_env.replay import state_digest

    return state_digest(state)


def make_record(game: Game, agents: Sequence[str] | None = None, **meta: Any) -> dict[str, Any]:
    """The record of ``game`` so far (see the module docstring)."""
    from catan_env.replay import RECORD_FORMAT, RECORD_VERSION, engine_version

    names = game.action_names
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "engine_version": engine_version(),
        "game": GAME_NAME,
        "scenario": dict(game.scenario.source),
        "options": dict(game.options),
        "seed": game.seed,
    }
    if agents is not None:
        record["agents"] = [str(a) for a in agents]
    if meta:
        record["meta"] = meta
    record["start_sha256"] = _digest(_new_game(game.scenario, game.options, game.seed).state)
    record["actions"] = [int(a) for a in game.actions]
    record["action_names"] = [names[a] for a in game.actions]
    record["result"] = result(game)
    return record


def result(game: Game) -> dict[str, Any]:
    """The end facts a replay must reach (``record["result"]``)."""
    return {
        "winner": game.winner,
        "truncated": game.truncated,
        "done": game.done,
        "turns": game.turn,
        "decisions": len(game.actions),
        "banners": list(game.banners),
        "state_sha256": _digest(game.state),
    }


def _new_game(scenario: Scenario, options: dict, seed: int) -> Game:
    from .game import Game

    return Game(scenario, seed=seed, **options)


def start_game(record: dict) -> Game:
    """The game of ``record`` before its first action (header already checked).

    Raises:
        RecordError: the scenario, options or seed do not make a game.
        ReplayMismatchError: the seed deals another start than the record's.
    """
    from catan_env.replay import RecordError, ReplayMismatchError

    try:
        scenario = Scenario.from_dict(record["scenario"])
    except ScenarioError as exc:
        raise RecordError(f"record scenario: {exc}") from None
    try:
        game = _new_game(scenario, record["options"], record["seed"])
    except (ValueError, TypeError) as exc:
        raise RecordError(f"record header does not make a game: {exc}") from None
    start = record.get("start_sha256")
    if start is not None and start != _digest(game.state):
        raise ReplayMismatchError(
            "the record's seed deals another start than the one it records "
            "(record edited, or written by an engine that deals differently)"
        )
    return game


def summary(record: dict, game: Game) -> dict[str, Any]:
    """A short JSON-able description of a replayed record (``game``: its final game)."""
    return {
        "game": GAME_NAME,
        "scenario": game.scenario.id,
        "scenario_name": game.scenario.name,
        "sides": list(game.side_names),
        "agents": record.get("agents"),
        "seed": game.seed,
        "engine_version": record.get("engine_version"),
        "decisions": len(game.actions),
        "turns": game.turn,
        "winner": game.winner,
        "truncated": game.truncated,
        "finished": game.done,
        "banners": list(game.banners),
        "banners_to_win": int(game.field("banners_to_win")),
        "verified": record.get("result") is not None,
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


def _wrap_int64(x: int) -> int:
    x %= 2**64
    return x - 2**64 if x >= 2**63 else x


def record_jitted_game(
    scenario: Scenario,
    options: dict,
    kinds: Sequence[int],
    game_seed: int,
    agent_seed: int,
    max_decisions: int = MAX_DECISIONS,
) -> Game:
    """Play the game the batched kernel plays for ``(game_seed, agent_seed)``, keeping its actions.

    The kernels' ``play_out_many`` keeps no actions;
    this plays the same game one decision at a time with the same jitted
    policies and the same agent generators (seeded as the kernel seeds them),
    so the record is exactly the game the batch played.

    Args:
        scenario: the batch's scenario.
        options: its rule options.
        kinds: the jitted agent kind of each side (bottom, top).
        game_seed: the game's seed (``new_state(scenario, game_seed, options)``).
        agent_seed: the agents' seed for this game (``agent_seeds[i]`` of the kernel).
    """
    from catan_env._generated import ancients_kernels as K

    from . import layout as L
    from . import rules as R

    game = _new_game(scenario, options, int(game_seed))
    kinds = np.asarray(kinds, np.int64)
    rng = np.zeros(R.RNG_WORDS, np.int32)
    R.seed_agents(rng, _wrap_int64(int(agent_seed)))
    legal = np.zeros(R.LEGAL_SIZE, np.int32)
    work = np.zeros(R.WORK_SIZE, np.int32)
    tables = np.zeros(1, np.int32)
    s = game.state
    for _ in range(max_decisions):
        if game.done:
            break
        a = K.choose_action(kinds[int(s[L.CURRENT])], s, tables, rng, legal, work)
        game.step(int(a))
    return game


__all__ = ["GAME_NAME", "make_record", "record_jitted_game", "result", "start_game", "summary"]
