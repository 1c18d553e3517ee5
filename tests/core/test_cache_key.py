"""The numba cache key covers every source jitted code can depend on."""

import ast
from pathlib import Path

from catan_env.core.cache import _PACKAGE, _feeds_jitted_code, source_hash


def _keyed(name: str) -> bool:
    path = _PACKAGE / name
    return _feeds_jitted_code(Path(name), path.read_bytes())


def test_jitted_sources_are_keyed_and_python_layers_are_not():
    assert _keyed("games/catan/common/layout.py")
    assert _keyed("games/catan/cities_and_knights/roll.py")
    assert _keyed("games/catan/board/standard.py") and _keyed("games/catan/common/constants.py")
    assert _keyed("core/rng.py") and _keyed("core/layout.py")
    assert not _keyed("game.py") and not _keyed("aec_env.py") and not _keyed("cli.py")


def test_ancients_engine_is_keyed_and_its_python_layers_are_not():
    """The second game's jitted engine is in the cache key, the generic layers are not."""
    assert _keyed("games/ancients/layout.py") and _keyed("games/ancients/units.py")
    assert _keyed("games/ancients/phases.py")
    assert not _keyed("ratings.py")


def _imported_modules(rel: Path, tree: ast.AST):
    """The package-relative paths of the catan_env modules ``rel`` imports."""
    package = rel.parent
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level > 0:
                base = package
                for _ in range(node.level - 1):
                    base = base.parent
                yield base / (node.module or "").replace(".", "/"), node
            elif node.module and node.module.split(".")[0] == "catan_env":
                yield Path(*node.module.split(".")[1:]), node


def test_every_module_imported_by_jitted_code_is_keyed():
    """A jitted module's package imports must all be keyed, or a changed constant
    there would leave stale machine code in the cache."""
    checked = 0
    for path in sorted(_PACKAGE.rglob("*.py")):
        rel = path.relative_to(_PACKAGE)
        text = path.read_bytes()
        if b"njit" not in text:
            continue
        for target, _node in _imported_modules(rel, ast.parse(text)):
            for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                if (_PACKAGE / candidate).exists():
                    checked += 1
                    assert _feeds_jitted_code(candidate, (_PACKAGE / candidate).read_bytes()), (
                        f"{rel} imports {candidate}, which the cache key ignores"
                    )
    assert checked > 200  # both import styles (relative and absolute) were followed


def test_hash_is_stable():
    assert source_hash() == source_hash()
