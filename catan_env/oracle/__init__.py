"""catanatron 3.2.1 as an independent rules oracle for the base game (optional extra).

Not imported by the rest of the package: ``pip install -e '.[oracle]'`` and run
``python -m catan_env.oracle``. :mod:`.convert` turns one of our states into
catanatron's; :mod:`.harness` plays random games and compares every decision.
The rule differences it maps or skips are listed in ``README.md`` beside this file.
"""

from .convert import NotExpressible, to_catanatron
from .harness import Harness, Report

__all__ = ["Harness", "NotExpressible", "Report", "to_catanatron"]
