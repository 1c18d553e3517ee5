"""catan_env: fast, rules-complete Catan environments for reinforcement learning.

Main entry points:
    :class:`Game`            one game as a Python object (scripting, tests)
    :func:`env`, ``raw_env`` PettingZoo AEC environment
    :class:`GameConfig`      the rule options
"""

from .aec_env import env, raw_env
from .config import ConfigError, GameConfig
from .explain import IllegalActionError
from .game import Game, WrongPlayerError
from .snapshot import SnapshotError

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "SnapshotError",
    "WrongPlayerError",
    "__version__",
    "env",
    "raw_env",
]
