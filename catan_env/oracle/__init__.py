"""catanatron 3.2.1 as an independent rules oracle for the base game (optional extra).

Imported by the rest of the package only to build a ``catanatron:BOT`` agent:
``pip install -e '.[oracle]'`` and run ``python -m catan_env.oracle``.
:mod:`.convert` turns one of our states into catanatron's; :mod:`.harness` plays
random games and compares every decision; :mod:`.bridge` plays catanatron's bots
as our agents.
The rule differences it maps or skips are listed in ``README.md`` beside this file.
"""

from .convert import NotExpressible, to_catanatron
from .harness import Harness, Report

__all__ = ["Harness", "NotExpressible", "Report", "to_catanatron"]
