"""The numba cache key covers every source jitted code can depend on."""

from pathlib import Path

from catan_env.engine._cache import _PACKAGE, _feeds_jitted_code, source_hash


def _keyed(name: str) -> bool:
    path = _PACKAGE / name
    return _feeds_jitted_code(Path(name), path.read_bytes())


def test_jitted_sources_are_keyed_and_python_layers_are_not():
    assert _keyed("engine/layout.py") and _keyed("engine/ck/roll.py")
    assert _keyed("board/standard.py") and _keyed("constants.py")
    assert _keyed("observe.py") and _keyed("observe_ck.py")  # jitted outside engine/
    assert not _keyed("game.py") and not _keyed("aec_env.py") and not _keyed("cli.py")


def test_ancients_engine_is_keyed_and_its_python_layers_are_not():
    """The second game's jitted engine is in the cache key, its façade is not."""
    assert _keyed("ancients/engine/layout.py") and _keyed("ancients/engine/units.py")
    assert _keyed("ancients/engine/phases.py")
    assert not _keyed("ancients/scenario.py")


def test_every_module_imported_by_jitted_code_is_keyed():
    """A jitted module's package imports must all be keyed, or a changed constant
    there would leave stale machine code in the cache."""
    import ast

    for path in sorted(_PACKAGE.rglob("*.py")):
        rel = path.relative_to(_PACKAGE)
        text = path.read_bytes()
        if b"njit" not in text:
            continue
        package = rel.parent
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                base = package
                for _ in range(node.level - 1):
                    base = base.parent
                target = base / (node.module or "").replace(".", "/")
                for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                    if (_PACKAGE / candidate).exists():
                        assert _feeds_jitted_code(candidate, (_PACKAGE / candidate).read_bytes()), (
                            f"{rel} imports {candidate}, which the cache key ignores"
                        )


def test_hash_is_stable():
    assert source_hash() == source_hash()
