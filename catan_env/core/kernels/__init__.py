"""The whole-game loops, written once (:mod:`.template`) and compiled per game.

numba caches a kernel only when the functions it calls are fixed globals, not
closures or arguments, and it keys its cache by the file a function's code
names. So each registered game has a small module,
``catan_env/_generated/<game>_kernels.py`` (written by :mod:`.generate`,
committed), that compiles the template's source over the game's ``rules``
under its own file name (:mod:`.instantiate`): every game gets the same loops,
its own cache entries, and compiles only itself.
``tests/core/test_generated_fresh.py`` checks the files and the caching.
"""
