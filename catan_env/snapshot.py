"""Readable JSON snapshots of a base-game state, and their validation.

``state_to_dict`` writes every independent fact of a state with names
(hex labels, ``v12``, ``e5``, resource names). ``state_from_dict`` reads such a
dict back, recomputes what follows from it (pieces in supply, road lengths,
harbor rates, public VP) and rejects anything malformed or impossible with a
:class:`SnapshotError` that says what is wrong. A test can therefore set up any
position by editing a snapshot.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from catan_env.games.catan.board.standard import (
    GEOMETRY,
    HEX_LABELS,
    NUM_EDGES,
    NUM_HARBORS,
    NUM_HEXES,
    NUM_VERTICES,
    VERTEX_HARBOR,
)
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    BUILDING_NAMES,
    CARD_NAMES,
    CITIES_PER_PLAYER,
    CITY,
    DESERT,
    DEV_COUNTS,
    DEV_DECK_SIZE,
    DEV_NAMES,
    HARBOR_NAMES,
    KNIGHT,
    MAX_PLAYERS,
    NUM_CARD_TYPES,
    NUM_DEV_TYPES,
    NUM_RESOURCES,
    RESOURCE_CARDS_PER_TYPE,
    RESOURCE_NAMES,
    ROADS_PER_PLAYER,
    SETTLEMENT,
    SETTLEMENTS_PER_PLAYER,
    TERRAIN_NAMES,
    TIPPED_CITY,
    VICTORY_POINT,
)
from catan_env.games.catan.common.phases import PHASE_NAMES, SETUP_ROAD, SETUP_SETTLEMENT
from catan_env.games.catan.common.tables import STANDARD_TABLES

from .config import ConfigError, GameConfig

FORMAT = "catan_env/state"
VERSION = 1
ANSWER_NAMES = ("none", "pending", "accepted", "declined")


class SnapshotError(ValueError):
    """A malformed or impossible snapshot."""


def _seat(value):
    return None if value < 0 else int(value)


def _resources(row, names=RESOURCE_NAMES) -> dict[str, int]:
    return {names[r]: int(row[r]) for r in range(len(names))}


def _is_ck(variant: str) -> bool:
    return variant == "cities_and_knights"


CK_BUILDING_NAMES = BUILDING_NAMES + ("tipped_city",)


def _names(variant: str):
    """Card, building and phase names of a variant."""
    if _is_ck(variant):
        from catan_env.games.catan.cities_and_knights.phases import CK_PHASE_NAMES

        return CARD_NAMES, CK_BUILDING_NAMES, CK_PHASE_NAMES
    return RESOURCE_NAMES, BUILDING_NAMES, PHASE_NAMES


def _devs(row) -> dict[str, int]:
    return {DEV_NAMES[c]: int(row[c]) for c in range(NUM_DEV_TYPES)}


def state_to_dict(state: np.ndarray, variant: str = "base") -> dict[str, Any]:
    """A complete, JSON-able description of ``state``."""
    s = state
    n = int(s[L.NUM_PLAYERS])
    config = GameConfig.from_state_vector(s, variant)
    options = config.to_dict()
    options.pop("fixed_board")
    options.pop("variant")
    if variant == "explorers_and_pirates":
        from catan_env.games.catan.explorers_and_pirates.snapshot import ep_to_dict

        envelope = {"format": FORMAT, "version": VERSION, "variant": variant, "options": options}
        return ep_to_dict(s, envelope)
    cards, building_names, phase_names = _names(variant)
    ck = _is_ck(variant)
    hand = L.BASE_LAYOUT.view(s, "hand")
    dev = L.BASE_LAYOUT.view(s, "dev_hand")
    new = L.BASE_LAYOUT.view(s, "dev_bought_this_turn")
    used = L.BASE_LAYOUT.view(s, "dev_cards_played")
    players = []
    for p in range(n):
        player = {"hand": _resources(hand[p], cards)}
        if not ck:
            player["dev_cards"] = _devs(dev[p])
            player["dev_cards_bought_this_turn"] = _devs(new[p])
            player["dev_cards_played"] = _devs(used[p])
        player["discards_owed"] = int(s[L.DISCARDS_OWED + p])
        players.append(player)
    buildings = {}
    for v in range(NUM_VERTICES):
        if s[L.VERTEX_OWNER + v] >= 0:
            buildings[f"v{v}"] = {
                "owner": int(s[L.VERTEX_OWNER + v]),
                "kind": building_names[s[L.VERTEX_BUILDING + v]],
            }
    roads = {
        f"e{e}": int(s[L.EDGE_OWNER + e]) for e in range(NUM_EDGES) if s[L.EDGE_OWNER + e] >= 0
    }
    out = {
        "format": FORMAT,
        "version": VERSION,
        "variant": variant,
        "options": options,
        "board": {
            "hexes": {
                HEX_LABELS[h]: {
                    "terrain": TERRAIN_NAMES[s[L.HEX_TERRAIN + h]],
                    "number": int(s[L.HEX_NUMBER + h]),
                }
                for h in range(NUM_HEXES)
            },
            "harbors": [HARBOR_NAMES[s[L.HARBOR_TYPE + i]] for i in range(NUM_HARBORS)],
            "robber": HEX_LABELS[s[L.ROBBER_HEX]],
        },
        "buildings": buildings,
        "roads": roads,
        "bank": _resources(s[L.BANK : L.BANK + NUM_CARD_TYPES], cards),
        "players": players,
        "longest_road": _seat(s[L.LONGEST_ROAD_HOLDER]),
        "turn": {
            "number": int(s[L.TURN]),
            "phase": phase_names[s[L.PHASE]],
            "resume_phase": phase_names[s[L.RESUME_PHASE]],
            "start_player": int(s[L.START_PLAYER]),
            "active_player": int(s[L.ACTIVE_PLAYER]),
            "current_player": _seat(s[L.CURRENT_PLAYER]),
            "setup_index": int(s[L.SETUP_INDEX]),
            "setup_vertex": None if s[L.SETUP_VERTEX] < 0 else f"v{s[L.SETUP_VERTEX]}",
            "dice": [int(s[L.DICE]), int(s[L.DICE + 1])],
            "dev_card_played": bool(s[L.DEV_PLAYED]),
            "built": bool(s[L.BUILT_THIS_TURN]),
            "free_roads_left": int(s[L.ROADS_TO_PLACE]),
            "free_roads_placed": int(s[L.FREE_ROADS_PLACED]),
            "picks_left": int(s[L.PICKS_LEFT]),
            "proposals": int(s[L.PROPOSALS]),
        },
        "trade": {
            "give": _resources(s[L.TRADE_GIVE : L.TRADE_GIVE + NUM_CARD_TYPES], cards),
            "want": _resources(s[L.TRADE_WANT : L.TRADE_WANT + NUM_CARD_TYPES], cards),
            "to": _seat(s[L.TRADE_TO]),
            "answers": [ANSWER_NAMES[s[L.TRADE_ANSWER + p]] for p in range(n)],
        },
        "result": {"winner": _seat(s[L.WINNER]), "truncated": bool(s[L.TRUNCATED])},
        "decisions": int(s[L.DECISIONS]),
        "rng": [int(s[L.RNG]), int(s[L.RNG + 1])],
    }
    if ck:
        from catan_env.games.catan.cities_and_knights.snapshot import section_to_dict

        out["cities_and_knights"] = section_to_dict(s)
    else:
        out["dev_deck"] = {
            "order": [DEV_NAMES[c] for c in s[L.DECK : L.DECK + DEV_DECK_SIZE]],
            "next": int(s[L.DECK_POS]),
        }
        out["largest_army"] = _seat(s[L.LARGEST_ARMY_HOLDER])
    return out


# --- reading ---------------------------------------------------------------------


class _Reader:
    """Typed access to a snapshot dict with error messages that give the path."""

    def __init__(self, data):
        self.data = data

    def get(self, path: str, kind=None):
        node = self.data
        for part in path.split("."):
            if isinstance(node, list):
                try:
                    node = node[int(part)]
                except (ValueError, IndexError):
                    raise SnapshotError(f"snapshot is missing {path!r}") from None
            elif isinstance(node, dict):
                if part not in node:
                    raise SnapshotError(f"snapshot is missing {path!r}")
                node = node[part]
            else:
                raise SnapshotError(f"snapshot field {path!r}: parent is not an object")
        if kind is not None:
            node = _typed(path, node, kind)
        return node

    def int(self, path, lo=None, hi=None):
        value = self.get(path, int)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise SnapshotError(f"snapshot field {path!r} = {value} is out of range [{lo}, {hi}]")
        return value

    def seat(self, path, n, allow_none=True):
        value = self.get(path)
        if value is None:
            if not allow_none:
                raise SnapshotError(f"snapshot field {path!r} must be a seat, not null")
            return -1
        value = _typed(path, value, int)
        if not 0 <= value < n:
            raise SnapshotError(f"snapshot field {path!r} = {value} is not a seat 0..{n - 1}")
        return value

    def choice(self, path, names):
        value = self.get(path, str)
        if value not in names:
            raise SnapshotError(f"snapshot field {path!r} = {value!r} is not one of {list(names)}")
        return names.index(value)

    def counts(self, path, names, lo=0, hi=None):
        node = self.get(path, dict)
        extra = set(node) - set(names)
        if extra:
            raise SnapshotError(f"snapshot field {path!r} has unknown keys {sorted(extra)}")
        return [self.int(f"{path}.{k}", lo, hi) for k in names]


def _typed(path, value, kind):
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise SnapshotError(f"snapshot field {path!r} must be an integer, got {value!r}")
        return int(value)
    if kind is bool:
        if not isinstance(value, bool):
            raise SnapshotError(f"snapshot field {path!r} must be true or false, got {value!r}")
        return value
    if not isinstance(value, kind):
        raise SnapshotError(
            f"snapshot field {path!r} must be a {kind.__name__}, got {type(value).__name__}"
        )
    return value


def _id(path, name, prefix, count):
    if not isinstance(name, str) or not name.startswith(prefix) or not name[1:].isdigit():
        raise SnapshotError(f"{path}: {name!r} is not a name like {prefix}0..{prefix}{count - 1}")
    i = int(name[1:])
    if i >= count:
        raise SnapshotError(f"{path}: {name!r} does not exist (0..{count - 1})")
    return i


def state_from_dict(data: dict) -> tuple[np.ndarray, GameConfig]:
    """Rebuild a state from a snapshot; raise :class:`SnapshotError` if it is not valid."""
    if not isinstance(data, dict):
        raise SnapshotError(f"a snapshot must be a dict, got {type(data).__name__}")
    d = _Reader(data)
    if d.get("format") != FORMAT:
        raise SnapshotError(f"not a catan_env state snapshot (format {data.get('format')!r})")
    if d.get("version") != VERSION:
        raise SnapshotError(
            f"snapshot version {data.get('version')!r} is not supported "
            f"(this engine reads {VERSION})"
        )
    variant = d.get("variant", str)
    options = dict(d.get("options", dict))
    try:
        config = GameConfig.make(variant=variant, **options)
    except (ConfigError, TypeError) as exc:
        raise SnapshotError(f"snapshot options: {exc}") from None
    n = config.num_players
    if variant == "explorers_and_pirates":
        from catan_env.games.catan.explorers_and_pirates.snapshot import check, ep_from_dict

        s = ep_from_dict(d, config)
        check(s, config.scenario)
        return s, config
    ck = _is_ck(variant)
    cards, building_names, phase_names = _names(variant)
    if ck:
        from catan_env.games.catan.cities_and_knights.layout import CK_CONFIG, CK_STATE_SIZE

        s = np.zeros(CK_STATE_SIZE, L.STATE_DTYPE)
        vector = config.config_vector()
        s[: L.CONFIG_SIZE] = vector[: L.CONFIG_SIZE]
        for i, field in enumerate(CK_CONFIG):
            s[field] = vector[L.CONFIG_SIZE + i]
    else:
        s = np.zeros(L.STATE_SIZE, L.STATE_DTYPE)
        s[: L.CONFIG_SIZE] = config.config_vector()

    # Board.
    hexes = d.get("board.hexes", dict)
    if sorted(hexes) != sorted(HEX_LABELS):
        raise SnapshotError(f"board.hexes must name exactly the hexes {', '.join(HEX_LABELS)}")
    for h, label in enumerate(HEX_LABELS):
        t = d.choice(f"board.hexes.{label}.terrain", TERRAIN_NAMES)
        num = d.int(f"board.hexes.{label}.number", 0, 12)
        if (t == DESERT) != (num == 0) or num in (1, 7):
            raise SnapshotError(
                f"board.hexes.{label}: number {num} does not fit terrain {TERRAIN_NAMES[t]}"
            )
        s[L.HEX_TERRAIN + h] = t
        s[L.HEX_NUMBER + h] = num
    harbors = d.get("board.harbors", list)
    if len(harbors) != NUM_HARBORS:
        raise SnapshotError(f"board.harbors needs {NUM_HARBORS} entries (H1..H9)")
    for i in range(NUM_HARBORS):
        s[L.HARBOR_TYPE + i] = d.choice(f"board.harbors.{i}", HARBOR_NAMES)
    s[L.ROBBER_HEX] = d.choice("board.robber", HEX_LABELS)

    # Pieces.
    s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES] = -1
    s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES] = -1
    s[L.KNIGHT_OWNER : L.KNIGHT_OWNER + NUM_VERTICES] = -1  # knights: C&K section
    for name in d.get("buildings", dict):
        v = _id("buildings", name, "v", NUM_VERTICES)
        s[L.VERTEX_OWNER + v] = d.seat(f"buildings.{name}.owner", n, allow_none=False)
        kind = d.choice(f"buildings.{name}.kind", building_names)
        if kind == 0:
            raise SnapshotError(f"buildings.{name}: kind 'empty' is not a building")
        s[L.VERTEX_BUILDING + v] = kind
    for name in d.get("roads", dict):
        e = _id("roads", name, "e", NUM_EDGES)
        s[L.EDGE_OWNER + e] = d.seat(f"roads.{name}", n, allow_none=False)

    # Cards.
    s[L.BANK : L.BANK + len(cards)] = d.counts("bank", cards)
    if ck:
        s[L.DECK_POS] = DEV_DECK_SIZE  # no development cards in C&K
    else:
        order = d.get("dev_deck.order", list)
        if len(order) != DEV_DECK_SIZE:
            raise SnapshotError(f"dev_deck.order needs all {DEV_DECK_SIZE} cards in draw order")
        for i in range(DEV_DECK_SIZE):
            s[L.DECK + i] = d.choice(f"dev_deck.order.{i}", DEV_NAMES)
        s[L.DECK_POS] = d.int("dev_deck.next", 0, DEV_DECK_SIZE)
    players = d.get("players", list)
    if len(players) != n:
        raise SnapshotError(f"players has {len(players)} entries but num_players is {n}")
    for p in range(n):
        base = f"players.{p}"
        at = L.HAND + p * NUM_CARD_TYPES
        s[at : at + len(cards)] = d.counts(f"{base}.hand", cards)
        if not ck:
            for key, off in (
                ("dev_cards", L.DEV_HAND),
                ("dev_cards_bought_this_turn", L.DEV_NEW),
                ("dev_cards_played", L.DEV_USED),
            ):
                s[off + p * NUM_DEV_TYPES : off + (p + 1) * NUM_DEV_TYPES] = d.counts(
                    f"{base}.{key}", DEV_NAMES
                )
        s[L.DISCARDS_OWED + p] = d.int(f"{base}.discards_owed", 0, 48)
    s[L.LONGEST_ROAD_HOLDER] = d.seat("longest_road", n)
    s[L.LARGEST_ARMY_HOLDER] = -1 if ck else d.seat("largest_army", n)

    # Turn.
    s[L.TURN] = d.int("turn.number", 0)
    s[L.PHASE] = d.choice("turn.phase", phase_names)
    s[L.RESUME_PHASE] = d.choice("turn.resume_phase", phase_names)
    s[L.START_PLAYER] = d.seat("turn.start_player", n, allow_none=False)
    s[L.ACTIVE_PLAYER] = d.seat("turn.active_player", n, allow_none=False)
    s[L.CURRENT_PLAYER] = d.seat("turn.current_player", n)
    s[L.SETUP_INDEX] = d.int("turn.setup_index", 0, 2 * n)
    sv = d.get("turn.setup_vertex")
    s[L.SETUP_VERTEX] = -1 if sv is None else _id("turn.setup_vertex", sv, "v", NUM_VERTICES)
    dice = d.get("turn.dice", list)
    if len(dice) != 2:
        raise SnapshotError("turn.dice needs two values")
    for i in range(2):
        s[L.DICE + i] = d.int(f"turn.dice.{i}", 0, 6)
    s[L.DEV_PLAYED] = int(d.get("turn.dev_card_played", bool))
    s[L.BUILT_THIS_TURN] = int(d.get("turn.built", bool))
    s[L.ROADS_TO_PLACE] = d.int("turn.free_roads_left", 0, 2)
    s[L.FREE_ROADS_PLACED] = d.int("turn.free_roads_placed", 0, 2)
    s[L.PICKS_LEFT] = d.int("turn.picks_left", 0, 2)
    s[L.PROPOSALS] = d.int("turn.proposals", 0)

    # Trade.
    s[L.TRADE_GIVE : L.TRADE_GIVE + len(cards)] = d.counts("trade.give", cards)
    s[L.TRADE_WANT : L.TRADE_WANT + len(cards)] = d.counts("trade.want", cards)
    s[L.TRADE_TO] = d.seat("trade.to", n)
    answers = d.get("trade.answers", list)
    if len(answers) != n:
        raise SnapshotError(f"trade.answers needs {n} entries")
    for p in range(n):
        s[L.TRADE_ANSWER + p] = d.choice(f"trade.answers.{p}", ANSWER_NAMES)

    s[L.WINNER] = d.seat("result.winner", n)
    s[L.TRUNCATED] = int(d.get("result.truncated", bool))
    s[L.DECISIONS] = d.int("decisions", 0)
    rng = d.get("rng", list)
    if len(rng) != 2:
        raise SnapshotError("rng needs two 32-bit words")
    for i in range(2):
        s[L.RNG + i] = d.int(f"rng.{i}", -(2**31), 2**31 - 1)

    if ck:
        from catan_env.games.catan.cities_and_knights import snapshot as snapshot_ck

        snapshot_ck.section_from_dict(d, s, n)
        derive(s)
        snapshot_ck.derive(s)
        snapshot_ck.check(s)
        _check_roads_connected(s, n)
    else:
        derive(s)
        check_consistency(s)
    return s, config


def derive(s: np.ndarray) -> None:
    """Recompute the cached fields that follow from the pieces and cards."""
    from catan_env.games.catan.common.longest_road import road_length

    n = int(s[L.NUM_PLAYERS])
    owner = s[L.VERTEX_OWNER : L.VERTEX_OWNER + NUM_VERTICES]
    kind = s[L.VERTEX_BUILDING : L.VERTEX_BUILDING + NUM_VERTICES]
    roads = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    for p in range(n):
        settlements = int(((owner == p) & (kind == SETTLEMENT)).sum())
        # A tipped city (C&K) is a city piece worth 1 VP; snapshot_ck corrects the VP.
        cities = int(((owner == p) & ((kind == CITY) | (kind == TIPPED_CITY))).sum())
        n_roads = int((roads == p).sum())
        for what, used, limit, off in (
            ("roads", n_roads, ROADS_PER_PLAYER, L.ROADS_LEFT),
            ("settlements", settlements, SETTLEMENTS_PER_PLAYER, L.SETTLEMENTS_LEFT),
            ("cities", cities, CITIES_PER_PLAYER, L.CITIES_LEFT),
        ):
            if used > limit:
                raise SnapshotError(
                    f"seat {p} has {used} {what} on the board; the limit is {limit}"
                )
            s[off + p] = limit - used
        rates = np.full(NUM_CARD_TYPES, 4, np.int32)
        for v in np.flatnonzero(owner == p):
            h = VERTEX_HARBOR[v]
            if h >= 0:
                t = s[L.HARBOR_TYPE + h]
                if t < NUM_RESOURCES:
                    rates[t] = 2
                else:
                    rates = np.minimum(rates, 3)
        s[L.HARBOR_RATE + p * NUM_CARD_TYPES : L.HARBOR_RATE + (p + 1) * NUM_CARD_TYPES] = rates
        s[L.ROAD_LENGTH + p] = road_length(s, STANDARD_TABLES, p)
        vp = settlements + 2 * cities
        if s[L.LONGEST_ROAD_HOLDER] == p:
            vp += 2
        if s[L.LARGEST_ARMY_HOLDER] == p:
            vp += 2
        s[L.PUBLIC_VP + p] = vp
    # Seats beyond num_players stay empty.
    for p in range(n, MAX_PLAYERS):
        s[L.HARBOR_RATE + p * NUM_CARD_TYPES : L.HARBOR_RATE + (p + 1) * NUM_CARD_TYPES] = 0


def check_consistency(s: np.ndarray) -> None:
    """Raise :class:`SnapshotError` unless ``s`` obeys the game's invariants."""
    n = int(s[L.NUM_PLAYERS])
    hand = L.BASE_LAYOUT.view(s, "hand")[:n, :NUM_RESOURCES]
    bank = s[L.BANK : L.BANK + NUM_RESOURCES]
    for r in range(NUM_RESOURCES):
        total = int(bank[r] + hand[:, r].sum())
        if total != RESOURCE_CARDS_PER_TYPE:
            raise SnapshotError(
                f"{RESOURCE_NAMES[r]} cards: bank {int(bank[r])} + hands {int(hand[:, r].sum())}"
                f" = {total}, but there are exactly {RESOURCE_CARDS_PER_TYPE}"
            )
    deck = s[L.DECK : L.DECK + DEV_DECK_SIZE]
    counts = np.bincount(deck, minlength=NUM_DEV_TYPES)
    if tuple(counts) != DEV_COUNTS:
        expected = dict(zip(DEV_NAMES, DEV_COUNTS, strict=True))
        raise SnapshotError(f"dev_deck.order must hold the 25 development cards {expected}")
    drawn = np.bincount(deck[: s[L.DECK_POS]], minlength=NUM_DEV_TYPES)
    held = L.BASE_LAYOUT.view(s, "dev_hand")[:n].sum(0)
    played = L.BASE_LAYOUT.view(s, "dev_cards_played")[:n].sum(0)
    new = L.BASE_LAYOUT.view(s, "dev_bought_this_turn")[:n]
    for c in range(NUM_DEV_TYPES):
        if held[c] + played[c] != drawn[c]:
            raise SnapshotError(
                f"{DEV_NAMES[c]} cards: {int(held[c])} held + {int(played[c])} played != "
                f"{int(drawn[c])} drawn from the deck (dev_deck.next = {int(s[L.DECK_POS])})"
            )
    if played[VICTORY_POINT] != 0:
        raise SnapshotError("victory_point cards are never played")
    dev_hand = L.BASE_LAYOUT.view(s, "dev_hand")[:n]
    if (new > dev_hand).any():
        raise SnapshotError("a player has more cards bought this turn than cards held")
    holder = int(s[L.LARGEST_ARMY_HOLDER])
    used = L.BASE_LAYOUT.view(s, "dev_cards_played")
    if holder >= 0:
        if used[holder, KNIGHT] < 3:
            raise SnapshotError(f"largest_army holder {holder} has played fewer than 3 knights")
        if any(used[q, KNIGHT] > used[holder, KNIGHT] for q in range(n)):
            raise SnapshotError(f"largest_army holder {holder} does not have the largest army")
    elif any(used[q, KNIGHT] >= 3 for q in range(n)):
        raise SnapshotError("a player has 3+ knights played but largest_army is unassigned")
    lr = int(s[L.LONGEST_ROAD_HOLDER])
    lengths = [int(s[L.ROAD_LENGTH + q]) for q in range(n)]
    best = max(lengths)
    if lr >= 0 and (lengths[lr] < 5 or lengths[lr] < best):
        raise SnapshotError(
            f"longest_road holder {lr} has a road length of {lengths[lr]}; the holder needs at"
            f" least 5 and the longest road (lengths {lengths})"
        )
    if lr < 0 and best >= 5 and lengths.count(best) == 1:
        raise SnapshotError(
            f"seat {lengths.index(best)} alone has the longest road ({best}) but longest_road"
            " is unassigned"
        )
    for v in range(NUM_VERTICES):
        if s[L.VERTEX_OWNER + v] < 0:
            continue
        for w in GEOMETRY.vertex_vertices[v]:
            if w >= 0 and s[L.VERTEX_OWNER + w] >= 0:
                raise SnapshotError(f"buildings on v{v} and v{w} break the distance rule")
    if s[L.HEX_TERRAIN + s[L.ROBBER_HEX]] > DESERT:
        raise SnapshotError("the robber must stand on a land hex")
    _check_roads_connected(s, n)
    phase = int(s[L.PHASE])
    if phase in (SETUP_SETTLEMENT, SETUP_ROAD) and s[L.SETUP_INDEX] >= 2 * n:
        raise SnapshotError("turn.setup_index is past the set-up phase")
    cur = int(s[L.CURRENT_PLAYER])
    if PHASE_NAMES[phase] != "game_over" and cur < 0:
        raise SnapshotError("turn.current_player must be a seat while the game is running")


def _check_roads_connected(s: np.ndarray, n: int) -> None:
    """Every road network must touch one of its owner's buildings (base §7.2)."""
    owner = s[L.EDGE_OWNER : L.EDGE_OWNER + NUM_EDGES]
    seen = np.zeros(NUM_EDGES, bool)
    for start in range(NUM_EDGES):
        p = owner[start]
        if p < 0 or seen[start]:
            continue
        stack, touches = [start], False
        seen[start] = True
        while stack:
            e = stack.pop()
            for v in GEOMETRY.edge_vertices[e]:
                touches |= s[L.VERTEX_OWNER + v] == p
                for f in GEOMETRY.vertex_edges[v]:
                    if f >= 0 and not seen[f] and owner[f] == p:
                        seen[f] = True
                        stack.append(f)
        if not touches:
            raise SnapshotError(
                f"road e{start} of seat {p} is not connected to any of its buildings"
            )
