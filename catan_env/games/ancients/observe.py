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
from numba import njit

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
_NO_TABLES = np.zeros(1, np.int32)


def view(obs: np.ndarray, name: str) -> np.ndarray:
    off, shape = VIEWS[name]
    return obs[off : off + int(np.prod(shape))].reshape(shape)


_BOARD = VIEWS["board"][0]
_HF = len(HEX_FEATURES)
_PHASE = VIEWS["phase"][0]
_TO_ACT = VIEWS["to_act"][0]
_OWN_HAND = VIEWS["own_hand"][0]
_OPP_HAND = VIEWS["opponent_hand_size"][0]
_DECK_LEFT = VIEWS["deck_left"][0]
_DISCARD = VIEWS["discard"][0]
_CARD_PLAYED = VIEWS["card_played"][0]
_BANNERS = VIEWS["banners"][0]
_TURN = VIEWS["turn"][0]
_PENDING = VIEWS["pending"][0]
_LAST_ROLL = VIEWS["last_roll"][0]
_SPECIAL = VIEWS["special"][0]
# Columns of a hex's features (the order of HEX_FEATURES).
_C_BLOCKS = 2 + NUM_UNIT_TYPES
_C_TERRAIN = _C_BLOCKS + 3
_C_ORDERED = _C_TERRAIN + NUM_TERRAIN
_C_VICTORY = _C_ORDERED + 7
#: The fields naming the hexes of the "selected" .. "rolled at" features, in that order.
_MARKED = np.array([L.SELECTED, L.CB_ATTACKER, L.CB_DEFENDER, L.ROLL_AT], np.int64)


@njit(cache=True, inline="always")
def _frac(count, top):
    # The observation space is [0, 1]: a count scaled by its usual top, with the
    # rare larger ones (a retreat of 3 flags by light troops is 9 hexes or more,
    # banners past the target on the winning roll) read as 1.
    return min(max(count, 0), top) / top


@njit(cache=True)
def observe_into(s, tb, side, out):
    """Write ``side``'s observation of ``s`` into ``out`` (float32, ``OBS_SIZE``;
    the spec's and the contract's ``observe_into``; ``tb`` is unused)."""
    out[:] = 0.0
    other = 1 - side
    for h in range(NUM_HEXES):
        b = _BOARD + h * _HF
        ut = s[L.UNIT_TYPE + h]
        if ut > 0:
            if s[L.UNIT_SIDE + h] == side:
                out[b] = 1.0
            else:
                out[b + 1] = 1.0
            out[b + 2 + ut - 1] = 1.0
        out[b + _C_BLOCKS] = _frac(s[L.UNIT_BLOCKS + h], 4.0)
        if s[L.LEADER + h] > 0:
            if s[L.LEADER_SIDE + h] == side:
                out[b + _C_BLOCKS + 1] = 1.0
            else:
                out[b + _C_BLOCKS + 2] = 1.0
        out[b + _C_TERRAIN + s[L.TERRAIN + h]] = 1.0
        uf = s[L.UNIT_FLAGS + h]
        if (uf & L.UF_ORDERED) != 0:
            out[b + _C_ORDERED] = 1.0
        out[b + _C_ORDERED + 1] = _frac(s[L.UNIT_MOVED + h], 4.0)
        if (uf & L.UF_BATTLED) != 0:
            out[b + _C_ORDERED + 2] = 1.0
        vb = s[L.VH_BANNERS + h]
        vs = s[L.VH_SIDES + h]
        hold = s[L.VH_HOLDER + h]
        c = b + _C_VICTORY
        out[c] = _frac(vb, 3.0)
        if vb > 0 and (vs & (1 << side)) != 0:
            out[c + 1] = 1.0
        if vb > 0 and (vs & (1 << other)) != 0:
            out[c + 2] = 1.0
        if hold == side + 1:
            out[c + 3] = 1.0
        if hold == 2 - side:
            out[c + 4] = 1.0
        if vb > 0 and s[L.VH_PERMANENT + h] != 0:
            out[c + 5] = 1.0
        out[c + 6] = _frac(s[L.EXIT_VALUE + side * NUM_HEXES + h], 3.0)
        out[c + 7] = _frac(s[L.EXIT_VALUE + other * NUM_HEXES + h], 3.0)
        out[c + 8] = _frac(s[L.UNIT_ELITE + h], 2.0)
    # The selected hex, the combat's two hexes and where the dice fell.
    for j in range(4):
        f = _MARKED[j]
        h = s[f]
        if 0 <= h < NUM_HEXES and (f != L.ROLL_AT or s[L.CB_ATTACKER] >= 0):
            out[_BOARD + h * _HF + _C_ORDERED + 3 + j] = 1.0
    phase = s[L.PHASE]
    out[_PHASE + phase] = 1.0
    if s[L.ACTIVE] == side:
        out[_TO_ACT] = 1.0
    if s[L.CURRENT] == side and phase != PH_OVER:
        out[_TO_ACT + 1] = 1.0
    left = 0
    for c in range(NUM_CARD_TYPES):
        out[_OWN_HAND + c] = _frac(s[L.HAND + side * NUM_CARD_TYPES + c], 4.0)
        left += s[L.HAND + other * NUM_CARD_TYPES + c]
        out[_DISCARD + c] = _frac(s[L.DISCARD + c], 4.0)
    out[_OPP_HAND] = _frac(left, 10.0)
    out[_DECK_LEFT] = _frac(s[L.DECK_LEN] - s[L.DECK_POS], 60.0)
    if s[L.CARD_PLAYED] >= 0:
        out[_CARD_PLAYED + s[L.CARD_PLAYED]] = 1.0
    target = max(s[L.BANNERS_TO_WIN], 1)
    out[_BANNERS] = _frac(s[L.BANNERS + side], target)
    out[_BANNERS + 1] = _frac(s[L.BANNERS + other], target)
    out[_TURN] = _frac(s[L.TURN], max(s[L.OPT_MAX_TURNS], 200))
    out[_PENDING] = _frac(s[L.ROLL_FLAGS], 4.0)
    out[_PENDING + 1] = _frac(s[L.RETREAT_LEFT], 8.0)
    for j in range(2):
        o = side if j == 0 else other
        out[_SPECIAL + j] = _frac(s[L.HEX_BANNERS + o], target)
        out[_SPECIAL + 2 + j] = _frac(s[L.EXIT_BANNERS + o], target)
        out[_SPECIAL + 4 + j] = _frac(s[L.EXITED_UNITS + o], 8.0)
        out[_SPECIAL + 6 + j] = _frac(s[L.COMMAND + o], 10.0)
    for k in range(s[L.DICE_N]):
        face = s[L.DICE + k]
        if 0 <= face < 6:
            out[_LAST_ROLL + face] = min(out[_LAST_ROLL + face] + 1.0 / 8.0, 1.0)


def observe(s: np.ndarray, side: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation of ``side`` (0 bottom, 1 top)."""
    obs = np.zeros(OBS_SIZE, np.float32) if out is None else out
    observe_into(s, _NO_TABLES, side, obs)
    return obs
