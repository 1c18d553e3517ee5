"""Cities & Knights' options: its three variants (C&K §7) and what it does not allow.

The flags are stored after the shared configuration words, in the order of
:data:`.layout.CK_CONFIG`; the C&K reset copies them into the state.
"""

from __future__ import annotations

from ..common.options import ConfigError, VariantOptions
from .layout import CK_CONFIG

#: VP needed to win by default (C&K §3.19).
VP_TO_WIN = 13
#: The C&K variants (C&K §7), in the order of their configuration words.
FLAGS = ("mean_barbarians", "knight_errant", "easy_start")


def _check(config) -> None:
    if config.num_players < 3:
        raise ConfigError("Cities & Knights is played by 3 or 4 players (C&K §1.1)")
    for name in ("friendly_robber", "strict_trade_build_order"):
        if getattr(config, name):
            raise ConfigError(f"option {name} is a base-game variant, not part of C&K")
    if config.board == "beginner":
        raise ConfigError("Cities & Knights uses the variable board (C&K §1.1)")


def _words(config) -> list[int]:
    return [int(getattr(config, name)) for name in FLAGS]


def _from_words(state) -> dict[str, bool]:
    return {name: bool(state[f]) for name, f in zip(FLAGS, CK_CONFIG, strict=True)}


OPTIONS = VariantOptions(
    name="cities_and_knights",
    default_vp_to_win=lambda config: VP_TO_WIN,
    flags=FLAGS,
    check=_check,
    config_words=_words,
    from_config_words=_from_words,
)
