"""catan_env: fast, rules-complete Catan environments for reinforcement learning.

Main entry points:
    :class:`Game`            one game as a Python object (scripting, tests)
    :func:`env`, ``raw_env`` PettingZoo AEC environment
    ``gymnasium.make("catan_env/Base-v0")``, ``"catan_env/CitiesAndKnights-v0"``
                             single-agent Gymnasium env (:mod:`catan_env.gym_env`)
    :class:`GameConfig`      the rule options
"""

# The numba cache directory must be chosen before any jitted function is defined.
from .core import CACHE_DIR as _CACHE_DIR  # noqa: F401  # isort: skip

import gymnasium as _gymnasium  # noqa: E402

from .aec_env import env, raw_env
from .config import ConfigError, GameConfig
from .explain import IllegalActionError
from .game import Game, WrongPlayerError
from .snapshot import SnapshotError

__version__ = "0.1.0"

# The Gymnasium ids; the env module is imported only when an env is made.
_gymnasium.register(
    id="catan_env/Base-v0", entry_point="catan_env.gym_env:CatanEnv", kwargs={"variant": "base"}
)
_gymnasium.register(
    id="catan_env/CitiesAndKnights-v0",
    entry_point="catan_env.gym_env:CatanEnv",
    kwargs={"variant": "cities_and_knights"},
)
_gymnasium.register(
    id="catan_env/ExplorersAndPirates-v0",
    entry_point="catan_env.gym_env:CatanEnv",
    kwargs={"variant": "explorers_and_pirates"},
)

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
