"""The base game's :class:`~catan_env.core.spec.GameSpec`."""

from catan_env._generated import base_kernels
from catan_env.actions import BASE_ACTIONS
from catan_env.core.spec import GameSpec

from ..common.layout import BASE_LAYOUT
from ..common.phases import PHASE_NAMES
from ..common.tables import STANDARD_TABLES
from . import chance, determinize, invariants, render, rules, snapshot
from .explain import explain
from .observe import OBS_LAYOUT, observe_into
from .options import OPTIONS


def standard_tables(config):
    """The standard island's static tables (every base and C&K board)."""
    return STANDARD_TABLES


SPEC = GameSpec(
    name="base",
    title="Catan (base game)",
    layout=BASE_LAYOUT,
    rules=rules,
    kernels=base_kernels,
    actions=BASE_ACTIONS,
    phase_names=PHASE_NAMES,
    obs_layout=OBS_LAYOUT,
    observe_into=observe_into,
    check_state=invariants.check_state,
    invariant_names=invariants.INVARIANT_NAMES,
    explain=explain,
    options=OPTIONS,
    snapshot=snapshot,
    render=render,
    chance=chance,
    determinize=determinize,
    tables_for=standard_tables,
)
