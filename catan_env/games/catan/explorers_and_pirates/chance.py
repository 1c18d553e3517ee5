"""Explorers & Pirates' chance outcomes (``spec.chance``): dice and steals.

Outcomes are told apart by the whole state, dice faces included: the base
game's merge of rolls with the same total is not assumed here. No draw is
repeated until it succeeds. E&P has no development cards, so the shared
description lists none.
"""

from __future__ import annotations

from ..common.chance import never_redraws, roll_draws_steals, whole_state

merge_key = whole_state
redraws_without_bound = never_redraws
describe = roll_draws_steals
