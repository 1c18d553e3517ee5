"""The committed kernels modules are exactly what the template generates."""

from catan_env.core import registry
from catan_env.core.kernels import generate


def test_generated_kernels_are_fresh(tmp_path):
    """A template edit without ``python -m catan_env.core.kernels.generate`` fails here."""
    assert generate.stale() == [], "run: python -m catan_env.core.kernels.generate"
    generate.write(tmp_path)
    for name in registry.names():
        committed = generate.path_of(name).read_text()
        assert (tmp_path / generate.path_of(name).name).read_text() == committed


def test_stale_file_is_reported(tmp_path):
    generate.write(tmp_path)
    victim = tmp_path / generate.path_of("ancients").name
    victim.write_text(victim.read_text() + "\n# an edit by hand\n")
    assert generate.stale(tmp_path) == ["ancients"]
    victim.unlink()
    assert generate.stale(tmp_path) == ["ancients"]


def test_each_generated_module_imports_its_own_rules():
    for name in registry.names():
        text = generate.render(name)
        assert f"import {registry.rules_module(name)} as R\n" in text
        assert "catan_env.core import contract" not in text
        assert text.count("import ") == generate.TEMPLATE.read_text().count("import ")
