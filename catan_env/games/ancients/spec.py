"""Command & Colors: Ancients' :class:`~catan_env.core.spec.GameSpec` (every scenario)."""

from catan_env._generated import ancients_kernels
from catan_env.core.spec import GameSpec

from . import rules
from .invariants import check
from .layout import LAYOUT
from .phases import PHASE_NAMES

SPEC = GameSpec(
    name="ancients",
    title="Command & Colors: Ancients",
    layout=LAYOUT,
    rules=rules,
    kernels=ancients_kernels,
    phase_names=PHASE_NAMES,
    check_state=check,
)
