"""The per-game kernels modules: fresh, each over its own rules, and cached by numba."""

import os
import subprocess
import sys

from catan_env.core import registry
from catan_env.core.kernels import generate, instantiate


def test_generated_kernels_are_fresh(tmp_path):
    """A registry change without ``python -m catan_env.core.kernels.generate`` fails here."""
    assert generate.stale() == [], "run: python -m catan_env.core.kernels.generate"
    generate.write(tmp_path)
    for name in registry.names():
        committed = generate.path_of(name).read_text()
        assert generate.path_of(name, tmp_path).read_text() == committed


def test_stale_file_is_reported(tmp_path):
    generate.write(tmp_path)
    victim = generate.path_of("ancients", tmp_path)
    victim.write_text(victim.read_text() + "\n# an edit by hand\n")
    assert generate.stale(tmp_path) == ["ancients"]
    victim.unlink()
    assert generate.stale(tmp_path) == ["ancients"]


def test_each_game_compiles_the_template_over_its_own_rules():
    template = instantiate.TEMPLATE.read_text()
    for name in registry.names():
        source = instantiate.render(registry.rules_module(name))
        assert f"import {registry.rules_module(name)} as R\n" in source
        assert "catan_env.core import contract" not in source
        assert source.count("\n") == template.count("\n")  # tracebacks keep the template's lines
        module = registry.kernels(name)
        assert module.play_games.py_func.__code__.co_filename == module.__file__
        assert module.R.__name__ == registry.rules_module(name)


_PROBE = """
import numpy as np
from catan_env.core import registry
K = registry.kernels("base")
K.batch_current_players(np.zeros((2, registry.get("base").state_size), np.int32),
                        np.zeros(2, np.int32))
print(sum(K.batch_current_players.stats.cache_hits.values()))
"""


def test_a_second_process_loads_the_kernels_from_numbas_cache(tmp_path):
    """The technique numba can cache: a fresh process compiles, the next one loads."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True
        ).stdout.split()[-1]  # fmt: skip
        for _ in range(2)
    ]
    assert runs == ["0", "1"]
