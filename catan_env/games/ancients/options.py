"""An Ancients game's options: its scenario and rule options, checked once.

:func:`configure` is the game's ``configure`` hook (:mod:`catan_env.core.spec`):
the shared layers (the AEC env, ``catan-env simulate`` and ``tournament``, Ray)
build one :class:`AncientsConfig` from keywords and start every game of it with
:func:`~catan_env.games.ancients.game.new_game`. The rule options and their defaults are
:data:`~catan_env.games.ancients.setup.DEFAULT_OPTIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .scenario import Scenario, load_scenario
from .setup import DEFAULT_OPTIONS, check_options

GAME_NAME = "ancients"


@dataclass(frozen=True, eq=False)
class AncientsConfig:
    """A scenario and the full rule options (picklable, for Ray tasks too).

    Attributes:
        scenario: the battle.
        options: every rule option (:func:`~catan_env.games.ancients.setup.check_options`).
    """

    scenario: Scenario
    options: dict
    #: The registry name, as the shared layers read it from any game's config.
    variant: ClassVar[str] = GAME_NAME
    #: Two sides: the bottom army (seat 0) and the top army (seat 1).
    num_players: ClassVar[int] = 2

    def to_dict(self) -> dict[str, Any]:
        """The configuration as JSON: the registry name, seats, scenario id and options."""
        return {
            "variant": self.variant,
            "num_players": self.num_players,
            "scenario": self.scenario.id,
            **self.options,
        }


def configure(
    scenario: str | Scenario = "akragas", num_players: int = 2, **options: Any
) -> AncientsConfig:
    """The options of a game of ``scenario`` (an id, a JSON path or a :class:`Scenario`).

    Raises:
        ScenarioError: a scenario that does not load (names the field).
        ValueError: an unknown rule option or a bad value, or seats other than two.
    """
    if num_players != 2:
        raise ValueError(f"ancients has two sides: num_players must be 2, got {num_players!r}")
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    return AncientsConfig(scenario, check_options(options))


def parse_option(text: str) -> tuple[str, object]:
    """One ``-o NAME=VALUE`` of the command line as a typed rule option."""
    if "=" not in text:
        raise ValueError(f"option {text!r} must look like name=value")
    name, raw = (part.strip() for part in text.split("=", 1))
    if name not in DEFAULT_OPTIONS:
        raise ValueError(f"unknown ancients option {name!r}; known: {', '.join(DEFAULT_OPTIONS)}")
    if isinstance(DEFAULT_OPTIONS[name], bool):
        low = raw.lower()
        if low not in ("true", "false", "1", "0", "yes", "no"):
            raise ValueError(f"option {name} takes true or false, got {raw!r}")
        return name, low in ("true", "1", "yes")
    try:
        return name, int(raw)
    except ValueError:
        raise ValueError(f"option {name} takes an integer, got {raw!r}") from None


__all__ = ["GAME_NAME", "AncientsConfig", "configure", "parse_option"]
