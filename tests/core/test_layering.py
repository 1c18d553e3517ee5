"""The package's layers, checked on its imports (those inside functions too).

* ``catan_env.core`` knows no game: it imports nothing from ``catan_env`` outside
  ``core`` (the registry names the game packages as strings).
* The games do not import one another: Ancients imports no Catan module and no
  Catan module imports Ancients.
* No import cycle spans more than two modules, beyond the cycles the Python
  layers still have (:data:`REMAINING_CYCLES`, which may only shrink: each of
  them goes when its shared layer stops naming a game).
* The shared layers (``catan_env/*.py`` and ``catan_env/core/**``) never branch
  on a Catan variant (:func:`_game_branches` says what counts), beyond the
  branches of the modules still to move (:data:`REMAINING_BRANCHES`, which
  may only shrink).
* No shared layer (``catan_env/*.py``, ``catan_env/core/``) compares anything
  with the name of the Ancients game: it reaches Ancients through the registry
  and the hooks of its spec. (Scoped to Ancients: the Catan variants' names are
  still compared in the Catan-specific layers being moved into their packages.)
"""

import ast
import re
from pathlib import Path

import catan_env

PACKAGE = Path(catan_env.__file__).resolve().parent

_T = "catan_env."
#: Cycles through the Python layers that still dispatch on a game by name.
REMAINING_CYCLES = (
)  # fmt: skip
#: Catan variant names a shared layer must not compare against.
VARIANT_LITERALS = frozenset(("base", "cities_and_knights", "explorers_and_pirates"))
#: Shared modules that still branch on a variant (owned elsewhere, moving later):
#: path -> number of branches. It may only shrink.
REMAINING_BRANCHES = {"catan_hooks.py": 1}
_FLAG_FUNCTION = re.compile(r"^_?is_(ck|ep|base|cities|explorers)(_|$)")


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


def _names_a_variant(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in VARIANT_LITERALS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_variant(e) for e in node.elts)
    return False


def _is_state_size(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)
    return isinstance(name, str) and name.endswith("STATE_SIZE")


def _game_branches(source: str) -> list[tuple[int, str]]:
    """Where ``source`` tells the Catan variants apart: ``(line, what)`` per branch.

    A branch is
    * a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``...) with a variant
      name literal, alone or inside a tuple, list or set literal
      (``variant == "base"``, ``name in ("base", "cities_and_knights")``);
    * a comparison with a state size (a name ending in ``STATE_SIZE``: telling
      the variant by the state's length, ``state.shape[-1] == CK_STATE_SIZE``);
    * a variant flag function, defined or used: ``is_ck``, ``_is_ck``,
      ``is_ck_state``, ``is_ep_state``...
    Naming a variant elsewhere is not a branch: the registry's and the Gymnasium
    ids' ``{"variant": "base"}``, a default ``variant="base"``, docstrings.
    """
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_names_a_variant(o) for o in operands):
                out.append((node.lineno, "compares with a variant name"))
            elif any(_is_state_size(o) for o in operands):
                out.append((node.lineno, "compares with a state size"))
        name = None
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = node.name
        elif isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.Attribute):
            name = node.attr
        if name is not None and _FLAG_FUNCTION.match(name):
            out.append((node.lineno, f"variant flag {name}"))
    return out


def _shared_layer_paths() -> list[Path]:
    return sorted(PACKAGE.glob("*.py")) + sorted((PACKAGE / "core").rglob("*.py"))


def test_shared_layers_do_not_branch_on_a_variant():
    found = {}
    for path in _shared_layer_paths():
        branches = _game_branches(path.read_text())
        if branches:
            found[path.relative_to(PACKAGE).as_posix()] = branches
    new = {
        p: b for p, b in found.items() if len(b) > REMAINING_BRANCHES.get(p, 0)
    }  # fmt: skip
    assert not new, f"shared layers branch on a variant (use the spec's hooks): {new}"
    fewer = {p: len(found.get(p, ())) for p, n in REMAINING_BRANCHES.items()
             if len(found.get(p, ())) < n}  # fmt: skip
    assert not fewer, f"branches are gone: lower REMAINING_BRANCHES to {fewer}"


def test_the_branch_finder_finds_branches():
    source = """
def f(state, variant, spec, game):
    if variant == "cities_and_knights":
        pass
    if spec.name in ("base", "explorers_and_pirates"):
        pass
    if state.shape[-1] == CK_STATE_SIZE or len(state) != L.EP_STATE_SIZE:
        pass
    return _is_ck(variant) or is_ep_state(state)


def _is_ck(variant):
    return variant != "x"


REGISTERED = {"variant": "base"}
parser.add_argument("--variant", default="base")
ok = played == out.shape[0] and game == "ancients"
"""
    lines = sorted(line for line, _ in _game_branches(source))
    assert lines == [3, 5, 7, 7, 9, 9, 12]
