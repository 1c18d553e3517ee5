"""catanatron's bots by name: ``catanatron:alphabeta``, ``:value``, ``:weighted``, ``:random``.

The bridge itself is :mod:`catan_env.oracle.bridge` (base game, domestic trade
off, 3 or 4 players); it needs catanatron, the ``oracle`` extra, which is
imported only when such an agent is built.
"""

from __future__ import annotations

from .base import register


def catanatron_from_spec(bot: str | None = None, seed: int | None = None):
    """The agent of ``make_agent("catanatron:BOT")``.

    Raises:
        ValueError: no or an unknown bot (the bridge's ``BOTS``), or catanatron (or the
            bot's package) missing.
    """
    if not bot:
        raise ValueError("agent 'catanatron' needs a bot: catanatron:BOT, BOT one of "
                         "alphabeta, value, weighted, random")  # fmt: skip
    try:
        from catan_env.oracle.bridge import CatanatronAgent
    except ImportError:
        raise ValueError(
            f"agent catanatron:{bot} needs catanatron 3.2.1, the oracle extra: "
            "pip install 'catan_env[oracle]'"
        ) from None
    return CatanatronAgent(bot, seed=seed)


register("catanatron", catanatron_from_spec)
