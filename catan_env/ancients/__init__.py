"""Command & Colors: Ancients (the public name of :mod:`catan_env.games.ancients`).

Main entry points:
    :class:`Game`               one game as a Python object
    :func:`env`, ``raw_env``    PettingZoo AEC environment (agents named after the sides)
    :func:`load_scenario`       scenarios as data (``scenarios/*.json``, CCA §5)
"""

from catan_env.games.ancients import *  # noqa: F403  (the same names, one list)
from catan_env.games.ancients import __all__  # noqa: F401
