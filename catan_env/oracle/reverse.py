"""A catanatron 3.2.1 game as our base-game state: the reverse of :mod:`.convert`.

:func:`from_catanatron` reads catanatron's ``Game`` (its ``State``, ``Board``
and action log) and writes our state array for the same position, with the
geometry tables of :mod:`.convert` (cube coordinates, the nine harbor spots,
resources in the same order). catanatron's seating order is kept: its colour
index ``j`` plays our seat ``seats[j]`` (by default ``j``), its first player is
our starting player.

**What a seat may know.** With ``viewer`` set to a colour, only that player's
hand and development cards are read from catanatron's state; every other
player's hand and development cards, and the order of the deck, are filled by
a canonical deal that depends only on public facts (hand sizes, the bank,
cards played, the deck's size) and the viewer's own cards. The filler is a
valid position; :func:`catan_env.determinize.determinize_state` deals it again
at random for the seat (:class:`.player.CatanEnvPlayer` does). With ``viewer``
``None`` every card is read (the validation and round-trip tests use it).

What catanatron does not keep is rebuilt from its action log:

* the development cards the player to move bought this turn (catanatron lets
  them be played at once; base §8.1 does not): its own
  ``BUY_DEVELOPMENT_CARD`` actions since the last ``END_TURN``, each naming the
  card for the buyer (read only for a seat whose cards are read);
* whether it built or bought this turn, and the last roll (public).

Fields that follow from the pieces (supplies, harbor rates, road lengths by
our rules, public VP) are recomputed as snapshots do
(:func:`~catan_env.games.catan.common.snapshot.derive_standard`); the Longest
Road and Largest Army holders are copied (history). catanatron is only
imported and called; none of its code is copied.
"""

from __future__ import annotations

import numpy as np
from catanatron.models.enums import CITY, SETTLEMENT, ActionPrompt, ActionType
from catanatron.models.map import Port

from catan_env.config import GameConfig
from catan_env.games.catan.board.standard import HARBOR_SPOTS, LAND_HEXES
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common import phases as P
from catan_env.games.catan.common.constants import CITY as OUR_CITY
from catan_env.games.catan.common.constants import (
    DESERT,
    DEV_COUNTS,
    DEV_DECK_SIZE,
    GENERIC_HARBOR,
    KNIGHT,
    MONOPOLY,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from catan_env.games.catan.common.constants import SETTLEMENT as OUR_SETTLEMENT
from catan_env.games.catan.common.snapshot import derive_standard

from .convert import (
    DEV_NAME,
    HEX_OF,
    PATH,
    RESOURCE,
    RESOURCE_CODE,
    VERTEX,
    NotExpressible,
    catanatron_turns,
)

#: catanatron's development-card names as our codes.
DEV_CODE = {name: d for d, name in DEV_NAME.items()}
#: Our harbor index (H1..H9) of each harbor's sea cube coordinate.
HARBOR_OF_SEA = {tuple(sea): i for i, (sea, _, _) in enumerate(HARBOR_SPOTS)}
#: The order the canonical filler hands out unseen development cards: VP cards
#: last, so that a filler rarely gives an opponent a winning total.
_FILL_ORDER = (KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT)
_BUILDS = (
    ActionType.BUILD_ROAD,
    ActionType.BUILD_SETTLEMENT,
    ActionType.BUILD_CITY,
    ActionType.BUY_DEVELOPMENT_CARD,
)


def _this_turn(actions) -> list:
    """The actions of the log since the last ``END_TURN`` (the current turn's)."""
    out = []
    for action in reversed(actions):
        if action.action_type == ActionType.END_TURN:
            break
        out.append(action)
    return out


def _last_roll(actions) -> tuple[int, int]:
    for action in reversed(actions):
        if action.action_type == ActionType.ROLL and action.value is not None:
            return int(action.value[0]), int(action.value[1])
    return 0, 0


def _fill_hands(sizes: dict[int, int], unseen: np.ndarray) -> dict[int, np.ndarray]:
    """A canonical deal of the ``unseen`` cards of each type to hands of ``sizes``."""
    if int(unseen.sum()) != sum(sizes.values()) or (unseen < 0).any():
        raise NotExpressible(
            f"the unseen cards {unseen.tolist()} do not fill the hidden hands {sizes}"
        )
    pool = unseen.copy()
    out = {}
    for seat, size in sizes.items():
        got = np.zeros(len(pool), np.int64)
        for t in range(len(pool)):
            take = min(size, int(pool[t]))
            got[t], pool[t], size = take, pool[t] - take, size - take
        out[seat] = got
    return out


def from_catanatron(
    cgame, viewer=None, seats: list[int] | None = None, **options
) -> tuple[np.ndarray, GameConfig]:
    """Our base-game state (and its configuration) for catanatron's game ``cgame``.

    Args:
        cgame: a ``catanatron.game.Game`` on the base map (catanatron's BASE
            template), 2 to 4 players.
        viewer: the catanatron ``Color`` whose hand and development cards are
            read; the others' and the deck order are a canonical filler (see the
            module docstring). ``None``: every card is read.
        seats: our seat for each of catanatron's colour indices (default ``0..n-1``).
        **options: more :class:`~catan_env.config.GameConfig` options (the
            number of players, ``domestic_trade=False``, ``vp_to_win`` and
            ``discard_limit`` come from ``cgame``).

    Raises:
        NotExpressible: a map other than the base island, or cards that do not add up.
    """
    cs = cgame.state
    n = len(cs.colors)
    seats = list(range(n)) if seats is None else list(seats)
    seat_of = {c: seats[j] for j, c in enumerate(cs.colors)}
    config = GameConfig.make(
        variant="base",
        num_players=n,
        domestic_trade=False,
        vp_to_win=int(cgame.vps_to_win),
        discard_limit=int(cs.discard_limit),
        **options,
    )
    s = np.zeros(L.STATE_SIZE, L.STATE_DTYPE)
    s[: L.CONFIG_SIZE] = config.config_vector()
    _board(cs, s, seat_of)
    ps = cs.player_state
    key = {c: f"P{j}_" for j, c in enumerate(cs.colors)}
    seen = {c for c in cs.colors if viewer is None or c == viewer}

    # Resource cards: the bank is public, so are hand sizes.
    bank = np.array(cs.resource_freqdeck, np.int64)
    s[L.BANK : L.BANK + NUM_RESOURCES] = bank
    hands = {}
    unseen = RESOURCE_CARDS_PER_TYPE - bank
    for c in cs.colors:
        if c in seen:
            hands[seat_of[c]] = np.array([ps[f"{key[c]}{r}_IN_HAND"] for r in RESOURCE])
            unseen = unseen - hands[seat_of[c]]
    sizes = {
        seat_of[c]: sum(ps[f"{key[c]}{r}_IN_HAND"] for r in RESOURCE)
        for c in cs.colors
        if c not in seen
    }
    hands.update(_fill_hands(sizes, unseen))
    for seat, hand in hands.items():
        s[L.HAND + seat * NUM_CARD_TYPES : L.HAND + seat * NUM_CARD_TYPES + NUM_RESOURCES] = hand

    # Development cards: played ones are public, so are the counts held and the deck's size.
    active_color = cs.colors[cs.current_turn_index]
    bought = np.zeros(NUM_DEV_TYPES, np.int64)
    if not cs.is_initial_build_phase and active_color in seen:
        for action in _this_turn(cs.actions):
            buy = action.action_type == ActionType.BUY_DEVELOPMENT_CARD
            if buy and action.color == active_color:
                bought[DEV_CODE[action.value]] += 1
    pool = np.array(DEV_COUNTS, np.int64)
    held = {}
    for c in cs.colors:
        p = seat_of[c]
        for d in range(NUM_DEV_TYPES):
            used = int(ps[f"{key[c]}PLAYED_{DEV_NAME[d]}"]) if d != VICTORY_POINT else 0
            s[L.DEV_USED + p * NUM_DEV_TYPES + d] = used
            pool[d] -= used
        if c in seen:
            held[p] = np.array([ps[f"{key[c]}{DEV_NAME[d]}_IN_HAND"] for d in range(NUM_DEV_TYPES)])
            pool -= held[p]
            if c == active_color:
                s[L.DEV_NEW + p * NUM_DEV_TYPES : L.DEV_NEW + (p + 1) * NUM_DEV_TYPES] = np.minimum(
                    bought, held[p]
                )
    left = len(cs.development_listdeck)
    for c in cs.colors:
        if c in seen:
            continue
        count = sum(ps[f"{key[c]}{DEV_NAME[d]}_IN_HAND"] for d in range(NUM_DEV_TYPES))
        got = np.zeros(NUM_DEV_TYPES, np.int64)
        for d in _FILL_ORDER:
            take = min(count, int(pool[d]))
            got[d], pool[d], count = take, pool[d] - take, count - take
        if count:
            raise NotExpressible("the unseen development cards do not fill the hidden hands")
        held[seat_of[c]] = got
    for p, cards in held.items():
        s[L.DEV_HAND + p * NUM_DEV_TYPES : L.DEV_HAND + (p + 1) * NUM_DEV_TYPES] = cards
    if int(pool.sum()) != left or (pool < 0).any():
        raise NotExpressible(
            f"development cards: {left} in catanatron's deck, {pool.tolist()} unseen"
        )
    pos = DEV_DECK_SIZE - left
    s[L.DECK_POS] = pos
    drawn = np.asarray(DEV_COUNTS) - pool
    s[L.DECK : L.DECK + pos] = np.repeat(np.arange(NUM_DEV_TYPES), drawn)
    if viewer is None:  # catanatron draws from the end of its list
        deck = [DEV_CODE[x] for x in reversed(cs.development_listdeck)]
    else:
        deck = np.repeat(np.arange(NUM_DEV_TYPES), pool)
    s[L.DECK + pos : L.DECK + DEV_DECK_SIZE] = deck

    holder = [seat_of[c] for c in cs.colors if ps[f"{key[c]}HAS_ROAD"]]
    army = [seat_of[c] for c in cs.colors if ps[f"{key[c]}HAS_ARMY"]]
    s[L.LONGEST_ROAD_HOLDER] = holder[0] if holder else -1
    s[L.LARGEST_ARMY_HOLDER] = army[0] if army else -1
    _turn(cgame, s, seats, seat_of, key)
    s[L.TRADE_TO] = -1
    derive_standard(s)
    return s, config


def _board(cs, s: np.ndarray, seat_of: dict) -> None:
    """Hexes, harbors, robber, buildings and roads of catanatron's board into ``s``."""
    board = cs.board
    m = board.map
    if sorted(m.land_tiles) != sorted(HEX_OF) or len(m.land_tiles) != len(LAND_HEXES):
        raise NotExpressible("only catanatron's base map (19 land hexes) has our geometry")
    for coord, tile in m.land_tiles.items():
        h = HEX_OF[coord]
        desert = tile.resource is None
        s[L.HEX_TERRAIN + h] = DESERT if desert else RESOURCE_CODE[tile.resource]
        s[L.HEX_NUMBER + h] = 0 if desert else int(tile.number)
    harbors = 0
    for coord, tile in m.tiles.items():
        if isinstance(tile, Port):
            kind = GENERIC_HARBOR if tile.resource is None else RESOURCE_CODE[tile.resource]
            s[L.HARBOR_TYPE + HARBOR_OF_SEA[coord]] = kind
            harbors += 1
    if harbors != len(HARBOR_SPOTS):
        raise NotExpressible(f"catanatron's map has {harbors} harbors, ours {len(HARBOR_SPOTS)}")
    s[L.ROBBER_HEX] = HEX_OF[board.robber_coordinate]
    s[L.VERTEX_OWNER : L.VERTEX_OWNER + len(VERTEX)] = -1
    s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + len(VERTEX)] = -1
    s[L.EDGE_OWNER : L.EDGE_OWNER + len(PATH)] = -1
    for node, (color, kind) in board.buildings.items():
        v = VERTEX[node]
        s[L.VERTEX_OWNER + v] = seat_of[color]
        s[L.VERTEX_BUILDING + v] = OUR_CITY if kind == CITY else OUR_SETTLEMENT
    for edge, color in board.roads.items():
        s[L.EDGE_OWNER + PATH[tuple(sorted(edge))]] = seat_of[color]


def _turn(cgame, s: np.ndarray, seats: list[int], seat_of: dict, key: dict) -> None:
    """Seats to move, the phase, the set-up step, the turn number and this turn's facts."""
    cs = cgame.state
    n = len(cs.colors)
    ps = cs.player_state
    active = cs.colors[cs.current_turn_index]
    current = cs.colors[cs.current_player_index]
    s[L.START_PLAYER] = seats[0]
    s[L.ACTIVE_PLAYER] = seat_of[active]
    s[L.CURRENT_PLAYER] = seat_of[current]
    s[L.SETUP_VERTEX] = -1
    s[L.WINNER] = -1
    s[L.DECISIONS] = len(cs.actions)
    rolled = bool(ps[f"{key[active]}HAS_ROLLED"])
    prompt = cs.current_prompt
    if cs.is_initial_build_phase:
        placed = sum(len(cs.buildings_by_color[c][SETTLEMENT]) for c in cs.colors)
        if prompt == ActionPrompt.BUILD_INITIAL_ROAD:
            s[L.PHASE] = P.SETUP_ROAD
            s[L.SETUP_INDEX] = placed - 1
            s[L.SETUP_VERTEX] = VERTEX[cs.buildings_by_color[current][SETTLEMENT][-1]]
        else:
            s[L.PHASE] = P.SETUP_SETTLEMENT
            s[L.SETUP_INDEX] = placed
        s[L.RESUME_PHASE] = P.SETUP_SETTLEMENT
        return
    s[L.SETUP_INDEX] = 2 * n
    s[L.TURN] = max(0, cs.num_turns - catanatron_turns(0, n))
    s[L.DICE : L.DICE + 2] = _last_roll(cs.actions)
    s[L.DEV_PLAYED] = int(bool(ps[f"{key[active]}HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]))
    s[L.BUILT_THIS_TURN] = int(
        any(a.color == active and a.action_type in _BUILDS for a in _this_turn(cs.actions))
    )
    resume = P.ACTION if rolled else P.PRE_ROLL
    s[L.RESUME_PHASE] = resume
    if cgame.winning_color() is not None:
        s[L.PHASE] = P.GAME_OVER
        s[L.WINNER] = seat_of[cgame.winning_color()]
    elif prompt == ActionPrompt.DISCARD:
        s[L.PHASE] = P.DISCARD
        s[L.RESUME_PHASE] = P.ACTION
        size = sum(ps[f"{key[current]}{r}_IN_HAND"] for r in RESOURCE)
        s[L.DISCARDS_OWED + seat_of[current]] = size // 2
    elif prompt == ActionPrompt.MOVE_ROBBER:
        s[L.PHASE] = P.MOVE_ROBBER
    elif cs.is_road_building:
        s[L.PHASE] = P.ROAD_BUILDING
        left = int(ps[f"{key[active]}ROADS_AVAILABLE"])
        s[L.ROADS_TO_PLACE] = min(int(cs.free_roads_available), left)
        s[L.FREE_ROADS_PLACED] = 2 - int(cs.free_roads_available)
    else:
        s[L.PHASE] = resume
