"""Why an action is illegal: :class:`IllegalActionError`, whose message the game writes.

Legality itself is decided by the jitted mask; each game's explain hook
(``spec.explain(state, action, mask)``, e.g.
:mod:`catan_env.games.catan.base.explain`) reads the state to tell a person
which rule the action broke, and the façade raises this error with it.
"""

from __future__ import annotations

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the state is unchanged."""
