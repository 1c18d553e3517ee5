"""The base game's options: the shared ones of :class:`~catan_env.config.GameConfig`.

The base game adds no option of its own; it plays to 10 VP by default (base §9.4)
on the standard island (``board``, ``number_tokens``, ``fixed_board``, base §3).
"""

from ..common.options import VariantOptions

#: VP needed to win by default (base §9.4).
VP_TO_WIN = 10

OPTIONS = VariantOptions(name="base", default_vp_to_win=lambda config: VP_TO_WIN)
