"""catanatron 3.2.1 as an independent rules oracle for the base game (optional extra).

Imported by the rest of the package only to build a ``catanatron:BOT`` agent:
``pip install -e '.[oracle]'`` and run ``python -m catan_env.oracle``.
:mod:`.convert` turns one of our states into catanatron's and :mod:`.reverse`
catanatron's into ours; :mod:`.harness` plays random games and compares every
decision; :mod:`.bridge` plays catanatron's bots as our agents;
:mod:`.player` plays our agents as catanatron's players
(:class:`CatanEnvPlayer`), and :mod:`.validate` checks the reverse converter on
catanatron's own games.
The rule differences it maps or skips are listed in ``README.md`` beside this file.
"""

from .convert import NotExpressible, to_catanatron
from .harness import Harness, Report
from .player import CatanEnvPlayer
from .reverse import from_catanatron

__all__ = [
    "CatanEnvPlayer",
    "Harness",
    "NotExpressible",
    "Report",
    "from_catanatron",
    "to_catanatron",
]
