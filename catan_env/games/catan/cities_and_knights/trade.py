"""Trading in Cities & Knights: maritime rates and Commercial Harbor (C&K §3.9, §4.3.1).

Domestic trade uses the shared protocol of :mod:`catan_env.games.catan.common.trade` over
all eight card types.
"""

from numba import njit

from ..common.cards import give_to_bank, held, move_card, take_from_bank
from ..common.constants import DESERT, NUM_CARD_TYPES, NUM_RESOURCES
from ..common.layout import BANK, HARBOR_RATE, HEX_TERRAIN
from . import layout as CL
from .constants import TRADE

TRADING_HOUSE_LEVEL = 3


@njit(cache=True)
def rate(state, p, x):
    """``p``'s best maritime rate for giving type ``x`` (C&K §3.9 table)."""
    r = state[HARBOR_RATE + p * NUM_CARD_TYPES + x]
    if x >= NUM_RESOURCES and state[CL.LEVEL + 3 * p + TRADE] >= TRADING_HOUSE_LEVEL:
        r = min(r, 2)  # Trading House: any commodity 2:1
    if state[CL.MERCHANT_OWNER] == p and x < NUM_RESOURCES:
        h = state[CL.MERCHANT_HEX]
        if h >= 0 and state[HEX_TERRAIN + h] == x and x < DESERT:
            r = min(r, 2)  # the merchant's hex resource 2:1
    if (state[CL.FLEET_TYPES] >> x) & 1:
        r = min(r, 2)  # Merchant Fleet's named type, this turn
    return r


@njit(cache=True, inline="always")
def maritime_ok(state, p, give, get):
    return give != get and state[BANK + get] > 0 and held(state, p, give) >= rate(state, p, give)


@njit(cache=True)
def maritime_trade(state, p, give, get):
    give_to_bank(state, p, give, rate(state, p, give))
    take_from_bank(state, p, get, 1)


@njit(cache=True, inline="always")
def force_trade_ok(state, p, q, r):
    """Commercial Harbor: ``p`` may offer a ``r`` to ``q`` (once per opponent per turn)."""
    return (
        state[CL.HARBOR_TRADES] != 0
        and q != p
        and state[CL.HARBOR_USED + q] == 0
        and (held(state, p, r) > 0)
    )


@njit(cache=True)
def holds_commodity(state, q):
    for c in range(NUM_RESOURCES, NUM_CARD_TYPES):
        if held(state, q, c) > 0:
            return True
    return False


@njit(cache=True)
def start_force_trade(state, p, q, r):
    """Offer; return True if ``q`` must now choose a commodity, False if the offer is void."""
    state[CL.HARBOR_USED + q] = 1
    if not holds_commodity(state, q):
        return False  # no commodity: the offer is void, the card stays (§4.3.1)
    state[CL.HARBOR_TARGET] = q
    state[CL.HARBOR_OFFER] = r
    return True


@njit(cache=True)
def finish_force_trade(state, p, c):
    """``q`` hands commodity ``c`` for the offered resource."""
    q = state[CL.HARBOR_TARGET]
    move_card(state, p, q, state[CL.HARBOR_OFFER], 1)
    move_card(state, q, p, c, 1)
    state[CL.HARBOR_TARGET] = -1
    state[CL.HARBOR_OFFER] = -1
