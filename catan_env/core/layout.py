"""Declaring a state layout: one flat int32 array with named fields.

A game declares its state once as a :class:`Layout` of named :class:`Field` s;
the offsets it returns are the module constants the jitted rules index with,
and the names and shapes serve snapshots, observations and tests. Nobody
writes a bare index into a state. :meth:`Layout.extend` starts a variant's
layout with every field of the one it builds on, at the same offsets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

STATE_DTYPE = np.int32


@dataclass(frozen=True)
class Field:
    """One named field: ``size`` consecutive slots starting at ``offset``."""

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape)) if self.shape else 1

    @property
    def stop(self) -> int:
        return self.offset + self.size


@dataclass
class Layout:
    """An ordered set of fields; ``size`` is the length of a state array."""

    name: str
    fields: dict[str, Field] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, shape: int | tuple[int, ...] = (), doc: str = "") -> int:
        """Declare a field and return its offset."""
        if name in self.fields:
            raise ValueError(f"field {name!r} declared twice")
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        f = Field(name, self.size, shape, doc)
        self.fields[name] = f
        self.size = f.stop
        return f.offset

    def extend(self, name: str) -> Layout:
        """A new layout that starts with every field of this one."""
        return Layout(name, dict(self.fields), self.size)

    def view(self, state: np.ndarray, name: str) -> np.ndarray:
        """The field ``name`` of ``state`` (or of each row of a batch), reshaped."""
        f = self.fields[name]
        part = state[..., f.offset : f.stop]
        return part.reshape(state.shape[:-1] + f.shape)

    def get(self, state: np.ndarray, name: str) -> int:
        """A scalar field as a Python int."""
        f = self.fields[name]
        if f.shape:
            raise ValueError(f"field {name!r} is not a scalar")
        return int(state[f.offset])

    def new_state(self) -> np.ndarray:
        return np.zeros(self.size, STATE_DTYPE)
