"""Ancients through the record and picture APIs: ``simulate --game ancients --record``,
``catan-env replay`` / ``render`` on Ancients records, the Pillow picture and
``render_mode="rgb_array"``."""

from __future__ import annotations

import contextlib
import gzip
import io
import json

import numpy as np
import pytest
from ancients_helpers import H, make, play_out
from PIL import Image

from catan_env.cli import main
from catan_env.games import ancients
from catan_env.games.ancients import Game
from catan_env.games.ancients.agents import AGENT_NAMES
from catan_env.games.ancients.batch import game_seeds
from catan_env.games.ancients.record import MAX_DECISIONS, record_jitted_game
from catan_env.games.ancients.render_image import HEIGHT, SIDE_RGB, WIDTH, draw, hex_centre
from catan_env.games.ancients.scenario import load_scenario
from catan_env.games.ancients.setup import check_options, new_state
from catan_env.replay import (
    RecordError,
    RecordVersionError,
    ReplayMismatchError,
    load_record,
    replay,
    save_record,
    state_digest,
)

AGENTS = ["heuristic", "random"]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """Three Akragas games recorded by ``simulate --game ancients --record`` (kernel)."""
    folder = tmp_path_factory.mktemp("ancients_games")
    argv = ["simulate", "--game", "ancients", "-q", "--games", "4", "--record-games", "3",
            "--threads", "1", "--seed", "2", "--agents", ",".join(AGENTS),
            "--record", str(folder), "--json"]  # fmt: skip
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    assert json.loads(out.getvalue())["records"]["games"] == 3
    return folder


def test_simulate_record_writes_the_kernels_games(recorded):
    """Each record is the game the batch played: replaying it reaches the very
    state the kernel reached for that game's seeds."""
    files = sorted(recorded.glob("*.json"))
    assert [f.name for f in files] == [f"game_0000{i}.json" for i in range(3)]
    sc, opts = load_scenario("akragas"), check_options({})
    gseeds, aseeds = game_seeds(2, 4)
    states = np.stack([new_state(sc, int(s), opts) for s in gseeds])
    kinds = np.array([AGENT_NAMES.index(a) for a in AGENTS], np.int64)
    play_out(states, kinds, aseeds, MAX_DECISIONS)
    for i, f in enumerate(files):
        record = load_record(f)
        assert record["game"] == "ancients" and record["agents"] == AGENTS
        assert record["seed"] == int(gseeds[i]) and record["scenario"]["id"] == "akragas"
        game = replay(record)
        assert game.done and np.array_equal(game.state, states[i])
        assert record["result"]["state_sha256"] == state_digest(states[i])


def test_record_round_trip_through_the_game_and_gzip(tmp_path):
    rng = np.random.default_rng(0)
    g = Game("akragas", seed=9)
    for _ in range(150):
        g.step(int(rng.choice(g.legal_actions())))
    record = json.loads(json.dumps(g.record(agents=["me", "you"])))
    assert record["format"] == "catan_env/record" and not record["result"]["done"]
    assert np.array_equal(Game.from_record(record).state, g.state)
    path = save_record(record, tmp_path / "g.json.gz")
    assert gzip.decompress(path.read_bytes())[:1] == b"{"
    assert np.array_equal(replay(load_record(path)).state, g.state)


def test_replay_command_prints_a_verified_summary(recorded, capsys):
    assert main(["replay", str(recorded / "game_00000.json")]) == 0
    out = capsys.readouterr().out
    assert "Ancients, Akragas" in out and "heuristic" in out and "syracusan" in out
    assert "verified: replays to the recorded end" in out
    assert main(["replay", str(recorded / "game_00001.json"), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "ancients" and info["verified"] and info["finished"]
    assert info["banners"][info["winner"]] == info["banners_to_win"]


def test_replay_html_writes_the_ancients_viewer(recorded, tmp_path, capsys):
    page = tmp_path / "a.html"
    assert main(["replay", str(recorded / "game_00002.json"), "--html", str(page), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["html"] == str(page) and page.stat().st_size == info["html_bytes"] > 10_000
    assert "Command &amp; Colors: Ancients" in page.read_text()


def _bad(tmp_path, record, edit) -> str:
    record = json.loads(json.dumps(record))
    edit(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_bad_ancients_records_get_one_clear_line(recorded, tmp_path, capsys):
    record = load_record(recorded / "game_00000.json")

    def wrong_action(r):
        r["actions"][5] = 3 if r["actions"][5] != 3 else 4
        r.pop("action_names")

    def wrong_end(r):
        r["result"]["banners"] = [0, 5]

    def wrong_start(r):
        r["start_sha256"] = "0" * 64

    def old_engine(r):
        r["engine_version"] = "0.0.1"

    def no_scenario(r):
        r.pop("scenario")

    def bad_scenario(r):
        r["scenario"]["units"][0]["type"] = "XX"

    cases = [
        (wrong_action, "record action #5"),
        (wrong_end, "another end than recorded: banners"),
        (wrong_start, "another start"),
        (old_engine, "written by catan_env 0.0.1"),
        (no_scenario, "missing 'scenario'"),
        (bad_scenario, "record scenario: units[0]"),
    ]
    for edit, words in cases:
        assert main(["replay", _bad(tmp_path, record, edit)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, (edit.__name__, err)
    with pytest.raises(ReplayMismatchError):
        replay(json.loads(open(_bad(tmp_path, record, wrong_end)).read()))
    with pytest.raises(RecordVersionError):
        load_record(_bad(tmp_path, record, old_engine))
    with pytest.raises(RecordError, match="not an ancients"):
        Game.from_record({"format": "catan_env/record", "variant": "base"})
    (tmp_path / "junk.json").write_text("{not json")
    assert main(["replay", str(tmp_path / "junk.json")]) == 2
    assert "not a readable game record" in capsys.readouterr().err


def test_render_command_text_png_and_gif(recorded, tmp_path, capsys):
    game = str(recorded / "game_00001.json")
    png, gif = tmp_path / "b.png", tmp_path / "g.gif"
    assert main(["render", game, "--step", "60", "-o", str(png)]) == 0
    assert "wrote" in capsys.readouterr().out
    img = Image.open(png)
    assert img.size == (WIDTH, HEIGHT)
    assert main(["render", game, "--step", "-1"]) == 0
    out = capsys.readouterr().out
    assert "syracusan (bottom, upper case)" in out
    assert main(["render", game, "--gif", str(gif), "--scale", "0.3", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    frames = Image.open(gif)
    assert frames.n_frames == info["frames"] > 10
    assert frames.size == (round(WIDTH * 0.3), round(HEIGHT * 0.3))
    assert main(["render", game, "--step", "99999"]) == 2
    assert "outside the record" in capsys.readouterr().err


def test_kernel_record_equals_the_batch_for_a_tournament_seed():
    """record_jitted_game takes any (game seed, agent seed) the kernel uses."""
    sc, opts = load_scenario("akragas"), check_options({})
    s = new_state(sc, 77, opts)[None, :].copy()
    kinds = np.array([0, 1], np.int64)
    play_out(s, kinds, np.array([123456789], np.int64))
    g = record_jitted_game(sc, opts, kinds, 77, 123456789)
    assert g.done and np.array_equal(g.state, s[0])


# --- pictures ---------------------------------------------------------------------------


BLOCK_EDGE = 17  # inside a unit block, left of its label


def _pixel(img, h: int, dx: int = -BLOCK_EDGE) -> tuple[int, int, int]:
    x, y = hex_centre(h)
    return tuple(img.getpixel((x + dx, y)))


def test_picture_size_determinism_and_units_where_they_stand():
    g = make([("bottom", "HI", 6, 3), ("top", "LC", 2, 5, 2)], leaders=[("top", 1, 1)],
             terrain=[("forest", 4, 1), ("river", 4, 2), ("town", 4, 3)])  # fmt: skip
    img = draw(g)
    assert img.size == (WIDTH, HEIGHT) and img.mode == "RGB"
    assert img.tobytes() == draw(g).tobytes()  # deterministic
    assert _pixel(img, H(6, 3)) == SIDE_RGB[0]
    assert _pixel(img, H(2, 5)) == SIDE_RGB[1]
    assert _pixel(img, H(5, 5)) not in SIDE_RGB  # an empty hex
    forest, river = _pixel(img, H(4, 1), 0), _pixel(img, H(4, 2), 0)
    assert forest != river and forest not in SIDE_RGB
    rgb = g.render("rgb_array")
    assert rgb.shape == (HEIGHT, WIDTH, 3) and rgb.dtype == np.uint8
    assert np.array_equal(rgb, np.asarray(img))


def test_picture_follows_the_game():
    """After a move the unit is drawn at its new hex and the pictures differ."""
    g = Game("akragas", seed=4)
    rng = np.random.default_rng(4)
    before = g.render("rgb_array")
    start = {u["hex"]: u["side"] for u in g.units()}
    for _ in range(80):
        g.step(int(rng.choice(g.legal_actions())))
    after = g.render("rgb_array")
    assert not np.array_equal(before, after)
    img = draw(g)
    from catan_env.games.ancients.board import hex_label

    for u in g.units():
        h = next(k for k in range(113) if hex_label(k) == u["hex"])
        assert _pixel(img, h) == SIDE_RGB[u["side"]], u
    moved = {u["hex"] for u in g.units()} - set(start)
    assert moved  # some unit stands where none stood at the start


def test_aec_env_rgb_array():
    env = ancients.env(scenario="akragas", render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert frame.shape == (HEIGHT, WIDTH, 3)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert not np.array_equal(frame, env.render())
    record = env.unwrapped.record(agents=["a", "b"])
    assert np.array_equal(replay(record).state, env.unwrapped.game.state)
    with pytest.raises(ValueError, match="render_mode"):
        ancients.env(render_mode="svg")
