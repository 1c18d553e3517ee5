"""The whole-game loops, written once (:mod:`.template`) and generated per game.

numba caches a kernel only when the functions it calls are fixed globals, not
closures or arguments, so :mod:`.generate` writes one module per registered
game, ``catan_env/_generated/<game>_kernels.py``: the template with its one
marked import pointed at the game's ``rules`` module. The files are committed;
``tests/core/test_generated_fresh.py`` fails when one differs from the template.
"""
