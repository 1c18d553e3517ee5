"""PettingZoo AEC environment for Command & Colors: Ancients.

Usage is the generic env's (:mod:`catan_env.aec_env`) with a scenario:
``catan_env.ancients.env(scenario="akragas")``, then the same ``agent_iter`` loop.

Agents are named after the scenario's two sides (Akragas: ``"syracusan"``, the
bottom army, and ``"carthaginian"``, the top army). Turns do not simply
alternate: the engine names the next decider (a defender evading, ignoring
flags, retreating, battling back, a leader evading) and ``agent_selection``
follows it.

Spaces: action ``Discrete(NUM_ACTIONS)`` (:mod:`catan_env.games.ancients.actions`);
observation ``Dict(observation=Box(0, 1, (OBS_SIZE,), float32),
action_mask=Box(0, 1, (NUM_ACTIONS,), int8))`` (:mod:`catan_env.games.ancients.observe`:
the board is public, the opponent's hand is a count, the deck order hidden);
the mask is all zeros for the agent not to act.

Rewards: +1 to the winner and -1 to the loser; 0 to both for a game truncated
by ``max_turns``. Illegal actions raise
:class:`~catan_env.explain.IllegalActionError` and change nothing.

Rendering: ``render_mode="ansi"`` returns the text board, ``"rgb_array"`` the
picture (:mod:`catan_env.games.ancients.render_image`), ``"human"`` shows it in
a window after every step. ``env.unwrapped.record()``
is the current game's record (:mod:`catan_env.games.ancients.record`).

This is the one AEC env of :mod:`catan_env.aec_env` for the ``"ancients"``
game; the facts here (the agents' names, each game's seed range, what a
finished game's info holds) are the game's env hooks
(:class:`~catan_env.core.spec.EnvHooks`).

Version history:
    v0: initial release (Akragas; every unit type and all 60 cards). Since then, with
    the same ids and spaces: the action names are written in Catan's form
    (``play(rally)``, ``order_unit(r7c5)``; they were ``play Rally``, ``order unit r7c5``),
    and ``render_mode="human"`` shows the picture in a window, as for Catan.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from catan_env import aec_env

from .options import GAME_NAME, AncientsConfig

#: Each game's seed is drawn below this from the env's generator.
SEED_LIMIT = 2**62


def name(config: AncientsConfig) -> str:
    """``metadata["name"]``: the scenario's, e.g. ``"ancients_akragas_v0"``."""
    return f"ancients_{config.scenario.id}_v0"


def agent_names(config: AncientsConfig) -> list[str]:
    """The agents: the scenario's sides, bottom army first."""
    return list(config.scenario.side_names)


def info(game) -> dict:
    """Each agent's info at the end of a game besides the winner and turns: the banners."""
    return {"banners": game.banners}


def env(**kwargs: Any) -> AECEnv:
    """The AEC env with the order-enforcing wrapper; arguments as :class:`raw_env`."""
    return aec_env.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(aec_env.raw_env):
    """Ancients as a PettingZoo AEC environment (:class:`catan_env.aec_env.raw_env`).

    Args:
        scenario: a shipped scenario id (``"akragas"``) or a JSON file path.
        render_mode: ``None``, ``"ansi"`` (text board), ``"rgb_array"`` (the
            picture as an ``(H, W, 3)`` uint8 array, :mod:`catan_env.games.ancients.render_image`)
            or ``"human"`` (a window).
        **options: rule options (:data:`catan_env.games.ancients.setup.DEFAULT_OPTIONS`).
    """

    metadata = {
        "render_modes": ["ansi", "rgb_array", "human"],
        "render_fps": 4,
        "name": "ancients_v0",
        "is_parallelizable": False,
    }

    def __init__(self, scenario: str = "akragas", render_mode: str | None = None, **options):
        super().__init__(GAME_NAME, render_mode=render_mode, scenario=scenario, **options)
