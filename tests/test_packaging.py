"""The package as a user installs it: LICENSE, metadata, and a wheel that works in a fresh venv.

The wheel test builds the wheel from a copy of this tree, installs it (and its
dependencies, from the package index) into a new virtual environment outside the
tree for every Python 3.11-3.13 this machine has (on the PATH, or installed by
pyenv), and runs it there: ``catan-env --version`` and ``simulate``, the package
data (viewer, scenarios, shipped checkpoint) read through the installed package,
and the first steps of a Gymnasium and a PettingZoo game. It takes minutes per
Python (downloads, a cold numba compile), so it is marked slow; ``.ci/run`` runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import catan_env

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ("python3.11", "python3.12", "python3.13")


def test_license_is_the_mit_text_pyproject_names():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n\nCopyright (c) ")
    assert "Permission is hereby granted, free of charge, to any person obtaining a copy" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_version_is_declared_once():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["version"] == catan_env.__version__
    for py in PYTHONS:
        assert f"Programming Language :: Python :: {py[6:]}" in meta["classifiers"]


def interpreters() -> list[str]:
    """Each Python 3.11-3.13 this machine has: ``python3.X`` on the PATH if it runs (a pyenv
    shim of a version not selected does not), else one that pyenv installed."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    found = []
    for py in PYTHONS:
        on_path = shutil.which(py)
        candidates = [on_path] if on_path else []
        candidates += sorted(str(p) for p in pyenv.glob(f"{py[6:]}.*/bin/{py}"))
        runs = [c for c in candidates if subprocess.run([c, "-c", "pass"],
                                                        capture_output=True).returncode == 0]  # fmt: skip
        if runs:
            found.append(runs[0])
    return found or [sys.executable]


def _copy_tree(dest: Path) -> Path:
    """The project's files without build outputs, virtual environments or caches."""
    ignore = shutil.ignore_patterns(".git", ".venv*", "venv", "build", "dist", "*.egg-info",
                                    "__pycache__", ".pytest_cache", ".ruff_cache",
                                    ".hypothesis", "runs")  # fmt: skip
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = _copy_tree(tmp_path_factory.mktemp("src") / "catan_env")
    out = tmp_path_factory.mktemp("wheel")
    # With this environment's setuptools when it is recent enough (no download), else pip's
    # isolated build (which fetches pyproject's build requirements).
    try:
        from importlib.metadata import version

        local = int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        local = False
    isolation = ["--no-build-isolation"] if local else []
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", str(out),
         str(src)],
        check=True,
    )  # fmt: skip
    (path,) = out.glob("catan_env-*.whl")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("python", interpreters(), ids=os.path.basename)
def test_the_wheel_installs_in_a_fresh_venv_and_runs(wheel, python, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([python, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    subprocess.run([bin_dir / "pip", "install", "-q", str(wheel)], check=True)
    # Run away from this tree, so nothing is imported from it.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "numba")

    def run(*argv: str) -> str:
        done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run(str(bin_dir / "catan-env"), "--version").strip() == (
        f"catan-env {catan_env.__version__}"
    )
    result = json.loads(
        run(str(bin_dir / "catan-env"), "simulate", "--games", "2", "--threads", "1", "--json")
    )
    assert result["games"] == 2 and sum(result["wins"]) + result["truncated"] == 2
    data = run(
        str(bin_dir / "python"),
        "-c",
        "import json, catan_env, agents\n"
        "from importlib.resources import files\n"
        "from agents.policy_agent import load_policy\n"
        "from catan_env.games.ancients.scenario import available_scenarios\n"
        "pkg = files('catan_env')\n"
        "print(json.dumps({'file': catan_env.__file__,\n"
        "  'viewer': (pkg / 'static' / 'viewer.html').is_file(),\n"
        "  'ep': (pkg / 'games/catan/explorers_and_pirates/scenarios/land_ho.json').is_file(),\n"
        "  'ancients': available_scenarios(),\n"
        "  'policy': load_policy(files('agents') / 'checkpoints' / 'ppo_ck.npz').variant}))",
    )
    facts = json.loads(data)
    assert str(venv) in facts["file"] and facts["viewer"] and facts["ep"]
    assert "akragas" in facts["ancients"] and facts["policy"] == "cities_and_knights"
    # The two APIs on this Python: a Gymnasium episode's first steps and an AEC game's.
    steps = run(
        str(bin_dir / "python"),
        "-c",
        "import gymnasium, numpy as np, catan_env\n"
        "env = gymnasium.make('catan_env/Base-v0')\n"
        "obs, info = env.reset(seed=0)\n"
        "for _ in range(20):\n"
        "    obs, r, term, trunc, info = env.step(env.action_space.sample())\n"
        "aec = catan_env.env()\n"
        "aec.reset(seed=0)\n"
        "for _ in range(20):\n"
        "    obs, *_ = aec.last()\n"
        "    aec.step(int(np.flatnonzero(obs['action_mask'])[0]))\n"
        "print(len(aec.unwrapped.game.actions))",
    )
    assert int(steps) == 20
