"""Command & Colors: Ancients' :class:`~catan_env.core.spec.GameSpec` (every scenario).

Besides the engine (rules, generated kernels, layout, invariants) it declares
the Python-layer hooks the shared layers call: the options (:mod:`.options`)
and the ``Game`` (:mod:`.game`), the AEC env's facts (:mod:`.aec_env`), records
(:mod:`.record`), pictures (:mod:`.render`), the viewer page (:mod:`.viewer`)
and batches (:mod:`.batch`).
"""

from catan_env._generated import ancients_kernels
from catan_env.core.spec import GameSpec

from . import aec_env, batch, record, render, rules, viewer
from .game import new_game
from .invariants import check
from .layout import LAYOUT
from .observe import OBS_LAYOUT, observe_into
from .options import configure
from .phases import PHASE_NAMES

SPEC = GameSpec(
    name="ancients",
    title="Command & Colors: Ancients",
    layout=LAYOUT,
    rules=rules,
    kernels=ancients_kernels,
    phase_names=PHASE_NAMES,
    obs_layout=OBS_LAYOUT,
    observe_into=observe_into,
    check_state=check,
    configure=configure,
    new_game=new_game,
    env=aec_env,
    records=record,
    pictures=render,
    viewer=viewer,
    batch=batch,
)
