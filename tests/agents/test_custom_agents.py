"""Your own agent by name: ``module:Class`` or ``path/to/file.py:Class``, wherever agents are named.

The CLI (``--agents``), ``make_agent``, tournaments, the Gymnasium env's
``opponents=`` and Ancients' agents all take it; anything that is not an agent
is refused with one line naming the spec and the reason.
"""

from __future__ import annotations

import json
import sys

import pytest

from agents import make_agent
from catan_env.agent_spec import is_custom_spec, load_custom_agent
from catan_env.cli import main

AGENTS_PY = '''
import numpy as np


class UniformAgent:
    """A uniformly random legal action, from its own generator."""

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self.seed = seed

    def act(self, game):
        return int(self.rng.choice(game.legal_actions()))


class NamedAgent(UniformAgent):
    name = "mine"


class Slotted:
    __slots__ = ("rng",)

    def __init__(self):
        self.rng = np.random.default_rng(0)

    def act(self, game):
        return int(self.rng.choice(game.legal_actions()))


def factory(seed=None):
    return UniformAgent(seed)


INSTANCE = UniformAgent(5)


class NoAct:
    pass


class Broken:
    def __init__(self, seed=None):
        raise RuntimeError("no model here")

    def act(self, game):
        return 0


NOT_CALLABLE = 3
'''


@pytest.fixture
def agents_file(tmp_path):
    path = tmp_path / "my_agents.py"
    path.write_text(AGENTS_PY)
    return path


def test_spec_shape():
    assert is_custom_spec("my_agents:UniformAgent")
    assert is_custom_spec("pkg.mod:Agent")
    assert is_custom_spec("dir/my_agents.py:Outer.Inner")
    assert not is_custom_spec("random")
    assert not is_custom_spec(":Agent")
    assert not is_custom_spec("mod:")
    assert not is_custom_spec("mod:not-a-name")


def test_make_agent_loads_a_file_and_passes_the_seed(agents_file):
    a = make_agent(f"{agents_file}:UniformAgent", seed=7)
    assert type(a).__name__ == "UniformAgent" and a.seed == 7
    assert a.name == f"{agents_file}:UniformAgent"  # given the spec: it had no name
    assert a.kernel_kind is None  # played by the Python loop
    assert make_agent(f"{agents_file}:NamedAgent").name == "mine"  # its own name is kept


def test_module_in_the_current_directory(agents_file, monkeypatch):
    monkeypatch.chdir(agents_file.parent)
    monkeypatch.delitem(sys.modules, "my_agents", raising=False)
    a = make_agent("my_agents:UniformAgent", seed=1)
    assert type(a).__name__ == "UniformAgent"
    assert str(agents_file.parent) not in sys.path  # the search path is left as it was


def test_factories_instances_and_slotted_classes(agents_file):
    assert make_agent(f"{agents_file}:factory", seed=3).seed == 3
    inst = make_agent(f"{agents_file}:INSTANCE")
    assert inst.seed == 5 and inst.kernel_kind is None
    slotted = make_agent(f"{agents_file}:Slotted")
    assert slotted.name == f"{agents_file}:Slotted" and slotted.kernel_kind is None


@pytest.mark.parametrize(
    "attr, message",
    [
        ("Missing", "has no attribute 'Missing'"),
        ("NoAct", "NoAct is not an agent: it needs an act\\(game\\) method"),
        ("NOT_CALLABLE", "NOT_CALLABLE is not an agent"),
        ("Broken", r"Broken\(seed=None\) failed: RuntimeError: no model here"),
    ],
)
def test_what_is_not_an_agent_is_refused_in_one_line(agents_file, attr, message):
    with pytest.raises(ValueError, match=message) as info:
        make_agent(f"{agents_file}:{attr}")
    assert "\n" not in str(info.value) and str(agents_file) in str(info.value)


def test_missing_files_modules_and_failing_imports(tmp_path):
    with pytest.raises(ValueError, match="no such file"):
        make_agent(f"{tmp_path / 'nope.py'}:Agent")
    with pytest.raises(ValueError, match="no module named 'no_such_module_here'"):
        make_agent("no_such_module_here:Agent")
    bad = tmp_path / "bad_agents.py"
    bad.write_text("import no_such_dependency_xyz\n")
    with pytest.raises(ValueError, match="importing .*bad_agents.py failed: ModuleNotFoundError"):
        make_agent(f"{bad}:Agent")
    syntax = tmp_path / "syntax_agents.py"
    syntax.write_text("def (:\n")
    with pytest.raises(ValueError, match="SyntaxError"):
        load_custom_agent(f"{syntax}:Agent")
    with pytest.raises(ValueError, match="unknown agent 'nobody'.*module:Class"):
        make_agent("nobody")


def test_cli_simulate_and_tournament_with_your_agent(agents_file, capsys):
    spec = f"{agents_file}:UniformAgent"
    assert main(["simulate", "--games", "2", "--agents", f"{spec},random,random,random",
                 "--json", "--quiet"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["agents"][0] == spec and out["engine"] == "python loop"
    assert sum(out["wins"]) + out["truncated"] == 2
    assert main(["tournament", "--games", "4", "--agents", f"{spec},random,random,random",
                 "--json", "--quiet"]) == 0  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert spec in json.dumps(result)


def test_cli_dataset_with_your_agent_keeps_the_games_simulate_played(agents_file, tmp_path, capsys):
    # Python-loop agents with generators of their own: the dataset's games are simulate's.
    from catan_env.dataset import load

    spec = f"{agents_file}:UniformAgent"
    assert main(["simulate", "--games", "2", "--agents", f"{spec},heuristic,{spec},heuristic",
                 "--dataset", str(tmp_path / "ds"), "--json", "--quiet"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    ds = load(tmp_path / "ds")
    assert ds.meta["engine"] == "python loop"
    winners = [int(e["winner"]) for e in ds.episodes()]
    assert [winners.count(p) for p in range(4)] == out["wins"]
    assert len(ds) == round(out["mean_decisions"] * 2)


def test_cli_refuses_a_bad_agent_in_one_line(agents_file, capsys):
    assert main(["simulate", "--games", "1", "--agents", f"{agents_file}:NoAct", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "NoAct is not an agent" in err


def test_gym_opponents_take_your_agent(agents_file):
    from catan_env.gym_env import CatanEnv

    env = CatanEnv(opponents=f"{agents_file}:UniformAgent", seat=0)
    obs, info = env.reset(seed=0)
    assert all(type(a).__name__ == "UniformAgent" for a in env.agents[1:])
    for _ in range(200):
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        if terminated or truncated:
            break
    with pytest.raises(ValueError, match="NoAct is not an agent"):
        CatanEnv(opponents=f"{agents_file}:NoAct")


def test_ancients_takes_your_agent(agents_file):
    from catan_env import hooks
    from catan_env.core import registry
    from catan_env.simulate import simulate

    spec = hooks.get(registry.resolve("ancients", None))
    mine = spec.batch.make_agent(f"{agents_file}:UniformAgent", 1)
    assert type(mine).__name__ == "UniformAgent"
    result = simulate(1, [mine, spec.batch.make_agent("random", 2)], spec.configure(),
                      progress=False)  # fmt: skip
    assert result.engine == "python loop" and result.games == 1
    with pytest.raises(ValueError, match="unknown agent 'nobody' for ancients.*module:Class"):
        spec.batch.make_agent("nobody", 0)
