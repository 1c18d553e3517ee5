"""Command & Colors: Ancients on the catan_env engine design.

Main entry points:
    :class:`Game`               one game as a Python object
    :func:`env`, ``raw_env``    PettingZoo AEC environment (agents named after the sides)
    :func:`load_scenario`       scenarios as data (``scenarios/*.json``, CCA §5)

The shared layers (the AEC env, records, ``catan-env simulate`` /
``tournament`` / ``replay`` / ``render``, Ray) serve Ancients through the
hooks its spec declares (:mod:`.spec`).
"""

from .aec_env import env, raw_env
from .game import Game, SnapshotError, WrongSideError
from .scenario import (
    Scenario,
    ScenarioError,
    available_scenarios,
    load_scenario,
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
