"""``catan-env`` record commands: simulate --record, replay, render; help and one-line errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image

from catan_env.cli import build_parser, main
from catan_env.replay import load_record, replay
from catan_env.simulate import game_seeds


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """Two C&K games recorded by ``simulate --record`` (jitted kernel)."""
    folder = tmp_path_factory.mktemp("games")
    argv = ["simulate", "-q", "--games", "3", "--record-games", "2", "--threads", "1",
            "--variant", "cities_and_knights", "--agents", "heuristic,random,weighted,random",
            "--record", str(folder), "--json"]  # fmt: skip
    assert main(argv) == 0
    return folder


def test_simulate_record_writes_replayable_records(recorded, capsys):
    files = sorted(recorded.glob("*.json"))
    assert [f.name for f in files] == ["game_00000.json", "game_00001.json"]
    record = load_record(files[1])
    assert record["agents"] == ["heuristic", "random", "weighted", "random"]
    assert record["seed"] == int(game_seeds(0, 2)[1])
    assert replay(record).done
    assert main(["replay", str(files[0])]) == 0
    out = capsys.readouterr().out
    assert "verified: replays to the recorded end" in out and "heuristic" in out


def test_replay_json_and_html(recorded, tmp_path, capsys):
    page = tmp_path / "g.html"
    assert main(["replay", str(recorded / "game_00000.json"), "--html", str(page), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["verified"] and info["winner"] is not None and info["html"] == str(page)
    assert page.stat().st_size == info["html_bytes"] > 10_000


def test_render_png_text_and_gif(recorded, tmp_path, capsys):
    game = str(recorded / "game_00000.json")
    png, gif = tmp_path / "b.png", tmp_path / "g.gif"
    assert main(["render", game, "--step", "200", "-o", str(png)]) == 0
    assert "wrote" in capsys.readouterr().out
    img = Image.open(png)
    assert img.size == (1000, 660) and len(np.unique(np.asarray(img).reshape(-1, 3), axis=0)) > 30
    assert main(["render", game, "--step", "-1"]) == 0  # no output file: the text board
    assert "winner: seat" in capsys.readouterr().out
    argv = ["render", game, "--gif", str(gif), "--every", "100", "--scale", "0.3", "--json"]
    assert main(argv) == 0
    info = json.loads(capsys.readouterr().out)
    frames = Image.open(gif)
    assert frames.n_frames == info["frames"] > 3 and frames.size == (300, 198)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["replay", "missing.json"], "No such file or directory: missing.json"),
        (["render", "missing.json", "-o", "x.png"], "No such file or directory"),
        (["render", "{game}", "--step", "99999"], "outside the record"),
        # The value given, not the one counted back from the end (it said "step -99348").
        (["render", "{game}", "--step", "-99999"], "--step -99999 is outside the record: it has"),
        (["render", "{game}", "--gif", "x.gif", "--every", "often"], "--every takes 'turn'"),
        (["render", "{game}", "--scale", "0"], "--scale must be between"),
        (["replay", "{bad}"], "not a readable game record"),
        (["replay", "{old}"], "written by catan_env 0.0.1"),
        (["simulate", "--games", "1", "--record-games", "-1", "--record", "{dir}"], "at least 0"),
        (["render", "{game}", "--step", "x"], "invalid int value: 'x'"),
        (["replay"], "the following arguments are required: file"),
        (["simulate", "--gamez", "3"], "unrecognized arguments: --gamez"),
    ],
)
def test_bad_arguments_get_one_line(recorded, tmp_path, capsys, argv, message):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "catan_env/rec')
    old = load_record(recorded / "game_00000.json")
    old["engine_version"] = "0.0.1"
    (tmp_path / "old.json").write_text(json.dumps(old))
    names = {"game": recorded / "game_00000.json", "bad": bad, "old": tmp_path / "old.json",
             "dir": tmp_path / "d"}  # fmt: skip
    argv = [a.format(**{k: str(v) for k, v in names.items()}) for a in argv]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err, err
    assert err.startswith("catan-env")


def test_help_lists_every_command_with_examples_and_json():
    parser = build_parser()
    text = parser.format_help()
    commands = parser._subparsers._group_actions[0].choices
    assert set(commands) >= {"simulate", "tournament", "replay", "render", "info"}
    for name, sub in commands.items():
        assert name in text and f"catan-env {name}" in text  # an example of each
        if name != "train":  # train hands every flag to the trainer (train/train_ppo.py)
            assert "--json" in sub.format_help(), name
