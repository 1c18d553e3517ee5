"""A side's observation: one flat float32 vector with named views (CCA §7).

Everything on the board is public (units, blocks, leaders, terrain, this turn's
orders and moves, the combat in progress, the last roll, the discard pile, the
scenario's victory hexes with who holds them, exit hexes and units exited, elite
units, each side's Command); of
the cards a side sees its own hand exactly, only the *number* of cards the
opponent holds, and only the number of cards left in the deck.

:data:`OBS_LAYOUT` declares the named views; :func:`observe_into` is the
spec's ``observe_into`` (the AEC env's observation).
"""

from __future__ import annotations

import numpy as np

from catan_env.core.layout import Layout

from . import layout as L
from .board import NUM_HEXES
from .phases import PH_OVER
from .units import NUM_CARD_TYPES, NUM_TERRAIN, NUM_UNIT_TYPES

HEX_FEATURES = (
    ["own unit", "enemy unit"]
    + [f"type {i}" for i in range(NUM_UNIT_TYPES)]
    + ["blocks", "own leader", "enemy leader"]
    + [f"terrain {i}" for i in range(NUM_TERRAIN)]
    + ["ordered", "moved", "battled", "selected", "attacker", "defender", "rolled at"]
    # scenario special rules (CCA §5.1), all public
    + ["victory banners", "victory hex for me", "victory hex for enemy", "held by me",
       "held by enemy", "permanent", "my exit", "enemy exit", "elite"]
)  # fmt: skip
VIEWS: dict[str, tuple[int, tuple[int, ...]]] = {}
#: The observation's named views as a layout (``OBS_LAYOUT.view(obs, "banners")``).
OBS_LAYOUT = Layout("ancients observation")


def _declare():
    off = 0
    for name, shape in (
        ("board", (NUM_HEXES, len(HEX_FEATURES))),
        ("phase", (PH_OVER + 1,)),
        ("to_act", (2,)),  # [I am the active side, I must decide now]
        ("own_hand", (NUM_CARD_TYPES,)),
        ("opponent_hand_size", (1,)),
        ("deck_left", (1,)),
        ("discard", (NUM_CARD_TYPES,)),
        ("card_played", (NUM_CARD_TYPES,)),
        ("banners", (2,)),  # own, opponent (fraction of the target)
        ("turn", (1,)),
        ("pending", (2,)),  # flags scored by the roll, retreat hexes left
        ("last_roll", (6,)),
        # own, opponent: victory-hex banners held, exit banners, units exited,
        # Command (fractions of the target / of 10)
        ("special", (8,)),
    ):
        VIEWS[name] = (off, shape)
        off += int(np.prod(shape))
        OBS_LAYOUT.add(name, shape)
    return off


OBS_SIZE = _declare()


def view(obs: np.ndarray, name: str) -> np.ndarray:
    off, shape = VIEWS[name]
    return obs[off : off + int(np.prod(shape))].reshape(shape)


def observe_into(s: np.ndarray, tb: np.ndarray, side: int, out: np.ndarray) -> None:
    """Write ``side``'s observation into ``out`` (the spec's ``observe_into``; no tables)."""
    observe(s, side, out)


def observe(s: np.ndarray, side: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation of ``side`` (0 bottom, 1 top)."""
    obs = np.zeros(OBS_SIZE, np.float32) if out is None else out
    obs[:] = 0
    b = view(obs, "board")
    ut = s[L.UNIT_TYPE : L.UNIT_TYPE + NUM_HEXES]
    us = s[L.UNIT_SIDE : L.UNIT_SIDE + NUM_HEXES]
    has = ut > 0
    b[:, 0] = has & (us == side)
    b[:, 1] = has & (us != side)
    idx = np.flatnonzero(has)
    b[idx, 2 + ut[idx] - 1] = 1
    k = 2 + NUM_UNIT_TYPES
    b[:, k] = s[L.UNIT_BLOCKS : L.UNIT_BLOCKS + NUM_HEXES] / 4.0
    ld = s[L.LEADER : L.LEADER + NUM_HEXES] > 0
    ls = s[L.LEADER_SIDE : L.LEADER_SIDE + NUM_HEXES]
    b[:, k + 1] = ld & (ls == side)
    b[:, k + 2] = ld & (ls != side)
    k += 3
    b[np.arange(NUM_HEXES), k + s[L.TERRAIN : L.TERRAIN + NUM_HEXES]] = 1
    k += NUM_TERRAIN
    uf = s[L.UNIT_FLAGS : L.UNIT_FLAGS + NUM_HEXES]
    b[:, k] = (uf & L.UF_ORDERED) != 0
    b[:, k + 1] = s[L.UNIT_MOVED : L.UNIT_MOVED + NUM_HEXES] / 4.0
    b[:, k + 2] = (uf & L.UF_BATTLED) != 0
    for j, f in enumerate((L.SELECTED, L.CB_ATTACKER, L.CB_DEFENDER, L.ROLL_AT)):
        h = int(s[f])
        if 0 <= h < NUM_HEXES and (f != L.ROLL_AT or s[L.CB_ATTACKER] >= 0):
            b[h, k + 3 + j] = 1
    k += 7
    vb = s[L.VH_BANNERS : L.VH_BANNERS + NUM_HEXES]
    vs = s[L.VH_SIDES : L.VH_SIDES + NUM_HEXES]
    hold = s[L.VH_HOLDER : L.VH_HOLDER + NUM_HEXES]
    b[:, k] = vb / 3.0
    b[:, k + 1] = (vb > 0) & ((vs & (1 << side)) != 0)
    b[:, k + 2] = (vb > 0) & ((vs & (1 << (1 - side))) != 0)
    b[:, k + 3] = hold == side + 1
    b[:, k + 4] = hold == 2 - side
    b[:, k + 5] = (vb > 0) & (s[L.VH_PERMANENT : L.VH_PERMANENT + NUM_HEXES] != 0)
    ex = s[L.EXIT_VALUE : L.EXIT_VALUE + 2 * NUM_HEXES].reshape(2, NUM_HEXES)
    b[:, k + 6] = ex[side] / 3.0
    b[:, k + 7] = ex[1 - side] / 3.0
    b[:, k + 8] = s[L.UNIT_ELITE : L.UNIT_ELITE + NUM_HEXES] / 2.0
    phase = int(s[L.PHASE])
    view(obs, "phase")[phase] = 1
    view(obs, "to_act")[:] = (s[L.ACTIVE] == side, s[L.CURRENT] == side and phase != PH_OVER)
    own = s[L.HAND + side * NUM_CARD_TYPES : L.HAND + (side + 1) * NUM_CARD_TYPES]
    view(obs, "own_hand")[:] = own / 4.0
    other = s[L.HAND + (1 - side) * NUM_CARD_TYPES : L.HAND + (2 - side) * NUM_CARD_TYPES]
    view(obs, "opponent_hand_size")[0] = other.sum() / 10.0
    view(obs, "deck_left")[0] = (s[L.DECK_LEN] - s[L.DECK_POS]) / 60.0
    view(obs, "discard")[:] = s[L.DISCARD : L.DISCARD + NUM_CARD_TYPES] / 4.0
    if s[L.CARD_PLAYED] >= 0:
        view(obs, "card_played")[int(s[L.CARD_PLAYED])] = 1
    target = max(int(s[L.BANNERS_TO_WIN]), 1)
    view(obs, "banners")[:] = (s[L.BANNERS + side] / target, s[L.BANNERS + 1 - side] / target)
    view(obs, "turn")[0] = s[L.TURN] / max(int(s[L.OPT_MAX_TURNS]), 200)
    view(obs, "pending")[:] = (s[L.ROLL_FLAGS] / 4.0, s[L.RETREAT_LEFT] / 8.0)
    sp = view(obs, "special")
    for j, o in enumerate((side, 1 - side)):
        sp[j] = s[L.HEX_BANNERS + o] / target
        sp[2 + j] = s[L.EXIT_BANNERS + o] / target
        sp[4 + j] = s[L.EXITED_UNITS + o] / 8.0
        sp[6 + j] = s[L.COMMAND + o] / 10.0
    n = int(s[L.DICE_N])
    view(obs, "last_roll")[:] = np.bincount(s[L.DICE : L.DICE + n], minlength=6)[:6] / 8.0
    return obs
