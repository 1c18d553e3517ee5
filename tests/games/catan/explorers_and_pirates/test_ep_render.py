"""Rendering Explorers & Pirates (issue 7): text and picture of every scenario along
short games, and face-down hexes drawn face down whatever they hide."""

from __future__ import annotations

import numpy as np
import pytest
from ep_helpers import scramble_face_down

from catan_env import Game
from catan_env.config import GameConfig
from catan_env.games.catan.explorers_and_pirates.constants import SCENARIOS
from catan_env.games.catan.explorers_and_pirates.render_image import BACK_RGB, _frame
from catan_env.render import render_ansi, render_rgb
from catan_env.render_image import HEIGHT, WIDTH
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


def test_html_viewer_refuses_explorers_and_pirates_clearly():
    from catan_env.viewer import render_html

    with pytest.raises(ValueError, match="HTML viewer does not draw Explorers & Pirates"):
        render_html(_game("land_ho", max_turns=5))
