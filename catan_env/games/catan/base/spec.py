"""The base game's :class:`~catan_env.core.spec.GameSpec`.

Read from the package's files by :data:`~catan_env.core.spec.CONVENTION`; the
state layout and phase names are Catan's common ones.
"""

from catan_env.actions import BASE_ACTIONS
from catan_env.core.spec import spec_of_package

from ..common.layout import BASE_LAYOUT
from ..common.phases import PHASE_NAMES
from ..common.tables import STANDARD_TABLES


def standard_tables(config):
    """The standard island's static tables (every base and C&K board)."""
    return STANDARD_TABLES


SPEC = spec_of_package(
    __package__, "base", "Catan (base game)",
    layout=BASE_LAYOUT, phase_names=PHASE_NAMES, actions=BASE_ACTIONS, tables_for=standard_tables,
)  # fmt: skip
