"""Explorers & Pirates' :class:`~catan_env.core.spec.GameSpec` (every scenario).

Read from the package's files by :data:`~catan_env.core.spec.CONVENTION` (its
own replay page in :mod:`.viewer`); the board tables are the scenario's frame.
"""

from catan_env.actions import EP_ACTIONS
from catan_env.core.spec import spec_of_package

from .tables import scenario_tables


def _tables(config):
    """The frame board of the game's scenario."""
    return scenario_tables(config.scenario)


# No determinize module: a sample of an E&P position would also have to redraw
# the face-down hexes, the token and lair stacks, shoals and villages, so search
# agents (mcts) are offered for the base game and C&K only.
SPEC = spec_of_package(
    __package__, "explorers_and_pirates", "Catan: Explorers & Pirates",
    actions=EP_ACTIONS, stat_names=("hexes_discovered",), tables_for=_tables,
)  # fmt: skip
