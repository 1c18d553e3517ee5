"""Board families: the ways the standard island can be drawn, named as option sets.

A policy trained on one way of drawing boards learns that way; to measure (and
train) it on boards of every kind, each family is a set of
:class:`~catan_env.config.GameConfig` options, merged over a game's other
options (``GameConfig(**{**options, **family_options(name)})``):

============== ============================================================
family         the board (base §3)
============== ============================================================
``spiral``     variable board (terrain and harbor types shuffled, §3.3
               items 1-2), tokens along the spiral from R3e (item 3): the
               engine's default
``random_tokens``  variable board, tokens shuffled with no 6 or 8 next to
               another 6 or 8 (item 4, §11.2)
``catanatron`` variable board, tokens shuffled with no rule at all
               (``number_tokens="unconstrained"``): the boards catanatron
               draws, where 6 and 8 may touch
``beginner``   the fixed beginner board and pieces (§3.2; 3 or 4 players)
============== ============================================================

Every family sets the same three options (``board``, ``number_tokens``,
``random_spiral_start``), so a family's options replace whichever of them a
game had. On the command line a family is its options:
``-o number_tokens=random``, ``-o number_tokens=unconstrained`` or
``-o board=beginner``. The families apply to the games on the standard island
(base, Cities & Knights); Explorers & Pirates has its own frame boards.

:func:`draw_family` picks a family per game from the game's seed, for
training on a mixture of families (one held out for evaluation).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from types import MappingProxyType

import numpy as np

__all__ = ["FAMILIES", "draw_family", "family_of", "family_options"]

#: family name -> its options (read-only); see the module's table.
FAMILIES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        name: MappingProxyType(
            {"board": board, "number_tokens": tokens, "random_spiral_start": False}
        )
        for name, board, tokens in (
            ("spiral", "variable", "spiral"),
            ("random_tokens", "variable", "random"),
            ("catanatron", "variable", "unconstrained"),
            ("beginner", "beginner", "spiral"),
        )
    }
)

#: Keys the draw hashes with the seed, so the family drawn is not tied to the game's own RNG.
_DRAW_KEY = b"catan_env.board_family"


def family_options(name: str) -> dict[str, object]:
    """The options of family ``name`` (a new dict, for ``GameConfig(**...)``).

    Raises:
        ValueError: ``name`` is not a family.
    """
    try:
        return dict(FAMILIES[name])
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown board family {name!r}; families are: {', '.join(FAMILIES)}"
        ) from None


def draw_family(seed: int, families: Sequence[str], weights: Sequence[float] | None = None) -> str:
    """The family a game with ``seed`` plays on: one of ``families``, drawn by ``weights``.

    The draw depends on ``seed`` alone (a keyed hash, the same on every machine,
    Python and numpy version), so a training run that seeds game ``i`` with
    ``s + i`` gets the same families on every rerun and any thread count.

    Args:
        seed: non-negative integer, typically the game's seed.
        families: family names (see :data:`FAMILIES`), at least one.
        weights: one non-negative weight per family, not all zero; ``None``:
            equal weights.

    Raises:
        ValueError: an unknown family, no families, a bad seed or bad weights.
    """
    if isinstance(families, str):
        raise ValueError(f"families must be a list of names, got the string {families!r}")
    families = list(families)
    if not families:
        raise ValueError("draw_family needs at least one family")
    for name in families:
        family_options(name)  # validates
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    if weights is None:
        w = np.ones(len(families))
    else:
        w = np.asarray(weights, np.float64)
        if w.shape != (len(families),):
            raise ValueError(f"weights need {len(families)} entries, one a family: {weights!r}")
        if not np.all(np.isfinite(w)) or np.any(w < 0) or w.sum() <= 0:
            raise ValueError(f"weights must be finite, non-negative and not all zero: {weights!r}")
    digest = hashlib.blake2b(int(seed).to_bytes(16, "little"), key=_DRAW_KEY, digest_size=8)
    u = int.from_bytes(digest.digest(), "little") / 2.0**64  # uniform in [0, 1)
    cumulative = np.cumsum(w) / w.sum()
    i = int(np.searchsorted(cumulative, u, side="right"))  # never a zero-weight family
    if i >= len(families):  # the sum rounded below u: the last family with weight
        i = int(np.flatnonzero(w)[-1])
    return families[i]


def family_of(options: Mapping[str, object]) -> str | None:
    """The family whose board options ``options`` has (defaults filled in), or ``None``.

    ``options`` is a ``GameConfig.to_dict()`` or keyword dict; a ``fixed_board``
    belongs to no family.
    """
    if options.get("fixed_board") is not None:
        return None
    board = {
        "board": options.get("board", "variable"),
        "number_tokens": options.get("number_tokens", "spiral"),
        "random_spiral_start": bool(options.get("random_spiral_start", False)),
    }
    for name, family in FAMILIES.items():
        if dict(family) == board:
            return name
    return None
