"""Building a game's fixed Discrete action space family by family."""

from __future__ import annotations


class ActionBlocks:
    """Builds an action space family by family: each family is a contiguous block."""

    def __init__(self):
        self.size = 0
        self.families: list[tuple[str, int, int]] = []

    def add(self, name: str, size: int) -> int:
        start = self.size
        self.families.append((name, start, size))
        self.size += size
        return start
