"""The rule sets: everything the Python layers need to run one variant.

A :class:`Variant` bundles a variant's state layout, action table, jitted
reset / legal actions / step / observation, its kernels and its snapshot and
explanation functions. ``Game``, the AEC env, the batched simulator and
``simulate`` look a variant up here and never branch on its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .actions import BASE_ACTIONS, CK_ACTIONS, EP_ACTIONS, ActionTable
from .engine.layout import BASE_LAYOUT, Layout


@dataclass(frozen=True)
class Variant:
    """One rule set (see the module docstring)."""

    name: str
    title: str
    layout: Layout
    actions: ActionTable
    phase_names: tuple[str, ...]
    obs_layout: Layout
    reset: Any
    legal_actions: Any
    legal_mask: Any
    step: Any
    observe_into: Any
    check_state: Any
    invariant_names: tuple[str, ...]
    play_games: Any
    play_games_parallel: Any
    batch_reset: Any
    batch_legal: Any
    batch_step: Any
    soak: Any
    explain: Callable[..., str]
    play_out: Any = None
    play_out_many: Any = None
    play_until_seat: Any = None
    stat_names: tuple[str, ...] = ()
    #: ``choose_action(kind, state, tb, rng, legal, work)``: a jitted agent's move.
    choose_action: Any = None
    #: Scratch words ``choose_action`` needs in ``work``.
    agent_work_size: int = 0
    #: ``tables_for(config)``: the static table array (``tb``) of a game; by
    #: default the standard island's.
    tables_for: Callable[..., Any] | None = None
    #: Jitted agent kinds this variant's kernels know (``selfplay.KIND_NAMES`` order).
    agent_kinds: tuple[str, ...] = ("random", "weighted", "heuristic")

    def tables(self, config) -> Any:
        """The static table array for a game of this variant with ``config``."""
        if self.tables_for is None:
            from .engine.tables import STANDARD_TABLES

            return STANDARD_TABLES
        return self.tables_for(config)

    @property
    def state_size(self) -> int:
        return self.layout.size

    @property
    def num_actions(self) -> int:
        return self.actions.size

    @property
    def obs_size(self) -> int:
        return self.obs_layout.size


VARIANT_NAMES = ("base", "cities_and_knights", "explorers_and_pirates")


@cache
def get_variant(name: str) -> Variant:
    """The variant called ``name`` (one of :data:`VARIANT_NAMES`)."""
    if name == "base":
        return _base()
    if name == "cities_and_knights":
        return _cities_and_knights()
    if name == "explorers_and_pirates":
        return _explorers_and_pirates()
    raise ValueError(f"unknown variant {name!r}; variants are {', '.join(VARIANT_NAMES)}")


def _base() -> Variant:
    from .engine import batch, invariants, masks, selfplay, setup
    from .engine import step as step_module
    from .engine.heuristic import WORK_SIZE
    from .engine.phases import PHASE_NAMES
    from .explain import explain
    from .observe import OBS_LAYOUT, observe_into

    return Variant(
        name="base",
        title="Catan (base game)",
        layout=BASE_LAYOUT,
        actions=BASE_ACTIONS,
        phase_names=PHASE_NAMES,
        obs_layout=OBS_LAYOUT,
        reset=setup.reset_state,
        legal_actions=masks.legal_actions,
        legal_mask=masks.legal_mask,
        step=step_module.step,
        observe_into=observe_into,
        check_state=invariants.check_state,
        invariant_names=invariants.INVARIANT_NAMES,
        play_games=selfplay.play_games,
        play_games_parallel=selfplay.play_games_parallel,
        batch_reset=batch.batch_reset,
        batch_legal=batch.batch_legal,
        batch_step=batch.batch_step,
        soak=invariants.soak_random_games,
        explain=explain,
        play_out=selfplay.play_out,
        play_out_many=selfplay.play_out_many,
        play_until_seat=selfplay.play_until_seat,
        choose_action=selfplay.choose_action,
        agent_work_size=WORK_SIZE,
    )


def _cities_and_knights() -> Variant:
    from .engine.ck import invariants, kernels, masks, setup
    from .engine.ck import step as step_module
    from .engine.ck.heuristic import CK_WORK_SIZE
    from .engine.ck.layout import CK_LAYOUT
    from .engine.ck.phases import CK_PHASE_NAMES
    from .explain import explain_ck
    from .observe_ck import CK_OBS_LAYOUT, ck_observe_into

    return Variant(
        name="cities_and_knights",
        title="Catan: Cities & Knights",
        layout=CK_LAYOUT,
        actions=CK_ACTIONS,
        phase_names=CK_PHASE_NAMES,
        obs_layout=CK_OBS_LAYOUT,
        reset=setup.ck_reset,
        legal_actions=masks.ck_legal_actions,
        legal_mask=masks.ck_legal_mask,
        step=step_module.ck_step,
        observe_into=ck_observe_into,
        check_state=invariants.ck_check_state,
        invariant_names=invariants.CK_INVARIANT_NAMES,
        play_games=kernels.ck_play_games,
        play_games_parallel=kernels.ck_play_games_parallel,
        batch_reset=kernels.ck_batch_reset,
        batch_legal=kernels.ck_batch_legal,
        batch_step=kernels.ck_batch_step,
        soak=kernels.ck_soak_random_games,
        explain=explain_ck,
        play_out=kernels.ck_play_out,
        play_out_many=kernels.ck_play_out_many,
        play_until_seat=kernels.ck_play_until_seat,
        stat_names=("barbarian_attacks", "barbarian_wins"),
        choose_action=kernels.ck_choose_action,
        agent_work_size=CK_WORK_SIZE,
    )


def _ep_tables(config) -> Any:
    from .engine.ep.tables import scenario_tables

    return scenario_tables(config.scenario)


def _explorers_and_pirates() -> Variant:
    from .engine.ep import kernels, masks, setup
    from .engine.ep import step as step_module
    from .engine.ep.invariants import EP_INVARIANT_NAMES, ep_check_state
    from .engine.ep.layout import EP_LAYOUT
    from .engine.ep.phases import EP_PHASE_NAMES
    from .explain_ep import explain_ep
    from .observe_ep import EP_OBS_LAYOUT, ep_observe_into

    return Variant(
        name="explorers_and_pirates",
        title="Catan: Explorers & Pirates",
        layout=EP_LAYOUT,
        actions=EP_ACTIONS,
        phase_names=EP_PHASE_NAMES,
        obs_layout=EP_OBS_LAYOUT,
        reset=setup.ep_reset,
        legal_actions=masks.ep_legal_actions,
        legal_mask=masks.ep_legal_mask,
        step=step_module.ep_step,
        observe_into=ep_observe_into,
        check_state=ep_check_state,
        invariant_names=EP_INVARIANT_NAMES,
        play_games=kernels.ep_play_games,
        play_games_parallel=kernels.ep_play_games_parallel,
        batch_reset=kernels.ep_batch_reset,
        batch_legal=kernels.ep_batch_legal,
        batch_step=kernels.ep_batch_step,
        soak=kernels.ep_soak_random_games,
        explain=explain_ep,
        play_out=kernels.ep_play_out,
        play_out_many=kernels.ep_play_out_many,
        play_until_seat=kernels.ep_play_until_seat,
        stat_names=("hexes_discovered",),
        choose_action=kernels.ep_choose_action,
        agent_work_size=kernels.EP_WORK_SIZE,
        tables_for=_ep_tables,
    )
