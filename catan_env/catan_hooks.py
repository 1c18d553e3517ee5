"""The Catan rule sets' Python-layer hooks, until their packages declare them.

The shared layers take a game's hooks (:data:`~catan_env.core.spec.HOOKS`)
from its spec; the Catan packages (``catan_env/games/catan/``) do not declare
them yet, so :func:`catan_env.hooks.get` takes them from :func:`hooks_for` here
(this module is the ``catan`` family's hooks module, imported by name). Each
group below is one protocol of :mod:`catan_env.core.spec`: the options and the
``Game`` (:class:`~catan_env.config.GameConfig`, :class:`~catan_env.game.Game`),
the AEC env's facts, records (the ``variant`` / ``board`` half of
:mod:`catan_env.replay`), pictures (:mod:`catan_env.render`), the HTML viewer's
data for the standard island and batches (the self-play kernel ``play_games``).
Explorers & Pirates declares its own viewer
(:mod:`catan_env.games.catan.explorers_and_pirates.viewer`).

The standard island's page keeps one vector of public facts per step (the
fields listed in :func:`public_fields`: pieces on the board, the robber, dice,
VP, card counts, C&K knights, walls, metropolises, the merchant, barbarians,
improvement levels) as the first step plus the changes of each step, so a game
of several thousand decisions is a few hundred kB. Hands stay hidden: only
counts are shown. Its log names seats and places as
:mod:`catan_env.games.catan.common.viewer` describes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields
from functools import partial
from types import SimpleNamespace
from typing import Any

import numpy as np

from catan_env.core import registry
from catan_env.games.catan.board.hexgrid import pixel
from catan_env.games.catan.board.standard import (
    GEOMETRY,
    GRID,
    HARBOR_EDGES,
    HARBOR_SPOTS,
    HEX_LABELS,
    NUM_HARBORS,
    NUM_HEXES,
    SEA_HEXES,
)
from catan_env.games.catan.common import layout as L
from catan_env.games.catan.common.constants import (
    CARD_NAMES,
    HARBOR_NAMES,
    KNIGHT,
    NUM_DEV_TYPES,
    TERRAIN_NAMES,
    colours,
)
from catan_env.games.catan.common.options import PROTOCOL_BEFORE_OPTION
from catan_env.games.catan.common.snapshot import board_dict

from .config import ConfigError, GameConfig
from .render import RENDER_MODES, render_ansi, render_image
from .replay import result_facts, start_game, summary, summary_facts

# --- options and the Game -------------------------------------------------------------


def configure(variant: str, **options: Any) -> GameConfig:
    """The options of one game of ``variant`` (:meth:`GameConfig.make`)."""
    return GameConfig.make(variant=variant, **options)


def new_game(config: GameConfig, seed: int | None):
    """A :class:`~catan_env.game.Game` with ``config``'s options, dealt from ``seed``."""
    from .game import Game

    options = config.to_dict()
    variant, num_players = options.pop("variant"), options.pop("num_players")
    return Game(variant=variant, num_players=num_players, seed=seed, **options)


# --- the AEC env ------------------------------------------------------------------------

env = SimpleNamespace(
    SEED_LIMIT=2**63 - 1,
    name=lambda config: f"catan_{config.variant}_v0",
    agent_names=lambda config: [f"player_{i}" for i in range(config.num_players)],
    info=lambda game: {},
)


# --- records ----------------------------------------------------------------------------


def _header(game) -> dict[str, Any]:
    options = game.config.to_dict()
    variant = options.pop("variant")
    return {"variant": variant, "options": options, "seed": game.seed}


def _record_game(record: dict):
    from .game import Game

    options = dict(record["options"])
    options.setdefault("trade_protocol", PROTOCOL_BEFORE_OPTION)
    num_players = options.pop("num_players", 4)
    return Game(variant=record["variant"], num_players=num_players, seed=record["seed"],
                **options)  # fmt: skip


def _result(game) -> dict[str, Any]:
    return {**result_facts(game), "vp": [game.total_vp(p) for p in range(game.num_players)]}


def _summary(record: dict, game) -> dict[str, Any]:
    n = game.num_players
    out = {
        "variant": game.config.variant,
        "players": n,
        # Each seat's colour as the variant's render names it (E&P draws them at reset).
        "colours": [row["colour"] for row in game.variant.render.summaries(game.state)],
        **summary_facts(record, game),
        "vp": [game.total_vp(p) for p in range(n)],
    }
    if game.variant.stat_names:
        out["stats"] = {k: game.variant.layout.get(game.state, k) for k in game.variant.stat_names}
    return out


def _summary_lines(info: dict, file: str) -> list[str]:
    title = registry.get(info["variant"]).title
    lines = [f"{file}: {title}, {info['players']} players, seed {info['seed']}"]
    agents = info["agents"] or ["?"] * info["players"]
    lines.append(f"  {'seat':<6}{'colour':<8}{'agent':<14}{'VP':>4}")
    for p in range(info["players"]):
        mark = "  winner" if info["winner"] == p else ""
        lines.append(f"  {p:<6}{info['colours'][p]:<8}{agents[p]:<14}{info['vp'][p]:>4}{mark}")
    end = (
        "truncated by the turn limit"
        if info["truncated"]
        else "unfinished"
        if not info["finished"]
        else f"won by {info['colours'][info['winner']]}"
    )
    lines.append(f"  {info['decisions']} decisions, {info['turns']} turns, {end}")
    for name, value in info.get("stats", {}).items():
        lines.append(f"  {name.replace('_', ' ')}: {value}")
    return lines


records = SimpleNamespace(
    REQUIRED=("variant",),
    START="board",
    header=_header,
    start=lambda state: {"board": board_dict(state)},
    new_game=_record_game,
    result=_result,
    summary=_summary,
    summary_lines=_summary_lines,
)


# --- pictures ---------------------------------------------------------------------------


render = SimpleNamespace(MODES=RENDER_MODES, text=render_ansi, image=render_image)


# --- the HTML viewer --------------------------------------------------------------------

#: Public state fields of every variant, read by name from the layout.
_BASE_FIELDS = (
    "hex_number",
    "robber_hex",
    "vertex_owner",
    "vertex_building",
    "edge_owner",
    "public_vp",
    "road_length",
    "longest_road_holder",
    "dice",
    "turn",
    "phase",
    "current_player",
    "active_player",
    "winner",
    "truncated",
)
_BASE_ONLY = ("largest_army_holder",)
_CK_FIELDS = (
    "knight_owner",
    "knight_strength",
    "knight_active",
    "city_wall",
    "metropolis_holder",
    "metropolis_vertex",
    "merchant_hex",
    "merchant_owner",
    "barbarian_position",
    "barbarian_attacks",
    "barbarian_wins",
    "event_face",
    "improvement_level",
    "defender_vp",
)


def public_fields(variant) -> list[tuple[str, int]]:
    """``(name, size)`` of each public field the viewer keeps, in vector order.

    Layout fields come first; then the derived counts ``cards`` (hand size),
    ``dev_cards`` and ``army`` (base) or ``progress_cards`` (C&K), per seat.
    """
    ck = variant.name == "cities_and_knights"
    names = _BASE_FIELDS + (_CK_FIELDS if ck else _BASE_ONLY)
    out = [(name, variant.layout.fields[name].size) for name in names]
    derived = ("cards", "progress_cards") if ck else ("cards", "dev_cards", "army")
    out += [(name, L.P) for name in derived]
    return out


def _public_vector(state: np.ndarray, variant, fields: list[tuple[str, int]]) -> np.ndarray:
    layout = variant.layout
    parts = []
    for name, _ in fields:
        if name in layout.fields:
            parts.append(layout.view(state, name).ravel())
        elif name == "cards":
            parts.append(layout.view(state, "hand").sum(axis=1))
        elif name == "dev_cards":
            parts.append(layout.view(state, "dev_hand").sum(axis=1))
        elif name == "army":
            parts.append(layout.view(state, "dev_cards_played")[:, KNIGHT])
        elif name == "progress_cards":
            parts.append(layout.view(state, "progress_hand").sum(axis=1))
    return np.concatenate(parts).astype(np.int64)


def _geometry() -> dict[str, Any]:
    """Static drawing data (unit hex size, y southward), rounded to keep the page small."""

    def r(xy):
        return [round(float(xy[0]), 3), round(float(xy[1]), 3)]

    harbors = []
    for i in range(NUM_HARBORS):
        harbors.append(
            {
                "sea": r(pixel(HARBOR_SPOTS[i][0])),
                "ends": [int(v) for v in GEOMETRY.edge_vertices[HARBOR_EDGES[i]]],
            }
        )
    return {
        "hexes": [r(p) for p in GRID.hex_xy],
        "hex_labels": list(HEX_LABELS),
        "hex_corners": GEOMETRY.hex_vertices.tolist(),
        "vertices": [r(p) for p in GRID.vertex_xy],
        "edges": GEOMETRY.edge_vertices.tolist(),
        "sea": [r(pixel(c)) for c in SEA_HEXES],
        "harbors": harbors,
    }


def step_functions(first) -> tuple[Callable, Callable]:
    """The page's ``(public_vector, describe)`` for a base or C&K game from ``first`` on.

    What :func:`viewer_data` replays with, and what ``catan-env play`` grows its
    page's data with (:class:`~catan_env.viewer.StepLog`).
    """
    from .games.catan.common.viewer import describe

    variant = first.variant
    fields = public_fields(variant)
    labels = {label: h for h, label in enumerate(HEX_LABELS)}

    def vector(game):
        return _public_vector(game.state, variant, fields)

    def entry(game, a):
        p = int(game.state[L.CURRENT_PLAYER])
        return describe(game.action_names[a], p, colours(game.num_players), labels)

    return vector, entry


def viewer_data(record: dict) -> dict[str, Any]:
    """Replay a base or C&K ``record`` and collect what the page shows (JSON-able)."""
    from .viewer import field_offsets, replay_steps

    first = start_game(record)
    variant, fields = first.variant, public_fields(first.variant)
    steps, game = replay_steps(record, *step_functions(first))
    state = game.state
    terrain = [TERRAIN_NAMES[t] for t in state[L.HEX_TERRAIN : L.HEX_TERRAIN + NUM_HEXES]]
    harbors = [HARBOR_NAMES[t] for t in state[L.HARBOR_TYPE : L.HARBOR_TYPE + NUM_HARBORS]]
    n = game.num_players
    return {
        "title": variant.title,
        "variant": variant.name,
        "players": n,
        "colours": list(colours(n)),
        "agents": record.get("agents"),
        # Seeds reach 2**63, past what a JavaScript number holds exactly: a string.
        "summary": {**summary(record, game), "seed": str(game.seed)},
        "phases": list(variant.phase_names),
        "cards": list(CARD_NAMES),
        "terrain": terrain,
        "harbors": harbors,
        "fields": field_offsets(fields),
        **steps,
        "dev_types": NUM_DEV_TYPES,
        "geometry": _geometry(),
    }


viewer = SimpleNamespace(SCRIPT="viewer.js", viewer_data=viewer_data, step_functions=step_functions)


# --- batches ----------------------------------------------------------------------------


def _parse_option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise ConfigError(f"option {text!r} must look like name=value")
    name, raw = (part.strip() for part in text.split("=", 1))
    kinds = {f.name: f.type for f in fields(GameConfig)}
    if name not in kinds:
        raise ConfigError(f"unknown option {name!r}; known options: {', '.join(sorted(kinds))}")
    kind = str(kinds[name]).replace(" | None", "")
    if kind == "bool":
        low = raw.lower()
        if low not in ("true", "false", "1", "0", "yes", "no"):
            raise ConfigError(f"option {name} takes true or false, got {raw!r}")
        return name, low in ("true", "1", "yes")
    if kind == "int":
        try:
            return name, int(raw)
        except ValueError:
            raise ConfigError(f"option {name} takes an integer, got {raw!r}") from None
    if name == "fixed_board":
        try:
            return name, json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"option fixed_board takes JSON: {exc}") from None
    return name, raw


def _make_agent(name: str, seed: int | None):
    from agents import make_agent

    return make_agent(name, seed=seed)


def _agent_specs() -> list[str]:
    from agents import registered_agents

    # How each agent's argument is written (make_agent passes the text after the colon).
    written = {
        "mcts": "mcts[:SECONDS]",
        "ppo": "ppo:PATH",
        "learned": "learned[:PATH]",
        "learned-search": "learned-search[:SECONDS]",
        "value-search": "value-search[:SECONDS]",
        "catanatron": "catanatron:{alphabeta,value,weighted,random}",
    }
    return [written.get(name, name) for name in registered_agents()]


def _scenarios(name: str) -> list[str]:
    # A rule set with scenarios lists the playable ones in its options module.
    return list(getattr(registry.module(name, "options"), "PLAYABLE", ()))


def _game_seeds(seed: int, games: int) -> np.ndarray:
    from .simulate import game_seeds

    return game_seeds(seed, games)


def _seeds_of(row, agent_seed: int) -> tuple[int, int]:
    from .simulate import kernel_agent_seed

    return int(row), kernel_agent_seed(agent_seed, int(row))


def _play(config: GameConfig, kinds, seeds, agent_seed: int, out, parallel: bool) -> None:
    spec = registry.get(config.variant)
    kernel = spec.play_games_parallel if parallel else spec.play_games
    kernel(spec.tables(config), config.config_vector(), config.board_template(), seeds, kinds,
           agent_seed, out.winners, out.turns, out.decisions, out.vps, out.stats)  # fmt: skip


def _kernel_inputs(config: GameConfig) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    spec = registry.get(config.variant)
    return spec.tables(config), config.config_vector(), config.board_template()


batch = SimpleNamespace(
    WORDS={},
    TOURNAMENT_FORM="lineup",
    parse_option=_parse_option,
    make_agent=_make_agent,
    agent_specs=_agent_specs,
    simulate_seeds=_game_seeds,
    tournament_seeds=_game_seeds,
    seeds_of=_seeds_of,
    play=_play,
    kernel_inputs=_kernel_inputs,
    title=lambda config: f"{config.variant}, {config.num_players} players",
    seat_names=lambda config: [str(p) for p in range(config.num_players)],
    details=lambda config: {},
)


def hooks_for(name: str) -> dict[str, Any]:
    """Catan rule set ``name``'s hooks, by :class:`~catan_env.core.spec.GameSpec` field."""
    return {
        "configure": partial(configure, name),
        "new_game": new_game,
        "env": env,
        "records": records,
        "pictures": render,
        "viewer": viewer,
        "batch": SimpleNamespace(**vars(batch), scenarios=partial(_scenarios, name)),
    }


__all__ = ["configure", "hooks_for", "new_game", "public_fields", "viewer_data"]
