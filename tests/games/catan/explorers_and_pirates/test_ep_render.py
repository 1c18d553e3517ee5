"""Rendering Explorers & Pirates (issues 7, 18): text and picture of every scenario along
short games, face-down hexes drawn face down whatever they hide, a human title, a
legend, and labels that never overlap, even on a board crowded on purpose."""

from __future__ import annotations

import numpy as np
import pytest
from ep_helpers import scramble_face_down

from catan_env import Game
from catan_env.config import GameConfig
from catan_env.games.catan.explorers_and_pirates.constants import (
    HARBOR_SETTLEMENT,
    LAIR_ACTIVE,
    SCENARIOS,
    SPICE,
)
from catan_env.games.catan.explorers_and_pirates.layout import LAYOUT
from catan_env.games.catan.explorers_and_pirates.render import status, title
from catan_env.games.catan.explorers_and_pirates.render_image import (
    BACK_RGB,
    BOARD_RIGHT,
    LEGEND_TEXT_X,
    _frame,
    _legend_entries,
    draw_with_labels,
)
from catan_env.render import render_ansi, render_rgb
from catan_env.render_image import HEIGHT, WIDTH, boxes_overlap, text_box
from catan_env.replay import iter_replay, make_record, record_jitted_game

EP = "explorers_and_pirates"
WEIGHTED = 1  # jitted agent kind ("random", "weighted")


def _game(scenario: str, num_players: int = 4, seed: int = 5, max_turns: int = 40) -> dict:
    config = GameConfig.make(
        variant=EP, scenario=scenario, num_players=num_players, max_turns=max_turns
    )
    return make_record(record_jitted_game(config, [WEIGHTED] * num_players, seed, 1))


def _not_blank(img: np.ndarray) -> None:
    assert img.shape == (HEIGHT, WIDTH, 3) and img.dtype == np.uint8
    rgb = img[::4, ::4].astype(np.uint32)
    packed = ((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]).ravel()
    colours, counts = np.unique(packed, return_counts=True)
    assert len(colours) > 30  # hexes, pieces, text
    assert counts.max() < 0.5 * packed.size  # not one colour


def _scramble(game: Game, rng: np.random.Generator) -> Game:
    """The position with every hidden thing redrawn, as the E&P observation tests do."""
    d = game.to_dict()
    return Game.from_dict(scramble_face_down(d, rng, gold=d["options"]["scenario"] != "land_ho"))


@pytest.mark.parametrize(
    "scenario,num_players", [(s, 4) for s in SCENARIOS] + [("land_ho", 2), (EP, 2), (EP, 3)]
)
def test_games_render_as_text_and_picture(scenario, num_players):
    """Every few states of a short weighted game: text and picture, never blank."""
    record = _game(scenario, num_players)
    n = len(record["actions"])
    every_text, every_picture = max(1, n // 60), max(1, n // 12)
    pictures = 0
    for step, game in enumerate(iter_replay(record)):
        if step % every_text == 0 or step == n:
            text = render_ansi(game)
            assert "face down" in text and f"turn {game.turn}" in text
            assert len(text.splitlines()) >= num_players + 2
        if step % every_picture == 0 or step == n:
            _not_blank(render_rgb(game))
            pictures += 1
    assert pictures >= 12


def test_face_down_hexes_look_the_same_whatever_they_are():
    """Issue 7 / E&P §12.7: redrawing every hidden kind, fish face, village, lair token
    and token stack leaves the picture (every pixel) and the text unchanged; the
    face-down hexes show the neutral back."""
    rng = np.random.default_rng(3)
    checked = 0
    for k, scenario in enumerate(SCENARIOS):
        record = _game(scenario, seed=11 + k)
        n = len(record["actions"])
        steps = {0, n // 3, (2 * n) // 3}
        for step, game in enumerate(iter_replay(record)):
            if step not in steps:
                continue
            other = _scramble(game, rng)
            hidden = game.field("ep_hex_revealed") == 0
            hidden[_frame(scenario).num_hexes :] = False
            assert hidden.any()
            kind, kind2 = game.field("ep_hex_kind"), other.field("ep_hex_kind")
            if not (kind[hidden] != kind2[hidden]).any():
                continue  # the redraw happened to give every hidden hex its own kind
            img = render_rgb(game)
            assert (render_rgb(other) == img).all()
            assert render_ansi(other) == render_ansi(game)
            fr = _frame(scenario)
            for h in np.flatnonzero(hidden):
                x, y = fr.hex_xy[h]
                px = img[round(y - 0.45 * fr.scale), round(x)]  # clear of "?" and ships
                assert tuple(px) == BACK_RGB
            checked += 1
    assert checked >= 10


TITLES = {
    "land_ho": "Land Ho!",
    "pirate_lairs": "Pirate Lairs",
    "fish_for_catan": "Fish for Catan",
    "spices_for_catan": "Spices for Catan",
    "explorers_and_pirates": "full game",
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_title_names_the_scenario_for_people(scenario):
    """Issue 18: "Explorers & Pirates — Land Ho!", never the raw id, in the status too."""
    state = Game(variant=EP, scenario=scenario, seed=1).state
    assert title(state) == f"Explorers & Pirates \u2014 {TITLES[scenario]}"
    assert status(state).startswith(title(state) + ": turn ")
    assert "_" not in status(state).split(":")[0]


def test_legend_explains_the_marks_of_each_scenario():
    """Every module's marks are in its scenarios' legends and only there (Land Ho! has
    no pirates, lairs, fish or spice; the full game has them all)."""
    texts = {s: [text for _, text in _legend_entries(_frame(s), False)] for s in SCENARIOS}
    for s in SCENARIOS:
        assert {"face-down hex", "harbor settl.; dots: storage", "ship; dots: its cargo",
                "2 ships on one route"} <= set(texts[s])  # fmt: skip
    assert not any("pirate" in t or "fish" in t or "spice" in t for t in texts["land_ho"])
    full = " | ".join(texts[EP])
    for mark in ("pirate ship", "pirate lair", "captured lair", "gold field", "crews",
                 "fish shoal", "fish to catch", "spice village", "spice sacks", "swift voyage",
                 "pirate bonus", "fast gold", "Council of Catan"):  # fmt: skip
        assert mark in full, mark
    room = WIDTH - 4 - LEGEND_TEXT_X  # the legend's text column
    for s in SCENARIOS:
        for text in texts[s]:
            left, _, right, _ = text_box((0, 0), text, 11, "lm")
            assert right - left <= room, text
    with_sites = [text for _, text in _legend_entries(_frame(EP), True)]
    assert "set-up harbor site" in with_sites and "set-up harbor site" not in texts[EP]


def _labels_apart(state: np.ndarray, scenario: str) -> list:
    """The picture's label boxes, checked: inside the board, none overlapping another."""
    img, labels = draw_with_labels(state)
    assert img.size == (WIDTH, HEIGHT)
    left, top, right, bottom = _frame(scenario).box
    assert right <= BOARD_RIGHT  # the legend column stays clear
    for name, (x0, y0, x1, y1) in labels:
        assert left <= x0 < x1 <= right and top <= y0 < y1 <= bottom, name
    pairs = boxes_overlap([box for _, box in labels])
    assert not pairs, [(labels[i][0], labels[j][0]) for i, j in pairs]
    return labels


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_picture_labels_never_overlap_along_a_game(scenario):
    """Issue 18: the crews, village, sack, storage and ship-count labels of every
    few states of a game sit apart."""
    record = _game(scenario, seed=3, max_turns=60)
    n = len(record["actions"])
    for step, game in enumerate(iter_replay(record)):
        if step % max(1, n // 8) == 0 or step == n:
            _labels_apart(game.state, scenario)


def _edges_of_hex(fr, h: int) -> list[int]:
    corners = list(fr.hex_vertices[h])
    sides = {frozenset((corners[k], corners[(k + 1) % 6])) for k in range(6)}
    return [e for e in range(fr.num_edges) if frozenset(fr.edge_vertices[e]) in sides]


def test_picture_labels_stay_apart_on_a_crowded_board():
    """Issue 18: everything face up, a lair with crews of all four seats on every gold
    field, every village befriended by all four with sacks left, two ships on each of
    six routes round the villages, harbor settlements with full storage: every label
    still finds its own place, and ships sharing a route are drawn apart with a count."""
    s = Game(variant=EP, scenario=EP, seed=2).state.copy()
    fr = _frame(EP)
    nh = fr.num_hexes
    view = LAYOUT.view
    view(s, "ep_hex_revealed")[:nh] = 1
    kind = view(s, "ep_hex_kind")[:nh]
    gold = np.flatnonzero(kind == 8)
    villages = np.flatnonzero(kind == SPICE)
    assert len(gold) and len(villages)
    view(s, "lair_state")[gold] = LAIR_ACTIVE
    view(s, "lair_crews")[gold] = [1, 2, 1, 2]
    view(s, "village_crews")[villages] = 1
    view(s, "village_sacks")[villages] = 3
    routes = [e for h in villages for e in _edges_of_hex(fr, h)][:6]
    ships = view(s, "ship_edge")
    for i in range(12):  # two ships on each of six routes
        ships[i % 4, i // 4] = routes[i // 2]
    view(s, "ship_cargo")[:] = [1, 1, 0, 0]
    for i, h in enumerate(villages):
        v = fr.hex_vertices[h][2]
        view(s, "ep_vertex_owner")[v] = i % 4
        view(s, "ep_vertex_building")[v] = HARBOR_SETTLEMENT
        view(s, "ep_storage")[v] = [0, 1, 0, 1]
    labels = _labels_apart(s, EP)
    names = [name.split()[0] for name, _ in labels]
    assert names.count("ships") == 6  # one count per shared route
    assert names.count("crews") == len(gold) + len(villages)
    assert names.count("sacks") == len(villages) and names.count("storage") == len(villages)
