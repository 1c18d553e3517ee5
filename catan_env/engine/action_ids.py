"""Action-id layout of the base game (base §14.7): one fixed Discrete space.

Each family occupies a contiguous block; ``FAMILY + argument`` is the id.
Relative seats (1 = next clockwise) keep the space the same for 2-4 players.
Readable names and parsing live in :mod:`catan_env.actions`.
"""

from numba import njit

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..constants import MAX_PLAYERS, NUM_RESOURCES

_next = 0


def _block(size: int) -> int:
    global _next
    start = _next
    _next += size
    return start


ROLL = _block(1)
END_TURN = _block(1)
BUILD_SETTLEMENT = _block(NUM_VERTICES)
BUILD_ROAD = _block(NUM_EDGES)
BUILD_CITY = _block(NUM_VERTICES)
BUY_DEV = _block(1)
PLAY_KNIGHT = _block(1)
PLAY_ROAD_BUILDING = _block(1)
PLAY_YEAR_OF_PLENTY = _block(1)
PLAY_MONOPOLY = _block(1)
MOVE_ROBBER = _block(NUM_HEXES)
STEAL = _block(MAX_PLAYERS - 1)  # relative seat 1..3 -> offset 0..2
DISCARD = _block(NUM_RESOURCES)
PICK_RESOURCE = _block(NUM_RESOURCES)
STOP = _block(1)
MARITIME = _block(NUM_RESOURCES * (NUM_RESOURCES - 1))  # give x, get y != x
TRADE_ADD_GIVE = _block(NUM_RESOURCES)
TRADE_ADD_WANT = _block(NUM_RESOURCES)
TRADE_PROPOSE = _block(MAX_PLAYERS)  # 0: every opponent; 1..3: relative seat
TRADE_CANCEL = _block(1)
TRADE_ACCEPT = _block(1)
TRADE_DECLINE = _block(1)
TRADE_CONFIRM = _block(MAX_PLAYERS - 1)  # relative seat 1..3 -> offset 0..2
NUM_ACTIONS = _next

#: (family name, first id, size) in id order.
FAMILIES = (
    ("roll", ROLL, 1),
    ("end_turn", END_TURN, 1),
    ("build_settlement", BUILD_SETTLEMENT, NUM_VERTICES),
    ("build_road", BUILD_ROAD, NUM_EDGES),
    ("build_city", BUILD_CITY, NUM_VERTICES),
    ("buy_dev_card", BUY_DEV, 1),
    ("play_knight", PLAY_KNIGHT, 1),
    ("play_road_building", PLAY_ROAD_BUILDING, 1),
    ("play_year_of_plenty", PLAY_YEAR_OF_PLENTY, 1),
    ("play_monopoly", PLAY_MONOPOLY, 1),
    ("move_robber", MOVE_ROBBER, NUM_HEXES),
    ("steal", STEAL, MAX_PLAYERS - 1),
    ("discard", DISCARD, NUM_RESOURCES),
    ("pick", PICK_RESOURCE, NUM_RESOURCES),
    ("stop", STOP, 1),
    ("maritime", MARITIME, NUM_RESOURCES * (NUM_RESOURCES - 1)),
    ("offer_give", TRADE_ADD_GIVE, NUM_RESOURCES),
    ("offer_want", TRADE_ADD_WANT, NUM_RESOURCES),
    ("propose", TRADE_PROPOSE, MAX_PLAYERS),
    ("cancel_trade", TRADE_CANCEL, 1),
    ("accept", TRADE_ACCEPT, 1),
    ("decline", TRADE_DECLINE, 1),
    ("confirm_trade", TRADE_CONFIRM, MAX_PLAYERS - 1),
)


@njit(cache=True, inline="always")
def maritime_index(give, get):
    """Offset inside MARITIME of trading ``give`` for ``get`` (give != get)."""
    return give * (NUM_RESOURCES - 1) + (get if get < give else get - 1)
