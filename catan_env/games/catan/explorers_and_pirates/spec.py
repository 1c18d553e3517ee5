"""Explorers & Pirates' :class:`~catan_env.core.spec.GameSpec` (every scenario)."""

from catan_env._generated import explorers_and_pirates_kernels
from catan_env.actions import EP_ACTIONS
from catan_env.core.spec import GameSpec

from . import chance, render, rules, snapshot, viewer
from .explain import explain
from .invariants import EP_INVARIANT_NAMES, ep_check_state
from .layout import EP_LAYOUT
from .observe import EP_OBS_LAYOUT, ep_observe_into
from .options import OPTIONS
from .phases import EP_PHASE_NAMES
from .tables import scenario_tables


def _tables(config):
    """The frame board of the game's scenario."""
    return scenario_tables(config.scenario)


SPEC = GameSpec(
    name="explorers_and_pirates",
    title="Catan: Explorers & Pirates",
    layout=EP_LAYOUT,
    rules=rules,
    kernels=explorers_and_pirates_kernels,
    actions=EP_ACTIONS,
    phase_names=EP_PHASE_NAMES,
    obs_layout=EP_OBS_LAYOUT,
    observe_into=ep_observe_into,
    check_state=ep_check_state,
    invariant_names=EP_INVARIANT_NAMES,
    explain=explain,
    options=OPTIONS,
    snapshot=snapshot,
    render=render,
    chance=chance,
    # No determinization: a sample of an E&P position would also have to redraw
    # the face-down hexes, the token and lair stacks, shoals and villages, so
    # search agents (mcts) are offered for the base game and C&K only.
    determinize=None,
    stat_names=("hexes_discovered",),
    tables_for=_tables,
    viewer=viewer,
)
