"""Your own agents by name: ``module:Class`` or ``path/to/file.py:Class``.

Wherever an agent is named (``catan-env simulate`` / ``tournament --agents``,
``make_agent``, the Gymnasium env's ``opponents=``), a name that is not one of
the game's registered agents but has the form ``TARGET:NAME`` is loaded here:

* ``TARGET`` is a file ending in ``.py`` (loaded as a module of its own) or an
  importable module (``mypackage.agents``; the current directory is searched
  too, as ``python -m`` does, so the ``catan-env`` script finds a module beside
  you);
* ``NAME`` is an attribute of it: a class or factory, called with
  ``seed=SEED`` when it takes a ``seed`` argument and with nothing otherwise,
  or an agent object itself.

The result must have an ``act(game)`` method returning an action id. It gets a
``name`` (the spec, unless it has one) and ``kernel_kind = None`` (played by a
Python loop) when it lacks them. Anything else is refused with one line naming
the spec and what went wrong. Loading a spec imports and runs that module's
code: name only code you trust.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import sys
from pathlib import Path

_ATTRIBUTE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def is_custom_spec(spec: str) -> bool:
    """Whether ``spec`` has the form ``module:Name`` or ``file.py:Name``."""
    target, sep, attr = spec.rpartition(":")
    return bool(sep and target and _ATTRIBUTE.fullmatch(attr))


def load_custom_agent(spec: str, seed: int | None = None):
    """The agent named by ``spec`` (``module:Class`` or ``file.py:Class``), built with ``seed``.

    Raises:
        ValueError: one line naming the spec and why it is not an agent
            (no such file or module, an error while importing it, no such
            attribute, no ``act`` method, a constructor that failed).
    """
    if not is_custom_spec(spec):
        raise ValueError(f"agent {spec!r}: not of the form module:Class or path/to/file.py:Class")
    target, _, attr = spec.rpartition(":")
    module = _import(spec, target)
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise ValueError(f"agent {spec!r}: {target} has no attribute {attr!r}")
        obj = getattr(obj, part)
    agent = obj if _has_act(obj) and not inspect.isclass(obj) else _build(spec, attr, obj, seed)
    if not _has_act(agent):
        raise ValueError(
            f"agent {spec!r}: {attr} is not an agent: it needs an act(game) method "
            f"returning an action id (got {type(agent).__name__})"
        )
    return _with_defaults(agent, spec)


def _import(spec: str, target: str):
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise ValueError(f"agent {spec!r}: no such file {target}")
        name = "catan_env_agent_" + re.sub(r"\W", "_", str(path.resolve()))
        if name in sys.modules:
            return sys.modules[name]
        loader_spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[name] = module
        try:
            loader_spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise ValueError(
                f"agent {spec!r}: importing {target} failed: {_one_line(exc)}"
            ) from None
        return module
    # As ``python -m`` does: a module in the current directory is found too.
    cwd = os.getcwd()
    added = cwd not in sys.path
    if added:
        sys.path.append(cwd)
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        if exc.name and target.startswith(exc.name):
            raise ValueError(f"agent {spec!r}: no module named {exc.name!r}") from None
        raise ValueError(f"agent {spec!r}: importing {target} failed: {_one_line(exc)}") from None
    except Exception as exc:
        raise ValueError(f"agent {spec!r}: importing {target} failed: {_one_line(exc)}") from None
    finally:
        if added:
            sys.path.remove(cwd)


def _build(spec: str, attr: str, factory, seed: int | None):
    if not callable(factory):
        raise ValueError(
            f"agent {spec!r}: {attr} is not an agent: it needs an act(game) method "
            f"returning an action id (got {type(factory).__name__})"
        )
    kwargs = {"seed": seed} if _takes_seed(factory) else {}
    try:
        return factory(**kwargs)
    except Exception as exc:
        call = f"{attr}(seed={seed})" if kwargs else f"{attr}()"
        raise ValueError(f"agent {spec!r}: {call} failed: {_one_line(exc)}") from None


def _takes_seed(factory) -> bool:
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature
        return False
    return any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _has_act(obj) -> bool:
    return callable(getattr(obj, "act", None))


def _with_defaults(agent, spec: str):
    """``agent`` with a ``name`` and a ``kernel_kind`` (a proxy if it takes no new attributes)."""
    missing = {k: v for k, v in (("name", spec), ("kernel_kind", None)) if not hasattr(agent, k)}
    try:
        for key, value in missing.items():
            setattr(agent, key, value)
        return agent
    except (AttributeError, TypeError):  # __slots__, a frozen class
        return _Named(
            agent, **{k: getattr(agent, k, v) for k, v in (("name", spec), ("kernel_kind", None))}
        )


class _Named:
    """An agent that takes no attributes, with the ``name`` and ``kernel_kind`` it lacked."""

    def __init__(self, agent, name: str, kernel_kind):
        self.agent, self.name, self.kernel_kind = agent, name, kernel_kind

    def act(self, game) -> int:
        return self.agent.act(game)

    def __repr__(self) -> str:
        return f"{self.name} ({self.agent!r})"


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
