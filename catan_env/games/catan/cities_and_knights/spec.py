"""Cities & Knights' :class:`~catan_env.core.spec.GameSpec`.

Read from the package's files by :data:`~catan_env.core.spec.CONVENTION`
(shaping terms from :mod:`.gym_env`); the board tables are the base game's.
"""

from catan_env.actions import CK_ACTIONS
from catan_env.core.spec import spec_of_package

from ..base.spec import standard_tables

SPEC = spec_of_package(
    __package__, "cities_and_knights", "Catan: Cities & Knights",
    actions=CK_ACTIONS, tables_for=standard_tables,
    stat_names=("barbarian_attacks", "barbarian_wins"),
)  # fmt: skip
