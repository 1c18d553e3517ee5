"""A fresh state from a scenario, a seed and the rule options."""

from __future__ import annotations

import numpy as np

from . import layout as L
from .scenario import Scenario
from .special_rules import place_special_rules
from .turn import setup

# Rule options: points the rules file leaves open, with the value it decides.
DEFAULT_OPTIONS = {
    "max_turns": 200,
    # CCA §3.11.2 [verify]: does a lone friendly leader count toward support? (CNC: yes)
    "lone_leader_support": False,
    # CCA §3.12.4 [verify]: momentum advance after attacking a lone leader (CNC: no)
    "momentum_after_lone_leader": False,
    # CCA §3.9.6: battle back is optional; True makes it automatic (as CNC does)
    "auto_battle_back": False,
    # CCA §4.4 [verify]: may First Strike answer a bonus close combat? (CNC: yes)
    "first_strike_vs_bonus": True,
    # CCA §4.4 [CNC only, verify]: Mounted Charge's 3-hex move also for heavy chariots
    "mounted_charge_all_heavy": False,
    # CCA §4.3 [CNC only, verify]: an Inspired card's "one unit of your choice" in its section
    "inspired_fallback_in_section": False,
    # CCA §3.9.7 [CNC only]: a rampage also rolls at adjacent lone leaders (helmet kills,
    # else he evades)
    "rampage_hits_lone_leaders": True,
    # CCA §3.13 [CNC only, verify]: a unit battling (close combat, battle back or fire) from a
    # fortified camp rolls 1 die fewer, after terrain caps and before card bonuses; the
    # rules file only records CNC's reading, its ruling is the p.14 camp effect alone
    "camp_dice_penalty": False,
    # CCA §3.13 [CNC only, verify]: a fortified camp between firer and target blocks line of
    # sight (the rules file's table rules "blocks", changed from the earlier "open")
    "camp_blocks_los": True,
    # CCA §3.13 [CNC only]: a mounted unit battling from a hill rolls at most 2 dice (downhill
    # or hill to hill), a foot unit battling from a hill onto a hill at most 3; the rules
    # file's numbers table (§6.1) keeps only the verified caps (uphill 2, foot downhill 3)
    "cnc_hill_caps": False,
    # retreat steps with a single legal hex apply themselves
    "skip_forced": True,
}
_OPTION_FIELDS = {
    "max_turns": L.OPT_MAX_TURNS,
    "lone_leader_support": L.OPT_SUPPORT_LEADERS,
    "momentum_after_lone_leader": L.OPT_MOMENTUM_VS_LEADER,
    "auto_battle_back": L.OPT_AUTO_BATTLE_BACK,
    "skip_forced": L.OPT_SKIP_FORCED,
    "rampage_hits_lone_leaders": L.OPT_RAMPAGE_LEADERS,
    "first_strike_vs_bonus": L.OPT_FIRST_STRIKE_BONUS,
    "mounted_charge_all_heavy": L.OPT_CHARGE_ALL_HEAVY,
    "inspired_fallback_in_section": L.OPT_INSPIRED_SECTION,
    "camp_dice_penalty": L.OPT_CAMP_DICE_PENALTY,
    "camp_blocks_los": L.OPT_CAMP_BLOCKS_LOS,
    "cnc_hill_caps": L.OPT_HILL_CAPS,
}


def check_options(options: dict) -> dict:
    """The full option dict; unknown names and wrong types raise ``ValueError``."""
    out = dict(DEFAULT_OPTIONS)
    for k, v in options.items():
        if k not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown option {k!r} (known: {', '.join(DEFAULT_OPTIONS)})")
        if k == "max_turns":
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"option max_turns must be an integer >= 0, got {v!r}")
        elif not isinstance(v, bool):
            raise ValueError(f"option {k} must be true or false, got {v!r}")
        out[k] = v
    return out


def place_scenario(scenario: Scenario, options: dict) -> np.ndarray:
    """A state holding the scenario's board and options, before the deal."""
    s = L.LAYOUT.new_state()
    for k, off in _OPTION_FIELDS.items():
        s[off] = int(options[k])
    s[L.TERRAIN : L.TERRAIN + len(scenario.terrain)] = scenario.terrain
    s[L.BANNERS_TO_WIN] = scenario.banners_to_win
    s[L.COMMAND : L.COMMAND + 2] = scenario.command
    s[L.FIRST_SIDE] = scenario.first
    for side, t, h, blocks in scenario.units:
        s[L.UNIT_TYPE + h] = t + 1
        s[L.UNIT_SIDE + h] = side
        s[L.UNIT_BLOCKS + h] = blocks
    for i, (side, _, h) in enumerate(scenario.leaders):
        s[L.LEADER + h] = i + 1
        s[L.LEADER_SIDE + h] = side
    place_special_rules(s, scenario.special_rules)
    return s


def new_state(scenario: Scenario, seed: int, options: dict) -> np.ndarray:
    s = place_scenario(scenario, options)
    setup(s, np.int64(seed))
    return s
