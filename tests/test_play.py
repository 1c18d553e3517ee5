"""``catan-env play``: a real browser plays whole games through the page, and the wire hides hands.

The browser is Debian's ``chromium`` driven by Playwright (``executable_path``);
without chromium or Playwright the browser tests are skipped, unless
``CATAN_ENV_REQUIRE_CHROMIUM=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from catan_env import hooks  # noqa: E402
from catan_env.games.catan.explorers_and_pirates.constants import (  # noqa: E402
    SCENARIOS as EP_SCENARIOS,
)
from catan_env.play.cli import build_session  # noqa: E402
from catan_env.play.server import make_server  # noqa: E402
from catan_env.replay import load_record, replay  # noqa: E402
from catan_env.viewer import viewer_data  # noqa: E402


def _args(**kw):
    base = dict(game="catan", variant=None, scenario=None, agents="random", seat=0,
                humans=None, seed=5, delay=0.0, record=None, option=[])  # fmt: skip
    return SimpleNamespace(**{**base, **kw})


class _Server:
    """A play server on a free port in a thread, for one test."""

    def __init__(self, tmp_path, **kw):
        self.session = build_session(_args(record=str(tmp_path / "game.json"), **kw))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.server = make_server(self.session, wait=2.0)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]})
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)
        self.session.start()

    def close(self):
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.session.stop()

    def get(self, path):
        return _http(self.url + path)

    def post(self, path, payload):
        return _http(self.url + path, json.dumps(payload).encode())


def _http(url, data=None):
    req = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture
def served(tmp_path):
    made = []

    def make(**kw):
        made.append(_Server(tmp_path, **kw))
        return made[-1]

    yield make
    for s in made:
        s.close()


# --- the wire ---------------------------------------------------------------------------


def _until_human(s, seat):
    for _ in range(500):
        if s.session.game.current_player == seat or s.session.game.done:
            return
        time.sleep(0.01)
    raise AssertionError("the agents did not hand the move to the human seat")


def test_seats_are_claimed_once_and_other_hands_refused(served):
    s = served(humans="0,2", agents="random,random")
    status, claim = s.post("/api/claim", {"seat": 0})
    assert status == 200
    token = claim["token"]
    # A second tab on the same seat, an agent's seat, another human's seat with this token.
    status, out = s.post("/api/claim", {"seat": 0})
    assert status == 409 and "another tab" in out["error"]
    status, out = s.post("/api/claim", {"seat": 1})
    assert status == 403 and "agent" in out["error"]
    for seat in (1, 2, 3):
        status, out = s.get(f"/api/view?seat={seat}&token={token}")
        assert status == 403, (seat, out)
        assert "private" not in out
    status, out = s.get("/api/view?seat=0&token=wrong")
    assert status == 403
    status, view = s.get(f"/api/view?seat=0&token={token}")
    assert status == 200 and view["seat"] == 0 and view["names"][0] == "red"


def test_the_view_holds_no_hidden_fact(served):
    s = served(agents="random,random,random", seed=918273645546)
    token = s.post("/api/claim", {"seat": 0})[1]["token"]
    _until_human(s, 0)
    status, view = s.get(f"/api/view?seat=0&token={token}")
    assert status == 200
    text = json.dumps(view)
    # No seed (it would deal every hidden card again) and no total VP while the game runs.
    assert str(s.session.seed) not in text and "seed" not in view
    assert view["board"]["summary"]["vp"] == ["?"] * 4
    assert set(view) == {
        "version", "seat", "names", "players", "humans", "current", "phase", "your_turn",
        "done", "winner", "truncated", "quit_by", "legal", "private", "board", "script",
        "record",
    }  # fmt: skip
    # The same view whatever the other seats hold: swap their hands and development cards.
    g = s.session.game
    with s.session._lock:
        hand, dev = (
            g.variant.layout.view(g.state, "hand"),
            g.variant.layout.view(g.state, "dev_hand"),
        )
        saved = g.state.copy()
        hand[1:, :5] = np.roll(hand[1:, :5], 1, axis=1)
        dev[1:] = np.roll(dev[1:], 2, axis=1)
        after = json.dumps(s.session.view(0, token))
        g.state[:] = saved
    assert after == text
    # The seat's own hand is there, in words.
    assert view["private"][0]["cards"] == {
        k: int(n)
        for k, n in zip(("lumber", "brick", "wool", "grain", "ore"), hand[0][:5], strict=True)
    }


def test_an_ancients_side_sees_its_cards_only(served):
    s = served(game="ancients", agents="random", seed=918273645546)
    token = s.post("/api/claim", {"seat": 0})[1]["token"]
    _until_human(s, 0)
    g = s.session.game
    with s.session._lock:
        before = json.dumps(s.session.view(0, token))
        hand = g.variant.layout.view(g.state, "hand").reshape(2, -1)
        mine = {n for n, k in zip(s.session._family.CARD_NAMES, hand[0], strict=True) if k}
        saved = g.state.copy()
        hand[1] = np.roll(hand[1], 5)  # the other side's cards, another deal
        assert not np.array_equal(g.state, saved)
        after = json.dumps(s.session.view(0, token))
        g.state[:] = saved
    assert after == before
    view = json.loads(before)
    assert set(view["private"][0]["cards"]) == mine
    assert str(s.session.seed) not in before


def test_an_explorers_seat_sees_no_face_down_hex(served):
    s = served(game="explorers_and_pirates", scenario="explorers_and_pirates",
               agents="random,random,random", seed=918273645546)  # fmt: skip
    token = s.post("/api/claim", {"seat": 0})[1]["token"]
    _until_human(s, 0)
    g = s.session.game
    layout = g.variant.layout
    with s.session._lock:
        before = json.dumps(s.session.view(0, token))
        saved = g.state.copy()
        down = np.flatnonzero(layout.view(g.state, "ep_hex_revealed") == 0)
        assert down.size > 10
        # Another deal of the face-down hexes: kinds and numbers.
        for name in ("ep_hex_kind", "ep_hex_number"):
            values = layout.view(g.state, name)
            values[down] = np.roll(values[down], 3)
        assert not np.array_equal(g.state, saved)
        after = json.dumps(s.session.view(0, token))
        g.state[:] = saved
    assert after == before
    view = json.loads(before)
    assert view["board"]["geometry"]["hexes"] and view["script"] == "viewer_ep.js"
    # The page's facts now (the first step and every change): face-down hexes unknown.
    board = view["board"]
    now = np.array(board["start"])
    for delta in board["deltas"]:
        now[delta[0::2]] = delta[1::2]
    at, n = board["fields"]["ep_hex_kind"]
    down = np.flatnonzero(layout.view(g.state, "ep_hex_revealed")[:n] == 0)
    assert down.size > 10 and (now[at + down] == -1).all()
    assert (layout.view(g.state, "ep_hex_kind")[down] >= 0).all()  # they are dealt, though
    assert [grp["label"] for grp in view["private"]] == ["cards"]


def test_bad_moves_change_nothing(served):
    s = served(agents="random,random,random")
    token = s.post("/api/claim", {"seat": 0})[1]["token"]
    _until_human(s, 0)
    version = s.session.version
    before = s.session.game.state.copy()
    legal = set(np.flatnonzero(s.session.game.action_mask()).tolist())
    illegal = next(a for a in range(s.session.game.num_actions) if a not in legal)
    cases = [
        ({"action": illegal, "version": version}, 400, ""),
        ({"action": min(legal), "version": version - 1}, 409, "step"),
        ({"action": "roll", "version": version}, 400, "not an action id"),
        ({"action": min(legal), "version": version, "token": "x"}, 403, "does not hold"),
    ]
    for payload, code, words in cases:
        status, out = s.post("/api/act", {"seat": 0, "token": token, **payload})
        assert status == code, (payload, out)
        assert words in out["error"]
        assert s.session.version == version
        assert np.array_equal(s.session.game.state, before)


# --- whole games in a real browser --------------------------------------------------------


def _chromium():
    import shutil

    path = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        path = None
    if path:
        return path
    if os.environ.get("CATAN_ENV_REQUIRE_CHROMIUM") == "1":
        pytest.fail("chromium and playwright are needed (apt-get install chromium; the dev extra)")
    pytest.skip("chromium or playwright is not installed")


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield b
        b.close()


def _not_blank(path):
    img = np.asarray(Image.open(path).convert("RGB"))
    colours = len(np.unique(img.reshape(-1, 3)[::97], axis=0))
    assert colours > 20, f"{path} looks blank ({colours} colours)"


_SELECTORS = {
    "choices": "#choices:not([hidden]) [data-action]",
    "spots": ".spot",
    "buttons": "#buttons [data-action]",
}
_OFFER = (
    "(() => { const t = (s) => Array.from(document.querySelectorAll(s), (e) =>"
    " e.textContent); return { done: document.body.dataset.done === '1',"
    " version: document.body.dataset.version,"
    + ", ".join(f"{k}: t({v!r})" for k, v in _SELECTORS.items())
    + "}; })()"
)
_HAGGLING = ("offer_", "propose", "maritime")


def _click_a_move(page, rng) -> bool:
    """Click one of the moves the page offers and wait for its answer (False: none clicked)."""
    from playwright.sync_api import Error as PlaywrightError

    # The moves on offer, read in one call: open choices, spots on the board, buttons.
    offer = page.evaluate(_OFFER)
    if offer["done"] or not any(offer[k] for k in _SELECTORS):
        return False
    kind, texts = next((k, offer[k]) for k in ("choices", "spots", "buttons") if offer[k])
    # Moves that end the game sooner first: trade offers last (a random trader
    # haggles for ever).
    useful = [i for i, t in enumerate(texts) if not t.startswith(_HAGGLING)]
    pick = rng.choice(useful or range(len(texts)))
    try:
        page.locator(_SELECTORS[kind]).nth(pick).click(force=True, timeout=5000)
    except PlaywrightError:  # the page redrew its moves meanwhile: look again
        return False
    page.wait_for_function(
        f"document.body.dataset.version !== '{offer['version']}'"
        " || document.body.dataset.done === '1'"
        " || document.querySelector('#choices:not([hidden])') !== null"
        " || document.body.dataset.message !== ''"
    )
    message = page.evaluate("document.body.dataset.message")
    assert not message, message
    return True


def _page(browser):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    # Longer waits than Playwright's 30 s: an agent's first move may compile it (numba).
    page.set_default_timeout(120_000)
    return page


def _play_through_page(browser, s, tmp_path, seat, rng, limit_s=180.0):
    # limit_s only guards against a page that stopped answering; CI shares its 2 cores
    # between two test workers and Chromium, so a click can take a second there.
    page = _page(browser)
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    page.goto(f"{s.url}/seat/{seat}")
    page.wait_for_selector("body[data-ready='1']")
    page.screenshot(path=str(tmp_path / "start.png"))
    # A second tab on the same seat is told so and gets no moves.
    other = browser.new_page()
    other.goto(f"{s.url}/seat/{seat}")
    other.wait_for_selector("body[data-ready='1']")
    assert "already open in another tab" in other.inner_text("#message")
    assert other.query_selector_all(".spot, #buttons [data-action]") == []
    other.close()
    clicks, end = 0, time.monotonic() + limit_s
    while page.get_attribute("body", "data-done") != "1":
        assert time.monotonic() < end, f"the game did not end in {limit_s} s ({clicks} clicks)"
        page.wait_for_function(
            "document.body.dataset.done === '1' || (document.body.dataset.yourTurn === '1' &&"
            " document.querySelector('#buttons [data-action], .spot') !== null)"
        )
        if _click_a_move(page, rng):
            clicks += 1
    page.wait_for_function("document.getElementById('turn').textContent.includes('Record saved')")
    page.screenshot(path=str(tmp_path / "end.png"))
    assert not console, console
    assert not page.evaluate("window.catanErrors")
    _not_blank(tmp_path / "start.png")
    _not_blank(tmp_path / "end.png")
    page.close()
    return clicks


def _check_record(s):
    g = s.session.game
    record = load_record(s.session.saved)
    end = replay(record)
    assert end.done and end.winner == g.winner and list(end.actions) == list(g.actions)
    # The board the pages were sent, grown one step at a time, is the replay viewer's.
    live = dict(s.session._board, summary=None)
    assert live == dict(viewer_data(record), summary=None, agents=live["agents"])


def test_a_base_game_played_in_the_browser(served, browser, tmp_path):
    # To 3 VP (one building past the setup), so that the game ends in a few hundred
    # clicks even on a loaded 2-core machine.
    s = served(agents="random,random", option=["vp_to_win=3"], seed=3)
    clicks = _play_through_page(browser, s, tmp_path, 0, random.Random(0))
    assert clicks > 5, clicks
    print(f"base: {clicks} clicks, {s.session.version} decisions")
    _check_record(s)


def test_an_ancients_game_played_in_the_browser(served, browser, tmp_path):
    # Akragas to one banner, so that two random players finish it in a few hundred moves.
    scenario = json.loads(
        (
            Path(hooks.get("ancients").rules.__file__).parent / "scenarios" / "akragas.json"
        ).read_text()
    )
    scenario["war_council"]["banners_to_win"] = 1
    (tmp_path / "akragas_1.json").write_text(json.dumps(scenario))
    s = served(game="ancients", agents="random", seed=4, scenario=str(tmp_path / "akragas_1.json"))
    clicks = _play_through_page(browser, s, tmp_path, 0, random.Random(1))
    assert clicks > 5, clicks
    print(f"ancients: {clicks} clicks, {s.session.version} decisions, end {s.session.game.winner}")
    _check_record(s)


# Every game of the registry, each Explorers & Pirates scenario apart: (arguments, seats).
_EVERY_GAME = [
    (dict(game="base"), 4),
    (dict(game="cities_and_knights"), 4),
    *[(dict(game="explorers_and_pirates", scenario=sc), 4) for sc in EP_SCENARIOS],
    (dict(game="ancients"), 2),
]


@pytest.mark.parametrize(
    "kw,seats", _EVERY_GAME, ids=[kw.get("scenario", kw["game"]) for kw, _ in _EVERY_GAME]
)
def test_every_game_is_drawn_and_played_on_its_board(served, browser, kw, seats, tmp_path):
    """Each game's board is its replay viewer's, with the moves on it; quit saves the record."""
    s = served(agents=",".join(["random"] * (seats - 1)), seed=11, **kw)
    page = _page(browser)
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    page.goto(f"{s.url}/seat/0")
    page.wait_for_selector("body[data-ready='1']")
    rng, clicks, on_board = random.Random(2), 0, 0
    end = time.monotonic() + 120
    while clicks < 12 and page.get_attribute("body", "data-done") != "1":
        assert time.monotonic() < end, f"{clicks} clicks in 120 s"
        page.wait_for_function(
            "document.body.dataset.done === '1' || (document.body.dataset.yourTurn === '1' &&"
            " document.querySelector('#buttons [data-action], .spot') !== null)"
        )
        on_board += page.evaluate("document.querySelectorAll('.spot').length") > 0
        clicks += _click_a_move(page, rng)
    # The board is the game's own viewer drawing (its pieces, marks on the last move).
    assert page.evaluate("document.querySelectorAll('#piece-layer *').length") > 20
    assert on_board, f"none of {clicks} moves was offered on the board"
    page.screenshot(path=str(tmp_path / "board.png"))
    _not_blank(tmp_path / "board.png")
    page.click("#quit")
    page.wait_for_function("document.body.dataset.done === '1'")
    assert not console, console
    assert not page.evaluate("window.catanErrors")
    page.close()
    # The board the page was sent, grown one step at a time, is the replay viewer's.
    record = load_record(s.session.saved)
    assert list(replay(record).actions) == list(s.session.game.actions)
    live = dict(s.session._board, summary=None)
    assert live == dict(viewer_data(record), summary=None, agents=live["agents"])


def test_quit_saves_a_record_that_replays(served):
    s = served(agents="random,random,random")
    token = s.post("/api/claim", {"seat": 0})[1]["token"]
    _until_human(s, 0)
    status, out = s.post("/api/quit", {"seat": 0, "token": token})
    assert status == 200
    record = load_record(out["record"])
    assert record["meta"]["quit_by"] == 0 and record["agents"][0] == "human"
    assert list(replay(record).actions) == list(s.session.game.actions)
    status, out = s.post(
        "/api/act", {"seat": 0, "token": token, "action": 0, "version": s.session.version}
    )
    assert status == 409 and "over" in out["error"]
    # After the end the seat is shown the seed.
    assert s.get(f"/api/view?seat=0&token={token}")[1]["seed"] == str(s.session.seed)


def test_the_command_serves_and_saves_on_sigterm(tmp_path):
    import re
    import signal
    import subprocess
    import sys

    path = tmp_path / "game.json"
    root = str(Path(__file__).resolve().parents[1])  # this tree's catan_env, not another
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "catan_env.cli", "play", "--no-browser", "--port", "0",
           "--agents", "random,random", "--humans", "0,2", "--seed", "9", "--delay", "0",
           "--record", str(path), "--json"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [proc.stderr.readline() for _ in range(3)]
        urls = [re.search(r"http://\S+", line).group(0) for line in lines[1:]]
        assert [u.rsplit("/", 1)[1] for u in urls] == ["0", "2"], lines
        base = urls[0].rsplit("/seat/", 1)[0]
        status, out = _http(base + "/api/claim", b'{"seat": 2}')
        assert status == 200 and out["token"]
        status, out = _http(base + "/api/claim", b'{"seat": 1}')
        assert status == 403
        start = json.loads(proc.stdout.readline())
        assert start["seats"] == {"0": urls[0], "2": urls[1]} and start["seed"] == 9
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    assert "record saved" in err, err
    assert json.loads(out)["record"] == str(path)
    assert replay(load_record(path)).seed == 9


def test_bad_arguments_get_one_line(capsys):
    from catan_env.cli import main

    assert main(["play", "--no-browser", "--humans", "0,7"]) == 2
    err = capsys.readouterr().err
    assert "human seats must be in 0..3" in err and err.count("\n") == 1
    assert main(["play", "--no-browser", "--humans", "zero"]) == 2
    assert "--humans takes seat numbers" in capsys.readouterr().err


def test_two_people_at_two_tabs(served, browser):
    s = served(humans="0,2", agents="random,random", seed=8)
    pages = {seat: browser.new_page() for seat in (0, 2)}
    for seat, page in pages.items():
        page.goto(f"{s.url}/seat/{seat}")
        page.wait_for_selector("body[data-ready='1']")
    rng, moved = random.Random(3), {0: 0, 2: 0}
    end = time.monotonic() + 30
    while min(moved.values()) < 8 and not s.session.game.done:
        assert time.monotonic() < end, moved
        seat = s.session.game.current_player
        if seat in pages:
            pages[seat].wait_for_function(
                "document.body.dataset.yourTurn === '1' || document.body.dataset.done === '1'"
            )
            moved[seat] += _click_a_move(pages[seat], rng)
        else:
            time.sleep(0.01)
    # Each tab follows the whole game: the other person's moves are in its log.
    version = s.session.version
    for seat, page in pages.items():
        page.wait_for_function(f"+document.body.dataset.version >= {version}")
        log = page.inner_text("#play-log")
        assert f"{s.session.seat_names[seat]} (you)" in log
        other = 2 - seat
        assert f"{s.session.seat_names[other]} (human)" in log
        assert not page.evaluate("window.catanErrors")
        page.close()
