"""Command & Colors: Ancients (the public name of :mod:`catan_env.games.ancients`).

Main entry points:
    :class:`Game`               one game as a Python object
    :func:`env`, ``raw_env``    PettingZoo AEC environment (agents named after the sides)
    :func:`load_scenario`       scenarios as data (``scenarios/*.json``, CCA §5)
"""

from catan_env.games.ancients import (
    Game,
    Scenario,
    ScenarioError,
    SnapshotError,
    WrongSideError,
    available_scenarios,
    env,
    load_scenario,
    raw_env,
)

__all__ = [
    "env",
    "raw_env",
    "Game",
    "Scenario",
    "ScenarioError",
    "SnapshotError",
    "WrongSideError",
    "available_scenarios",
    "load_scenario",
]
