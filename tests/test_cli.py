"""``catan-env``'s commands as a new user meets them: help, version, info, simulate's flags,
and one-line errors that name the flag and the value (the record commands are in
test_cli_records.py, tournaments in test_tournament.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numba
import numpy as np
import pytest

import catan_env
from catan_env import cli
from catan_env.cli import main
from catan_env.core import registry
from catan_env.core.notice import COMPILING

README = Path(__file__).resolve().parent.parent / "README.md"


def _run(argv, capsys) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own exits (--help, --version, its errors)
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_line_error(argv, capsys) -> str:
    code, _, err = _run(argv, capsys)
    err = err.strip()
    assert code == 2 and "\n" not in err and "Traceback" not in err, err
    assert err.startswith("catan-env"), err
    return err


# --- packaging: version and help ---------------------------------------------------------


def test_version(capsys):
    code, out, _ = _run(["--version"], capsys)
    assert code == 0 and out.strip() == f"catan-env {catan_env.__version__}"


def test_help_lists_games_variants_scenarios_and_agents(capsys):
    """--help says what --game, --variant, --scenario and --agents take, from the registry."""
    for argv in (["--help"], ["simulate", "--help"], ["tournament", "--help"]):
        code, out, _ = _run(argv, capsys)
        assert code == 0
        for fam in registry.families():
            line = next(x for x in out.splitlines() if x.startswith(f"  {fam} "))
            for game in registry.members(fam):
                assert game in line or fam == game, (fam, line)
        assert "land_ho, pirate_lairs" in out and "akragas, example_special_rules" in out
        agents = re.search(r"^  catan +(.*)$", out.split("agents (--agents):")[1], re.M)
        assert agents.group(1) == (
            "catanatron:{alphabeta,value,weighted,random}, heuristic, learned[:PATH], "
            "learned-search[:SECONDS], mcts[:SECONDS], ppo:PATH, random, value-search[:SECONDS], "
            "weighted"
        )
        assert re.search(r"^  ancients +random, heuristic$", out, re.M)


# --- info --------------------------------------------------------------------------------


def test_info_lists_every_game_with_its_sizes(capsys):
    code, out, _ = _run(["info", "--json"], capsys)
    info = json.loads(out)
    assert code == 0 and list(info["variants"]) == list(registry.names())
    for name, figures in info["variants"].items():
        spec = registry.get(name)
        assert figures["state_bytes"] == 4 * spec.state_size
        assert (figures["num_actions"], figures["observation_size"]) == (
            spec.num_actions,
            spec.obs_size,
        )


@pytest.mark.parametrize(
    "argv, names",
    [
        (["--game", "ancients"], ["ancients"]),
        (["--game", "catan"], ["base", "cities_and_knights", "explorers_and_pirates"]),
        (["--variant", "cities_and_knights"], ["cities_and_knights"]),
        (["--game", "catan", "--variant", "explorers_and_pirates"], ["explorers_and_pirates"]),
    ],
)
def test_info_of_one_game(argv, names, capsys):
    code, out, _ = _run(["info", *argv, "--json"], capsys)
    assert code == 0 and list(json.loads(out)["variants"]) == names
    code, out, _ = _run(["info", *argv], capsys)
    assert code == 0 and [n for n in names if f"\n{n}\n" in out] == names


def test_readme_state_sizes_are_those_of_info(capsys):
    """The README's table of variants shows the sizes ``catan-env info`` prints."""
    info = json.loads(_run(["info", "--json"], capsys)[1])["variants"]
    rows = re.findall(
        r'^\| `"(\w+)"` \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) B \|', README.read_text(), re.M
    )
    assert {name for name, *_ in rows} == {"base", "cities_and_knights", "explorers_and_pirates"}
    for name, actions, obs, state in rows:
        figures = info[name]
        shown = tuple(int(x.replace(",", "")) for x in (actions, obs, state))
        assert shown == (
            figures["num_actions"],
            figures["observation_size"],
            figures["state_bytes"],
        )


# --- simulate ----------------------------------------------------------------------------


def _records(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("game_*.json"))


def test_record_refuses_a_folder_that_holds_files_unless_overwrite(tmp_path, capsys):
    """Two runs' records never mix silently: a non-empty --record folder is refused;
    --overwrite deletes the old records first (and keeps other files)."""
    folder = tmp_path / "games"
    argv = ["simulate", "-q", "--games", "3", "--threads", "1", "--record", str(folder)]
    assert _run(argv, capsys)[0] == 0
    assert _records(folder) == ["game_00000.json", "game_00001.json", "game_00002.json"]
    err = _one_line_error([*argv[:3], "2", *argv[4:]], capsys)
    assert f"--record {folder}: the folder is not empty (3 entries, e.g. game_00000.json)" in err
    assert "--overwrite" in err and len(_records(folder)) == 3
    (folder / "notes.txt").write_text("mine")
    assert "unknown agent 'nobody'" in _one_line_error(
        [*argv, "--overwrite", "--agents", "nobody"], capsys
    )
    assert len(_records(folder)) == 3  # a run that fails before writing deletes nothing
    assert _run([*argv[:3], "2", *argv[4:], "--overwrite"], capsys)[0] == 0
    assert _records(folder) == ["game_00000.json", "game_00001.json"]
    assert (folder / "notes.txt").read_text() == "mine"
    (tmp_path / "file").write_text("")
    err = _one_line_error([*argv[:-1], str(tmp_path / "file")], capsys)
    assert "not a folder" in err


def test_simulate_names_long_agents_in_full(capsys):
    code, out, _ = _run(
        ["simulate", "-q", "--games", "2", "--threads", "1", "--agents", "mcts:0.01,random",
         "--players", "2", "-o", "max_turns=2"],
        capsys,
    )  # fmt: skip
    assert code == 0
    row = next(x for x in out.splitlines() if x.startswith("0 "))
    assert row.split()[1] == "mcts:0.01"


# --- refused, never ignored ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "--game", "ancients", "--players", "4"],
         "--players 4: ancients has two sides: num_players must be 2, got 4"),
        (["tournament", "--game", "ancients", "--agents", "random,heuristic", "--players", "4"],
         "--players 4: ancients has two sides"),
        (["simulate", "--game", "ancients", "--variant", "cities_and_knights"],
         "unknown ancients variant 'cities_and_knights'; ancients has no variants"),
        (["simulate", "--record-games", "3"], "--record-games needs --record DIR"),
        (["simulate", "--overwrite"], "--overwrite needs --record DIR"),
        (["simulate", "--variant", "ck"], "unknown catan variant 'ck'; variants are base, "
                                          "cities_and_knights, explorers_and_pirates"),
        (["simulate", "--players", "5"], "--players 5: "),
        (["simulate", "--scenario", "atlantis", "--variant", "explorers_and_pirates"],
         "--scenario atlantis: "),
    ],
)  # fmt: skip
def test_what_does_not_apply_is_refused(argv, message, capsys):
    assert message in _one_line_error(argv, capsys)


def test_train_ppo_takes_the_variant_names_catan_env_takes():
    """``--variant ck`` used to train while ``catan-env`` refused it: one spelling everywhere."""
    from train.train_ppo import VARIANTS, build_parser

    assert set(VARIANTS) <= set(registry.GAMES)  # the registry's names, no aliases
    assert build_parser().parse_args(["--variant", "cities_and_knights"]).variant == (
        "cities_and_knights"
    )
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--variant", "ck"])


# --- errors name the flag and the value ----------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize(
    "argv, message",
    [
        (["--seed", "-1"], "--seed must be an integer in 0..2147483647, got -1"),
        (["--seed", str(2**31)], f"--seed must be an integer in 0..2147483647, got {2**31}"),
        (["--games", "0"], "--games must be at least 1, got 0"),
        (["--threads", "0"], "--threads 0: numba runs 1.."),
        (["--players", "0"], "--players must be at least 1, got 0"),
    ],
)
def test_run_flags_are_named_with_their_values(command, argv, message, capsys):
    agents = ["--agents", "random,random,random,random"] if command == "tournament" else []
    assert message in _one_line_error([command, "-q", *agents, *argv], capsys)


def test_too_many_threads_names_numba_num_threads(monkeypatch, capsys):
    """Under NUMBA_NUM_THREADS=1 numba's own words were 'between 1 and 1'."""
    most = numba.config.NUMBA_NUM_THREADS
    monkeypatch.setenv("NUMBA_NUM_THREADS", str(most))
    err = _one_line_error(["simulate", "-q", "--threads", str(most + 1)], capsys)
    assert err == (
        f"catan-env: error: --threads {most + 1}: numba runs 1..{most} threads here "
        f"(NUMBA_NUM_THREADS={most} in the environment)"
    )


# --- compiling is never silent ---------------------------------------------------------------


def test_a_command_that_compiles_says_so(monkeypatch, capsys):
    """Whether a run compiles is numba's answer, not a guess from the cache's files (a warm
    cache for another checkout path compiles again)."""

    def compiles(args):
        numba.njit(lambda x: x + 1)(np.int64(1))  # never compiled before: compiles now
        return 0

    monkeypatch.setattr(cli, "_cmd_info", compiles)
    code, _, err = _run(["info"], capsys)
    assert code == 0 and err == COMPILING + "\n"


def test_quiet_commands_stay_quiet(monkeypatch, capsys):
    monkeypatch.setattr(cli, "_cmd_simulate", lambda args: numba.njit(lambda x: x)(1) and 0)
    assert _run(["simulate", "-q"], capsys) == (0, "", "")


def test_compile_fills_the_cache_one_process_per_game(capsys):
    """catan-env compile: each game asked for is compiled (or loaded) in its own
    process; --json gives the seconds per game, the text form a line per game."""
    assert main(["compile", "--game", "ancients", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["seconds"]) == ["ancients"] and out["seconds"]["ancients"] > 0
    assert main(["compile", "--variant", "base", "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "compiling base (1 at a time)" in err
    assert re.search(r"^  base: \d+\.\d s$", err, re.M)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--jobs", "0"], "--jobs must be at least 1, got 0"),
        (["--variant", "nope"], "unknown game 'nope'"),
        (["--game", "catan", "--variant", "ancients"], "unknown catan variant 'ancients'"),
    ],
)
def test_compile_refuses_bad_arguments(argv, message, capsys):
    assert main(["compile", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"catan-env: error: {message}" or message in err
    assert len(err.splitlines()) == 1


def test_warm_many_checks_its_arguments():
    from catan_env.warmup import warm_many

    with pytest.raises(ValueError, match="jobs must be a positive integer, got 0"):
        warm_many(["base"], jobs=0)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        warm_many(["chess"])


def test_warm_many_says_what_is_still_compiling(monkeypatch):
    import io

    from catan_env import warmup

    monkeypatch.setattr(warmup, "_EVERY", 0.0)
    out = io.StringIO()
    seconds = warmup.warm_many(["ancients"], jobs=1, stream=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "compiling ancients (1 at a time)..."
    assert any(line.startswith("  ... still compiling ancients (") for line in lines[1:-1])
    assert lines[-1] == f"  ancients: {seconds['ancients']:.1f} s"


def test_warm_many_names_the_game_whose_process_failed(monkeypatch):
    import shutil
    import sys

    from catan_env import warmup

    monkeypatch.setattr(sys, "executable", shutil.which("false"))
    with pytest.raises(RuntimeError, match=r"^compiling ancients failed: exit code 1$"):
        warmup.warm_many(["ancients"], jobs=1, stream=None)
