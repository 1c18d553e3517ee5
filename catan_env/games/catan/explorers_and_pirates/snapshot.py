"""Snapshots of Explorers & Pirates positions: ``to_dict`` / ``from_dict`` (E&P §12.7;
``spec.snapshot``).

The same envelope as the base snapshot (format, version, variant, options,
turn, result, rng), with the frame board: every hex by its ``(r,X)`` label
(kind, face up or down, number), the two number-token stacks, buildings with
their storage, roads, and each seat's ships with their holds. Piece supplies
and public VP are derived from the board when reading; the result is checked
against every E&P invariant.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..board.ep_frame import load_frame
from ..common import layout as L
from ..common.constants import RESOURCE_NAMES
from ..common.snapshot import (
    ANSWER_NAMES,
    Reader,
    SnapshotError,
    card_counts,
    parse_id,
    read_turn_seats,
    seat_or_none,
    turn_seats,
)
from . import layout as EL
from .constants import (
    ADVANTAGE_NAMES,
    AREA_NORTH,
    CARGO_NAMES,
    EP_COLOURS,
    HARBOR_SETTLEMENT,
    HARBORS_PER_PLAYER,
    HEX_KIND_NAMES,
    NEUTRAL,
    NUM_CARGO,
    ROADS_PER_PLAYER,
    SCENARIOS,
    SETTLEMENTS_PER_PLAYER,
    SETTLERS_PER_PLAYER,
    SHIPS_PER_PLAYER,
)
from .layout import TOKENS_PER_AREA
from .phases import PHASE_NAMES

BUILDING_NAMES = ("empty", "settlement", "harbor_settlement")
LAIR_STATE_NAMES = ("none", "lair", "captured", "gold_field")
AREAS = ("north", "south")


def _owner(o: int):
    return "neutral" if o == NEUTRAL else int(o)


def _cargo(row) -> dict[str, int]:
    return {CARGO_NAMES[c]: int(row[c]) for c in range(NUM_CARGO) if row[c]}


def to_dict(s: np.ndarray, envelope: dict[str, Any]) -> dict[str, Any]:
    """The snapshot of the E&P state ``s``; ``envelope`` holds its first fields."""
    board = load_frame(SCENARIOS[int(s[EL.OPT_SCENARIO])])
    n = int(s[L.NUM_PLAYERS])
    hexes = {}
    for h in range(board.num_hexes):
        hexes[board.labels[h]] = {
            "kind": HEX_KIND_NAMES[s[EL.EP_HEX_KIND + h]],
            "revealed": bool(s[EL.EP_HEX_REVEALED + h]),
            "number": int(s[EL.EP_HEX_NUMBER + h]),
        }
    tokens = EL.LAYOUT.view(s, "ep_token_stack")
    buildings = {}
    for v in range(board.grid.num_vertices):
        o = int(s[EL.EP_VERTEX_OWNER + v])
        if o < 0:
            continue
        b = {"owner": _owner(o), "kind": BUILDING_NAMES[s[EL.EP_VERTEX_BUILDING + v]]}
        store = s[EL.EP_STORAGE + v * NUM_CARGO : EL.EP_STORAGE + (v + 1) * NUM_CARGO]
        if store.any():
            b["storage"] = _cargo(store)
        buildings[f"v{v}"] = b
    roads = {
        f"e{e}": _owner(int(s[EL.EP_ROAD_OWNER + e]))
        for e in range(board.grid.num_edges)
        if s[EL.EP_ROAD_OWNER + e] >= 0
    }
    players = []
    for p in range(n):
        ships = []
        for k in range(SHIPS_PER_PLAYER):
            i = p * SHIPS_PER_PLAYER + k
            e = int(s[EL.SHIP_EDGE + i])
            f = int(s[EL.SHIP_FLAGS + i])
            ships.append(
                {
                    "path": None if e < 0 else f"e{e}",
                    "cargo": _cargo(s[EL.SHIP_CARGO + i * NUM_CARGO :][:NUM_CARGO]),
                    "mp": int(s[EL.SHIP_MP + i]),
                    "moved": bool(f & EL.MOVED),
                    "finished": bool(f & EL.FINISHED),
                    "boosted": bool(f & EL.BOOSTED),
                    "tribute_paid": bool(f & EL.TRIBUTE_PAID),
                    "chased": bool(f & EL.CHASED),
                }
            )
        players.append(
            {
                "colour": EP_COLOURS[s[EL.SEAT_COLOUR + p]],
                "hand": card_counts(L.BASE_LAYOUT.view(s, "hand")[p][:5]),
                "gold": int(s[EL.GOLD + p]),
                "discards_owed": int(s[L.DISCARDS_OWED + p]),
                "ships": ships,
            }
        )
    return {
        **envelope,
        "board": {
            "hexes": hexes,
            "token_stacks": {a: [int(t) for t in tokens[i]] for i, a in enumerate(AREAS)},
            "tokens_drawn": {a: int(s[EL.EP_TOKEN_POS + i]) for i, a in enumerate(AREAS)},
        },
        "buildings": buildings,
        "roads": roads,
        "bank": card_counts(s[L.BANK : L.BANK + 5]),
        "players": players,
        "turn": {
            "number": int(s[L.TURN]),
            "phase": PHASE_NAMES[s[L.PHASE]],
            "resume_phase": PHASE_NAMES[s[L.RESUME_PHASE]],
            "setup_index": int(s[L.SETUP_INDEX]),
            **turn_seats(s),
            "dice": [int(s[L.DICE]), int(s[L.DICE + 1])],
            "moving_ship": None if s[EL.MOVING_SHIP] < 0 else f"s{s[EL.MOVING_SHIP]}",
            # the ship whose last step was a discovery and the villages it found (§9.4)
            "fresh_discovery": None
            if s[EL.FRESH_SHIP] < 0
            else {
                "ship": f"s{s[EL.FRESH_SHIP]}",
                "villages": [
                    board.labels[h] for h in s[EL.FRESH_SPICE : EL.FRESH_SPICE + 4] if h >= 0
                ],
            },  # fmt: skip
            "gold_buys": int(s[EL.GOLD_BUYS]),
            "proposals": int(s[L.PROPOSALS]),
        },
        "trade": {
            "give": {
                **card_counts(s[L.TRADE_GIVE : L.TRADE_GIVE + 5]),
                "gold": int(s[EL.TRADE_GOLD_GIVE]),
            },
            "want": {
                **card_counts(s[L.TRADE_WANT : L.TRADE_WANT + 5]),
                "gold": int(s[EL.TRADE_GOLD_WANT]),
            },
            "to": seat_or_none(s[L.TRADE_TO]),
            "answers": [ANSWER_NAMES[s[L.TRADE_ANSWER + p]] for p in range(n)],
        },  # fmt: skip
        "pirate": None
        if s[EL.PIRATE_HEX] < 0
        else {"hex": board.labels[s[EL.PIRATE_HEX]], "owner": int(s[EL.PIRATE_OWNER])},
        "chase_die": int(s[EL.CHASE_DIE]),
        "missions": {
            "positions": EL.LAYOUT.view(s, "track_position")[:n].tolist(),
            "stamps": EL.LAYOUT.view(s, "track_stamp")[:n].tolist(),
            "clock": int(s[EL.TRACK_CLOCK]),
            "vp_cards": [seat_or_none(x) for x in EL.LAYOUT.view(s, "mission_vp_card")],
        },
        "lairs": {
            board.labels[h]: {
                "state": LAIR_STATE_NAMES[s[EL.LAIR_STATE + h]],
                "token": int(s[EL.LAIR_TOKEN + h]),
                "crews": [int(x) for x in EL.LAYOUT.view(s, "lair_crews")[h][:n]],
            }
            for h in range(board.num_hexes)
            if s[EL.LAIR_STATE + h]
        },
        "lair_stack": [int(x) for x in EL.LAYOUT.view(s, "lair_stack")],
        "lair_tokens_drawn": int(s[EL.LAIR_POS]),
        "captures_this_turn": [
            board.labels[s[EL.CAPTURES + i]] for i in range(int(s[EL.NUM_CAPTURES]))
        ],
        "fish": {
            "faces": {
                board.labels[h]: int(s[EL.FISH_FACE + h])
                for h in range(board.num_hexes)
                if s[EL.FISH_FACE + h]
            },
            "on_shoals": [board.labels[h] for h in range(board.num_hexes) if s[EL.FISH_ON + h]],
            "fishing_die": int(s[EL.FISH_DIE]),
            "fished_this_turn": bool(s[EL.FISHED]),
        },
        "spices": {
            "villages": {
                board.labels[h]: {
                    "advantage": ADVANTAGE_NAMES[s[EL.SPICE_ADV + h]],
                    "face": int(s[EL.SPICE_FACE + h]),
                    "sacks": int(s[EL.SPICE_SACKS + h]),
                    "crews": [int(x) for x in EL.LAYOUT.view(s, "village_crews")[h][:n]],
                }
                for h in range(board.num_hexes)
                if s[EL.SPICE_ADV + h]
            },
            "delivered": int(s[EL.SPICE_GONE]),
            "fast_gold_this_turn": int(s[EL.FAST_GOLD_USED]),
        },
        "hero_rolls": int(s[EL.HERO_ROLLS]),
        "hero_dice": [int(x) for x in EL.LAYOUT.view(s, "hero_dice")[:n]],
        "result": {"winner": seat_or_none(s[L.WINNER]), "truncated": bool(s[L.TRUNCATED])},
        "decisions": int(s[L.DECISIONS]),
        "hexes_discovered": int(s[EL.DISCOVERED]),
        "rng": [int(s[L.RNG]), int(s[L.RNG + 1])],
    }


def from_dict(d: Reader, config) -> np.ndarray:
    """The E&P state a snapshot describes; :class:`SnapshotError` unless it is possible."""
    from .setup import ep_reset
    from .tables import scenario_tables

    n = config.num_players
    board = load_frame(config.scenario)
    tb = scenario_tables(config.scenario)
    nv, ne = board.grid.num_vertices, board.grid.num_edges
    s = np.zeros(EL.EP_STATE_SIZE, L.STATE_DTYPE)
    # A fresh game supplies every field the snapshot does not describe
    # (the unused base fields, -1 sentinels), then the snapshot overwrites.
    ep_reset(s, tb, 0, config.config_vector(), config.board_template())
    hexes = d.get("board.hexes", dict)
    if set(hexes) != set(board.labels):
        missing = sorted(set(board.labels) - set(hexes))
        extra = sorted(set(hexes) - set(board.labels))
        raise SnapshotError(f"board.hexes must name every hex: missing {missing}, unknown {extra}")
    for h, label in enumerate(board.labels):
        path = f"board.hexes.{label}"
        s[EL.EP_HEX_KIND + h] = d.choice(f"{path}.kind", HEX_KIND_NAMES)
        s[EL.EP_HEX_REVEALED + h] = int(d.get(f"{path}.revealed", bool))
        s[EL.EP_HEX_NUMBER + h] = d.int(f"{path}.number", 0, 12)
        if board.kind[h] >= 0 and (s[EL.EP_HEX_KIND + h] != board.kind[h] and board.area[h] != 0):
            always = HEX_KIND_NAMES[board.kind[h]]
            raise SnapshotError(f"{path}: this hex of the frame is always {always}")
        if board.area[h] < AREA_NORTH and not s[EL.EP_HEX_REVEALED + h]:
            raise SnapshotError(f"{path}: only hexes of the unexplored areas can be face down")
    for i, a in enumerate(AREAS):
        for j in d.sized(
            f"board.token_stacks.{a}", TOKENS_PER_AREA, needs=f"{TOKENS_PER_AREA} numbers"
        ):
            s[EL.EP_TOKENS + i * TOKENS_PER_AREA + j] = d.int(f"board.token_stacks.{a}.{j}", 2, 12)
        s[EL.EP_TOKEN_POS + i] = d.int(f"board.tokens_drawn.{a}", 0, TOKENS_PER_AREA)

    def owner(path, value):
        if value == "neutral":
            if n != 2:
                raise SnapshotError(f"{path}: neutral pieces exist only with 2 players")
            return NEUTRAL
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise SnapshotError(f"{path}: {value!r} is not a seat 0..{n - 1} or 'neutral'")
        return value

    s[EL.EP_VERTEX_OWNER : EL.EP_VERTEX_OWNER + EL.MAX_VERTICES] = -1
    s[EL.EP_VERTEX_BUILDING : EL.EP_VERTEX_BUILDING + EL.MAX_VERTICES] = 0
    s[EL.EP_STORAGE : EL.EP_STORAGE + EL.MAX_VERTICES * NUM_CARGO] = 0
    for name, _ in d.get("buildings", dict).items():
        v = parse_id("buildings", name, "v", nv)
        path = f"buildings.{name}"
        s[EL.EP_VERTEX_OWNER + v] = owner(path, d.get(f"{path}.owner"))
        s[EL.EP_VERTEX_BUILDING + v] = d.choice(f"{path}.kind", BUILDING_NAMES[1:]) + 1
        if "storage" in d.get(path, dict):
            for c, x in enumerate(_counts(d, f"{path}.storage")):
                s[EL.EP_STORAGE + v * NUM_CARGO + c] = x
    s[EL.EP_ROAD_OWNER : EL.EP_ROAD_OWNER + EL.MAX_EDGES] = -1
    for name, value in d.get("roads", dict).items():
        e = parse_id("roads", name, "e", ne)
        s[EL.EP_ROAD_OWNER + e] = owner(f"roads.{name}", value)
    on_board = {}
    players = d.get("players", list)
    if len(players) != n:
        raise SnapshotError(f"players must list {n} seats, got {len(players)}")
    s[EL.SHIP_EDGE : EL.SHIP_EDGE + 4 * SHIPS_PER_PLAYER] = -1
    s[EL.SHIP_CARGO : EL.SHIP_CARGO + 4 * SHIPS_PER_PLAYER * NUM_CARGO] = 0
    s[EL.SHIP_MP : EL.SHIP_MP + 4 * SHIPS_PER_PLAYER] = 0
    s[EL.SHIP_FLAGS : EL.SHIP_FLAGS + 4 * SHIPS_PER_PLAYER] = 0
    bank = d.counts("bank", RESOURCE_NAMES, 0, 19)
    s[L.BANK : L.BANK + 5] = bank
    for p in range(n):
        path = f"players.{p}"
        s[L.HAND + p * 8 : L.HAND + p * 8 + 5] = d.counts(f"{path}.hand", RESOURCE_NAMES, 0, 19)
        s[EL.GOLD + p] = d.int(f"{path}.gold", 0, 10**6)
        s[L.DISCARDS_OWED + p] = d.int(f"{path}.discards_owed", 0, 95)
        ships = d.get(f"{path}.ships", list)
        if len(ships) != SHIPS_PER_PLAYER:
            raise SnapshotError(f"{path}.ships must list {SHIPS_PER_PLAYER} ships")
        settlers = 0
        for k in range(SHIPS_PER_PLAYER):
            sp = f"{path}.ships.{k}"
            i = p * SHIPS_PER_PLAYER + k
            at = d.get(f"{sp}.path")
            s[EL.SHIP_EDGE + i] = -1 if at is None else parse_id(f"{sp}.path", at, "e", ne)
            cargo = _counts(d, f"{sp}.cargo")
            for c in range(NUM_CARGO):
                s[EL.SHIP_CARGO + i * NUM_CARGO + c] = cargo[c]
            settlers += cargo[0]
            s[EL.SHIP_MP + i] = d.int(f"{sp}.mp", 0, 8)
            s[EL.SHIP_FLAGS + i] = (
                EL.MOVED * d.get(f"{sp}.moved", bool)
                + EL.FINISHED * d.get(f"{sp}.finished", bool)
                + EL.BOOSTED * d.get(f"{sp}.boosted", bool)
                + EL.TRIBUTE_PAID * d.get(f"{sp}.tribute_paid", bool)
                + EL.CHASED * d.get(f"{sp}.chased", bool)
            )
        crews = sum(cargo_of(d, f"{path}.ships.{k}.cargo")[1] for k in range(SHIPS_PER_PLAYER))
        # Supplies and VP follow from the board (E&P §1.8, §4.13).
        mine = s[EL.EP_VERTEX_OWNER : EL.EP_VERTEX_OWNER + nv] == p
        kinds = s[EL.EP_VERTEX_BUILDING : EL.EP_VERTEX_BUILDING + nv]
        settlements = int((mine & (kinds == 1)).sum())
        harbors = int((mine & (kinds == HARBOR_SETTLEMENT)).sum())
        stored = s[EL.EP_STORAGE : EL.EP_STORAGE + nv * NUM_CARGO].reshape(nv, NUM_CARGO)
        settlers += int(stored[mine, 0].sum())
        roads = int((s[EL.EP_ROAD_OWNER : EL.EP_ROAD_OWNER + ne] == p).sum())
        s[L.SETTLEMENTS_LEFT + p] = SETTLEMENTS_PER_PLAYER - settlements
        s[EL.HARBORS_LEFT + p] = HARBORS_PER_PLAYER - harbors
        s[L.ROADS_LEFT + p] = ROADS_PER_PLAYER - roads
        s[EL.SETTLERS_LEFT + p] = SETTLERS_PER_PLAYER - settlers
        s[L.PUBLIC_VP + p] = settlements + 2 * harbors
        on_board[p] = (crews, int(stored[mine, 1].sum()))
    _read_colours(d, s, n)
    s[L.TURN] = d.int("turn.number", 0)
    s[L.PHASE] = d.choice("turn.phase", PHASE_NAMES)
    s[L.RESUME_PHASE] = d.choice("turn.resume_phase", PHASE_NAMES)
    s[L.SETUP_INDEX] = d.int("turn.setup_index", 0, 20)
    read_turn_seats(d, s, n)
    s[L.DICE] = d.int("turn.dice.0", 0, 6)
    s[L.DICE + 1] = d.int("turn.dice.1", 0, 6)
    moving = d.get("turn.moving_ship")
    s[EL.MOVING_SHIP] = -1 if moving is None else parse_id("turn.moving_ship", moving, "s", 3)
    s[EL.FRESH_SHIP] = -1
    s[EL.FRESH_SPICE : EL.FRESH_SPICE + 4] = -1
    fresh = d.get("turn").get("fresh_discovery")  # optional: older snapshots lack it
    if fresh is not None:
        s[EL.FRESH_SHIP] = parse_id("turn.fresh_discovery.ship",
                                    d.get("turn.fresh_discovery.ship"), "s", 3)  # fmt: skip
        villages = d.get("turn.fresh_discovery.villages", list)
        if len(villages) > 4:
            raise SnapshotError("turn.fresh_discovery.villages lists at most 4 hexes")
        for j, label in enumerate(villages):
            if label not in board.labels:
                raise SnapshotError(f"turn.fresh_discovery.villages.{j}: no hex {label!r}")
            s[EL.FRESH_SPICE + j] = board.labels.index(label)
    s[EL.GOLD_BUYS] = d.int("turn.gold_buys", 0, 2)
    s[L.PROPOSALS] = d.int("turn.proposals", 0)
    sides = RESOURCE_NAMES + ("gold",)
    give = d.counts("trade.give", sides)
    want = d.counts("trade.want", sides)
    s[L.TRADE_GIVE : L.TRADE_GIVE + 5] = give[:5]
    s[L.TRADE_WANT : L.TRADE_WANT + 5] = want[:5]
    s[EL.TRADE_GOLD_GIVE] = give[5]
    s[EL.TRADE_GOLD_WANT] = want[5]
    s[L.TRADE_TO] = d.seat("trade.to", n)
    for p in d.sized("trade.answers", n):
        s[L.TRADE_ANSWER + p] = d.choice(f"trade.answers.{p}", ANSWER_NAMES)
    _read_modules(d, s, n, board, on_board, config)
    s[L.WINNER] = d.seat("result.winner", n)
    s[L.TRUNCATED] = int(d.get("result.truncated", bool))
    s[L.DECISIONS] = d.int("decisions", 0)
    s[EL.DISCOVERED] = d.int("hexes_discovered", 0)
    rng = d.get("rng", list)
    if len(rng) != 2:
        raise SnapshotError("rng must be two integers")
    s[L.RNG] = d.int("rng.0")
    s[L.RNG + 1] = d.int("rng.1")
    check(s, config.scenario)
    return s


def _read_colours(d, s, n) -> None:
    """Each seat's colour (optional: a snapshot without colours seats colour c at
    seat c); the colours nobody plays follow in their order."""
    given = [d.get(f"players.{p}").get("colour") for p in range(n)]
    if all(c is None for c in given):
        chosen = list(range(n))
    else:
        chosen = [d.choice(f"players.{p}.colour", EP_COLOURS) for p in range(n)]
        if len(set(chosen)) != n:
            raise SnapshotError("players: two seats have the same colour")
    rest = [c for c in range(len(EP_COLOURS)) if c not in chosen]
    for q, c in enumerate(chosen + rest):
        s[EL.SEAT_COLOUR + q] = c


def cargo_of(d, path) -> list[int]:
    return _counts(d, path)


def _read_modules(d, s, n, board, on_board, config) -> None:
    """Pirate, missions, lairs and crew supplies (E&P §5-§7)."""
    from .constants import (
        CREWS_PER_PLAYER,
        NUM_TRACKS,
        TRACK_LAST,
    )
    from .missions import mission_vp

    labels = list(board.labels)
    pirate = d.get("pirate")
    if pirate is None:
        s[EL.PIRATE_HEX] = s[EL.PIRATE_OWNER] = -1
    else:
        s[EL.PIRATE_HEX] = d.choice("pirate.hex", labels)
        s[EL.PIRATE_OWNER] = d.seat("pirate.owner", n, allow_none=False)
    s[EL.CHASE_DIE] = d.int("chase_die", 0, 6)
    positions = d.get("missions.positions", list)
    stamps = d.get("missions.stamps", list)
    if len(positions) != n or len(stamps) != n:
        raise SnapshotError(f"missions.positions and missions.stamps need {n} rows")
    for p in range(n):
        for t in range(NUM_TRACKS):
            s[EL.TRACK_POS + p * NUM_TRACKS + t] = d.int(
                f"missions.positions.{p}.{t}", 0, int(TRACK_LAST[t])
            )
            s[EL.TRACK_STAMP + p * NUM_TRACKS + t] = d.int(f"missions.stamps.{p}.{t}", 0)
    s[EL.TRACK_CLOCK] = d.int("missions.clock", 0)
    for t in d.sized("missions.vp_cards", NUM_TRACKS):
        s[EL.TRACK_HOLDER + t] = d.seat(f"missions.vp_cards.{t}", n)
    lairs = d.get("lairs", dict)
    s[EL.LAIR_STATE : EL.LAIR_STATE + EL.MAX_HEXES] = 0
    s[EL.LAIR_TOKEN : EL.LAIR_TOKEN + EL.MAX_HEXES] = 0
    s[EL.LAIR_CREWS : EL.LAIR_CREWS + EL.MAX_HEXES * 4] = 0
    on_lairs = [0] * n
    for label in lairs:
        if label not in labels:
            raise SnapshotError(f"lairs: {label!r} is not a hex of this board")
        h = labels.index(label)
        s[EL.LAIR_STATE + h] = d.choice(f"lairs.{label}.state", LAIR_STATE_NAMES)
        s[EL.LAIR_TOKEN + h] = d.int(f"lairs.{label}.token", 0, 12)
        for p in d.sized(f"lairs.{label}.crews", n):
            c = d.int(f"lairs.{label}.crews.{p}", 0, 3)
            s[EL.LAIR_CREWS + h * 4 + p] = c
            on_lairs[p] += c
    for i in d.sized("lair_stack", 6, needs="6 numbers"):
        s[EL.LAIR_STACK + i] = d.int(f"lair_stack.{i}", 0, 12)
    s[EL.LAIR_POS] = d.int("lair_tokens_drawn", 0, 6)
    captures = d.get("captures_this_turn", list)
    s[EL.CAPTURES : EL.CAPTURES + 6] = -1
    for i in range(min(6, len(captures))):
        s[EL.CAPTURES + i] = d.choice(f"captures_this_turn.{i}", labels)
    s[EL.NUM_CAPTURES] = len(captures)
    s[EL.HERO_ROLLS] = d.int("hero_rolls", 0)
    for p in d.sized("hero_dice", n):
        s[EL.HERO_DICE + p] = d.int(f"hero_dice.{p}", 0, 6)
    s[EL.FISH_FACE : EL.FISH_FACE + EL.MAX_HEXES] = 0
    s[EL.FISH_ON : EL.FISH_ON + EL.MAX_HEXES] = 0
    for label in d.get("fish.faces", dict):
        if label not in labels:
            raise SnapshotError(f"fish.faces: {label!r} is not a hex of this board")
        s[EL.FISH_FACE + labels.index(label)] = d.int(f"fish.faces.{label}", 1, 6)
    on = d.get("fish.on_shoals", list)
    for i in range(len(on)):
        s[EL.FISH_ON + d.choice(f"fish.on_shoals.{i}", labels)] = 1
    s[EL.FISH_DIE] = d.int("fish.fishing_die", 0, 6)
    s[EL.FISHED] = int(d.get("fish.fished_this_turn", bool))
    if "fish" in config_modules(config):
        from .constants import FISH_PER_GAME

        held = sum(int(x) for x in s[EL.SHIP_CARGO : EL.SHIP_CARGO + 12 * 4].reshape(12, 4)[:, 2])
        stored = int(
            s[EL.EP_STORAGE : EL.EP_STORAGE + EL.MAX_VERTICES * 4].reshape(-1, 4)[:, 2].sum()
        )
        s[EL.FISH_SUPPLY] = FISH_PER_GAME - held - stored - len(on)
    for f in ("SPICE_ADV", "SPICE_FACE", "SPICE_SACKS"):
        at = getattr(EL, f)
        s[at : at + EL.MAX_HEXES] = 0
    s[EL.SPICE_CREW : EL.SPICE_CREW + EL.MAX_HEXES * 4] = 0
    from .constants import SPICE_SACKS_TOTAL

    on_villages = [0] * n
    sacks = 0
    for label in d.get("spices.villages", dict):
        if label not in labels:
            raise SnapshotError(f"spices.villages: {label!r} is not a hex of this board")
        h = labels.index(label)
        path = f"spices.villages.{label}"
        s[EL.SPICE_ADV + h] = d.choice(f"{path}.advantage", ADVANTAGE_NAMES[1:]) + 1
        s[EL.SPICE_FACE + h] = d.int(f"{path}.face", 0, 6)
        s[EL.SPICE_SACKS + h] = d.int(f"{path}.sacks", 0, 4)
        sacks += int(s[EL.SPICE_SACKS + h])
        for p in d.sized(f"{path}.crews", n):
            c = d.int(f"{path}.crews.{p}", 0, 1)
            s[EL.SPICE_CREW + h * 4 + p] = c
            on_villages[p] += c
    s[EL.SPICE_GONE] = d.int("spices.delivered", 0, SPICE_SACKS_TOTAL)
    s[EL.FAST_GOLD_USED] = d.int("spices.fast_gold_this_turn", 0, 2)
    if "spices" in config_modules(config):
        cargo = s[EL.SHIP_CARGO : EL.SHIP_CARGO + 48].reshape(12, 4)[:, 3].sum()
        stored = s[EL.EP_STORAGE : EL.EP_STORAGE + EL.MAX_VERTICES * 4].reshape(-1, 4)[:, 3].sum()
        left = SPICE_SACKS_TOTAL - int(cargo) - int(stored) - sacks - int(s[EL.SPICE_GONE])
        s[EL.SPICE_SUPPLY] = left
    for p in range(n):
        on_lairs[p] += on_villages[p]
    crews_used = "crews" in config_modules(config)
    for p in range(n):
        s[EL.MISSION_VP + p] = mission_vp(s, p)
        s[L.PUBLIC_VP + p] += s[EL.MISSION_VP + p]
        held, stored = on_board[p]
        s[EL.CREWS_LEFT + p] = (CREWS_PER_PLAYER - held - stored - on_lairs[p]) if crews_used else 0


def config_modules(config) -> list[str]:
    return load_frame(config.scenario).data["modules"]


def _counts(d, path) -> list[int]:
    node = d.get(path, dict)
    extra = set(node) - set(CARGO_NAMES)
    if extra:
        raise SnapshotError(f"snapshot field {path!r} has unknown cargo {sorted(extra)}")
    return [d.int(f"{path}.{c}", 0, 2) if c in node else 0 for c in CARGO_NAMES]


def check(s: np.ndarray, scenario: str) -> None:
    """Raise ``SnapshotError`` unless the E&P invariants hold."""
    from .invariants import (
        INVARIANT_NAMES,
        check_state,
    )
    from .tables import scenario_tables

    code = check_state(s, scenario_tables(scenario))
    if code:
        raise SnapshotError(f"impossible Explorers & Pirates position: {INVARIANT_NAMES[code]}")
