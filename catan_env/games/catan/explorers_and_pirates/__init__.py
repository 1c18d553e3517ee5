"""Explorers & Pirates, beside the base rules (``docs/rules/explorers_and_pirates.md``).

The frame board comes from the scenario data files (``board/ep_frame.py``) as
a table array (:mod:`.tables`); the state extends the base layout (:mod:`.layout`).
Its Python layers (options, snapshot, explanations, text board and picture,
chance outcomes) use the base game's file names; ``spec.py`` lists them.
"""
