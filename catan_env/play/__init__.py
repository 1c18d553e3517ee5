"""``catan-env play``: people play against the agents in a browser.

:mod:`.session` owns the game and decides what each seat may see,
:mod:`.server` serves it over HTTP (Starlette, in the ``play`` extra) to the
page ``static/play.html``, which draws the board with the replay viewer's
script; :mod:`.cli` is the command. The per-family modules (:mod:`.catan`,
:mod:`.ancients`) say what a seat holds.
"""
