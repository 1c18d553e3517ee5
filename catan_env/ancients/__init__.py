"""Command & Colors: Ancients (the public name of :mod:`catan_env.games.ancients`).

Main entry points:
    :class:`Game`               one game as a Python object
    :func:`env`, ``raw_env``    PettingZoo AEC environment (agents named after the sides)
    :func:`load_scenario`       scenarios as data (``scenarios/*.json``, CCA §5)
"""

# Every public name of the package it presents, and its __all__ (written once, there).
from catan_env.games.ancients import *  # noqa: F403
from catan_env.games.ancients import __all__  # noqa: F401
