"""GameSpec: everything the generic layers need to run one game, declared once.

Each game's ``spec.py`` builds its ``SPEC`` from its rules module, its generated
kernels and its Python layers (options, observation, explanation, snapshot,
rendering, chance, determinization, shaping); the registry
(:mod:`catan_env.core.registry`) maps names to them. The shared layers (the
façade, the envs, the simulator, snapshots, pictures, search) read a spec and
never test a game's name, a variant flag or a state length.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from .layout import Layout

_NO_TABLES = np.zeros(1, np.int32)


@dataclass(frozen=True)
class GameSpec:
    """One game (or rule set): its sizes, entry points and hooks.

    The kernel fields are the functions of the game's generated kernels module
    (:mod:`catan_env.core.kernels.template`); ``rules`` is its contract module.
    The hooks are the game's own Python layers; a game leaves out those it
    does not offer (``None``): chance outcomes and determinization then refuse
    it with an error naming the game.

    Hooks:
        options: how the game's options extend the shared ones and reach the
            state (a Catan variant's ``VariantOptions``).
        explain: ``explain(state, action, mask)``: why ``action`` is illegal.
        snapshot: module with ``to_dict(state, envelope)`` and
            ``from_dict(reader, config)`` (:mod:`catan_env.snapshot`).
        render: module with ``text(game)``, ``summaries(state)`` (each seat's
            public figures) and ``image(state)`` (a ``PIL.Image``, Pillow
            imported on first use) (:mod:`catan_env.render`).
        chance: module with ``merge_key(state)``, ``describe(before, after,
            rolled)`` and ``redraws_without_bound(state)``
            (:mod:`catan_env.chance`).
        determinize: module with ``kept(state, seat)``, ``reserved(state,
            seat)``, ``deal_cards(state, seats, rng)`` and ``consistent(state,
            opponents)`` (:mod:`catan_env.determinize`).
        shaping: ``(keyword, quantity(state, seat))`` pairs: the reward-shaping
            terms the game offers beyond victory points (:mod:`catan_env.gym_env`).
    """

    name: str
    title: str
    layout: Layout
    rules: ModuleType
    kernels: ModuleType
    actions: Any = None
    phase_names: tuple[str, ...] = ()
    obs_layout: Layout | None = None
    observe_into: Any = None
    check_state: Any = None
    invariant_names: tuple[str, ...] = ()
    explain: Callable[..., str] | None = None
    options: Any = None
    snapshot: ModuleType | None = None
    render: ModuleType | None = None
    chance: ModuleType | None = None
    determinize: ModuleType | None = None
    shaping: tuple[tuple[str, Callable[..., int]], ...] = ()
    stat_names: tuple[str, ...] = ()
    #: ``tables_for(config)``: the static table array (``tb``) of a game with
    #: ``config``; games without tables get a one-word dummy.
    tables_for: Callable[..., Any] | None = None

    def tables(self, config) -> Any:
        """The static table array for a game with ``config``."""
        return _NO_TABLES if self.tables_for is None else self.tables_for(config)

    # The contract's entry points, as attributes.
    @property
    def reset(self):
        return self.rules.reset

    @property
    def legal_actions(self):
        return self.rules.legal_actions

    @property
    def legal_mask(self):
        return self.rules.legal_mask

    @property
    def step(self):
        return self.rules.step

    @property
    def agent_kinds(self) -> tuple[str, ...]:
        """Jitted agent kinds the kernels know, by kind number."""
        return tuple(self.rules.AGENT_KINDS)

    @property
    def agent_work_size(self) -> int:
        return int(self.rules.WORK_SIZE)

    # The template's loops, as attributes.
    def __getattr__(self, name: str):
        if name in _KERNELS:
            return getattr(self.kernels, name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    @property
    def state_size(self) -> int:
        return self.layout.size

    @property
    def num_actions(self) -> int:
        return int(self.rules.NUM_ACTIONS)

    @property
    def obs_size(self) -> int:
        return self.obs_layout.size


_KERNELS = frozenset(
    (
        "choose_action",
        "play_games",
        "play_games_parallel",
        "play_out",
        "play_out_many",
        "record_many",
        "play_until_seat",
        "batch_reset",
        "batch_legal",
        "batch_step",
        "batch_current_players",
        "soak",
        "soak_parallel",
    )
)
