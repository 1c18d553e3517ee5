"""Explorers & Pirates' options: the scenario, the alternative readings, the rule choices.

The scenario (E&P §10) fixes the frame board, so the standard island's options
do not apply, and neither do the base game's robber, development-card and
skip options. The scenario's index and each reading's index among its values
follow the shared configuration words, in the order of :data:`.layout.EP_CONFIG`.
"""

from __future__ import annotations

import numpy as np

from ..common.options import ConfigError, VariantOptions, check_bool, check_choice
from .constants import SCENARIOS
from .layout import EP_CONFIG, OPT_SCENARIO

#: VP needed to win per scenario (E&P §4.13).
VP_TO_WIN = {
    "land_ho": 8,
    "pirate_lairs": 12,
    "fish_for_catan": 15,
    "spices_for_catan": 15,
    "explorers_and_pirates": 17,
}
#: The scenarios the engine plays completely so far.
PLAYABLE = SCENARIOS
#: The E&P options in the order of the state's configuration fields: option name ->
#: its values, the default first. The first six are the rules file's alternative
#: readings (E&P §14), default its ruling; then the Greek rulebook's readings
#: (swift_voyage_discoverer, fast_gold, lair_token_numbers; default the rules
#: file's), post_movement_ship_actions (default: other ships may load and unload
#: while one is mid-move; the rules file's §14 reading is the alternative) and
#: seat_colours (default: drawn from the seed). docs/rules/explorers_and_pirates.md says why.
INTERPRETATIONS: dict[str, tuple] = {
    "steal_optional": (True, False),
    "recover_crews_from_active_lair": (False, True),
    "spice_crew_limit": ("per_player", "per_hex"),
    "capture_gold_timing": ("immediate", "end_of_movement"),
    "mission_track_vp": ("capped", "uncapped"),
    "s2_win_check": ("any_time", "end_of_turn"),
    "swift_voyage_discoverer": (False, True),
    "fast_gold": ("sell", "buy"),
    "lair_token_numbers": ("2_3_4_5_11_12", "4_5_6_8_9_10"),
    "post_movement_ship_actions": ("any_time", "no_ship_mid_move"),
    "seat_colours": ("drawn", "fixed"),
}
#: Shared options that have no meaning in E&P (no robber, no development
#: cards, the frame board), with the only value they may take.
_FOREIGN = (
    ("friendly_robber", False),
    ("strict_trade_build_order", False),
    ("skip_forced", False),
    ("board", "variable"),
    ("number_tokens", "spiral"),
    ("random_spiral_start", False),
    ("fixed_board", None),
)


def _prepare(config, set_option) -> None:
    if config.scenario is None:
        set_option("scenario", "land_ho")
    check_choice("scenario", config.scenario, SCENARIOS)
    if config.scenario not in PLAYABLE:
        raise ConfigError(
            f"E&P scenario {config.scenario!r} is not implemented yet; playable scenarios: "
            f"{', '.join(PLAYABLE)}"
        )
    if config.num_players < 2:
        raise ConfigError("Explorers & Pirates is played by 2 to 4 players (E&P §3)")
    for name, default in _FOREIGN:
        if getattr(config, name) != default:
            raise ConfigError(f"option {name} does not apply to Explorers & Pirates")
    for name, choices in INTERPRETATIONS.items():
        value = getattr(config, name)
        if value is None:
            set_option(name, choices[0])
        elif isinstance(choices[0], bool):
            check_bool(name, value)
        else:
            check_choice(name, value, choices)


def _words(config) -> list[int]:
    readings = [choices.index(getattr(config, name)) for name, choices in INTERPRETATIONS.items()]
    return [SCENARIOS.index(config.scenario), *readings]


def _from_words(state) -> dict:
    readings = {
        name: choices[int(state[f])]
        for (name, choices), f in zip(INTERPRETATIONS.items(), EP_CONFIG[1:], strict=True)
    }
    return {"scenario": SCENARIOS[int(state[OPT_SCENARIO])], **readings}


def _no_template(config) -> np.ndarray:
    # The frame board comes from the scenario's data file, not from a template.
    return np.zeros(1, np.int32)


OPTIONS = VariantOptions(
    name="explorers_and_pirates",
    default_vp_to_win=lambda config: VP_TO_WIN[config.scenario],
    readings=("scenario", *INTERPRETATIONS),
    prepare=_prepare,
    config_words=_words,
    from_config_words=_from_words,
    board_template=_no_template,
)
