"""Action-id layout of the base game (base §14.7): one fixed Discrete space.

Each family occupies a contiguous block; ``FAMILY + argument`` is the id.
Relative seats (1 = next clockwise) keep the space the same for 2-4 players.
Readable names and parsing live in :mod:`catan_env.actions`.
"""

from numba import njit

from catan_env.core.actions import ActionBlocks

from ..board.standard import NUM_EDGES, NUM_HEXES, NUM_VERTICES
from ..common.constants import MAX_PLAYERS, NUM_RESOURCES
from ..common.trade import pair_index

_blocks = ActionBlocks()


def _block(size: int, name: str) -> int:
    return _blocks.add(name, size)


ROLL = _block(1, "roll")
END_TURN = _block(1, "end_turn")
BUILD_SETTLEMENT = _block(NUM_VERTICES, "build_settlement")
BUILD_ROAD = _block(NUM_EDGES, "build_road")
BUILD_CITY = _block(NUM_VERTICES, "build_city")
BUY_DEV = _block(1, "buy_dev_card")
PLAY_KNIGHT = _block(1, "play_knight")
PLAY_ROAD_BUILDING = _block(1, "play_road_building")
PLAY_YEAR_OF_PLENTY = _block(1, "play_year_of_plenty")
PLAY_MONOPOLY = _block(1, "play_monopoly")
MOVE_ROBBER = _block(NUM_HEXES, "move_robber")
STEAL = _block(MAX_PLAYERS - 1, "steal")  # relative seat 1..3 -> offset 0..2
DISCARD = _block(NUM_RESOURCES, "discard")
PICK_RESOURCE = _block(NUM_RESOURCES, "pick")
STOP = _block(1, "stop")
MARITIME = _block(NUM_RESOURCES * (NUM_RESOURCES - 1), "maritime")  # give x, get y != x
TRADE_ADD_GIVE = _block(NUM_RESOURCES, "offer_give")
TRADE_ADD_WANT = _block(NUM_RESOURCES, "offer_want")
TRADE_PROPOSE = _block(MAX_PLAYERS, "propose")  # 0: every opponent; 1..3: relative seat
TRADE_CANCEL = _block(1, "cancel_trade")
TRADE_ACCEPT = _block(1, "accept")
TRADE_DECLINE = _block(1, "decline")
TRADE_CONFIRM = _block(MAX_PLAYERS - 1, "confirm_trade")  # relative seat 1..3 -> offset 0..2
# Opens an offer of one card for one other (trade_protocol="pairs"); last, so that
# the ids before it are those of the card-by-card protocol's records.
TRADE_OPEN = _block(NUM_RESOURCES * (NUM_RESOURCES - 1), "offer")  # give x, want y != x
NUM_ACTIONS = _blocks.size

#: (family name, first id, size) in id order.
FAMILIES = tuple(_blocks.families)


@njit(cache=True, inline="always")
def maritime_index(give, get):
    """Offset inside MARITIME of trading ``give`` for ``get`` (give != get)."""
    return pair_index(give, get, NUM_RESOURCES)
