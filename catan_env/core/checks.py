"""Checks of input every game's Python layers share (no game is named here)."""

from __future__ import annotations

import numpy as np


def action_index(action, size: int, names: bool = False) -> int:
    """``action`` as a Python int in ``0..size-1``, or a clear error.

    Accepts a Python or numpy integer, or an integer array holding one value: a
    0-d array (what stable-baselines3's ``predict`` returns for one observation)
    or a one-element array (a vectorised env of one). Booleans and floats are
    refused, even ``3.0``: an action id is never a measurement.

    Args:
        action: the action id.
        size: the number of actions of the space.
        names: the caller also takes action names (said in the error).

    Raises:
        TypeError: not an integer id.
        ValueError: outside ``0..size-1``.
    """
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        action = action.reshape(()).item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        kind = "an integer id or a name string" if names else "an integer id"
        shape = f" of shape {action.shape}" if isinstance(action, np.ndarray) else ""
        raise TypeError(
            f"an action must be {kind}, not {type(action).__name__}{shape} ({action!r})"
        )
    a = int(action)
    if not 0 <= a < size:
        raise ValueError(f"action id {a} is out of range: the space has ids 0..{size - 1}")
    return a


__all__ = ["action_index"]
