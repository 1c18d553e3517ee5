"""Rendering: every state of whole games as text and as a picture, and what the picture shows."""

from __future__ import annotations

import time

import numpy as np
import pytest
from ck_helpers import build, ck_blank, knight, level, metropolis, road, wall
from helpers import corner, side, vid

import catan_env
from catan_env import Game
from catan_env.config import GameConfig
from catan_env.games.catan.cities_and_knights.render_image import TRACK_RGB
from catan_env.games.catan.common.constants import colours
from catan_env.games.catan.common.render_image import PLAYER_RGB, vertex_pixel
from catan_env.render import render_ansi, render_image, render_rgb, seat_summaries
from catan_env.render_image import HEIGHT, WIDTH
from catan_env.replay import iter_replay, make_record, record_jitted_game

HEURISTIC = 2  # jitted agent kinds of catan_env.games.catan.base.agents
RANDOM = 0


def _games(variant: str):
    """Two whole games: heuristic players (many buildings) and a mixed table."""
    config = GameConfig.make(variant=variant, num_players=4)
    return [
        record_jitted_game(config, [HEURISTIC] * 4, 11, 1),
        record_jitted_game(config, [HEURISTIC, RANDOM, HEURISTIC, RANDOM], 12, 2),
    ]


def _packed(img: np.ndarray) -> np.ndarray:
    """One int per pixel (0xRRGGBB): cheap to compare and count."""
    img = img.astype(np.uint32)
    return (img[..., 0] << 16) | (img[..., 1] << 8) | img[..., 2]


def _not_blank(img: np.ndarray) -> None:
    assert img.shape == (HEIGHT, WIDTH, 3) and img.dtype == np.uint8
    sample = _packed(img[::4, ::4])
    assert len(np.unique(sample)) > 30  # terrain, sea, pieces, text
    assert np.unique(sample, return_counts=True)[1].max() < 0.5 * sample.size  # not one colour


def _has_colour(region: np.ndarray, rgb, at_least: int = 10) -> bool:
    code = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]
    packed = region if region.ndim == 2 else _packed(region)
    return int(np.count_nonzero(packed == code)) >= at_least


@pytest.mark.parametrize("variant", ["base", "cities_and_knights"])
def test_every_state_of_whole_games_renders(variant):
    frames = 0
    seconds = 0.0
    for played in _games(variant):
        record = make_record(played)
        n = len(record["actions"])
        every = max(1, n // 120)  # about 120 pictures per game; text for every state
        for step, game in enumerate(iter_replay(record)):
            text = render_ansi(game)
            assert text.count("seat ") >= 4
            if step % every and step != n:
                continue
            t0 = time.perf_counter()
            img = render_rgb(game)
            seconds += time.perf_counter() - t0
            frames += 1
            _not_blank(img)
            board = _packed(img[:, :660])
            # Every seat with a road shows its colour on the board (white is also a harbor's).
            owners = set(game.field("edge_owner")[game.field("edge_owner") >= 0].tolist())
            for p in owners:
                name = colours(4)[p]
                if name != "white":
                    assert _has_colour(board, PLAYER_RGB[name]), (step, name)
        assert game.done and f"winner: seat {game.winner}" in text
    # A few milliseconds a frame: a whole game's GIF takes seconds, not minutes.
    assert seconds / frames < 0.05, f"{1000 * seconds / frames:.1f} ms per frame"


def test_picture_shows_cities_and_knights_pieces():
    """Knights (filled when active, ring when not), walls, a metropolis crown, levels."""
    d = ck_blank()
    city_v, knight_a, knight_i = corner("R3b", "N"), corner("R3b", "SE"), corner("R1a", "N")
    build(d, city_v, 3, "city")
    wall(d, city_v)
    road(d, side("R3b", "NE"), 3)
    road(d, side("R3b", "E"), 3)
    metropolis(d, "science", 3, city_v)
    level(d, 3, "science", 4)
    build(d, corner("R5a", "S"), 1, "settlement")
    road(d, side("R5a", "SE"), 1)
    knight(d, knight_a, 3, strength=3, active=True)
    build(d, corner("R1b", "N"), 0, "settlement")
    road(d, side("R1b", "NW"), 0)
    road(d, side("R1a", "NE"), 0)
    knight(d, knight_i, 0, strength=2, active=False)
    g = Game.from_dict(d)
    img = render_rgb(g)
    _not_blank(img)

    def around(v, r=14):
        x, y = vertex_pixel(vid(v))
        return img[y - r - 12 : y + r, x - r : x + r]

    blue, red = PLAYER_RGB["blue"], PLAYER_RGB["red"]
    assert _has_colour(around(city_v, 22), TRACK_RGB[2])  # science metropolis crown
    assert _has_colour(around(city_v, 22), (120, 110, 100))  # the wall under the city
    assert _has_colour(around(knight_a), blue, 100)  # active: filled disc
    assert _has_colour(around(knight_i), red, 30)  # inactive: a ring of red ...
    assert _has_colour(around(knight_i), (205, 205, 205), 30)  # ... around grey
    text = render_ansi(g)
    assert f"{knight_a}:B3A" in text and f"{knight_i}:R2i" in text
    assert "science@" in text and "walls: " + city_v in text
    blue_row = seat_summaries(g)[3]
    assert blue_row["levels"] == [0, 0, 4] and blue_row["metropolises"] == 1
    assert blue_row["walls"] == 1 and blue_row["knights"] == 1
    assert blue_row["active_strength"] == 3


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_seats_and_snapshots_render(players):
    g = Game(num_players=players, seed=4)
    snapshot = Game.from_dict(g.to_dict())  # no seed: any state can be drawn
    assert render_ansi(snapshot).count("seat ") == players + 1  # seat lines + "seat N decides"
    _not_blank(render_rgb(snapshot))
    assert render_image(snapshot).size == (WIDTH, HEIGHT)


@pytest.mark.parametrize("variant", ["base", "ancients"])
def test_every_games_game_renders_itself(variant):
    """``Game.render(mode)`` as Ancients' ``Game`` has it: the text board or the picture."""
    g = catan_env.raw_env(variant=variant).game
    assert g.render() == g.render("ansi") and isinstance(g.render(), str)
    rgb = g.render("rgb_array")
    assert rgb.dtype == np.uint8 and rgb.ndim == 3 and rgb.shape[2] == 3
    assert len(np.unique(rgb.reshape(-1, 3), axis=0)) > 10  # a picture, not a blank
    with pytest.raises(ValueError, match=r"render mode must be one of \['ansi', 'rgb_array'\]"):
        g.render("human")


def test_catan_game_render_is_the_env_picture():
    g = Game(variant="cities_and_knights", seed=2)
    assert g.render() == render_ansi(g)
    assert np.array_equal(g.render("rgb_array"), render_rgb(g))


def test_aec_env_render_modes(monkeypatch):
    env = catan_env.env(variant="cities_and_knights", render_mode="rgb_array")
    env.reset(seed=1)
    _not_blank(env.render())
    env = catan_env.env(render_mode="ansi")
    env.reset(seed=1)
    assert "seat 0" in env.render()
    assert catan_env.raw_env.metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(RuntimeError, match="needs a display"):
        catan_env.env(render_mode="human")
    with pytest.raises(ValueError, match="render_mode"):
        catan_env.env(render_mode="svg")
