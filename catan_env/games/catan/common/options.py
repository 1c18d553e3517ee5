"""What every Catan variant's options share: the checks, the error, the standard board.

:class:`VariantOptions` is how one variant extends the options all variants
share (players, VP, trade limits, the board): its default VP target, the
options only it has, its own constraints, the words it adds to the state's
configuration and the board template its reset takes. Each variant's
``options.py`` declares one; :class:`catan_env.config.GameConfig` (the façade)
looks it up by the variant's name and never tests the name itself.

The standard island's options (``board``, ``number_tokens``, ``fixed_board``)
are read here into the template that base and C&K resets impose (base §3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..board import standard
from ..board.standard import HEX_LABELS, NUM_HARBORS, NUM_HEXES
from .constants import DESERT, HARBOR_NAMES, TERRAIN_NAMES

BOARDS = ("variable", "beginner")
NUMBER_TOKENS = ("spiral", "random", "unconstrained")
#: How an offer to other players is composed (base §6.3), by its index in the state.
TRADE_PROTOCOLS = ("cards", "pairs")
#: Records and snapshots written before the option existed composed card by card.
PROTOCOL_BEFORE_OPTION = "cards"
TEMPLATE_SIZE = 2 * NUM_HEXES + NUM_HARBORS


class ConfigError(ValueError):
    """A malformed game configuration."""


def check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ConfigError(f"option {name} must be an integer, got {value!r}")
    if not lo <= value <= hi:
        raise ConfigError(f"option {name}={value} is out of range [{lo}, {hi}]")


def check_bool(name, value):
    if not isinstance(value, bool | np.bool_):
        raise ConfigError(f"option {name} must be True or False, got {value!r}")


def check_choice(name, value, choices):
    if value not in choices:
        raise ConfigError(f"option {name}={value!r} is not one of {', '.join(map(repr, choices))}")


def standard_board_template(config) -> np.ndarray:
    """Terrain, numbers and harbors to impose at reset on the standard island (-1: drawn)."""
    if config.board == "beginner":
        return np.concatenate(
            [standard.BEGINNER_TERRAIN, standard.BEGINNER_NUMBERS, standard.BEGINNER_HARBORS]
        ).astype(np.int32)
    if config.fixed_board is None:
        return np.full(TEMPLATE_SIZE, -1, np.int32)
    return fixed_board_template(config.fixed_board)


def fixed_board_template(board: dict) -> np.ndarray:
    """The template of a ``fixed_board`` option, or a :class:`ConfigError` naming the fault."""
    if not isinstance(board, dict):
        raise ConfigError(f"fixed_board must be a dict, got {type(board).__name__}")
    unknown = set(board) - {"terrain", "numbers", "harbors"}
    if unknown:
        raise ConfigError(f"fixed_board has unknown keys {sorted(unknown)}")
    t = np.full(TEMPLATE_SIZE, -1, np.int32)
    terrain = board.get("terrain")
    if terrain is not None:
        where = [f"terrain of {label}" for label in HEX_LABELS]
        needs = f"terrain needs {NUM_HEXES} entries (R1a..R5c)"
        t[:NUM_HEXES] = _named(terrain, TERRAIN_NAMES, where, needs)
        if (t[:NUM_HEXES] == DESERT).sum() != 1:
            raise ConfigError("fixed_board terrain must contain exactly one desert")
    numbers = board.get("numbers")
    if numbers is not None:
        if terrain is None:
            raise ConfigError("fixed_board numbers need the terrain too")
        if len(numbers) != NUM_HEXES:
            raise ConfigError(f"fixed_board numbers need {NUM_HEXES} entries (R1a..R5c)")
        for i, n in enumerate(numbers):
            desert = t[i] == DESERT
            if isinstance(n, bool) or not isinstance(n, int | np.integer):
                raise ConfigError(f"fixed_board number of {HEX_LABELS[i]} must be an int")
            if (desert and n != 0) or (not desert and n not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)):
                raise ConfigError(
                    f"fixed_board number of {HEX_LABELS[i]} is {n}: the desert takes 0, "
                    "other hexes 2-6 or 8-12"
                )
            t[NUM_HEXES + i] = n
    harbors = board.get("harbors")
    if harbors is not None:
        where = [f"harbor H{i + 1}" for i in range(NUM_HARBORS)]
        needs = f"harbors need {NUM_HARBORS} entries (H1..H9)"
        t[2 * NUM_HEXES : 2 * NUM_HEXES + NUM_HARBORS] = _named(harbors, HARBOR_NAMES, where, needs)
    return t


def _named(values, names, where, needs) -> list[int]:
    """The indices in ``names`` of one name per place ``where``, or a ConfigError."""
    if len(values) != len(where):
        raise ConfigError(f"fixed_board {needs}")
    out = []
    for place, name in zip(where, values, strict=True):
        if name not in names:
            raise ConfigError(f"fixed_board {place}: {name!r} is not one of {names}")
        out.append(names.index(name))
    return out


@dataclass(frozen=True)
class VariantOptions:
    """One variant's options beyond the shared ones, and how they reach the state.

    The checks run at fixed points of :meth:`GameConfig.__post_init__`, so an
    invalid configuration reports the same first error whatever the variant:

    1. ``prepare(config, set_option)``: the variant's own readings, filled in
       and checked before anything else (E&P: scenario and readings);
       ``readings`` of the other variants must be unset (``None``);
    2. the shared integer checks, with ``default_vp_to_win(config)`` filled in;
    3. ``flags`` of every variant are booleans, set only in their own variant;
    4. ``check(config)``: the variant's own constraints;
    5. the shared range, choice and board checks.

    Attributes:
        name: the variant (a registry name).
        default_vp_to_win: the VP target when ``vp_to_win`` is not given.
        flags: boolean options of this variant only (False elsewhere).
        readings: options that are ``None`` outside this variant; ``prepare``
            fills their defaults. ``to_dict`` leaves them out when unset.
        config_words: the option words this variant appends to the shared
            configuration vector, in its layout's order.
        from_config_words: the inverse, from a state's configuration fields:
            ``{option: value}``.
        board_template: what its reset imposes on the board (default: the
            standard island's template from ``board`` and ``fixed_board``).
    """

    name: str
    default_vp_to_win: Callable[[Any], int]
    flags: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()
    prepare: Callable[[Any, Callable[[str, Any], None]], None] | None = None
    check: Callable[[Any], None] | None = None
    config_words: Callable[[Any], list[int]] | None = None
    from_config_words: Callable[[np.ndarray], Mapping[str, Any]] | None = None
    board_template: Callable[[Any], np.ndarray] = standard_board_template
