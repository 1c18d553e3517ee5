"""The HTML replay viewer, loaded in headless Chromium: no errors, stepping changes the board.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the test is
skipped, unless ``CATAN_ENV_REQUIRE_CHROMIUM=1`` (set by ``.ci/run``) makes
that a failure.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import numpy as np
import pytest
from PIL import Image

from catan_env.catan_hooks import public_fields
from catan_env.config import GameConfig
from catan_env.games.catan.common.render_image import TERRAIN_RGB
from catan_env.replay import make_record, record_jitted_game
from catan_env.variants import get_variant
from catan_env.viewer import viewer_data, write_html

HEURISTIC, RANDOM = 2, 0


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("CATAN_ENV_REQUIRE_CHROMIUM") == "1":
        pytest.fail("chromium is not installed (apt-get install -y chromium)")
    pytest.skip("chromium is not installed (apt-get install -y chromium)")


def _run(tmp_path, url: str, *mode: str) -> subprocess.CompletedProcess:
    """Headless Chromium on ``url``, with console messages logged to stderr."""
    cmd = [
        _chromium(),
        "--headless",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--enable-logging=stderr",
        "--v=0",
        "--hide-scrollbars",
        "--window-size=1300,900",
        "--virtual-time-budget=5000",  # let the page's script run before the dump
        *mode,
        url,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-2000:]
    # The page logs nothing: any console line is an error or a warning.
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console
    return done


def _body(dom: str) -> dict[str, str]:
    tag = re.search(r"<body([^>]*)>", dom).group(1)
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', tag))


@pytest.fixture(scope="module")
def record():
    config = GameConfig.make(variant="cities_and_knights")
    game = record_jitted_game(config, [HEURISTIC, RANDOM, HEURISTIC, RANDOM], 21, 4)
    return make_record(game, agents=["heuristic", "random", "heuristic", "random"])


def test_viewer_data_replays_the_public_state(record):
    data = viewer_data(record)
    n = len(record["actions"])
    assert len(data["deltas"]) == len(data["actions"]) == len(data["actors"]) == n
    assert data["actions"] == record["action_names"]
    # Applying every change to the first step gives the final public state.
    vec = np.array(data["start"])
    for delta in data["deltas"]:
        vec[delta[0::2]] = delta[1::2]
    at, size = data["fields"]["public_vp"]
    assert vec[at : at + 4].tolist() == data["summary"]["vp"]  # C&K: no hidden VP
    assert sum(size for _, size in public_fields(get_variant("cities_and_knights"))) == len(vec)
    assert "hand" not in data["fields"]  # counts only: hands stay hidden


def test_page_in_headless_chromium(tmp_path, record):
    page = write_html(record, tmp_path / "game.html")
    html = page.read_text()
    assert "<script src" not in html and "http" not in html.split("<script")[0]  # self-contained
    n = len(record["actions"])
    url = page.resolve().as_uri()
    bodies = {}
    for step in (0, n):
        dom = _run(tmp_path, f"{url}?step={step}", "--dump-dom").stdout
        body = _body(dom)
        assert body["ready"] == "1" and body["step"] == str(step)
        assert re.search(r'<ul id="errors" hidden(="")?></ul>', dom), "script errors on the page"
        bodies[step] = (body["board"], dom)
    # Stepping changes the board; the same step draws the same board.
    assert bodies[0][0] != bodies[n][0]
    final_dom = bodies[n][1]
    assert "winner" in final_dom and f"step {n} / {n}" in final_dom
    assert final_dom.count("<li") >= n  # the action log
    assert re.search(r"<polygon[^>]*><title>v\d+: \w+ city</title>", final_dom)
    # A screenshot shows the board: terrain colours, many colours, not one flat fill.
    _run(tmp_path, f"{url}?step={n // 2}", f"--screenshot={tmp_path / 'shot.png'}")
    img = np.asarray(Image.open(tmp_path / "shot.png").convert("RGB")).astype(np.uint32)
    assert img.shape[:2] == (900, 1300)
    packed = (img[..., 0] << 16) | (img[..., 1] << 8) | img[..., 2]
    values, counts = np.unique(packed[::3, ::3], return_counts=True)
    assert len(values) > 50 and counts.max() < 0.6 * packed[::3, ::3].size
    for rgb in TERRAIN_RGB[:5]:  # the SVG draws terrain in the picture's colours
        code = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]
        assert np.count_nonzero(packed == code) > 200, rgb


def test_page_size_stays_small(record):
    size = len(json.dumps(viewer_data(record), separators=(",", ":")))
    per_step = size / len(record["actions"])
    assert per_step < 120, f"{per_step:.0f} bytes of data per step"


# --- Command & Colors: Ancients -----------------------------------------------------


@pytest.fixture(scope="module")
def ancients_record():
    from catan_env.games.ancients.record import record_jitted_game as record_ancients
    from catan_env.games.ancients.scenario import load_scenario
    from catan_env.games.ancients.setup import check_options

    game = record_ancients(load_scenario("akragas"), check_options({}), [1, 0], 5, 17)
    return make_record(game, agents=["heuristic", "random"])


def test_ancients_viewer_data_replays_the_public_state(ancients_record):
    from catan_env.games.ancients.viewer import public_fields as ancients_fields
    from catan_env.games.ancients.viewer import viewer_data as ancients_data

    data = ancients_data(ancients_record)
    n = len(ancients_record["actions"])
    assert len(data["deltas"]) == len(data["actions"]) == len(data["actors"]) == n
    assert data["actions"] == ancients_record["action_names"]
    vec = np.array(data["start"])
    for delta in data["deltas"]:
        vec[delta[0::2]] = delta[1::2]
    at, _ = data["fields"]["banners"]
    assert vec[at : at + 2].tolist() == ancients_record["result"]["banners"]
    assert sum(size for _, size in ancients_fields()) == len(vec)
    assert "hand" not in data["fields"] and "deck" not in data["fields"]
    size = len(json.dumps(data, separators=(",", ":")))
    assert size / n < 120, f"{size / n:.0f} bytes of data per step"


def test_ancients_page_in_headless_chromium(tmp_path, ancients_record):
    from catan_env.games.ancients.render_image import SIDE_RGB
    from catan_env.games.ancients.render_image import TERRAIN_RGB as ANCIENTS_TERRAIN_RGB

    page = write_html(ancients_record, tmp_path / "ancients.html")
    html = page.read_text()
    assert "<script src" not in html and "http" not in html.split("<script")[0]
    n = len(ancients_record["actions"])
    url = page.resolve().as_uri()
    bodies = {}
    for step in (0, n):
        dom = _run(tmp_path, f"{url}?step={step}", "--dump-dom").stdout
        body = _body(dom)
        assert body["ready"] == "1" and body["step"] == str(step)
        assert re.search(r'<ul id="errors" hidden(="")?></ul>', dom), "script errors on the page"
        bodies[step] = (body["board"], dom)
    assert bodies[0][0] != bodies[n][0]
    final_dom = bodies[n][1]
    assert "winner: syracusan" in final_dom and f"step {n} / {n}" in final_dom
    assert final_dom.count("<li") >= n
    assert re.search(r'<g class="unit" data-hex="\d+" data-side="[01]">', final_dom)
    _run(tmp_path, f"{url}?step={n // 2}", f"--screenshot={tmp_path / 'shot.png'}")
    img = np.asarray(Image.open(tmp_path / "shot.png").convert("RGB")).astype(np.uint32)
    packed = (img[..., 0] << 16) | (img[..., 1] << 8) | img[..., 2]
    for rgb in (ANCIENTS_TERRAIN_RGB[0], *SIDE_RGB):  # clear hexes and both armies' blocks
        code = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]
        assert np.count_nonzero(packed == code) > 200, rgb
