"""The package's layers, checked on its imports (those inside functions too).

* ``catan_env.core`` knows no game: it imports nothing from ``catan_env`` outside
  ``core`` (the registry names the game packages as strings).
* The games do not import one another: Ancients imports no Catan module and no
  Catan module imports Ancients.
* No import cycle spans more than two modules, beyond the cycles the Python
  layers still have (:data:`REMAINING_CYCLES`, which may only shrink: each of
  them goes when its shared layer stops naming a game).
* No shared layer (``catan_env/*.py``, ``catan_env/core/``) compares anything
  with the name of the Ancients game: it reaches Ancients through the registry
  and the hooks of its spec. (Scoped to Ancients: the Catan variants' names are
  still compared in the Catan-specific layers being moved into their packages.)
"""

import ast
from pathlib import Path

import catan_env

PACKAGE = Path(catan_env.__file__).resolve().parent

_T = "catan_env."
#: Cycles through the Python layers that still dispatch on a game by name.
REMAINING_CYCLES = (
    {_T + m for m in ("snapshot", "games.catan.cities_and_knights.snapshot",
                       "games.catan.explorers_and_pirates.snapshot")},
    {_T + m for m in ("games.catan.explorers_and_pirates.render_image", "render",
                       "render_image")},
)  # fmt: skip


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The catan_env modules ``name`` imports anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = package.split(".")
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join(pkg + ([base] if base else []))
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def _graph() -> dict[str, set[str]]:
    mods = _modules()
    known = set(mods)
    return {m: _imports(m, p, known) for m, p in mods.items()}


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _not_a_parent(src: str, dst: str) -> bool:
    """Importing a package's ``__init__`` on the way to a submodule is not a dependency."""
    return not src.startswith(dst + ".")


def test_core_imports_no_game_and_no_python_layer():
    bad = [
        (m, d)
        for m, deps in _graph().items()
        if m.startswith("catan_env.core")
        for d in deps
        if not d.startswith("catan_env.core") and _not_a_parent(m, d)
    ]
    assert not bad, f"core imports outside core: {bad}"


def test_games_do_not_import_each_other():
    graph = _graph()
    bad = []
    for a, b in (("catan_env.games.ancients", "catan_env.games.catan"),
                 ("catan_env.games.catan", "catan_env.games.ancients")):  # fmt: skip
        bad += [(m, d) for m, deps in graph.items() if m.startswith(a)
                for d in deps if d.startswith(b)]  # fmt: skip
    assert not bad, f"one game imports another: {bad}"


def test_no_import_cycle_of_more_than_two_modules():
    graph = {m: {d for d in deps if _not_a_parent(m, d)} for m, deps in _graph().items()}
    big = [c for c in _strongly_connected(graph) if len(c) > 2]
    new = [sorted(c) for c in big if not any(c <= known for known in REMAINING_CYCLES)]
    assert not new, f"new import cycles: {new}"
    gone = [sorted(k) for k in REMAINING_CYCLES if not any(c & k for c in big)]
    assert not gone, f"a remaining cycle is gone: drop it from REMAINING_CYCLES: {gone}"


def _shared_layers() -> dict[str, Path]:
    """The modules outside ``catan_env/games`` and ``catan_env/_generated`` (core included)."""
    return {m: p for m, p in _modules().items()
            if not m.startswith((_T + "games", _T + "_generated"))}  # fmt: skip


def _compared_strings(path: Path) -> list[tuple[int, str]]:
    """``(line, text)`` of every string constant a comparison or ``match`` tests against."""
    out = []

    def constants(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            for elt in node.elts:
                yield from constants(elt)

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                out += [(c.lineno, c.value) for c in constants(side)]
        elif isinstance(node, ast.MatchValue):
            out += [(c.lineno, c.value) for c in constants(node.value)]
    return out


def test_no_shared_layer_compares_the_ancients_name():
    from catan_env.core import registry

    names = {"ancients", *registry.members("ancients")}
    bad = [f"{m}:{line}: {text!r}" for m, path in sorted(_shared_layers().items())
           for line, text in _compared_strings(path) if text in names]  # fmt: skip
    assert not bad, f"shared layers testing a game's name: {bad}"


def test_the_name_scan_finds_comparisons(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "if record.get('game') == 'ancients':\n    pass\n"
        "ok = name in ('base', 'ancients')\n"
        "match name:\n    case 'ancients':\n        pass\n"
        "label = 'ancients'\n"
    )
    found = [text for _, text in _compared_strings(sample) if text == "ancients"]
    assert found == ["ancients"] * 3  # the assignment on the last line is not a comparison


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}}
    comps = sorted(sorted(c) for c in _strongly_connected(graph) if len(c) > 1)
    assert comps == [["a", "b", "c"], ["e", "f"]]
