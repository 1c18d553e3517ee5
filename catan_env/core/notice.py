"""Telling the user when numba compiles (:func:`compile_notice`).

numba's cache (:mod:`.cache`) is keyed by the source *and* by the path of each
source file, so a checkout in another folder, or an edited file, compiles again
although the cache directory holds files: whether a run compiles cannot be
guessed from the files. :func:`compile_notice` listens to numba's own compile
events instead and tells the user the moment compiling starts.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from numba.core import event

#: What the user reads when compiling starts.
COMPILING = (
    "compiling the engine with numba (nothing cached yet for this source in this folder; "
    "about a minute per game, cached for the next runs)..."
)


class _Notice(event.Listener):
    """Prints ``message`` when numba starts compiling, and a "still compiling" line if it
    is compiling again ``every`` seconds after the last notice."""

    def __init__(self, message: str, stream, every: float):
        self.message, self.stream, self.every = message, stream, every
        self.notices = 0
        self._last = -float("inf")

    def on_start(self, _event) -> None:
        now = time.monotonic()
        if now - self._last >= self.every:
            if self.notices == 0:
                self._first = now
                line = self.message
            else:
                line = f"still compiling ({now - self._first:.0f} s so far)..."
            self._last = now
            self.notices += 1
            print(line, file=self.stream or sys.stderr, flush=True)

    def on_end(self, _event) -> None:
        pass


_ACTIVE: list[_Notice] = []


@contextmanager
def compile_notice(message: str = COMPILING, stream=None, every: float = 60.0) -> Iterator:
    """Within the block, tell the user on ``stream`` (default stderr) when numba compiles.

    numba announces each compilation that its cache cannot serve (a cache hit
    compiles nothing and says nothing); the first one prints ``message``, and
    one starting ``every`` seconds or more after the last notice prints "still
    compiling (N s so far)...", so a long compile is never silent and a short
    one says it once.
    Nested blocks share the outermost block's notice.

    Yields:
        The notice; its ``notices`` counts the lines printed.
    """
    if _ACTIVE:
        yield _ACTIVE[-1]
        return
    notice = _Notice(message, stream, every)
    _ACTIVE.append(notice)
    try:
        with event.install_listener("numba:compile", notice):
            yield notice
    finally:
        _ACTIVE.pop()


__all__ = ["COMPILING", "compile_notice"]
