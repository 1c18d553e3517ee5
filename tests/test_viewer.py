"""The HTML replay viewer, loaded in headless Chromium: no errors, stepping changes the board,
the log names seats (never ``+N``) and pointing at or stepping to a log line marks the
place its action names; Explorers & Pirates pages for every scenario, face-down hexes hidden.

Needs Debian's ``chromium`` (``.ci/run`` installs it). Without it the test is
skipped, unless ``CATAN_ENV_REQUIRE_CHROMIUM=1`` (set by ``.ci/run``) makes
that a failure.
"""

from __future__ import annotations

import html
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
from catan_env.games.catan.common.constants import colours
from catan_env.games.catan.common.render_image import TERRAIN_RGB
from catan_env.games.catan.explorers_and_pirates.constants import SCENARIOS
from catan_env.replay import make_record, record_jitted_game
from catan_env.variants import get_variant
from catan_env.viewer import viewer_data, write_html

HEURISTIC, RANDOM = 2, 0
WEIGHTED = 1  # E&P jitted agent kind
EP = "explorers_and_pirates"


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


def _log_lines(dom: str) -> list[str]:
    """The text of each line of the page's action log, as a reader sees it."""
    log = re.search(r'<ol id="log">(.*?)</ol>', dom, re.S).group(1)
    items = re.findall(r"<li[^>]*>(.*?)</li>", log)
    return [html.unescape(re.sub(r"<[^>]*>", "", item)) for item in items]


def _body(dom: str) -> dict[str, str]:
    tag = re.search(r"<body([^>]*)>", dom).group(1)
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', tag))


def _pages(tmp_path, url: str, steps, query: str = "") -> dict[int, tuple[dict, str]]:
    """The page's ``<body>`` data and DOM at each step, checked: ready, at that step, no
    script error; the board drawings of the first and the last step differ."""
    out = {}
    for step in steps:
        dom = _run(tmp_path, f"{url}?step={step}{query}", "--dump-dom").stdout
        body = _body(dom)
        assert body["ready"] == "1" and body["step"] == str(step)
        assert re.search(r'<ul id="errors" hidden(="")?></ul>', dom), "script errors on the page"
        out[step] = (body, dom)
    first, last = min(steps), max(steps)
    assert out[first][0]["board"] != out[last][0]["board"]  # stepping changes the board
    return out


def _screenshot(tmp_path, url: str, colours) -> np.ndarray:
    """A screenshot of the page (one int 0xRRGGBB per pixel) that shows each of ``colours``."""
    _run(tmp_path, url, f"--screenshot={tmp_path / 'shot.png'}")
    img = np.asarray(Image.open(tmp_path / "shot.png").convert("RGB")).astype(np.uint32)
    assert img.shape[:2] == (900, 1300)
    packed = (img[..., 0] << 16) | (img[..., 1] << 8) | img[..., 2]
    for rgb in colours:  # the SVG draws in the picture's colours
        code = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]
        assert np.count_nonzero(packed == code) > 200, rgb
    return packed


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


def _check_log(data: dict, names, some_relative: bool = True) -> None:
    """Issue 18: the log names other seats by colour; places are listed for the board."""
    n = len(data["actions"])
    assert len(data["log"]) == len(data["places"]) == n
    relative = 0
    for raw, text, actor, places in zip(
        data["actions"], data["log"], data["actors"], data["places"], strict=True
    ):
        assert "+" not in text, text
        m = re.search(r"\(\+(\d)", raw)
        if m:
            relative += 1
            assert names[(actor + int(m.group(1))) % len(names)] in text, (raw, text)
        for place in re.findall(r"\b([ve]\d+)\b", raw):
            assert place in places.split(), (raw, places)
    assert relative or not some_relative, "no action named another seat: nothing was checked"


def test_log_names_seats_and_places(record):
    data = viewer_data(record)
    _check_log(data, colours(4))
    assert any(p.startswith("h") for p in data["places"])  # the robber or the merchant moved


def test_page_in_headless_chromium(tmp_path, record):
    page = write_html(record, tmp_path / "game.html")
    source = page.read_text()
    # self-contained
    assert "<script src" not in source and "http" not in source.split("<script")[0]
    n = len(record["actions"])
    url = page.resolve().as_uri()
    final_dom = _pages(tmp_path, url, (0, n))[n][1]
    assert "winner" in final_dom and f"step {n} / {n}" in final_dom
    assert final_dom.count("<li") >= n  # the action log
    assert re.search(r"<polygon[^>]*><title>v\d+: \w+ city</title>", final_dom)
    lines = _log_lines(final_dom)
    assert len(lines) == n and lines == viewer_data(record)["log"]
    assert not any("(+" in line for line in lines)  # seats by name (issue 18)
    assert any(re.fullmatch(r"steal\((red|white|orange|blue)\)", line) for line in lines)
    # A screenshot shows the board: terrain colours, many colours, not one flat fill.
    packed = _screenshot(tmp_path, f"{url}?step={n // 2}", TERRAIN_RGB[:5])
    values, counts = np.unique(packed[::3, ::3], return_counts=True)
    assert len(values) > 50 and counts.max() < 0.6 * packed[::3, ::3].size


def _marks(dom: str) -> list[tuple[str, int, dict[str, float]]]:
    """The marks drawn on the board: (kind, place id, numeric attributes)."""
    layer = re.search(r'<g id="mark-layer">(.*?)</g>', dom, re.S).group(1)
    out = []
    for tag in re.findall(r"<(?:circle|line|polygon)[^>]*>", layer):
        kind = re.search(r'data-kind="(\w)"', tag).group(1)
        place = int(re.search(r'data-id="(\d+)"', tag).group(1))
        attrs = {k: float(v) for k, v in re.findall(r'\b(cx|cy|x1|y1|x2|y2)="([-\d.]+)"', tag)}
        if "points" in tag:
            attrs["points"] = re.search(r'points="([^"]*)"', tag).group(1)
        out.append((kind, place, attrs))
    return out


def _check_mark(mark, geometry: dict, scale: float) -> None:
    """A mark sits where its place is drawn: round an intersection, along a path, on a hex."""
    kind, place, attrs = mark

    def at(v):
        x, y = geometry["vertices"][v]
        return x * scale, y * scale

    if kind == "v":
        assert (attrs["cx"], attrs["cy"]) == pytest.approx(at(place), abs=0.06)
    elif kind == "e":
        a, b = (at(v) for v in geometry["edges"][place])
        assert (attrs["x1"], attrs["y1"], attrs["x2"], attrs["y2"]) == pytest.approx(
            (*a, *b), abs=0.06
        )
    else:
        corners = [tuple(map(float, p.split(","))) for p in attrs["points"].split()]
        want = [at(v) for v in geometry["hex_corners"][place]]
        assert np.allclose(corners, want, atol=0.06)


def test_page_marks_the_place_of_the_chosen_and_the_pointed_log_line(tmp_path, record):
    """Stepping to a log line marks its action's place; pointing at another marks that."""
    data = viewer_data(record)
    roads = [i for i, a in enumerate(data["actions"]) if a.startswith("build_road(")]
    robber = next(i for i, p in enumerate(data["places"]) if p.startswith("h"))
    url = write_html(record, tmp_path / "game.html").resolve().as_uri()
    dom = _run(tmp_path, f"{url}?step={roads[-1] + 1}", "--dump-dom").stdout
    assert _body(dom)["marked"] == data["places"][roads[-1]]
    (mark,) = _marks(dom)
    assert mark[:2] == ("e", int(data["places"][roads[-1]][1:]))
    _check_mark(mark, data["geometry"], 50)
    dom = _run(tmp_path, f"{url}?step={roads[-1] + 1}&hover={robber}", "--dump-dom").stdout
    assert _body(dom)["marked"] == data["places"][robber]
    (mark,) = _marks(dom)
    assert mark[0] == "h"
    _check_mark(mark, data["geometry"], 50)


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
    source = page.read_text()
    assert "<script src" not in source and "http" not in source.split("<script")[0]
    n = len(ancients_record["actions"])
    url = page.resolve().as_uri()
    final_dom = _pages(tmp_path, url, (0, n))[n][1]
    assert "winner: syracusan" in final_dom and f"step {n} / {n}" in final_dom
    assert final_dom.count("<li") >= n
    assert re.search(r'<g class="unit" data-hex="\d+" data-side="[01]">', final_dom)
    # clear hexes and both armies' blocks
    _screenshot(tmp_path, f"{url}?step={n // 2}", (ANCIENTS_TERRAIN_RGB[0], *SIDE_RGB))


# --- Explorers & Pirates --------------------------------------------------------------


def _ep_record(scenario: str, max_turns: int, kind: int = WEIGHTED, seed: int = 4) -> dict:
    config = GameConfig.make(variant=EP, scenario=scenario, num_players=4, max_turns=max_turns)
    game = record_jitted_game(config, [kind] * 4, seed, 1)
    return make_record(game, agents=[("weighted", "heuristic")[kind - WEIGHTED]] * 4)


@pytest.fixture(scope="module")
def ep_record():
    # Heuristic players: pirates that steal, so the log names other seats.
    return _ep_record(EP, max_turns=20, kind=HEURISTIC)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_ep_viewer_data_of_every_scenario_hides_face_down_hexes(scenario):
    """Every scenario's page data replays to the final public state; a face-down hex is
    unknown in it (kind -1, no number, fish face, advantage or lair) at every step."""
    from catan_env.games.catan.explorers_and_pirates.viewer import public_fields as ep_fields
    from catan_env.replay import iter_replay

    record = _ep_record(scenario, max_turns=12)
    data = viewer_data(record)
    assert data["title"].startswith("Explorers & Pirates \u2014 ")
    n = len(record["actions"])
    assert len(data["deltas"]) == n and sum(size for _, size in ep_fields(scenario)) == len(
        data["start"]
    )
    _check_log(data, data["colours"], some_relative=False)
    fields = data["fields"]
    nh = fields["ep_hex_kind"][1]
    vec = np.array(data["start"])
    hidden_seen = 0
    for step, game in enumerate(iter_replay(record)):
        if step:
            delta = data["deltas"][step - 1]
            vec[delta[0::2]] = delta[1::2]
        face_down = game.field("ep_hex_revealed")[:nh] == 0
        hidden_seen += int(face_down.sum())
        for name in ("ep_hex_kind", "ep_hex_number", "fish_face", "village_advantage",
                     "lair_state"):  # fmt: skip
            at, size = fields[name]
            values = vec[at : at + size].reshape(nh, -1)[face_down]
            assert (values == (-1 if name == "ep_hex_kind" else 0)).all(), (step, name)
        at, _ = fields["ep_hex_kind"]
        up = ~face_down
        assert (vec[at : at + nh][up] == game.field("ep_hex_kind")[:nh][up]).all(), step
    assert hidden_seen
    at, _ = fields["public_vp"]
    assert vec[at : at + 4].tolist() == game.field("public_vp")[:4].tolist()
    size = len(json.dumps(data, separators=(",", ":")))
    assert size / n < 400, f"{size / n:.0f} bytes of data per step"


def test_ep_page_in_headless_chromium(tmp_path, ep_record):
    """Issue 18: the E&P page draws the frame board with no script or console error, the
    log names seats, pointing at a ship's route marks it where the route is drawn."""
    from catan_env.games.catan.explorers_and_pirates.render_image import BACK_RGB, SEA_RGB

    data = viewer_data(ep_record)
    _check_log(data, data["colours"])
    n = len(ep_record["actions"])
    sail = max(i for i, a in enumerate(data["actions"]) if a.startswith("sail("))
    url = write_html(ep_record, tmp_path / "ep.html").resolve().as_uri()
    pages = _pages(tmp_path, url, (0, n), f"&hover={sail}")
    for body, dom in pages.values():  # pointing at the line marks its route at any step
        assert body["marked"] == data["places"][sail]
        (mark,) = _marks(dom)
        assert mark[:2] == ("e", int(data["actions"][sail][6:-1]))
        _check_mark(mark, data["geometry"], 34)
    final_dom = pages[n][1]
    assert f"step {n} / {n}" in final_dom
    lines = _log_lines(final_dom)
    assert lines == data["log"] and not any("(+" in line for line in lines)
    assert 'id="legend"' in final_dom and "pirate lair" in final_dom
    assert re.search(r"<title>v\d+: \w+ (harbor )?settlement</title>", final_dom)
    assert re.search(r"<title>e\d+: \w+ ship s\d", final_dom)
    _screenshot(tmp_path, f"{url}?step={n}", (SEA_RGB, BACK_RGB, TERRAIN_RGB[0]))
