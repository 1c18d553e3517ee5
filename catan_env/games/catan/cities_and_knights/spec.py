"""Cities & Knights' :class:`~catan_env.core.spec.GameSpec`."""

from catan_env._generated import cities_and_knights_kernels
from catan_env.actions import CK_ACTIONS
from catan_env.core.spec import GameSpec

from ..base.spec import standard_tables
from . import chance, determinize, invariants, render, rules, snapshot
from .explain import explain
from .gym_env import SHAPING
from .layout import CK_LAYOUT
from .observe import CK_OBS_LAYOUT, ck_observe_into
from .options import OPTIONS
from .phases import CK_PHASE_NAMES

SPEC = GameSpec(
    name="cities_and_knights",
    title="Catan: Cities & Knights",
    layout=CK_LAYOUT,
    rules=rules,
    kernels=cities_and_knights_kernels,
    actions=CK_ACTIONS,
    phase_names=CK_PHASE_NAMES,
    obs_layout=CK_OBS_LAYOUT,
    observe_into=ck_observe_into,
    check_state=invariants.ck_check_state,
    invariant_names=invariants.CK_INVARIANT_NAMES,
    explain=explain,
    options=OPTIONS,
    snapshot=snapshot,
    render=render,
    chance=chance,
    determinize=determinize,
    shaping=SHAPING,
    stat_names=("barbarian_attacks", "barbarian_wins"),
    tables_for=standard_tables,
)
